package io.tunescope.importers;

/**
 * Plain words for a failure inside an importer, for the per-file message: what went wrong, not the Java
 * class that signalled it (a user reads these; {@code --debug} shows the trace).
 */
public final class Failures {
    private Failures() {
    }

    public static String describe(Throwable e) {
        if (e instanceof StackOverflowError) {
            return "a line too long or too deeply nested to read";
        }
        if (e instanceof OutOfMemoryError) {
            return "too large to read in the memory available";
        }
        if (e instanceof NumberFormatException) {
            return "a number it cannot read" + detail(e);
        }
        if (e instanceof ArithmeticException) {
            return "a number too large to count with" + detail(e);
        }
        return "an unexpected problem in the reader";
    }

    private static String detail(Throwable e) {
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            return "";
        }
        m = m.lines().findFirst().orElse("");
        return ": " + (m.length() > 80 ? m.substring(0, 77) + "..." : m);
    }
}
