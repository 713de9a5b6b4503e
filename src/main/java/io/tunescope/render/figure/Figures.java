package io.tunescope.render.figure;

import io.tunescope.analysis.ChartText;
import io.tunescope.analysis.flame.FlameLayout;
import io.tunescope.analysis.flame.FlameSearch;
import io.tunescope.analysis.numa.NumaMatrix;
import io.tunescope.analysis.numa.NumaTrend;
import io.tunescope.analysis.window.Heatmap;
import io.tunescope.analysis.window.Window;
import io.tunescope.render.HeatmapPainter;
import io.tunescope.render.Painter;
import io.tunescope.render.Palette;
import io.tunescope.render.SampleHeatmapPainter;
import io.tunescope.render.TrendPainter;
import io.tunescope.render.awt.AwtPainter;
import io.tunescope.render.flame.FlameColors;
import io.tunescope.render.flame.FlameGraphPainter;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;

/**
 * The figures of the views, built from what a view shows (its layout, zoom, search, diff, window), not from its
 * widgets: the app's "Export figure" and the CLI's {@code --svg} call the same methods, so they give the same
 * figure for the same inputs. Words are in the locale given (ChartText; English for {@link Locale#ROOT}).
 */
public final class Figures {
    /** Row height and label size of flame graph figures. */
    public static final double FLAME_ROW = 18;
    public static final double FLAME_FONT = 11.5;
    /** Flame graphs deeper than this many rows are cut at the top (the root stays). */
    public static final int MAX_FLAME_ROWS = 400;

    private Figures() {
    }

    /** What the flame graph figure shows: the zoom ({@code viewStart..viewEnd} of the layout's span), search, names. */
    public record FlameState(double viewStart, double viewEnd, FlameSearch search, boolean shortenTemplates) {
        public static FlameState whole(FlameLayout l) {
            return new FlameState(0, l.span(), null, false);
        }
    }

    /** The title of a flame graph: of a CPU or an off-CPU profile. */
    public static String flameTitle(Locale locale, String name, boolean offCpu) {
        ChartText w = ChartText.of(locale);
        return offCpu ? w.t("figure.flame.offCpuTitle", "Off-CPU flame graph: {0}", name)
                : w.t("figure.flame.title", "Flame graph: {0}", name);
    }

    /** The title of a differential flame graph from {@code before} to {@code after}. */
    public static String diffTitle(Locale locale, String before, String after, boolean reversed) {
        ChartText w = ChartText.of(locale);
        return reversed ? w.t("figure.diff.titleReversed", "Differential flame graph: {0} \u2192 {1} (shape of {0}: what went away)", before, after)
                : w.t("figure.diff.title", "Differential flame graph: {0} \u2192 {1}", before, after);
    }

    /** The diff's colours in words, naming both sides and the direction. */
    public static List<String> diffNotes(Locale locale, String before, String after, double thresholdPct, boolean reversed) {
        ChartText w = ChartText.of(locale);
        List<String> out = new ArrayList<>();
        out.add(w.t("figure.diff.red", "red: the frame's share grew from {0} to {1}; blue: it shrank from {0} to {1}; "
                + "grey: a change below {2}", before, after, String.format(Locale.ROOT, "%.2f%%", thresholdPct)));
        out.add(reversed ? w.t("figure.diff.gone", "frames marked - are gone in {0}: they are only in {1}", after, before)
                : w.t("figure.diff.new", "frames marked + are new in {0}: they are not in {1}", after, before));
        return out;
    }

    /** The search line of a flame graph figure, or null without a search. */
    public static String searchLine(Locale locale, String regex, FlameSearch found) {
        if (found == null) {
            return null;
        }
        return ChartText.of(locale).t("figure.flame.search", "search /{0}/: {1} frames (magenta), {2} of the total", regex,
                found.count(), String.format(Locale.ROOT, "%.2f%%", found.share() * 100));
    }

    /**
     * A flame graph figure: every row of the layout (at most {@link #MAX_FLAME_ROWS}) in the zoom of the state,
     * the colours' legend (localized), diff notes when given, the caption.
     */
    public static Figure flame(Locale locale, String title, String subtitle, FlameLayout layout, FlameColors colors,
                               FlameState state, List<String> notes, FigureCaption caption) {
        List<Figure.Swatch> swatches = new ArrayList<>();
        for (FlameColors.Legend l : FlameColors.localized(colors.legend(), locale)) {
            swatches.add(new Figure.Swatch(l.label(), l.color()));
        }
        int rows = Math.max(1, Math.min(MAX_FLAME_ROWS, layout.rows()));
        Figure.Body body = new Figure.Body() {
            @Override
            public double height(Painter measure, double width) {
                return rows * FLAME_ROW;
            }

            @Override
            public void paint(Painter p, double x, double y, double w, double h) {
                FlameGraphPainter.View v = new FlameGraphPainter.View(x, y, w, h, FLAME_ROW, FLAME_FONT, state.viewStart(),
                        state.viewEnd(), 0, state.shortenTemplates(), state.search(), null, -1);
                new FlameGraphPainter().paint(p, layout, colors, v, Palette.LIGHT);
            }
        };
        return new Figure(title, subtitle, body, swatches, notes, caption == null ? List.of() : caption.lines(ChartText.of(locale)));
    }

    /** The default height of heatmap pictures in figures. */
    public static final double HEATMAP_HEIGHT = 420;

    /** The title of a sample heatmap figure. */
    public static String sampleHeatmapTitle(Locale locale, String name) {
        return ChartText.of(locale).t("figure.sampleHeatmap.title", "Sample heatmap: {0}", name);
    }

    /** The second line of a sample heatmap figure: samples, event, columns and rows, the filter (null: all samples). */
    public static String sampleHeatmapSubtitle(Locale locale, Heatmap h, String event, String filter) {
        ChartText w = ChartText.of(locale);
        String s = w.t("figure.sampleHeatmap.subtitle", "{0} samples, {1} s \u00d7 {2} ms rows", String.format(Locale.ROOT, "%,d", h.total()),
                h.columns(), h.bucketMs());
        if (event != null && !event.isEmpty()) {
            s += w.t("figure.sampleHeatmap.event", ", event {0}", event);
        }
        if (filter != null && !filter.isBlank()) {
            s += w.t("figure.sampleHeatmap.filter", ", only {0}", filter);
        }
        return s;
    }

    /** The sub-second heatmap of a profile's samples; its colour scale and unit are drawn under it. */
    public static Figure sampleHeatmap(Locale locale, String title, String subtitle, Heatmap h, Window selection,
                                       double height, FigureCaption caption) {
        SampleHeatmapPainter painter = new SampleHeatmapPainter(locale);
        Figure.Body body = new Figure.Body() {
            @Override
            public double height(Painter measure, double width) {
                return height;
            }

            @Override
            public void paint(Painter p, double x, double y, double w, double ht) {
                painter.paint(p, h, null, selection, x, y, w, ht, Palette.LIGHT);
            }
        };
        return new Figure(title, subtitle, body, List.of(), List.of(), caption == null ? List.of() : caption.lines(ChartText.of(locale)));
    }

    /** A NUMA heatmap (the matrix's own title is the figure's), its scale with unit under the cells. */
    public static Figure numa(Locale locale, NumaMatrix m, double height, FigureCaption caption) {
        HeatmapPainter painter = new HeatmapPainter(locale);
        Figure.Body body = new Figure.Body() {
            @Override
            public double height(Painter measure, double width) {
                return height;
            }

            @Override
            public void paint(Painter p, double x, double y, double w, double ht) {
                painter.paint(p, m, x, y, w, ht, Palette.LIGHT, false);
            }
        };
        return new Figure(m.title(), null, body, List.of(), List.of(), caption == null ? List.of() : caption.lines(ChartText.of(locale)));
    }

    /** A per-node trend (remote ratio or memory per node over snapshots); one swatch per node in the legend. */
    public static Figure trend(Locale locale, String title, String unit, boolean percent, List<NumaTrend.Point> points,
                               double height, FigureCaption caption) {
        TrendPainter painter = new TrendPainter(locale);
        Figure.Body body = new Figure.Body() {
            @Override
            public double height(Painter measure, double width) {
                return height;
            }

            @Override
            public void paint(Painter p, double x, double y, double w, double ht) {
                painter.paint(p, null, unit, percent, points, x, y, w, ht, Palette.LIGHT);
            }
        };
        return new Figure(title, null, body, List.of(), List.of(), caption == null ? List.of() : caption.lines(ChartText.of(locale)));
    }

    /**
     * A JFreeChart chart (timeline, steps, thread sweep) with a title and caption. Drawn by Java2D only: a PNG,
     * or a vector PDF through PdfBoxGraphics2D; not an SVG ({@link Figure#vector()} is false). The chart's own
     * legend stays in the chart.
     */
    public static Figure chart(Locale locale, String title, String subtitle, JFreeChart chart, double height, FigureCaption caption) {
        Figure.Body body = new Figure.Body() {
            @Override
            public double height(Painter measure, double width) {
                return height;
            }

            @Override
            public void paint(Painter p, double x, double y, double w, double h) {
                if (!(p instanceof AwtPainter a)) {
                    throw new UnsupportedOperationException("a chart figure is drawn by Java2D (PNG or PDF), not as SVG");
                }
                chart.draw(a.graphics(), new Rectangle2D.Double(x, y, w, h), null, null);
            }

            @Override
            public boolean vector() {
                return false;
            }
        };
        return new Figure(title, subtitle, body, List.of(), List.of(), caption == null ? List.of() : caption.lines(ChartText.of(locale)));
    }
}
