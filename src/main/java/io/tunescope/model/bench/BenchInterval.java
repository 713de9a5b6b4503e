package io.tunescope.model.bench;

import java.util.Map;

/**
 * One interim report line of a benchmark run ({@code [ 10s ] thds: 64 tps: ...}).
 *
 * @param seconds           seconds since the run started (the end of the interval)
 * @param threads           running threads
 * @param tps               transactions (or events, for cpu/memory/fileio tests) per second
 * @param qps               queries per second, NaN when not printed
 * @param readQps           reads per second (r/w/o), NaN when not printed
 * @param writeQps          writes per second, NaN when not printed
 * @param otherQps          other queries per second, NaN when not printed
 * @param latencyMs         latency at {@code percentile} in milliseconds (0 = the average), NaN when absent
 * @param percentile        the printed percentile, e.g. 95 (0 when the line shows the average)
 * @param errorsPerSec      errors per second, NaN when not printed
 * @param reconnectsPerSec  reconnects per second, NaN when not printed
 * @param extra             other values on the line (fileio {@code reads_mib_s}, {@code fsyncs_s}, ...)
 * @param line              1-based line in the file
 */
public record BenchInterval(
        double seconds,
        int threads,
        double tps,
        double qps,
        double readQps,
        double writeQps,
        double otherQps,
        double latencyMs,
        double percentile,
        double errorsPerSec,
        double reconnectsPerSec,
        Map<String, Double> extra,
        int line) {

    public BenchInterval {
        extra = extra == null || extra.isEmpty() ? Map.of() : Map.copyOf(extra);
    }
}
