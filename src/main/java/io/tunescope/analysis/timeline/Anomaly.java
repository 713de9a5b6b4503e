package io.tunescope.analysis.timeline;

import io.tunescope.model.capture.SourceRef;

/**
 * A marker on the timeline: a time span where something saturated or went wrong.
 *
 * @param entity  the device, CPU or run it concerns
 * @param peak    the most extreme value inside the span (util %, iowait %, tps, err/s)
 * @param ref     where the peak sample came from
 */
public record Anomaly(Kind kind, long start, long end, String entity, double peak, String message, SourceRef ref) {
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
