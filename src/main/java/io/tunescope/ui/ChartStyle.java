package io.tunescope.ui;

import io.tunescope.render.Palette;
import io.tunescope.render.Rgb;
import java.awt.Color;
import java.awt.Paint;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.BiConsumer;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.annotations.XYTitleAnnotation;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.block.BlockFrame;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.title.Title;
import org.jfree.chart.ui.Layer;

/**
 * Dresses a JFreeChart for the app's theme. The charts are built light (they are also printed); in the dark
 * theme their backgrounds, titles, legends, axes, grid lines, marker labels and crosshairs take the dark
 * palette, and series lines too dark to see on it are lightened. What was changed is remembered per chart,
 * so that the light theme (and an export in the light theme) gets the chart exactly as it was built.
 * Applying again (after markers were added) first restores, then darkens again. FX thread only.
 */
public final class ChartStyle {
    /**
     * The undo actions of every darkened chart, most recent last. By identity (a chart's equals and hashCode
     * follow its paints) and weakly (charts are replaced whenever a view shows other data): the undo actions hold
     * the chart's parts weakly too (they held them strongly, so no darkened chart was ever freed).
     */
    private static final List<Darkened> DARKENED = new ArrayList<>();
    private static final Palette DARK = Palette.DARK;
    /** Lines and points are lightened to at least this luminance on the dark background. */
    static final double MIN_LINE_LUMINANCE = 0.42;
    /** Text is lightened to at least this luminance. */
    static final double MIN_TEXT_LUMINANCE = 0.7;

    private ChartStyle() {
    }

    private record Darkened(java.lang.ref.WeakReference<JFreeChart> chart, List<Runnable> undo) {
    }

    private static Darkened find(JFreeChart chart) {
        DARKENED.removeIf(d -> d.chart().get() == null);
        for (Darkened d : DARKENED) {
            if (d.chart().get() == chart) {
                return d;
            }
        }
        return null;
    }

    /** Whether the chart wears the dark look now. */
    public static boolean isDark(JFreeChart chart) {
        return chart != null && find(chart) != null;
    }

    /** Puts the chart in the theme's look (null charts are ignored); repaints once. */
    public static void apply(JFreeChart chart, Theme theme) {
        if (chart == null) {
            return;
        }
        boolean notify = chart.isNotify();
        chart.setNotify(false);
        try {
            Darkened done = find(chart);
            if (done != null) {
                DARKENED.remove(done);
                for (int i = done.undo().size() - 1; i >= 0; i--) {
                    done.undo().get(i).run();
                }
            }
            if (theme == Theme.DARK) {
                List<Runnable> u = new ArrayList<>();
                darken(chart, u);
                DARKENED.add(new Darkened(new java.lang.ref.WeakReference<>(chart), u));
            }
        } finally {
            chart.setNotify(notify);
        }
    }

    static Color color(Rgb c) {
        return new Color(c.r(), c.g(), c.b(), c.a());
    }

    /**
     * Sets a paint (or frame) of a part of the chart and remembers how to put the old one back. The undo action holds
     * the part weakly: the static list of darkened charts must not keep a chart (and its data) alive through it.
     */
    private static <O, T> void set(List<Runnable> undo, O target, BiConsumer<O, T> setter, T old, T now) {
        setter.accept(target, now);
        java.lang.ref.WeakReference<O> weak = new java.lang.ref.WeakReference<>(target);
        undo.add(() -> {
            O o = weak.get();
            if (o != null) {
                setter.accept(o, old);
            }
        });
    }

    private static void darken(JFreeChart chart, List<Runnable> u) {
        Color bg = color(DARK.background());
        set(u, chart, JFreeChart::setBackgroundPaint, chart.getBackgroundPaint(), bg);
        if (chart.getTitle() != null) {
            title(chart.getTitle(), u);
        }
        for (int i = 0; i < chart.getSubtitleCount(); i++) {
            title(chart.getSubtitle(i), u);
        }
        plot(chart.getPlot(), u);
    }

    private static void title(Title t, List<Runnable> u) {
        if (t instanceof TextTitle tt) {
            set(u, tt, TextTitle::setPaint, tt.getPaint(), lift(tt.getPaint(), MIN_TEXT_LUMINANCE));
            if (tt.getBackgroundPaint() != null) {
                set(u, tt, TextTitle::setBackgroundPaint, tt.getBackgroundPaint(), darkBackground(tt.getBackgroundPaint()));
            }
        } else if (t instanceof LegendTitle l) {
            set(u, l, LegendTitle::setItemPaint, l.getItemPaint(), lift(l.getItemPaint(), MIN_TEXT_LUMINANCE));
            if (l.getBackgroundPaint() != null) {
                set(u, l, LegendTitle::setBackgroundPaint, l.getBackgroundPaint(), darkBackground(l.getBackgroundPaint()));
            }
            BlockFrame f = l.getFrame();
            if (f instanceof BlockBorder b && b.getPaint() instanceof Color) {
                set(u, l, LegendTitle::setFrame, f, new BlockBorder(b.getInsets(), color(DARK.outline())));
            }
        }
    }

    private static void plot(Plot p, List<Runnable> u) {
        if (p == null) {
            return;
        }
        set(u, p, Plot::setBackgroundPaint, p.getBackgroundPaint(), color(DARK.background()));
        set(u, p, Plot::setOutlinePaint, p.getOutlinePaint(), color(DARK.outline()));
        if (p instanceof CombinedDomainXYPlot c) {
            axis(c.getDomainAxis(), u);
            for (XYPlot sub : c.getSubplots()) {
                plot(sub, u);
            }
            return;
        }
        if (!(p instanceof XYPlot x)) {
            return;
        }
        Color grid = color(DARK.grid());
        set(u, x, XYPlot::setDomainGridlinePaint, x.getDomainGridlinePaint(), grid);
        set(u, x, XYPlot::setRangeGridlinePaint, x.getRangeGridlinePaint(), grid);
        set(u, x, XYPlot::setDomainCrosshairPaint, x.getDomainCrosshairPaint(), lift(x.getDomainCrosshairPaint(), MIN_TEXT_LUMINANCE));
        set(u, x, XYPlot::setRangeCrosshairPaint, x.getRangeCrosshairPaint(), lift(x.getRangeCrosshairPaint(), MIN_TEXT_LUMINANCE));
        set(u, x, XYPlot::setRangeZeroBaselinePaint, x.getRangeZeroBaselinePaint(), color(DARK.axis()));
        for (int i = 0; i < x.getDomainAxisCount(); i++) {
            axis(x.getDomainAxis(i), u);
        }
        for (int i = 0; i < x.getRangeAxisCount(); i++) {
            axis(x.getRangeAxis(i), u);
        }
        for (int i = 0; i < x.getRendererCount(); i++) {
            XYItemRenderer r = x.getRenderer(i);
            if (r == null || x.getDataset(i) == null) {
                continue;
            }
            for (int s = 0; s < x.getDataset(i).getSeriesCount(); s++) {
                Paint old = r.getSeriesPaint(s);
                Paint shown = old != null ? old : r.getItemPaint(s, 0);
                Paint lifted = lift(shown, MIN_LINE_LUMINANCE);
                if (lifted != shown) {
                    final int series = s;
                    set(u, r, (XYItemRenderer rr, Paint v) -> rr.setSeriesPaint(series, v), old, lifted);
                }
            }
        }
        for (XYAnnotation a : x.getAnnotations()) {
            if (a instanceof XYTitleAnnotation t) {
                title(t.getTitle(), u);
            } else if (a instanceof XYTextAnnotation t) {
                set(u, t, XYTextAnnotation::setPaint, t.getPaint(), lift(t.getPaint(), MIN_LINE_LUMINANCE));
            }
        }
        for (int i = 0; i < Math.max(1, x.getRendererCount()); i++) {
            for (Layer layer : new Layer[] {Layer.BACKGROUND, Layer.FOREGROUND}) {
                markers(x.getDomainMarkers(i, layer), u);
                markers(x.getRangeMarkers(i, layer), u);
            }
        }
    }

    private static void markers(Collection<?> markers, List<Runnable> u) {
        if (markers == null) {
            return;
        }
        for (Object o : markers) {
            if (o instanceof Marker m && m.getLabel() != null) {
                set(u, m, Marker::setLabelPaint, m.getLabelPaint(), lift(m.getLabelPaint(), MIN_TEXT_LUMINANCE));
            }
        }
    }

    private static void axis(Axis a, List<Runnable> u) {
        if (a == null) {
            return;
        }
        Color text = color(DARK.text());
        Color muted = color(DARK.axis());
        set(u, a, Axis::setLabelPaint, a.getLabelPaint(), text);
        set(u, a, Axis::setTickLabelPaint, a.getTickLabelPaint(), color(Rgb.hex(0xc4cad0)));
        set(u, a, Axis::setAxisLinePaint, a.getAxisLinePaint(), muted);
        set(u, a, Axis::setTickMarkPaint, a.getTickMarkPaint(), muted);
        if (a instanceof SymbolAxis s) {
            set(u, s, SymbolAxis::setGridBandPaint, s.getGridBandPaint(), color(Rgb.hex(0x262b30)));
            set(u, s, SymbolAxis::setGridBandAlternatePaint, s.getGridBandAlternatePaint(), color(DARK.background()));
        }
    }

    /** A light, translucent background becomes the dark background with the same alpha. */
    private static Paint darkBackground(Paint p) {
        if (p instanceof Color c) {
            Rgb bg = DARK.background();
            return new Color(bg.r(), bg.g(), bg.b(), c.getAlpha());
        }
        return p;
    }

    /**
     * A colour mixed with white until its luminance reaches {@code min} (the same object when it already
     * does, or when it is not a plain colour).
     */
    static Paint lift(Paint p, double min) {
        if (!(p instanceof Color c)) {
            return p;
        }
        Rgb rgb = new Rgb(c.getRed(), c.getGreen(), c.getBlue(), c.getAlpha());
        if (rgb.luminance() >= min) {
            return p;
        }
        for (double t = 0.05; t < 1; t += 0.05) {
            Rgb m = rgb.mix(new Rgb(255, 255, 255, c.getAlpha()), t);
            if (m.luminance() >= min) {
                return color(m);
            }
        }
        return color(new Rgb(255, 255, 255, c.getAlpha()));
    }
}
