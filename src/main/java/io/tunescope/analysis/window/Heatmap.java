package io.tunescope.analysis.window;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * A sub-second offset heatmap of a profile's samples, as FlameScope draws it: one column per second, one
 * row per sub-second bucket ({@code bucketMs}, e.g. 50 rows of 20 ms), each cell the number of samples
 * (passing the filter) whose time falls in it. Columns start on a whole wall-clock second when the wall
 * clock is known (so the axis reads 04:46:19, 04:46:20 ...), else on the first sample (perf's own seconds).
 * Built in one pass over the time column; the stacks are not touched. A cell, a run of columns, or the span
 * from one cell to another (in time order) is a {@link Window} for {@link ProfileSamples#select}.
 */
public final class Heatmap {
    private static final java.time.format.DateTimeFormatter HMS = java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);
    private final ProfileSamples samples;
    private final SampleFilter filter;
    private final int bucketMs;
    private final int rows;
    private final int cols;
    private final long originNs;
    private final boolean wall;
    private final int[] counts;
    private final int max;
    private final long total;
    private final long outside;

    private Heatmap(ProfileSamples samples, SampleFilter filter, int bucketMs) {
        this.samples = samples;
        this.filter = filter;
        this.bucketMs = bucketMs;
        this.rows = (1000 + bucketMs - 1) / bucketMs;
        long first = samples.startNs();
        Long firstWall = samples.wallMs(first);
        this.wall = firstWall != null;
        this.originNs = wall ? samples.nsAtWall(Math.floorDiv(firstWall, 1000L) * 1000L) : first;
        long span = samples.endNs() - originNs;
        this.cols = (int) Math.min(Integer.MAX_VALUE / rows, span / 1_000_000_000L + 1);
        this.counts = new int[cols * rows];
        ProfileSamples.Selector sel = samples.selector(filter);
        var c = samples.columns();
        long bucketNs = bucketMs * 1_000_000L;
        int ev = samples.event();
        long n = 0;
        long out = 0;
        int m = 0;
        for (int i = 0, size = c.size(); i < size; i++) {
            long t = c.timeNs(i);
            if (c.event(i) != ev || !sel.test(i)) {
                continue;
            }
            if (t < 0) {
                out++;
                continue;
            }
            long d = t - originNs;
            long col = d / 1_000_000_000L;
            if (d < 0 || col >= cols) {
                out++;
                continue;
            }
            int row = (int) ((d % 1_000_000_000L) / bucketNs);
            int k = (int) col * rows + row;
            int v = ++counts[k];
            if (v > m) {
                m = v;
            }
            n++;
        }
        this.max = m;
        this.total = n;
        this.outside = out;
    }

    /**
     * The heatmap of a profile's samples that pass {@code filter}.
     *
     * @param bucketMs the height of a row in milliseconds, 1 to 1000 (FlameScope's default is 20)
     * @throws IllegalArgumentException when the samples have no times or the bucket is out of range
     */
    public static Heatmap of(ProfileSamples samples, SampleFilter filter, int bucketMs) {
        if (bucketMs < 1 || bucketMs > 1000) {
            throw new IllegalArgumentException("the bucket must be 1 to 1000 ms, not " + bucketMs);
        }
        if (!samples.timed()) {
            throw new IllegalArgumentException("the samples carry no timestamps: no heatmap");
        }
        return new Heatmap(samples, filter, bucketMs);
    }

    public ProfileSamples samples() {
        return samples;
    }

    public SampleFilter filter() {
        return filter;
    }

    public int bucketMs() {
        return bucketMs;
    }

    /** Sub-second buckets per column; the last one is shorter when {@code bucketMs} does not divide 1000. */
    public int rows() {
        return rows;
    }

    /** Seconds (columns). */
    public int columns() {
        return cols;
    }

    /** Samples in the cell of second {@code col}, bucket {@code row} (row 0 = the start of the second). */
    public int count(int col, int row) {
        return counts[col * rows + row];
    }

    /** The largest cell count (the top of the colour scale). */
    public int max() {
        return max;
    }

    /** Samples counted (those of the profile's event that pass the filter). */
    public long total() {
        return total;
    }

    /** Samples of the event that pass the filter but have no time (they are in no cell). */
    public long withoutCell() {
        return outside;
    }

    /** True when the columns are whole wall-clock seconds. */
    public boolean wallClock() {
        return wall;
    }

    /** perf time where column 0 starts. */
    public long originNs() {
        return originNs;
    }

    public long cellStartNs(int col, int row) {
        return originNs + col * 1_000_000_000L + row * (bucketMs * 1_000_000L);
    }

    public long cellEndNs(int col, int row) {
        return row == rows - 1 ? originNs + (col + 1) * 1_000_000_000L : cellStartNs(col, row + 1);
    }

    /** One cell. */
    public Window cell(int col, int row) {
        return new Window(cellStartNs(col, row), cellEndNs(col, row));
    }

    /** Whole seconds {@code c0..c1} (either order). */
    public Window columns(int c0, int c1) {
        int a = Math.min(c0, c1);
        int b = Math.max(c0, c1);
        return new Window(cellStartNs(a, 0), cellStartNs(b + 1, 0));
    }

    /** From one cell to another, both included, in time order (a drag across cells, as FlameScope selects). */
    public Window range(int col0, int row0, int col1, int row1) {
        long a = cellStartNs(col0, row0);
        long b = cellStartNs(col1, row1);
        return a <= b ? new Window(a, cellEndNs(col1, row1)) : new Window(b, cellEndNs(col0, row0));
    }

    /** {col, row} of the cell holding a perf time, or null outside the heatmap. */
    public int[] cellOf(long ns) {
        long d = ns - originNs;
        if (d < 0 || d / 1_000_000_000L >= cols) {
            return null;
        }
        return new int[] {(int) (d / 1_000_000_000L), (int) ((d % 1_000_000_000L) / (bucketMs * 1_000_000L))};
    }

    /** The label of a column: its wall-clock second ({@code 04:46:19}) when known, else seconds from the first sample. */
    public String columnLabel(int col) {
        if (wall) {
            long ms = samples.wallMs(cellStartNs(col, 0));
            return HMS.format(Instant.ofEpochMilli(ms).atOffset(ZoneOffset.UTC));
        }
        return String.format(Locale.ROOT, "%d s", col);
    }

    /** The date of the first column (for a title), or "" when the wall clock is unknown. */
    public String date() {
        return wall ? Instant.ofEpochMilli(samples.wallMs(originNs)).atOffset(ZoneOffset.UTC).toLocalDate().toString() : "";
    }
}
