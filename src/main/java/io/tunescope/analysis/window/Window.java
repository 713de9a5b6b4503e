package io.tunescope.analysis.window;

/**
 * A half-open range {@code [fromNs, toNs)} of perf's own clock (nanoseconds, as the sample timestamps):
 * a sample at {@code t} is in the window when {@code fromNs <= t < toNs}.
 */
public record Window(long fromNs, long toNs) {
    /** Every sample. */
    public static final Window ALL = new Window(Long.MIN_VALUE, Long.MAX_VALUE);

    public Window {
        if (toNs < fromNs) {
            throw new IllegalArgumentException("window ends before it starts");
        }
    }

    public boolean contains(long ns) {
        return ns >= fromNs && ns < toNs;
    }

    public boolean all() {
        return fromNs == Long.MIN_VALUE && toNs == Long.MAX_VALUE;
    }

    /** Length in seconds (infinite for {@link #ALL}). */
    public double seconds() {
        return all() ? Double.POSITIVE_INFINITY : (toNs - fromNs) / 1e9;
    }
}
