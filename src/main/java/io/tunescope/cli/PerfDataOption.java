package io.tunescope.cli;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.perfdata.PerfDataConverter;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.SourceFile;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --perf-data [--perf-timeout SECONDS]} of the commands that read a capture: converts its binary perf.data files with
 * this machine's perf into Tunescope's own temporary folder and reads the text with the rest of the capture. {@link #close()}
 * deletes the temporary folder.
 */
public final class PerfDataOption implements AutoCloseable {
    @Option(names = "--perf-data", description = "convert binary perf.data files with this machine's perf (perf script and "
            + "perf report --stdio --header-only, into Tunescope's own temporary folder, never beside the capture) and read the text")
    boolean perfData;

    @Option(names = "--perf-timeout", paramLabel = "SECONDS", defaultValue = "300",
            description = "how long one perf run may take with --perf-data (default: ${DEFAULT-VALUE})")
    long perfTimeout;

    private PerfDataConverter converter;

    /** The capture with its perf.data files converted when {@code --perf-data} was given; the capture itself otherwise. */
    Capture apply(Capture capture, String command, PrintWriter err) {
        if (!perfData) {
            return capture;
        }
        List<SourceFile> recordings = PerfDataConverter.recordings(capture);
        if (recordings.isEmpty()) {
            err.println("tunescope " + command + ": --perf-data: no perf.data file (PERFILE2 header) in " + capture.origin());
            return capture;
        }
        var perf = PerfDataConverter.findPerf();
        if (perf.isPresent() && converter == null) {
            converter = new PerfDataConverter(perf.get(), Duration.ofSeconds(Math.max(1, perfTimeout)), PerfDataConverter.DEFAULT_MAX_OUTPUT);
        }
        List<PerfDataConverter.Outcome> outcomes = new ArrayList<>();
        for (SourceFile f : recordings) {
            PerfDataConverter.Outcome o = converter == null ? PerfDataConverter.noPerf(f.path())
                    : converter.convert(capture.root().resolve(f.path()), f.path(), () -> false);
            if (!o.status().converted() || o.status() == PerfDataConverter.Status.CONVERTED_NO_SYMBOLS) {
                err.println("tunescope " + command + ": " + o.message());
            }
            outcomes.add(o);
        }
        return PerfDataConverter.withConverted(capture, outcomes, new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()),
                () -> false);
    }

    @Override
    public void close() {
        if (converter != null) {
            converter.release();
            converter = null;
        }
    }
}
