package io.tunescope.render;

/**
 * The colours of the surface a picture is painted on: background, text, axes, grid, legend outlines. The
 * light palette is the one of printed reports and PNG/PDF exports; the dark one matches the app's dark
 * theme. The colours of the data (flame frames, heatmap scales) are the painters' own; where a scale
 * would sink into a dark background the painter adapts it (see {@link HeatmapPainter}).
 */
public record Palette(boolean dark, Rgb background, Rgb text, Rgb mutedText, Rgb axis, Rgb grid, Rgb outline,
                      Rgb missing, Rgb warning, Rgb merged) {
    public static final Palette LIGHT = new Palette(false, Rgb.WHITE, Rgb.hex(0x202020), Rgb.hex(0x606060),
            Rgb.hex(0x606060), Rgb.hex(0xe4e4e4), Rgb.hex(0x808080), Rgb.hex(0xe6e6e6), Rgb.hex(0x8a4b00),
            new Rgb(190, 190, 190));
    /** On the dark theme's inner background (-fx-control-inner-background of theme-dark.css). */
    public static final Palette DARK = new Palette(true, Rgb.hex(0x1f2327), Rgb.hex(0xe6e9ec), Rgb.hex(0xa0a8b0),
            Rgb.hex(0xa0a8b0), Rgb.hex(0x363c42), Rgb.hex(0x8a939b), Rgb.hex(0x454b51), Rgb.hex(0xffb74d),
            new Rgb(104, 110, 116));
}
