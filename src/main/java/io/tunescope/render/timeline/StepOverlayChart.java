package io.tunescope.render.timeline;

import io.tunescope.analysis.ChartText;
import io.tunescope.analysis.timeline.RunWindow;
import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.analysis.timeline.Track;
import io.tunescope.model.series.TimeSeries;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Stroke;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.annotations.XYTitleAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The steps' main runs drawn over one another on relative time: t = 0 at each step's main-run start, one colour per
 * step, the same charts as the timeline (each step's series of a chart in its colour; several measures of one chart
 * told apart by dash). Only samples from a little before the run's start to a little after its end are drawn, and of
 * the benchmark's own series only the main run's.
 */
public final class StepOverlayChart {
    private StepOverlayChart() {
    }

    /** One step's timeline and its main run (the run its results are read from). */
    public record StepRun(String label, Timeline timeline, RunWindow main) {
    }

    /** Colours of the steps, in step order (Okabe-Ito, colour-blind safe). */
    static final Color[] STEP_COLOURS = {new Color(0, 114, 178), new Color(213, 94, 0), new Color(0, 158, 115),
        new Color(204, 121, 167), new Color(86, 180, 233), new Color(230, 159, 0), new Color(0, 0, 0), new Color(153, 153, 153)};

    private static final float[][] DASHES = {null, {6f, 4f}, {2f, 3f}, {10f, 3f, 2f, 3f}};

    /** Share of a run's length drawn before its start and after its end. */
    static final double PAD = 0.1;

    /** x of a time: seconds from the step's main-run start. */
    public static double x(StepRun s, long time) {
        return (time - s.main().start()) / 1000.0;
    }

    /** Whether a track is drawn for its step: any non-benchmark series; of the benchmark's, the main run's only. */
    static boolean belongs(StepRun s, Track tr) {
        if (tr.runIndex() < 0) {
            return true;
        }
        return tr.runIndex() == s.main().run().index() && tr.series().file().equals(s.main().run().file());
    }

    /** The chart with the panels whose id {@code show} accepts (the timeline view's hidden charts stay hidden). */
    public static JFreeChart build(List<StepRun> steps, String title, java.util.function.Predicate<String> show, Locale locale) {
        ChartText w = ChartText.of(locale);
        // panels by id, in the order they first appear, with each step's tracks
        Map<String, String> titles = new LinkedHashMap<>();
        Map<String, String> axes = new LinkedHashMap<>();
        Map<String, Map<Integer, List<Track>>> byPanel = new LinkedHashMap<>();
        for (int k = 0; k < steps.size(); k++) {
            StepRun s = steps.get(k);
            for (TimelineChart.Panel p : TimelineChart.panels(s.timeline(), locale)) {
                if (!show.test(p.id())) {
                    continue;
                }
                titles.putIfAbsent(p.id(), p.title());
                axes.putIfAbsent(p.id(), p.axisLabel());
                final StepRun sr = s;
                List<Track> mine = p.tracks().stream().filter(tr -> belongs(sr, tr)).toList();
                if (!mine.isEmpty()) {
                    byPanel.computeIfAbsent(p.id(), x -> new LinkedHashMap<>()).put(k, mine);
                }
            }
        }
        NumberAxis domain = new NumberAxis(w.t("axis.fromRunStart", "seconds from the start of each step's main run"));
        domain.setAutoRangeIncludesZero(true);
        CombinedDomainXYPlot plot = TimelineChart.timeZoomPlot(domain);
        for (var e : byPanel.entrySet()) {
            plot.add(subplot(steps, titles.get(e.getKey()), axes.get(e.getKey()), e.getValue(), w), 2);
        }
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        // one legend for the chart: the steps' colours, with the run each step is read from
        LegendItemCollection items = new LegendItemCollection();
        for (int k = 0; k < steps.size(); k++) {
            StepRun s = steps.get(k);
            LegendItem li = new LegendItem(w.t("overlay.legend", "{0} ({1} threads, {2} s)", s.label(), s.main().run().threads(),
                    Math.round((s.main().end() - s.main().start()) / 1000.0)), colour(k));
            li.setLine(new java.awt.geom.Line2D.Double(-7, 0, 7, 0));
            li.setLineStroke(new BasicStroke(2.5f));
            li.setLinePaint(colour(k));
            li.setLineVisible(true);
            li.setShapeVisible(false);
            items.add(li);
        }
        LegendTitle legend = new LegendTitle(() -> items);
        legend.setPosition(RectangleEdge.TOP);
        legend.setItemFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        chart.addSubtitle(legend);
        chart.addSubtitle(new TextTitle(w.t("overlay.note", "t = 0 at the start of each step's main run; each step on its own clock"),
                new Font(Font.SANS_SERIF, Font.ITALIC, 11)));
        return chart;
    }

    static Color colour(int k) {
        return STEP_COLOURS[k % STEP_COLOURS.length];
    }

    private static XYPlot subplot(List<StepRun> steps, String title, String axisLabel, Map<Integer, List<Track>> tracks, ChartText w) {
        XYSeriesCollection data = new XYSeriesCollection();
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        // measures of the chart told apart by dash, the same dash in every step
        Map<String, Integer> measure = new LinkedHashMap<>();
        java.util.Set<String> used = new java.util.HashSet<>();
        for (var e : tracks.entrySet()) {
            StepRun s = steps.get(e.getKey());
            double from = -PAD * (s.main().end() - s.main().start());
            double to = (1 + PAD) * (s.main().end() - s.main().start());
            for (Track tr : e.getValue()) {
                TimeSeries ts = tr.series();
                String m = TimelineChart.legend(ts, w);
                measure.putIfAbsent(m, measure.size());
                String name = s.label() + ": " + m;
                for (int k = 2; !used.add(name); k++) {
                    name = s.label() + ": " + m + " " + k;
                }
                XYSeries xy = new XYSeries(name, false, true);
                for (int i = 0; i < ts.size(); i++) {
                    double rel = ts.time(i) - s.main().start();
                    if (rel < from || rel > to) {
                        continue;
                    }
                    double v = ts.value(i);
                    xy.add(rel / 1000.0, Double.isFinite(v) ? v : null, false);
                }
                int idx = data.getSeriesCount();
                data.addSeries(xy);
                r.setSeriesPaint(idx, colour(e.getKey()));
                r.setSeriesStroke(idx, stroke(measure.get(m)));
            }
        }
        NumberAxis range = new NumberAxis(axisLabel);
        range.setAutoRangeIncludesZero(true);
        range.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        XYPlot plot = new XYPlot(data, null, range, r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(220, 220, 220));
        plot.setRangeGridlinePaint(new Color(220, 220, 220));
        ValueMarker zero = new ValueMarker(0, new Color(90, 90, 90), new BasicStroke(1f));
        plot.addDomainMarker(zero);
        StringBuilder head = new StringBuilder(title);
        if (measure.size() > 1 && measure.size() <= DASHES.length) {
            // which dash is which measure (the colours are the steps, in the chart's legend)
            List<String> names = new ArrayList<>();
            for (var m : measure.entrySet()) {
                names.add(dashName(m.getValue(), w) + " " + m.getKey());
            }
            head.append(" \u2014 ").append(String.join(", ", names));
        }
        TextTitle heading = new TextTitle(head.toString(), new Font(Font.SANS_SERIF, Font.BOLD, 11));
        heading.setBackgroundPaint(new Color(255, 255, 255, 200));
        plot.addAnnotation(new XYTitleAnnotation(0.005, 0.98, heading, RectangleAnchor.TOP_LEFT));
        return plot;
    }

    private static Stroke stroke(int measure) {
        float[] dash = DASHES[measure % DASHES.length];
        return dash == null ? new BasicStroke(1.6f) : new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, dash, 0f);
    }

    private static String dashName(int measure, ChartText w) {
        return switch (measure % DASHES.length) {
            case 0 -> w.t("overlay.solid", "solid");
            case 1 -> w.t("overlay.dashed", "dashed");
            case 2 -> w.t("overlay.dotted", "dotted");
            default -> w.t("overlay.dashDot", "dash-dot");
        };
    }
}
