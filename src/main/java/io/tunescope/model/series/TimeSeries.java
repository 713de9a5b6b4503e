package io.tunescope.model.series;

import io.tunescope.model.capture.SourceRef;
import java.util.Arrays;

/**
 * One metric over time: parallel arrays of time (see {@link #clock()}: epoch millis or millis from the
 * series start), value and the 1-based line of the file each sample was read from. Immutable.
 */
public final class TimeSeries {
    private final Metric metric;
    private final Clock clock;
    private final String file;
    private final long[] times;
    private final double[] values;
    private final int[] lines;

    public TimeSeries(Metric metric, Clock clock, String file, long[] times, double[] values, int[] lines) {
        if (times.length != values.length || times.length != lines.length) {
            throw new IllegalArgumentException("times, values and lines must have the same length");
        }
        this.metric = metric;
        this.clock = clock;
        this.file = file == null ? "" : file;
        this.times = times.clone();
        this.values = values.clone();
        this.lines = lines.clone();
    }

    /** Takes the arrays as they are (no copies): only for arrays no one else changes; checked as the public one. */
    private TimeSeries(Metric metric, Clock clock, String file, long[] times, double[] values, int[] lines, boolean owned) {
        if (times.length != values.length || times.length != lines.length) {
            throw new IllegalArgumentException("times, values and lines must have the same length");
        }
        this.metric = metric;
        this.clock = clock;
        this.file = file == null ? "" : file;
        this.times = times;
        this.values = values;
        this.lines = lines;
    }

    /**
     * A series that takes over its arrays instead of copying them, for builders of large series (the statistics
     * importers): the caller hands them over and never changes them afterwards. Several series may share one times
     * or lines array (every column of a report has the same times): a series never changes its arrays and gives out
     * only copies, so sharing is not visible.
     */
    public static TimeSeries adopt(Metric metric, Clock clock, String file, long[] times, double[] values, int[] lines) {
        return new TimeSeries(metric, clock, file, times, values, lines, true);
    }

    /**
     * A series of another metric at the same samples as this one (same clock, file, times and lines, shared, not
     * copied) with the values {@code values} (taken over, as {@link #adopt} does; one per sample).
     */
    public TimeSeries withValues(Metric metric, double[] values) {
        return new TimeSeries(metric, clock, file, times, values, lines, true);
    }

    public Metric metric() {
        return metric;
    }

    public Clock clock() {
        return clock;
    }

    /** The file the samples were read from (path relative to the capture). */
    public String file() {
        return file;
    }

    public int size() {
        return times.length;
    }

    public boolean isEmpty() {
        return times.length == 0;
    }

    /** The median spacing of the samples (the report interval), at least 1 ms; 1000 with fewer than two samples. */
    public long medianSpacingMs() {
        if (size() < 2) {
            return 1000;
        }
        long[] d = new long[size() - 1];
        for (int i = 1; i < size(); i++) {
            d[i - 1] = time(i) - time(i - 1);
        }
        java.util.Arrays.sort(d);
        return Math.max(1, d[d.length / 2]);
    }

    public long time(int i) {
        return times[i];
    }

    public double value(int i) {
        return values[i];
    }

    public int line(int i) {
        return lines[i];
    }

    /** Where sample {@code i} came from. */
    public SourceRef ref(int i) {
        return SourceRef.of(file, lines[i]);
    }

    public long firstTime() {
        return times.length == 0 ? 0 : times[0];
    }

    public long lastTime() {
        return times.length == 0 ? 0 : times[times.length - 1];
    }

    public double max() {
        double m = Double.NaN;
        for (double v : values) {
            if (!Double.isNaN(v) && (Double.isNaN(m) || v > m)) {
                m = v;
            }
        }
        return m;
    }

    public double mean() {
        double s = 0;
        int n = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                s += v;
                n++;
            }
        }
        return n == 0 ? Double.NaN : s / n;
    }

    /** Copies of the arrays (for charts). */
    public long[] times() {
        return times.clone();
    }

    public double[] values() {
        return values.clone();
    }

    /** The same samples with every time moved by {@code deltaMillis}, on another clock. */
    public TimeSeries shifted(long deltaMillis, Clock newClock) {
        long[] t = new long[times.length];
        for (int i = 0; i < t.length; i++) {
            t[i] = times[i] + deltaMillis;
        }
        return new TimeSeries(metric, newClock, file, t, values, lines);
    }

    /** The samples whose time lies in [from, to]. */
    public TimeSeries window(long from, long to) {
        int a = 0;
        while (a < times.length && times[a] < from) {
            a++;
        }
        int b = a;
        while (b < times.length && times[b] <= to) {
            b++;
        }
        return new TimeSeries(metric, clock, file, Arrays.copyOfRange(times, a, b), Arrays.copyOfRange(values, a, b),
                Arrays.copyOfRange(lines, a, b));
    }

    @Override
    public String toString() {
        return metric.key() + " (" + times.length + " samples, " + clock + ")";
    }

    /** Collects samples in time order. */
    public static final class Builder {
        private final Metric metric;
        private final Clock clock;
        private final String file;
        private long[] t = new long[16];
        private double[] v = new double[16];
        private int[] l = new int[16];
        private int n;

        public Builder(Metric metric, Clock clock, String file) {
            this.metric = metric;
            this.clock = clock;
            this.file = file;
        }

        public Builder add(long time, double value, int line) {
            if (n == t.length) {
                int cap = n * 2;
                t = Arrays.copyOf(t, cap);
                v = Arrays.copyOf(v, cap);
                l = Arrays.copyOf(l, cap);
            }
            t[n] = time;
            v[n] = value;
            l[n] = line;
            n++;
            return this;
        }

        public int size() {
            return n;
        }

        public Metric metric() {
            return metric;
        }

        public TimeSeries build() {
            return new TimeSeries(metric, clock, file, Arrays.copyOf(t, n), Arrays.copyOf(v, n), Arrays.copyOf(l, n), true);
        }
    }
}
