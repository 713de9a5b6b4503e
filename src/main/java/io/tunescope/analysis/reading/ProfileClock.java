package io.tunescope.analysis.reading;

import io.tunescope.model.stack.SampleColumns;

/**
 * How a profile's per-sample timestamps (perf's own clock, seconds since boot) map to the wall clock: one
 * anchor pair (a perf time and the wall-clock millisecond it corresponds to), taken from the file's
 * {@link FileClock} in the one reading ({@link Clocks}), never from a second mechanism. A perf header's
 * {@code captured on} is written when the recording ends: it anchors the last sample. Every other source
 * (a user correction, the collector's timeline, an event log's "start" line) gives the recording's start:
 * it anchors the first sample. Without a file clock the mapping is unknown and windows run on perf's own
 * seconds from the first sample.
 *
 * @param clock        the file's clock in the reading
 * @param anchorPerfNs perf time of the anchor sample; {@link SampleColumns#NONE} when there is no timestamp
 * @param anchorWallMs wall-clock epoch millis of that sample, or null when unknown
 * @param resolutionMs how far the wall clock may be off from the anchor's source alone (1000 for a perf
 *                     header's whole seconds, 0 when the source has milliseconds)
 * @param basis        the evidence, for the status bar and reports
 */
public record ProfileClock(FileClock clock, long anchorPerfNs, Long anchorWallMs, long resolutionMs, Text basis) {

    /** The mapping for a profile whose sample times are {@code samples}, placed by {@code clock}. */
    public static ProfileClock of(FileClock clock, SampleColumns samples) {
        if (samples == null || !samples.hasTime()) {
            return new ProfileClock(clock, SampleColumns.NONE, null, 0,
                    Text.t("reading.window.noTimes", "the samples carry no timestamps"));
        }
        long first = samples.firstTimeNs();
        long last = samples.lastTimeNs();
        if (clock == null || !clock.known()) {
            return new ProfileClock(clock, first, null, 0,
                    Text.t("reading.window.unknown", "wall clock unknown: times are perf's own seconds from the first sample"));
        }
        if (clock.source() == TimeSource.PERF_HEADER && clock.end() != null) {
            return new ProfileClock(clock, last, clock.end(), 1000,
                    Text.t("reading.window.lastSample", "last sample at {0} ({1}; whole seconds)", FileClock.iso(clock.end()), clock.detail()));
        }
        if (clock.start() != null) {
            return new ProfileClock(clock, first, clock.start(), 0,
                    Text.t("reading.window.firstSample", "first sample at {0} ({1})", FileClock.iso(clock.start()), clock.detail()));
        }
        return new ProfileClock(clock, last, clock.end(), 0,
                Text.t("reading.window.lastSampleEnd", "last sample at {0} ({1})", FileClock.iso(clock.end()), clock.detail()));
    }

    /** True when perf times can be told on the wall clock. */
    public boolean known() {
        return anchorWallMs != null;
    }

    /** The wall-clock time (epoch millis, rounded down) of a perf time; only when {@link #known()}. */
    public long wallMs(long perfNs) {
        return anchorWallMs + Math.floorDiv(perfNs - anchorPerfNs, 1_000_000L);
    }

    /** The perf time of a wall-clock time (epoch millis); only when {@link #known()}. */
    public long perfNs(long wallMs) {
        return anchorPerfNs + (wallMs - anchorWallMs) * 1_000_000L;
    }
}
