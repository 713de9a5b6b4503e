package io.tunescope.model.bench;

import java.util.Locale;

/** What a benchmark run is for in its step. Nothing of unlike roles is ever averaged. */
public enum RunRole {
    /** dataset prepare or cleanup: no measurement */
    PREPARE,
    /** warms the buffer pool and caches before the measured run */
    WARMUP,
    /** the measured run: the step's headline figures */
    MAIN,
    /** one point of a thread sweep */
    SWEEP,
    /** one of several runs of the same kind: the headline is their mean, with the spread */
    REPEAT,
    /** anything else: shown, never compared */
    OTHER;

    public String slug() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RunRole parse(String s) {
        if (s == null) {
            return null;
        }
        try {
            return valueOf(s.strip().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
