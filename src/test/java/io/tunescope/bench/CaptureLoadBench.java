package io.tunescope.bench;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Opening the bundled sample capture end to end (list, sniff, parse every file). Run from the
 * repository root: {@code mvn -o -Pbench test-compile exec:exec -Dbench=CaptureLoadBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class CaptureLoadBench {
    @Param({"1", "2"})
    int threads;

    @Benchmark
    public Capture loadSampleCapture() throws Exception {
        return new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry(), threads, 1L << 30).load(Path.of("sample-data/mariadb-oltp"));
    }
}
