package io.tunescope.ui;

import io.tunescope.render.Painter;
import io.tunescope.render.Rgb;
import io.tunescope.render.awt.Fonts;
import java.util.HashMap;
import java.util.Map;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/**
 * {@link Painter} on a JavaFX canvas {@link GraphicsContext}, so views draw the same pictures on screen
 * as the PNG/PDF exporters. Must be used on the FX thread. Colours and fonts are cached.
 */
public final class FxPainter implements Painter {
    private final GraphicsContext g;
    private final String family;
    private final Map<Rgb, Color> colors = new HashMap<>();
    private final Map<Long, Font> fonts = new HashMap<>();
    private final Text measure = new Text();
    private int clipDepth;

    public FxPainter(GraphicsContext g) {
        this(g, Fonts.uiFamily());
    }

    public FxPainter(GraphicsContext g, String family) {
        this.g = g;
        this.family = family;
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.BASELINE);
    }

    public GraphicsContext graphics() {
        return g;
    }

    private Color color(Rgb c) {
        return colors.computeIfAbsent(c, k -> Color.rgb(k.r(), k.g(), k.b(), k.a() / 255.0));
    }

    private Font font(double size, boolean bold) {
        long key = Double.doubleToLongBits(size) ^ (bold ? 1L : 0L);
        return fonts.computeIfAbsent(key, k -> Font.font(family, bold ? FontWeight.BOLD : FontWeight.NORMAL, size));
    }

    @Override
    public void fillRect(double x, double y, double w, double h, Rgb color) {
        g.setFill(color(color));
        g.fillRect(x, y, w, h);
    }

    @Override
    public void strokeRect(double x, double y, double w, double h, Rgb color, double lineWidth) {
        g.setStroke(color(color));
        g.setLineWidth(lineWidth);
        g.strokeRect(x, y, w, h);
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Rgb color, double lineWidth) {
        g.setStroke(color(color));
        g.setLineWidth(lineWidth);
        g.strokeLine(x1, y1, x2, y2);
    }

    @Override
    public void text(String text, double x, double baselineY, double fontSize, boolean bold, Rgb color) {
        g.setFill(color(color));
        g.setFont(font(fontSize, bold));
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
            g.restore();
            clipDepth--;
        }
    }
}
