package io.tunescope.importers;

import java.util.regex.Pattern;

/**
 * pt-stalk's loops over {@code /proc} files ({@code -meminfo}, {@code -interrupts}, {@code -diskstats},
 * {@code -procstat}, ...) write {@code TS <epoch seconds> <YYYY-MM-DD HH:MM:SS>} before each copy of the file,
 * once a second. Importers of those files take such a line as the start of the next sample, not as a bad row.
 */
public final class PtStalkLoop {
    private static final Pattern STAMP = Pattern.compile("^TS \\d{9,11}(\\.\\d+)?( \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})?\\s*$");

    private PtStalkLoop() {
    }

    /** Whether the line is a pt-stalk sample stamp such as {@code TS 1796178922.008572344 2026-12-02 02:35:22}. */
    public static boolean isStamp(String line) {
        return STAMP.matcher(line).matches();
    }
}
