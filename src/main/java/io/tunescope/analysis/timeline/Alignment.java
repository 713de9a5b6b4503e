package io.tunescope.analysis.timeline;

/** How a track was placed on the common clock. */
public enum Alignment {
    /** Its own wall-clock timestamps. */
    WALL,
    /** Offsets from its own start (e.g. sysbench {@code [ 10s ]}), placed at a start taken from elsewhere. */
    BY_START,
    /** Report number x an assumed interval, placed at a start taken from elsewhere. */
    ASSUMED_INTERVAL_BY_START;

    public boolean byStart() {
        return this != WALL;
    }
}
