package io.tunescope.ui;

import io.tunescope.render.Painter;
import io.tunescope.render.Rgb;
import io.tunescope.render.awt.Fonts;
import java.util.HashMap;
import java.util.Map;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/**
 * {@link Painter} on a JavaFX canvas {@link GraphicsContext}, so views draw the same picture on screen as
 * the PNG and PDF exporters. Uses the same CJK-capable font family as the AWT backend when installed.
 * FX thread only.
 */
public final class FxPainter implements Painter {
    private final GraphicsContext g;
    private final String family;
    private final Map<Long, Font> fonts = new HashMap<>();
    private final Text measure = new Text();
    private int clipDepth;

    public FxPainter(GraphicsContext g) {
        this(g, Fonts.uiFamily());
    }

    public FxPainter(GraphicsContext g, String family) {
        this.g = g;
        this.family = family;
    }

    private static Color color(Rgb c) {
        return Color.rgb(c.r(), c.g(), c.b(), c.a() / 255.0);
    }

    private Font font(double size, boolean bold) {
        long key = Double.doubleToLongBits(size) ^ (bold ? 1L : 0L);
        return fonts.computeIfAbsent(key, k -> Font.font(family, bold ? FontWeight.BOLD : FontWeight.NORMAL, size));
    }

    @Override
    public void fillRect(double x, double y, double w, double h, Rgb c) {
        g.setFill(color(c));
        g.fillRect(x, y, w, h);
    }

    @Override
    public void strokeRect(double x, double y, double w, double h, Rgb c, double lineWidth) {
        g.setStroke(color(c));
        g.setLineWidth(lineWidth);
        g.strokeRect(x, y, w, h);
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Rgb c, double lineWidth) {
        g.setStroke(color(c));
        g.setLineWidth(lineWidth);
        g.strokeLine(x1, y1, x2, y2);
    }

    @Override
    public void text(String text, double x, double baselineY, double fontSize, boolean bold, Rgb c) {
        g.setFill(color(c));
        g.setFont(font(fontSize, bold));
        g.setTextBaseline(javafx.geometry.VPos.BASELINE);
        g.setTextAlign(javafx.scene.text.TextAlignment.LEFT);
        g.fillText(text, x, baselineY);
    }

    @Override
    public double textWidth(String text, double fontSize, boolean bold) {
        measure.setFont(font(fontSize, bold));
        measure.setText(text);
        return measure.getLayoutBounds().getWidth();
    }

    @Override
    public void pushClip(double x, double y, double w, double h) {
        g.save();
        g.beginPath();
        g.rect(x, y, w, h);
        g.closePath();
        g.clip();
        clipDepth++;
    }

    @Override
    public void popClip() {
        if (clipDepth > 0) {
            clipDepth--;
            g.restore();
        }
    }
}
