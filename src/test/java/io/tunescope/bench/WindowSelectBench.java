package io.tunescope.bench;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.reading.ProfileClock;
import io.tunescope.analysis.window.Heatmap;
import io.tunescope.analysis.window.ProfileSamples;
import io.tunescope.analysis.window.SampleFilter;
import io.tunescope.analysis.window.Window;
import io.tunescope.analysis.window.WindowProfile;
import io.tunescope.importers.perfscript.FoldOptions;
import io.tunescope.importers.perfscript.PerfScriptFolder;
import io.tunescope.model.stack.InternedStackProfile;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Selecting a time window of 1,000,000 samples (issue 13, target under 100 ms): a 2,000,000-sample profile
 * (100 s at 20,000 samples a second, 16 CPUs, 64 threads of 4 commands, 20,000 distinct stacks 8-40 deep over
 * 3,000 function names) fed through the perf script importer's folder, then the middle 50 s selected.
 * Run: {@code mvn -o -Pbench test-compile exec:exec -Dbench=WindowSelectBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx2g", "-Djava.awt.headless=true"})
public class WindowSelectBench {
    static final int SAMPLES = 2_000_000;
    static final int PER_SECOND = 20_000;

    ProfileSamples samples;
    Window middle;
    SampleFilter comm;
    SampleFilter frame;

    /** The synthetic profile, fed line by line as perf script prints it. */
    public static InternedStackProfile profile(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        String[] comms = {"mariadbd", "sysbench", "java", "kworker/0:1"};
        int stacks = 20_000;
        String[][] stackLines = new String[stacks][];
        for (int s = 0; s < stacks; s++) {
            int depth = 8 + r.nextInt(33);
            stackLines[s] = new String[depth];
            for (int d = 0; d < depth; d++) {
                int f = (int) ((d * 7919L + r.nextInt(d < 4 ? 4 : 100)) % 3000);
                stackLines[s][d] = String.format("\t    %x %s_%d+0x1f (/usr/sbin/mariadbd)", 0x400000 + f * 16,
                        f % 2 == 0 ? "row_search_mvcc" : "buf_page_get_gen", f);
            }
        }
        PerfScriptFolder folder = new PerfScriptFolder(FoldOptions.profile(), StandardCharsets.UTF_8, null).keepingSamples();
        long line = 0;
        byte[] blank = new byte[0];
        for (int i = 0; i < n; i++) {
            int tid = 1000 + r.nextInt(64);
            long ns = 500_000_000_000L + (long) i * (1_000_000_000L / PER_SECOND);
            String h = String.format("%s %d [%03d] %d.%06d: 50000 cpu-clock:", comms[tid % 4], tid, r.nextInt(16),
                    ns / 1_000_000_000L, (ns % 1_000_000_000L) / 1000);
            byte[] b = h.getBytes(StandardCharsets.UTF_8);
            folder.line(b, 0, b.length, ++line);
            // a skewed choice of stacks, as profiles have a few hot ones
            int s = (int) (stacks * Math.pow(r.nextDouble(), 3));
            for (String f : stackLines[s]) {
                byte[] fb = f.getBytes(StandardCharsets.UTF_8);
                folder.line(fb, 0, fb.length, ++line);
            }
            folder.line(blank, 0, 0, ++line);
        }
        folder.finish();
        return folder.profile();
    }

    @Setup(Level.Trial)
    public void setup() {
        InternedStackProfile p = profile(SAMPLES, 42);
        samples = ProfileSamples.of(p, ProfileClock.of(null, p.sampleColumns()));
        middle = new Window(samples.nsAtSeconds(25), samples.nsAtSeconds(75));
        comm = SampleFilter.ALL.withComm("mariadbd");
        frame = SampleFilter.ALL.withFrame("^row_search_mvcc_1");
        samples.wholeTree();
        System.err.println(p.sampleColumns() + ", " + p.table().size() + " stacks, window "
                + samples.select(middle, SampleFilter.ALL).samples() + " samples, columns " + p.sampleColumns().bytes() / 1_000_000 + " MB");
    }

    /** The window's counts per stack: what every view's profile starts from. */
    @Benchmark
    public WindowProfile select() {
        return samples.select(middle, SampleFilter.ALL);
    }

    /** The window's call tree (flame graph, hotspots, callers/callees are built on it). */
    @Benchmark
    public CallTree selectAndTree() {
        return CallTree.of(samples.select(middle, SampleFilter.ALL));
    }

    /**
     * The same tree cut from the whole profile's tree (built once, in {@link #setup}) by re-weighting its nodes:
     * {@link WindowProfile#callTree}, what the app's flame view and the report's dip pages use.
     */
    @Benchmark
    public CallTree selectAndCutTree() {
        return samples.select(middle, SampleFilter.ALL).callTree();
    }

    @Benchmark
    public WindowProfile selectOneCommand() {
        return samples.select(middle, comm);
    }

    @Benchmark
    public WindowProfile selectByFrame() {
        return samples.select(middle, frame);
    }

    /**
     * Without JMH: thread CPU time (and wall time) per operation, rounds after a warm-up round, for a loaded
     * machine where JMH's wall times are mostly waiting for a core. Args: rounds (default 5), then benchmark
     * names (default every one). Run: {@code java -Xmx2g -cp target/classes:target/test-classes:<deps>
     * io.tunescope.bench.WindowSelectBench 5 selectAndTree selectAndCutTree}.
     */
    public static void main(String[] args) {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        java.util.List<String> names = args.length > 1 ? java.util.List.of(args).subList(1, args.length)
                : java.util.List.of("select", "selectAndTree", "selectAndCutTree", "selectOneCommand", "selectByFrame", "heatmap");
        WindowSelectBench b = new WindowSelectBench();
        long c0 = mx.getCurrentThreadCpuTime();
        long w0 = System.nanoTime();
        InternedStackProfile p = profile(SAMPLES, 42);
        b.samples = ProfileSamples.of(p, ProfileClock.of(null, p.sampleColumns()));
        b.middle = new Window(b.samples.nsAtSeconds(25), b.samples.nsAtSeconds(75));
        b.comm = SampleFilter.ALL.withComm("mariadbd");
        b.frame = SampleFilter.ALL.withFrame("^row_search_mvcc_1");
        System.out.printf(java.util.Locale.ROOT, "profile: %d stacks, window %d samples, %.0f ms CPU%n", p.table().size(),
                b.select().samples(), (mx.getCurrentThreadCpuTime() - c0) / 1e6);
        c0 = mx.getCurrentThreadCpuTime();
        w0 = System.nanoTime();
        io.tunescope.analysis.calltree.StackTableTree whole = b.samples.wholeTree();
        System.out.printf(java.util.Locale.ROOT, "wholeTree (once): %s, %.1f ms CPU, %.1f ms wall, load %s%n", whole,
                (mx.getCurrentThreadCpuTime() - c0) / 1e6, (System.nanoTime() - w0) / 1e6, load());
        for (int round = 0; round <= rounds; round++) {
            for (String name : names) {
                java.util.function.Supplier<Object> op = switch (name) {
                    case "select" -> b::select;
                    case "selectAndTree" -> b::selectAndTree;
                    case "selectAndCutTree" -> b::selectAndCutTree;
                    case "selectOneCommand" -> b::selectOneCommand;
                    case "selectByFrame" -> b::selectByFrame;
                    case "heatmap" -> b::heatmap;
                    default -> throw new IllegalArgumentException("no benchmark " + name);
                };
                long p0 = processCpu();
                c0 = mx.getCurrentThreadCpuTime();
                w0 = System.nanoTime();
                Object r = op.get();
                double cpu = (mx.getCurrentThreadCpuTime() - c0) / 1e6;
                double wall = (System.nanoTime() - w0) / 1e6;
                double all = (processCpu() - p0) / 1e6;
                System.out.printf(java.util.Locale.ROOT, "%s round %d %-17s %8.1f ms thread CPU %8.1f ms process CPU (GC included) %8.1f ms wall  load %s  %s%n",
                        round == 0 ? "warm-up" : "measured", round, name, cpu, all, wall, load(), r);
            }
        }
    }

    /** CPU time of the whole JVM (every thread, the garbage collector's too), or -1. */
    private static long processCpu() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    private static String load() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ")[0];
        } catch (java.io.IOException | RuntimeException e) {
            return "?";
        }
    }

    /** The 100 s x 50-row heatmap of all 2,000,000 samples. */
    @Benchmark
    public Heatmap heatmap() {
        return Heatmap.of(samples, SampleFilter.ALL, 20);
    }
}
