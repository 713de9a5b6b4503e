package io.tunescope.importers;

/**
 * Plain words for a failure inside an importer, for the per-file message: what went wrong, not the Java
 * class that signalled it (a user reads these; {@code --debug} shows the trace).
 */
public final class Failures {
    private Failures() {
    }

    /**
     * Running out of memory while reading a file of {@code size} bytes after {@code read} of them, with Java
     * allowed {@code maxHeap} bytes: how far it got, about how much the whole file needs (the heap it filled,
     * scaled to the whole file, with a margin) and the option that gives Java that much.
     */
    public static String outOfMemory(long size, long read, long maxHeap) {
        double part = size <= 0 || read <= 0 ? 1.0 : Math.min(1.0, (double) read / size);
        long need = (long) (maxHeap / part * 1.5);
        String where = part < 0.995
                ? String.format(java.util.Locale.ROOT, "after reading %.0f %% of its %s", part * 100, mb(size))
                : "after reading all of its " + mb(size);
        return "too large for the memory Java may use here (" + mb(maxHeap) + "): it ran out " + where
                + "; reading it needs about " + mb(need) + ": start Tunescope with -Xmx" + xmx(need)
                + " (java -Xmx" + xmx(need) + " -jar tunescope.jar, or JAVA_TOOL_OPTIONS=-Xmx" + xmx(need)
                + " for the installed launcher)";
    }

    private static String mb(long bytes) {
        long m = Math.max(1, (bytes + (1 << 20) - 1) >> 20);
        return m >= 10240 ? (m + 1023) / 1024 + " GB" : m + " MB";
    }

    /** The -Xmx value: whole gigabytes from 1 GB up, else megabytes rounded up to 64. */
    public static String xmx(long bytes) {
        long m = (bytes + (1 << 20) - 1) >> 20;
        if (m >= 1024) {
            return ((m + 1023) / 1024) + "g";
        }
        return (((m + 63) / 64) * 64) + "m";
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
