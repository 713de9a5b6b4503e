package io.tunescope.importers;

/** Thrown by an importer only when nothing at all can be read from a file. */
public class ImportException extends Exception {
    private final long line;

    public ImportException(long line, String message) {
        super(message);
        this.line = line;
    }

    public ImportException(long line, String message, Throwable cause) {
        super(message, cause);
        this.line = line;
    }

    public long line() {
        return line;
    }
}
