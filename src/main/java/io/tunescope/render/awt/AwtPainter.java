package io.tunescope.render.awt;

import io.tunescope.render.Painter;
import io.tunescope.render.Rgb;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * {@link Painter} on a Java2D {@link Graphics2D}: a {@code BufferedImage} for PNG, or PDFBox's
 * {@code PdfBoxGraphics2D} for vector PDF. Text uses a font family that covers CJK when one is installed
 * (WenQuanYi Micro Hei), else the logical SansSerif font.
 */
public final class AwtPainter implements Painter {
    private final Graphics2D g;
    private final String family;
    private final Deque<Shape> clips = new ArrayDeque<>();
    private final Map<Long, Font> fonts = new HashMap<>();

    public AwtPainter(Graphics2D g) {
        this(g, defaultFamily());
    }

    public AwtPainter(Graphics2D g, String family) {
        this.g = g;
        this.family = family;
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
    }

    /** A CJK-capable family when installed, so Chinese frame names and labels render. */
    public static String defaultFamily() {
        return Fonts.uiFamily();
    }

    public Graphics2D graphics() {
        return g;
    }

    private static Color color(Rgb c) {
        return new Color(c.r(), c.g(), c.b(), c.a());
    }

    private Font font(double size, boolean bold) {
        long key = Double.doubleToLongBits(size) ^ (bold ? 1L : 0L);
        return fonts.computeIfAbsent(key, k -> new Font(family, bold ? Font.BOLD : Font.PLAIN, 1).deriveFont((float) size));
    }

    @Override
    public void fillRect(double x, double y, double w, double h, Rgb color) {
        g.setColor(color(color));
        g.fill(new Rectangle2D.Double(x, y, w, h));
    }

    @Override
    public void strokeRect(double x, double y, double w, double h, Rgb color, double lineWidth) {
        g.setColor(color(color));
        g.setStroke(new BasicStroke((float) lineWidth));
        g.draw(new Rectangle2D.Double(x, y, w, h));
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Rgb color, double lineWidth) {
        g.setColor(color(color));
        g.setStroke(new BasicStroke((float) lineWidth));
        g.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void text(String text, double x, double baselineY, double fontSize, boolean bold, Rgb color) {
        g.setColor(color(color));
        g.setFont(font(fontSize, bold));
        g.drawString(text, (float) x, (float) baselineY);
    }

    @Override
    public double textWidth(String text, double fontSize, boolean bold) {
        FontMetrics fm = g.getFontMetrics(font(fontSize, bold));
        return fm.getStringBounds(text, g).getWidth();
    }

    @Override
    public void pushClip(double x, double y, double w, double h) {
        clips.push(g.getClip() == null ? new Rectangle2D.Double(-1e9, -1e9, 2e9, 2e9) : g.getClip());
        g.clip(new Rectangle2D.Double(x, y, w, h));
    }

    @Override
    public void popClip() {
        if (!clips.isEmpty()) {
            g.setClip(clips.pop());
        }
    }
}
