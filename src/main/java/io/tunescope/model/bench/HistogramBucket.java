package io.tunescope.model.bench;

/** One row of sysbench's {@code --histogram} output: latency value (ms) and count. */
public record HistogramBucket(double valueMs, long count, int line) {
}
