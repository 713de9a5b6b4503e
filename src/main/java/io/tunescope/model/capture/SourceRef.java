package io.tunescope.model.capture;

/**
 * Where a value came from: a file of the capture (path relative to the capture root) and a 1-based line,
 * or 0 when the value is not tied to one line.
 */
public record SourceRef(String file, int line) {
    public SourceRef {
        if (file == null) {
            throw new IllegalArgumentException("file");
        }
    }

    public static SourceRef of(String file, int line) {
        return new SourceRef(file, line);
    }

    @Override
    public String toString() {
        return line > 0 ? file + ":" + line : file;
    }
}
