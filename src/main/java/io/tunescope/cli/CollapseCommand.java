package io.tunescope.cli;

import io.tunescope.importers.perfscript.FoldOptions;
import io.tunescope.importers.perfscript.PerfScriptCollapser;
import io.tunescope.importers.perfscript.PerfScriptFolder;
import java.io.BufferedOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code tunescope collapse [options] FILE|-}: {@code perf script} text to folded stacks, byte-identical
 * to FlameGraph's {@code stackcollapse-perf.pl} with the same options (and {@code --script-eof}: by default the
 * last sample of a file that does not end with a blank line is kept, where the script drops it, and samples recorded
 * without {@code -g} become one-frame stacks, where the script folds nothing). A regular file is cut into chunks
 * folded on every core ({@link io.tunescope.importers.perfscript.ChunkedFold}); standard input and pipes
 * are read as one stream.
 */
@Command(name = "collapse", mixinStandardHelpOptions = true,
        description = "Folds 'perf script' output into one line per distinct stack (frame;frame;frame COUNT), "
                + "like FlameGraph's stackcollapse-perf.pl. Counts are period sums when the samples carry a period.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "2:usage error", "3:input could not be read"})
public final class CollapseCommand implements Callable<Integer> {
    /** Files at least this large are folded in parallel chunks; smaller ones as one stream. */
    static final long PARALLEL_MIN_BYTES = 512L << 20;

    @Parameters(index = "0", paramLabel = "FILE", description = "perf script output, or - for standard input")
    String file;

    @Option(names = "--pid", description = "add the PID to the process name (comm-PID)")
    boolean pid;

    @Option(names = "--tid", description = "add PID and TID to the process name (comm-PID/TID)")
    boolean tid;

    @Option(names = "--kernel", description = "annotate kernel frames with _[k]")
    boolean kernel;

    @Option(names = "--jit", description = "annotate JIT frames (/tmp/perf-PID.map) with _[j]")
    boolean jit;

    @Option(names = "--all", description = "all annotations (--kernel --jit)")
    boolean all;

    @Option(names = "--addrs", description = "keep raw addresses of frames without a symbol")
    boolean addrs;

    @Option(names = "--event-filter", paramLabel = "EVENT", description = "fold only this event (default: the first event met)")
    String eventFilter;

    @Option(names = "--script-eof", description = "lose samples where stackcollapse-perf.pl loses them: a last sample that no "
            + "blank line ends, and samples without call chains (perf record without -g) (default: keep them, as inspect and "
            + "the app count them)")
    boolean scriptEof;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Where the folded lines go; standard output unless a test sets it. */
    OutputStream out = System.out;
    /** Standard input unless a test sets it. */
    InputStream in = System.in;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        FoldOptions o = FoldOptions.collapse().withPid(pid).withTid(tid).withKernel(kernel).withJit(jit)
                .withAll(all).withAddrs(addrs).withEventFilter(eventFilter);
        String name = "-".equals(file) ? "<stdin>" : file;
        int[] warned = {0};
        PerfScriptFolder.Problems problems = (line, text) -> {
            if (warned[0]++ < 20) {
                err.println("tunescope collapse: " + name + ":" + line + ": unrecognized line: " + text);
            }
        };
        OutputStream o2 = new BufferedOutputStream(out, 1 << 16);
        Path path = "-".equals(file) ? null : Path.of(file);
        try (InputStream raw = path == null ? in : Files.newInputStream(path)) {
            java.io.BufferedInputStream is = new java.io.BufferedInputStream(raw, 1 << 16);
            if (!scriptEof) {
                // perf record without -g: the script folds nothing; fold each sample as its one frame, as inspect counts it
                is.mark(1 << 16);
                byte[] head = is.readNBytes(1 << 16);
                is.reset();
                if (PerfScriptCollapser.withoutCallChains(head, head.length)) {
                    o = new FoldOptions(o.includePid(), o.includeTid(), o.annotateKernel(), o.annotateJit(), o.includeAddrs(),
                            o.eventFilter(), o.legacyJavaTidy(), false);
                }
            }
            // -Dtunescope.foldThreads=1: one stream even for a file (on a machine whose cores are busy anyway that costs
            // less CPU; see BENCHMARKS.md)
            int threads = Integer.getInteger("tunescope.foldThreads", Runtime.getRuntime().availableProcessors());
            // chunks pay off on large files only: on the quiet 2-core machine 1 GB folded in 1.45 s instead of 1.97 s,
            // but 200 MB took 0.93 s instead of 0.74 s (BENCHMARKS.md, scripts/bench.sh)
            long minBytes = Long.getLong("tunescope.foldParallelMinBytes", PARALLEL_MIN_BYTES);
            if (path != null && threads > 1 && Files.isRegularFile(path) && Files.size(path) >= minBytes) {
                // a file: cut after blank lines and folded in chunks on every core, merged in file order (the same bytes out)
                PerfScriptCollapser.collapse(path, o2, o, problems, !scriptEof, threads, 0);
            } else {
                PerfScriptCollapser.collapse(is, o2, o, problems, !scriptEof);
            }
            o2.flush();
        } catch (NoSuchFileException | FileNotFoundException e) {
            err.println("tunescope collapse: no such file: " + file);
            err.flush();
            return TunescopeCli.NOTHING_READ;
        } catch (IOException e) {
            err.println("tunescope collapse: " + name + ": " + e.getMessage());
            err.flush();
            return TunescopeCli.NOTHING_READ;
        }
        if (warned[0] > 20) {
            err.println("tunescope collapse: " + (warned[0] - 20) + " more unrecognized lines");
        }
        err.flush();
        return TunescopeCli.OK;
    }
}
