package io.tunescope.analysis.flame;

/** Flame graph (root at the bottom, stacks grow up) or icicle (root at the top, stacks grow down). */
public enum Orientation {
    FLAME,
    ICICLE
}
