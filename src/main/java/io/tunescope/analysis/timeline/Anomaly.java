package io.tunescope.analysis.timeline;

import io.tunescope.model.capture.SourceRef;

/**
 * A marker on the timeline: a time span where something saturated or went wrong.
 *
 * @param start      the time of the span's first report
 * @param end        the time of its last report
 * @param entity     the device, CPU or run it concerns
 * @param peak       the most extreme value inside the span (util %, iowait %, tps, err/s)
 * @param ref        where the peak sample came from
 * @param intervalMs the report interval of the series (0 when unknown): a report printed at {@code t} (sysbench's
 *                   {@code [ 8s ]}, an iostat/mpstat interval) covers {@code [t - interval, t)}
 */
public record Anomaly(Kind kind, long start, long end, String entity, double peak, String message, SourceRef ref,
                      long intervalMs) {
    /** A marker whose series' report interval is not known. */
    public Anomaly(Kind kind, long start, long end, String entity, double peak, String message, SourceRef ref) {
        this(kind, start, end, entity, peak, message, ref, 0);
    }

    /**
     * When what the marker stands for began: the start of its first report's interval ({@link #start} less the
     * interval), since each report holds what happened during the interval before it was printed.
     */
    public long coveredFrom() {
        return start - Math.max(0, intervalMs);
    }

    public enum Kind {
        /** device %util at or above the threshold with rising await or queue */
        DEVICE_SATURATED,
        /** CPU iowait at or above the threshold */
        CPU_IOWAIT,
        /** throughput 30% or more below its moving median */
        THROUGHPUT_DIP,
        /** errors per second well above their moving median */
        ERROR_BURST
    }
}
