package io.tunescope.model.stack;

/**
 * What a profile's weights count: samples (a CPU profile) or time (an off-CPU profile: the time threads
 * spent switched out). Time weights keep the unit the input gave them in, so a total is never rescaled
 * silently.
 */
public enum WeightUnit {
    /** Sample counts (or, for a profile weighted by period, the sum of the periods). */
    SAMPLES("samples", 0),
    /** Nanoseconds (off-CPU time measured from {@code perf script} timestamps). */
    NANOSECONDS("ns", 1),
    /** Microseconds (bcc {@code offcputime -f}, which sums blocked time in microseconds). */
    MICROSECONDS("us", 1_000);

    private final String slug;
    private final long nanos;

    WeightUnit(String slug, long nanos) {
        this.slug = slug;
        this.nanos = nanos;
    }

    /** {@code samples}, {@code ns} or {@code us}: what {@code flamegraph --json} prints as "unit". */
    public String slug() {
        return slug;
    }

    public boolean isTime() {
        return nanos > 0;
    }

    /** A weight in this unit as seconds (time units only; NaN for samples). */
    public double seconds(long weight) {
        return nanos == 0 ? Double.NaN : weight * (nanos / 1e9);
    }

    /**
     * A weight with its unit for people: {@code 1234 samples}, {@code 4.06 s}, {@code 12.3 ms},
     * {@code 850 us}. Time is shown in the largest unit that keeps it at 1 or more.
     */
    public String format(long weight) {
        if (!isTime()) {
            return weight + " samples";
        }
        double s = seconds(weight);
        double a = Math.abs(s);
        if (a >= 1) {
            return String.format(java.util.Locale.ROOT, "%.2f s", s);
        }
        if (a >= 1e-3) {
            return String.format(java.util.Locale.ROOT, "%.1f ms", s * 1e3);
        }
        if (a >= 1e-6 || this == MICROSECONDS) {
            return String.format(java.util.Locale.ROOT, "%.0f us", s * 1e6);
        }
        return weight + " ns";
    }
}
