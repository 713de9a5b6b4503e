package io.tunescope.bench;

import io.tunescope.importers.ImportContext;
import io.tunescope.importers.numastat.NumastatImporter;
import io.tunescope.model.numa.NumaStats;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Parsing a long numastat log: {@code snapshots} runs of plain numastat on an 8-node host, each after an
 * ISO timestamp line, wrapped at 80 columns (two sections per run), as a {@code while sleep 1} loop writes
 * it. Run: {@code mvn -o -Pbench test-compile exec:exec -Dbench=NumastatParseBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
public class NumastatParseBench {
    @Param({"10000"})
    int snapshots;

    private Path file;

    @Setup
    public void write() throws Exception {
        file = Files.createTempFile("numastat-bench", ".txt");
        String[] rows = {"numa_hit", "numa_miss", "numa_foreign", "interleave_hit", "local_node", "other_node"};
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int s = 0; s < snapshots; s++) {
                w.write(String.format(Locale.ROOT, "2026-11-30T%02d:%02d:%02d+0000%n", (s / 3600) % 24, (s / 60) % 60, s % 60));
                for (int section = 0; section < 2; section++) {
                    if (section > 0) {
                        w.write("\n");
                    }
                    StringBuilder h = new StringBuilder(String.format(Locale.ROOT, "%16s", ""));
                    for (int n = section * 4; n < section * 4 + 4; n++) {
                        h.append(String.format(Locale.ROOT, "%16s", "node" + n));
                    }
                    w.write(h + "\n");
                    for (int r = 0; r < rows.length; r++) {
                        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%-16s", rows[r]));
                        for (int n = section * 4; n < section * 4 + 4; n++) {
                            b.append(String.format(Locale.ROOT, "%16d", 1_000_000L * (n + 1) + s * 997L + r));
                        }
                        w.write(b + "\n");
                    }
                }
            }
        }
    }

    @TearDown
    public void delete() throws Exception {
        Files.deleteIfExists(file);
    }

    @Benchmark
    public NumaStats parse() throws Exception {
        return new NumastatImporter().parse(ImportContext.forFile(file)).value();
    }
}
