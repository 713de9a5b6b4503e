package io.tunescope.analysis.reading;

import java.time.Instant;

/**
 * A file's (or one benchmark run's) place on the wall clock, or an honest unknown.
 *
 * @param path   the file
 * @param run    0-based run of a benchmark file, -1 for the whole file
 * @param start  epoch millis, or null when unknown
 * @param end    epoch millis, or null when unknown
 * @param source where the time came from
 * @param detail the evidence, e.g. {@code driver.log:3 "sysbench-main-start threads=4 time=40"}
 */
public record FileClock(String path, int run, Long start, Long end, TimeSource source, Text detail) {
    public static FileClock unknown(String path, int run) {
        return new FileClock(path, run, null, null, TimeSource.UNKNOWN, Text.NONE);
    }

    public boolean known() {
        return start != null || end != null;
    }

    /** The start, else the end (a snapshot's single moment). */
    public Long time() {
        return start != null ? start : end;
    }

    public String startIso() {
        return start == null ? null : iso(start);
    }

    public static String iso(long millis) {
        String s = Instant.ofEpochMilli(millis).toString();
        return s.endsWith(".000Z") ? s.substring(0, s.length() - 5) + "Z" : s;
    }
}
