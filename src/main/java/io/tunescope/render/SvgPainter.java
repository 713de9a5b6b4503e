package io.tunescope.render;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@link Painter} that writes an SVG document (UTF-8, a {@code viewBox} of the picture's size in pixels): filled
 * and outlined rectangles, lines, text with its size and weight, and clips as nested groups with a
 * {@code clipPath}. Text is XML-escaped (characters XML cannot hold are dropped) and keeps its spaces; the
 * font family names a CJK family first (WenQuanYi Micro Hei) with common fallbacks, so Chinese renders where
 * the SVG is viewed. Text widths, which the painters use to place and shorten labels, are measured with the
 * Java2D font of the given family, the one the PNG export draws with, so the SVG and the PNG are laid out alike.
 *
 * <p>The output depends only on what was painted: the same calls give the same text.
 */
public final class SvgPainter implements Painter {
    /** The font-family list of the document: CJK-capable families first, then generic ones. */
    public static final String FONT_FAMILIES = "'WenQuanYi Micro Hei', 'WenQuanYi Zen Hei', 'Noto Sans CJK SC', "
            + "'Source Han Sans SC', 'Microsoft YaHei', 'PingFang SC', 'DejaVu Sans', Arial, sans-serif";
    private static final FontRenderContext FRC = new FontRenderContext(null, true, true);

    private final double width;
    private final double height;
    private final String measureFamily;
    private final StringBuilder body = new StringBuilder(1 << 16);
    private final StringBuilder defs = new StringBuilder();
    private final Map<Long, Font> fonts = new HashMap<>();
    private int clipCount;
    private int openClips;

    /**
     * @param measureFamily the Java2D family text is measured with (the PNG's, e.g. {@code Fonts.uiFamily()})
     */
    public SvgPainter(double width, double height, String measureFamily) {
        this.width = width;
        this.height = height;
        this.measureFamily = measureFamily == null ? "SansSerif" : measureFamily;
    }

    @Override
    public void fillRect(double x, double y, double w, double h, Rgb color) {
        if (w <= 0 || h <= 0) {
            return;
        }
        body.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"").append(num(w))
                .append("\" height=\"").append(num(h)).append('"');
        paint("fill", color);
        body.append("/>\n");
    }

    @Override
    public void strokeRect(double x, double y, double w, double h, Rgb color, double lineWidth) {
        body.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"").append(num(Math.max(0, w)))
                .append("\" height=\"").append(num(Math.max(0, h))).append("\" fill=\"none\"");
        paint("stroke", color);
        body.append(" stroke-width=\"").append(num(lineWidth)).append("\"/>\n");
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Rgb color, double lineWidth) {
        body.append("<line x1=\"").append(num(x1)).append("\" y1=\"").append(num(y1)).append("\" x2=\"").append(num(x2))
                .append("\" y2=\"").append(num(y2)).append('"');
        paint("stroke", color);
        body.append(" stroke-width=\"").append(num(lineWidth)).append("\"/>\n");
    }

    @Override
    public void text(String text, double x, double baselineY, double fontSize, boolean bold, Rgb color) {
        String t = escape(text);
        if (t.isEmpty()) {
            return;
        }
        body.append("<text x=\"").append(num(x)).append("\" y=\"").append(num(baselineY)).append("\" font-size=\"")
                .append(num(fontSize)).append('"');
        if (bold) {
            body.append(" font-weight=\"bold\"");
        }
        paint("fill", color);
        body.append('>').append(t).append("</text>\n");
    }

    @Override
    public double textWidth(String text, double fontSize, boolean bold) {
        long key = Double.doubleToLongBits(fontSize) ^ (bold ? 1L : 0L);
        Font f = fonts.computeIfAbsent(key, k -> new Font(measureFamily, bold ? Font.BOLD : Font.PLAIN, 1).deriveFont((float) fontSize));
        return f.getStringBounds(text, FRC).getWidth();
    }

    @Override
    public void pushClip(double x, double y, double w, double h) {
        String id = "c" + (++clipCount);
        defs.append("<clipPath id=\"").append(id).append("\"><rect x=\"").append(num(x)).append("\" y=\"").append(num(y))
                .append("\" width=\"").append(num(Math.max(0, w))).append("\" height=\"").append(num(Math.max(0, h)))
                .append("\"/></clipPath>\n");
        body.append("<g clip-path=\"url(#").append(id).append(")\">\n");
        openClips++;
    }

    @Override
    public void popClip() {
        if (openClips > 0) {
            body.append("</g>\n");
            openClips--;
        }
    }

    /** The document: everything painted so far (clips still open are closed). */
    public String svg() {
        StringBuilder out = new StringBuilder(body.length() + defs.length() + 512);
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"").append(num(width))
                .append("\" height=\"").append(num(height)).append("\" viewBox=\"0 0 ").append(num(width)).append(' ')
                .append(num(height)).append("\" font-family=\"").append(escape(FONT_FAMILIES))
                .append("\" xml:space=\"preserve\">\n");
        if (defs.length() > 0) {
            out.append("<defs>\n").append(defs).append("</defs>\n");
        }
        out.append(body);
        for (int i = 0; i < openClips; i++) {
            out.append("</g>\n");
        }
        out.append("</svg>\n");
        return out.toString();
    }

    /** Writes {@link #svg()} as UTF-8. */
    public void write(Path out) throws IOException {
        Files.writeString(out, svg(), StandardCharsets.UTF_8);
    }

    public double width() {
        return width;
    }

    public double height() {
        return height;
    }

    private void paint(String attribute, Rgb c) {
        body.append(' ').append(attribute).append("=\"#").append(hex2(c.r())).append(hex2(c.g())).append(hex2(c.b())).append('"');
        if (c.a() < 255) {
            body.append(' ').append(attribute).append("-opacity=\"").append(num(c.a() / 255.0)).append('"');
        }
    }

    private static String hex2(int v) {
        String s = Integer.toHexString(Math.max(0, Math.min(255, v)));
        return s.length() == 1 ? "0" + s : s;
    }

    /** A coordinate with at most two decimals, without trailing zeros, in the notation SVG reads. */
    static String num(double v) {
        if (!Double.isFinite(v)) {
            return "0";
        }
        long hundredths = Math.round(v * 100);
        if (hundredths % 100 == 0) {
            return Long.toString(hundredths / 100);
        }
        String s = String.format(Locale.ROOT, "%.2f", hundredths / 100.0);
        return s.endsWith("0") ? s.substring(0, s.length() - 1) : s;
    }

    /** Text as XML character data or attribute value; characters XML 1.0 cannot hold are left out. */
    public static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&apos;");
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                        b.append(c).append(s.charAt(++i));
                    } else if (c == '\t' || c == '\n' || c == '\r' ? true
                            : c >= 0x20 && c <= 0xD7FF || c >= 0xE000 && c <= 0xFFFD) {
                        b.append(c == '\n' || c == '\r' || c == '\t' ? ' ' : c);
                    }
                }
            }
        }
        return b.toString();
    }
}
