package io.tunescope.model.bench;

import java.util.List;

/**
 * The final statistics of a run. Counters that the output did not print are -1, rates and latencies NaN.
 *
 * @param transactions     transactions (or total number of events for non-SQL tests)
 * @param tps              transactions (events) per second
 * @param queries          total queries, -1 if absent
 * @param qps              queries per second
 * @param reads            queries performed: read
 * @param writes           queries performed: write
 * @param other            queries performed: other
 * @param errors           ignored errors
 * @param reconnects       reconnects
 * @param totalTimeS       total time in seconds
 * @param events           total number of events
 * @param latMinMs         latency minimum (ms)
 * @param latAvgMs         latency average (ms)
 * @param latMaxMs         latency maximum (ms)
 * @param latPctMs         latency at {@code percentile} (ms)
 * @param percentile       the printed percentile (e.g. 95), 0 when none was printed
 * @param latSumMs         latency sum (ms)
 * @param histogram        the {@code --histogram} buckets (empty without it)
 * @param line             line where the statistics start
 */
public record BenchSummary(
        long transactions,
        double tps,
        long queries,
        double qps,
        long reads,
        long writes,
        long other,
        long errors,
        long reconnects,
        double totalTimeS,
        long events,
        double latMinMs,
        double latAvgMs,
        double latMaxMs,
        double latPctMs,
        double percentile,
        double latSumMs,
        List<HistogramBucket> histogram,
        int line) {

    public BenchSummary {
        histogram = List.copyOf(histogram);
    }
}
