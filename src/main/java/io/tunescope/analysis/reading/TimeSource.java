package io.tunescope.analysis.reading;

import java.util.Locale;

/** Where a file's place on the wall clock came from, best first. */
public enum TimeSource {
    /** the user set it in the Interpretation panel */
    USER,
    /** timestamps in the file itself */
    CONTENT,
    /** {@code captured on} in a perf header (written when the recording ended) */
    PERF_HEADER,
    /** the collector's timeline.log */
    COLLECTOR,
    /** a line of an event log (a driver or script log with a time on every line) */
    EVENT_LOG,
    /** a pt-stalk sample's start, the {@code YYYY_MM_DD_HH_MM_SS} prefix of its file names */
    SAMPLE_PREFIX,
    /** the file's modification time (kept by tar and zip): the last resort */
    MODIFIED,
    /** no clock for this file */
    UNKNOWN;

    public String slug() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
