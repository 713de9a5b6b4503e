package io.tunescope.render;

import java.util.List;

/**
 * Colour scales readable by colour-blind users: viridis and cividis (sequential, perceptually uniform,
 * dark = low) and ColorBrewer PuOr (diverging: purple = decrease, white = no change, orange = increase).
 * Colours are interpolated linearly between 11 anchor points.
 */
public final class ColorScale {
    private final String name;
    private final List<Rgb> stops;
    private final boolean diverging;
    /** The part of the stops this scale spans (a clipped scale: see {@link #clipped}). */
    private final double from;
    private final double to;

    private ColorScale(String name, boolean diverging, int... hex) {
        this(name, diverging, java.util.Arrays.stream(hex).mapToObj(Rgb::hex).toList(), 0, 1);
    }

    private ColorScale(String name, boolean diverging, List<Rgb> stops, double from, double to) {
        this.name = name;
        this.diverging = diverging;
        this.stops = stops;
        this.from = from;
        this.to = to;
    }

    /**
     * The part [from, to] of this scale stretched over [0, 1]: still perceptually uniform, without the ends
     * that would disappear on a background of their own lightness (the darkest viridis purples on a dark
     * theme). A diverging scale should be clipped symmetrically so that zero stays in the middle.
     */
    public ColorScale clipped(double from, double to) {
        double a = this.from + (this.to - this.from) * from;
        double b = this.from + (this.to - this.from) * to;
        return new ColorScale(name, diverging, stops, a, b);
    }

    public static ColorScale viridis() {
        return new ColorScale("viridis", false, 0x440154, 0x482475, 0x414487, 0x355f8d, 0x2a788e, 0x21918c,
                0x22a884, 0x44bf70, 0x7ad151, 0xbddf26, 0xfde725);
    }

    public static ColorScale cividis() {
        return new ColorScale("cividis", false, 0x00224e, 0x123570, 0x3b496c, 0x575d6d, 0x707173, 0x8a8678,
                0xa59c74, 0xc3b369, 0xe1cc55, 0xfee838, 0xffea46);
    }

    /** ColorBrewer PuOr, reversed so that negative = purple and positive = orange. */
    public static ColorScale divergingPuOr() {
        return new ColorScale("PuOr", true, 0x2d004b, 0x542788, 0x8073ac, 0xb2abd2, 0xd8daeb, 0xf7f7f7, 0xfee0b6,
                0xfdb863, 0xe08214, 0xb35806, 0x7f3b08);
    }

    public String name() {
        return name;
    }

    public boolean diverging() {
        return diverging;
    }

    /** Colour at t in [0, 1] (clamped; NaN gives the middle). */
    public Rgb at(double t) {
        double u = Double.isNaN(t) ? 0.5 : Math.max(0, Math.min(1, t));
        double pos = (from + (to - from) * u) * (stops.size() - 1);
        int i = (int) Math.floor(pos);
        if (i >= stops.size() - 1) {
            return stops.get(stops.size() - 1);
        }
        return stops.get(i).mix(stops.get(i + 1), pos - i);
    }

    /**
     * Position of a value on the scale: sequential scales map [lo, hi] to [0, 1]; diverging scales map
     * [-m, m] to [0, 1] with m = max(|lo|, |hi|), so zero is the white middle.
     */
    public double position(double v, double lo, double hi) {
        if (diverging) {
            double m = Math.max(Math.abs(lo), Math.abs(hi));
            return m == 0 ? 0.5 : 0.5 + v / (2 * m);
        }
        return hi > lo ? (v - lo) / (hi - lo) : 0.5;
    }
}
