package io.tunescope.rules;

import java.util.Locale;

/**
 * A threshold of a rule: its key (unique within the rule), what it means, the default, the unit, and
 * whether the default comes from a cited source ({@link Basis#SOURCE}, "[S]") or is Tunescope's own
 * heuristic ({@link Basis#HEURISTIC}, "[H]", shown as such and meant to be adjusted).
 */
public record Setting(String key, String description, double defaultValue, String unit, Basis basis, String source) {

    public enum Basis {
        SOURCE("S"), HEURISTIC("H");

        private final String mark;

        Basis(String mark) {
            this.mark = mark;
        }

        /** "S" or "H", as the catalogue writes them. */
        public String mark() {
            return mark;
        }
    }

    public Setting {
        if (key == null || !key.matches("[a-zA-Z][a-zA-Z0-9]*")) {
            throw new IllegalArgumentException("setting key must be a camelCase word: " + key);
        }
        unit = unit == null ? "" : unit;
        source = source == null ? "" : source;
    }

    public static Setting source(String key, String description, double value, String unit, String source) {
        return new Setting(key, description, value, unit, Basis.SOURCE, source);
    }

    public static Setting heuristic(String key, String description, double value, String unit) {
        return new Setting(key, description, value, unit, Basis.HEURISTIC, "");
    }

    /**
     * The smallest value a user may set: 0 (every threshold is a share, a time, a rate, a count or a ratio of
     * quantities that are never negative).
     */
    public double min() {
        return 0;
    }

    /** The largest value a user may set: 100 for a share in per cent ({@code %}, {@code % of RAM}), else unbounded. */
    public double max() {
        return unit.startsWith("%") ? 100 : Double.POSITIVE_INFINITY;
    }

    /** True for a finite value within {@link #min()} and {@link #max()}. */
    public boolean allows(double v) {
        return Double.isFinite(v) && v >= min() && v <= max();
    }

    /** "90 %", "5 ms", "0.97". */
    public static String format(double v, String unit) {
        String n = v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%d", (long) v)
                : String.format(Locale.ROOT, "%s", stripZeros(v));
        return unit.isEmpty() ? n : n + " " + unit;
    }

    private static String stripZeros(double v) {
        String s = String.format(Locale.ROOT, "%.4f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
