package io.tunescope.model.capture;

/** A message about one line of an input file (line 0: the file as a whole). */
public record Diagnostic(Level level, long line, String message) {

    public enum Level { INFO, WARNING, ERROR }

    public static Diagnostic info(long line, String message) {
        return new Diagnostic(Level.INFO, line, message);
    }

    public static Diagnostic warning(long line, String message) {
        return new Diagnostic(Level.WARNING, line, message);
    }

    public static Diagnostic error(long line, String message) {
        return new Diagnostic(Level.ERROR, line, message);
    }

    @Override
    public String toString() {
        return (line > 0 ? "line " + line + ": " : "") + level.name().toLowerCase(java.util.Locale.ROOT) + ": " + message;
    }
}
