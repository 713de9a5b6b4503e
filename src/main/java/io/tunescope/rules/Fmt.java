package io.tunescope.rules;

import java.util.Locale;

/** Number formatting for finding texts (Locale.ROOT). */
public final class Fmt {
    private Fmt() {
    }

    /** 103079215104 -> "96 GiB", 1536 -> "1.5 KiB". */
    public static String bytes(double b) {
        return io.tunescope.analysis.config.ConfigValues.bytes(b);
    }

    /** At most one decimal, none when whole: 12 -> "12", 12.345 -> "12.3". */
    public static String num(double v) {
        if (Math.abs(v - Math.rint(v)) < 0.05) {
            return String.format(Locale.ROOT, "%d", (long) Math.rint(v));
        }
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** Two decimals: 3.14159 -> "3.14". */
    public static String num2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /** 0.1234 -> "12.3 %". */
    public static String pct(double ratio) {
        return num(ratio * 100) + " %";
    }
}
