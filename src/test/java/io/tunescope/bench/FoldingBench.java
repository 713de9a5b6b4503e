package io.tunescope.bench;

import io.tunescope.importers.ImportContext;
import io.tunescope.importers.perfscript.FoldOptions;
import io.tunescope.importers.perfscript.PerfScriptCollapser;
import io.tunescope.importers.perfscript.PerfScriptImporter;
import io.tunescope.model.stack.StackProfile;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Folding a ~100 MB {@code perf script} file on one thread: {@code collapse} is the FlameGraph-compatible
 * collapser end to end (read, parse, fold, sort, write folded text); {@code importProfile} is the
 * importer (every event kept, frames with modules). The input is the 13 FlameGraph test inputs repeated
 * with perturbed symbol names (so distinct stacks keep growing) into a temp file. Throughput in MB/s is
 * {@code size / time per op}; the size is printed at setup. Run from the repository root:
 * {@code mvn -o -Pbench test-compile exec:exec -Dbench=FoldingBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgs = {"-Xmx1g"})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
public class FoldingBench {
    static final long TARGET = 100L << 20;

    Path file;

    @Setup(Level.Trial)
    public void generate() throws IOException {
        String base = System.getProperty("tunescope.conformance", "../shared/conformance");
        Path test = Path.of(base, "flamegraph", "test");
        List<byte[]> inputs = new ArrayList<>();
        try (Stream<Path> s = Files.list(test)) {
            for (Path p : s.filter(x -> x.toString().endsWith(".txt")).sorted().toList()) {
                inputs.add(Files.readAllBytes(p));
            }
        }
        if (inputs.isEmpty()) {
            throw new IllegalStateException("no FlameGraph inputs in " + test);
        }
        file = Files.createTempFile("tunescope-folding", ".perf.txt");
        file.toFile().deleteOnExit();
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            long written = 0;
            int rep = 0;
            while (written < TARGET) {
                for (byte[] in : inputs) {
                    written += perturb(in, rep, out);
                }
                rep++;
            }
        }
        System.err.printf("FoldingBench input: %s, %.1f MB%n", file, Files.size(file) / 1048576.0);
    }

    /** Copies the input, renaming the symbol of every 7th frame line after the repetition number. */
    static long perturb(byte[] in, int rep, OutputStream out) throws IOException {
        long n = 0;
        int start = 0;
        int line = 0;
        byte[] tag = ("_r" + (rep % 101)).getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i <= in.length; i++) {
            if (i == in.length || in[i] == '\n') {
                int end = i;
                int paren = -1;
                if (end > start && (in[start] == '\t' || in[start] == ' ') && (line + rep) % 7 == 0) {
                    for (int k = end - 2; k > start; k--) {
                        if (in[k] == ' ' && in[k + 1] == '(') {
                            paren = k;
                            break;
                        }
                    }
                }
                if (paren > 0) {
                    out.write(in, start, paren - start);
                    out.write(tag);
                    out.write(in, paren, end - paren);
                    n += end - start + tag.length;
                } else {
                    out.write(in, start, end - start);
                    n += end - start;
                }
                if (i < in.length) {
                    out.write('\n');
                    n++;
                }
                start = i + 1;
                line++;
            }
        }
        out.write('\n');
        return n + 1;
    }

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private long cpuStart;
    private long processCpuStart;

    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
    private int ops;

    /**
     * This machine is shared, so wall time per op also measures other people's load. The benchmark thread's
     * own CPU time per op is printed after each iteration as well: that is the one-core throughput.
     */
    @Setup(Level.Iteration)
    public void cpuStart() {
        cpuStart = threads.getCurrentThreadCpuTime();
        processCpuStart = processCpu();
        ops = 0;
    }

    @TearDown(Level.Iteration)
    public void cpuEnd() throws IOException {
        if (ops > 0) {
            double ms = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e6 / ops;
            System.err.printf("  [thread CPU %.0f ms/op = %.0f MB/s]%n", ms, Files.size(file) / 1048576.0 / (ms / 1000));
            double pms = (processCpu() - processCpuStart) / 1e6 / ops;
            System.err.printf("  [process CPU %.0f ms/op (every thread, JIT and GC included)]%n", pms);
        }
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        Files.deleteIfExists(file);
    }

    @Benchmark
    public long collapse() throws IOException {
        ops++;
        CountingSink sink = new CountingSink();
        try (InputStream in = Files.newInputStream(file)) {
            PerfScriptCollapser.collapse(in, sink, FoldOptions.collapse(), null);
        }
        return sink.count;
    }

    /**
     * {@code collapse} of the file as {@code tunescope collapse FILE} does it: cut after blank lines, chunks folded on
     * every core and merged in file order. Its work is on pool threads: the process CPU time per op is printed.
     */
    @Benchmark
    public long collapseChunked() throws IOException {
        ops++;
        CountingSink sink = new CountingSink();
        PerfScriptCollapser.collapse(file, sink, FoldOptions.collapse(), null, false, Runtime.getRuntime().availableProcessors(), 0);
        return sink.count;
    }

    @Benchmark
    public StackProfile importProfile() throws Exception {
        ops++;
        return new PerfScriptImporter().parse(ImportContext.forFile(file)).value();
    }

    static final class CountingSink extends OutputStream {
        long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
