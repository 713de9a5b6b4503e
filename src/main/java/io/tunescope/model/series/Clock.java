package io.tunescope.model.series;

/** How a series' time values are to be read. */
public enum Clock {
    /** Epoch milliseconds (UTC) taken from wall-clock timestamps in the file. */
    WALL,
    /** Milliseconds since the series' own start, known from the file (e.g. sysbench {@code [ 10s ]}). */
    OFFSET,
    /**
     * Milliseconds since the series' own start, computed as report number x an interval that the file
     * does not state (e.g. {@code iostat} without {@code -t}); the interval is an assumption.
     */
    ASSUMED_INTERVAL;

    public boolean isWall() {
        return this == WALL;
    }
}
