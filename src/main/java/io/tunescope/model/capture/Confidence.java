package io.tunescope.model.capture;

/**
 * How sure an importer is that a file is in its format. {@link #UNSURE} means "show me more lines".
 * Ordered from weakest to strongest.
 */
public enum Confidence {
    NO, UNSURE, WEAK, STRONG, CERTAIN;

    public boolean atLeast(Confidence other) {
        return compareTo(other) >= 0;
    }
}
