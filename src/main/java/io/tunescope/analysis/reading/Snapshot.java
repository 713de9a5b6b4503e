package io.tunescope.analysis.reading;

/**
 * One snapshot file of a series (numastat, SHOW GLOBAL STATUS), placed in its series' order.
 *
 * @param file  the file
 * @param time  epoch millis, or null when unknown
 * @param label before, t15s, after, ... from the name
 * @param clock where the time came from
 */
public record Snapshot(String file, Long time, String label, FileClock clock) {
}
