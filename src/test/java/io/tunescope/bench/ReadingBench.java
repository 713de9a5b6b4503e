package io.tunescope.bench;

import io.tunescope.analysis.reading.CaptureReading;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.model.capture.Capture;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The one reading of a loaded capture ({@link CaptureReading#of}): clocks (event-log matching), run roles,
 * snapshot order, configuration changes and comparisons, which every session computes once. Run from the
 * repository root: {@code mvn -o -Pbench test-compile exec:exec -Dbench=ReadingBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ReadingBench {
    @Param({"sample-data/mariadb-oltp", "src/test/resources/captures/hand-3step"})
    String capture;

    private Capture loaded;

    @Setup(Level.Trial)
    public void load() throws Exception {
        loaded = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(Path.of(capture));
    }

    @Benchmark
    public CaptureReading read() {
        return CaptureReading.of(loaded);
    }
}
