package io.tunescope.render;

/** A colour, toolkit-neutral: 0-255 channels, alpha 255 = opaque. */
public record Rgb(int r, int g, int b, int a) {
    public static final Rgb BLACK = new Rgb(0, 0, 0, 255);
    public static final Rgb WHITE = new Rgb(255, 255, 255, 255);

    public Rgb(int r, int g, int b) {
        this(r, g, b, 255);
    }

    public static Rgb hex(int rgb) {
        return new Rgb((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF, 255);
    }

    public Rgb withAlpha(int alpha) {
        return new Rgb(r, g, b, alpha);
    }

    /** Linear mix: t=0 this, t=1 other. */
    public Rgb mix(Rgb o, double t) {
        double u = Math.max(0, Math.min(1, t));
        return new Rgb((int) Math.round(r + (o.r - r) * u), (int) Math.round(g + (o.g - g) * u),
                (int) Math.round(b + (o.b - b) * u), (int) Math.round(a + (o.a - a) * u));
    }

    /** Relative luminance 0..1, to choose black or white text on a fill. */
    public double luminance() {
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255.0;
    }
}
