package io.tunescope.bench;

import io.tunescope.importers.ImportContext;
import io.tunescope.importers.sysbench.SysbenchImporter;
import io.tunescope.model.bench.BenchLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Parsing the 12-hour sysbench log of the conformance set (2.8 MB, 21,600 interim lines) end to end:
 * decoding, line splitting, interim regexes and final statistics.
 * Run: {@code mvn -o -Pbench test-compile exec:exec -Dbench=SysbenchParseBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SysbenchParseBench {
    private Path file;
    private final SysbenchImporter importer = new SysbenchImporter();

    @Setup
    public void setup() {
        String root = System.getProperty("tunescope.conformance", "../shared/conformance");
        file = Paths.get(root, "sysbench", "mcgrof_plot-sysbench__sysbench_output.txt");
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("conformance file missing: " + file.toAbsolutePath()
                    + " (run from the project root or set -Dtunescope.conformance)");
        }
    }

    @Benchmark
    public BenchLog parse12HourLog() throws Exception {
        BenchLog log = importer.parse(ImportContext.forFile(file)).value();
        if (log.runs().get(0).intervals().size() != 21600) {
            throw new IllegalStateException("wrong parse");
        }
        return log;
    }
}
