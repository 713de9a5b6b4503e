package io.tunescope.model.capture;

/** Outcome of importing one file. */
public enum FileStatus {
    OK, WARNING, ERROR, UNRECOGNISED;

    public String slug() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
