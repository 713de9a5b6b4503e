package io.tunescope.cli;

import io.tunescope.analysis.reading.CaptureReading;
import io.tunescope.analysis.reading.Comparison;
import io.tunescope.analysis.reading.Headline;
import io.tunescope.analysis.reading.ReadRun;
import io.tunescope.analysis.reading.Snapshot;
import io.tunescope.analysis.reading.StepReading;
import io.tunescope.analysis.config.ConfigDiff;
import io.tunescope.model.capture.AuxFolder;
import io.tunescope.session.CaptureSession;
import io.tunescope.session.ReadingJson;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code tunescope steps PATH [--json]}: the one reading of a capture (steps, runs and roles, clocks, comparisons). */
@Command(name = "steps", mixinStandardHelpOptions = true,
        description = "Prints how Tunescope reads a capture: its tuning steps and auxiliary folders, every benchmark run with "
                + "its role (prepare, warmup, main, sweep, repeat, other) and where its time came from, each step's main "
                + "figures, the comparison with the previous step and the baseline (like for like, with a noise verdict), "
                + "snapshot order and configuration changes.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "2:usage error", "3:nothing could be read"})
public final class StepsCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PATH", description = "capture folder, archive or single file")
    Path path;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        CaptureSession s = TunescopeCli.open(path, "steps", err);
        if (s == null) {
            return TunescopeCli.NOTHING_READ;
        }
        if (json) {
            out.println(ReadingJson.write(s.reading()));
        } else {
            text(s.reading(), out);
        }
        out.flush();
        return TunescopeCli.OK;
    }

    static void text(CaptureReading r, PrintWriter out) {
        out.println("capture " + r.capture());
        for (AuxFolder a : r.auxiliary()) {
            out.println("auxiliary " + a.dir() + ": " + a.reason());
        }
        for (var n : r.notes()) {
            out.println("note: " + n);
        }
        for (StepReading s : r.steps()) {
            out.println();
            out.println("step " + (s.dir().isEmpty() ? "(top folder)" : s.dir()) + " | " + s.step().label()
                    + (s.step().change().isEmpty() ? "" : " | " + s.step().change()));
            for (ReadRun run : s.runs()) {
                out.printf(Locale.ROOT, "  %-8s %s%s  %d threads, %.0f s, tps %s, p95 %s ms, start %s (%s)%n", run.role().slug(), run.file(),
                        run.run() == null ? "" : " run " + (run.index() + 1), run.threads(), run.durationS(), n(run.tps()), n(run.latPctMs()),
                        run.clock().start() == null ? "unknown" : run.clock().startIso(), run.clock().source().slug());
                out.printf(Locale.ROOT, "           because: %s%n", run.roleReason());
            }
            Headline h = s.headline();
            if (h != null) {
                out.printf(Locale.ROOT, "  main: %s, %d threads, tps %s, qps %s, p95 %s ms%s%n",
                        h.repeats() ? "mean of " + h.runs().size() + " repeats" : h.first().file(), h.threads(), n(h.tps()), n(h.qps()),
                        n(h.p95Ms()), h.repeats() ? String.format(Locale.ROOT, " (stddev %s)", n(h.tpsStd())) : "");
            } else {
                out.println("  main: none");
            }
            cmp(out, "vs previous", s.vsPrevious());
            cmp(out, "vs baseline", s.vsBaseline());
            for (Snapshot sn : s.numastat()) {
                out.println("  numastat " + sn.label() + ": " + sn.file() + " at "
                        + (sn.time() == null ? "unknown" : io.tunescope.analysis.reading.FileClock.iso(sn.time())) + " (" + sn.clock().source().slug() + ")");
            }
            for (ConfigDiff.Row row : s.configChanges()) {
                var ref = row.afterRef() != null ? row.afterRef() : row.beforeRef();
                out.println("  config " + row.change().slug() + ": " + row.key() + " " + row.before() + " -> " + row.after()
                        + (ref == null ? "" : " (" + ref + ")"));
            }
            for (var n : s.notes()) {
                out.println("  note: " + n);
            }
        }
    }

    private static void cmp(PrintWriter out, String what, Comparison c) {
        if (c == null) {
            return;
        }
        if (!c.comparable()) {
            out.println("  " + what + ": " + c.basis());
            return;
        }
        out.printf(Locale.ROOT, "  %s (%s): tps %+.1f %%, %s; %s%n", what, c.against(), c.tpsChangePct(),
                c.significant() ? "significant" : "within noise", c.basis());
    }

    private static String n(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }
}
