package io.tunescope.analysis.reading;

import java.util.List;

/**
 * A step against an earlier one, like for like.
 *
 * @param against      the earlier step's folder
 * @param tpsChangePct the change of TPS in %, NaN when nothing is comparable
 * @param p95ChangePct the change of the latency percentile in %, NaN when unknown
 * @param thresholdPct the change that counts as more than noise, in %
 * @param significant  |change| above the threshold
 * @param basis        what was compared and where the threshold came from, for the user (English)
 * @param points       a sweep compared point by point (empty otherwise)
 * @param noise        where the threshold came from
 * @param before       the earlier step's headline (null for sweeps and when not comparable)
 * @param after        this step's headline (null likewise)
 */
public record Comparison(String against, double tpsChangePct, double p95ChangePct, double thresholdPct, boolean significant,
                         Text basis, List<Point> points, Noise noise, Headline before, Headline after) {
    /** Where a noise threshold came from. */
    public enum Noise {
        /** twice the combined standard error of both steps' repeats */
        REPEATS,
        /** the larger drift between the first and second half of each run, above the default */
        HALVES,
        /** the default threshold (the capture has nothing to measure noise from, or it is smaller) */
        DEFAULT
    }

    public Comparison {
        points = List.copyOf(points);
    }

    public boolean comparable() {
        return !Double.isNaN(tpsChangePct);
    }

    /** One thread count of two sweeps. */
    public record Point(int threads, double before, double after, double changePct) {
    }
}
