package io.tunescope.render.timeline;

import io.tunescope.analysis.ChartText;
import io.tunescope.analysis.timeline.ThreadSweep;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Threads (log 2 axis) vs TPS (left) and latency at the printed percentile (right), with the knee marked. Axis
 * labels and marker words in English, or in the locale of {@link #build(ThreadSweep, String, Locale)}; the notes
 * are the sweep's own (make it with {@link ThreadSweep#of(java.util.List, Locale)} for the same language).
 */
public final class ThreadSweepChart {
    private ThreadSweepChart() {
    }

    /** One step's sweep, named as the chart names it (the step's label). */
    public record Curve(String label, ThreadSweep sweep) {
    }

    /** Colours of the steps' curves, in step order (colour-blind safe: Okabe-Ito). */
    private static final Color[] STEP_COLOURS = {new Color(0, 114, 178), new Color(213, 94, 0), new Color(0, 158, 115),
        new Color(204, 121, 167), new Color(86, 180, 233), new Color(230, 159, 0), new Color(0, 0, 0), new Color(240, 228, 66)};

    /**
     * The sweeps of several steps on one chart: one throughput curve per step (solid) and its latency (dashed, right
     * axis) in the step's colour, each step's knee pointed at on its own curve, the steps' notes under the chart
     * named by step. One curve is the single-sweep chart of {@link #build(ThreadSweep, String, Locale)}.
     */
    public static JFreeChart build(java.util.List<Curve> curves, String title, Locale locale) {
        if (curves.size() == 1) {
            return build(curves.get(0).sweep(), title, locale);
        }
        ChartText w = ChartText.of(locale);
        XYSeriesCollection tpsData = new XYSeriesCollection();
        XYSeriesCollection latData = new XYSeriesCollection();
        XYLineAndShapeRenderer r1 = new XYLineAndShapeRenderer(true, true);
        XYLineAndShapeRenderer r2 = new XYLineAndShapeRenderer(true, true);
        java.util.List<org.jfree.chart.annotations.XYPointerAnnotation> knees = new java.util.ArrayList<>();
        int k = 0;
        for (Curve c : curves) {
            Color colour = STEP_COLOURS[k % STEP_COLOURS.length];
            XYSeries tps = new XYSeries(w.t("sweep.legend.stepTps", "{0}: tps", c.label()), true, true);
            XYSeries lat = new XYSeries(c.label() + ": " + latName(c.sweep(), w), true, true);
            for (ThreadSweep.Point p : c.sweep().points()) {
                if (Double.isFinite(p.tps())) {
                    tps.add(p.threads(), p.tps());
                }
                if (Double.isFinite(p.latPctMs())) {
                    lat.add(p.threads(), p.latPctMs());
                }
            }
            tpsData.addSeries(tps);
            latData.addSeries(lat);
            r1.setSeriesPaint(k, colour);
            r1.setSeriesStroke(k, new BasicStroke(2f));
            r2.setSeriesPaint(k, colour);
            r2.setSeriesStroke(k, new BasicStroke(1.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {6f, 4f}, 0f));
            ThreadSweep.Point knee = c.sweep().knee();
            if (knee != null && Double.isFinite(knee.tps())) {
                org.jfree.chart.annotations.XYPointerAnnotation a = new org.jfree.chart.annotations.XYPointerAnnotation(
                        w.t("sweep.marker.stepKnee", "{0}: knee {1} threads", c.label(), knee.threads()), knee.threads(), knee.tps(),
                        Math.PI * (0.75 + 0.2 * (k % 3)));
                a.setPaint(colour);
                a.setArrowPaint(colour);
                a.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 11));
                a.setTextAnchor(TextAnchor.BOTTOM_RIGHT);
                knees.add(a);
            }
            k++;
        }
        LogAxis x = new LogAxis(w.t("sweep.axis.threads", "threads"));
        x.setBase(2);
        x.setTickUnit(new NumberTickUnit(1));
        x.setNumberFormatOverride(new java.text.DecimalFormat("0"));
        x.setSmallestValue(0.5);
        x.setLowerMargin(0.08);
        x.setUpperMargin(0.05);
        NumberAxis y = new NumberAxis(w.t("sweep.axis.tps", "transactions per second"));
        XYPlot plot = new XYPlot(tpsData, x, y, r1);
        NumberAxis y2 = new NumberAxis(w.t("sweep.axis.latencyAll", "latency (ms), dashed"));
        plot.setRangeAxis(1, y2);
        plot.setDataset(1, latData);
        plot.mapDatasetToRangeAxis(1, 1);
        plot.setRenderer(1, r2);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(220, 220, 220));
        plot.setRangeGridlinePaint(new Color(220, 220, 220));
        for (var a : knees) {
            plot.addAnnotation(a);
        }
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        for (Curve c : curves) {
            for (String n : c.sweep().notes()) {
                chart.addSubtitle(new TextTitle(c.label() + ": " + n, new Font(Font.SANS_SERIF, Font.PLAIN, 11)));
            }
        }
        return chart;
    }

    public static JFreeChart build(ThreadSweep s, String title) {
        return build(s, title, Locale.ROOT);
    }

    public static JFreeChart build(ThreadSweep s, String title, Locale locale) {
        ChartText w = ChartText.of(locale);
        XYSeries tps = new XYSeries("tps");
        XYSeries lat = new XYSeries(latName(s, w));
        for (ThreadSweep.Point p : s.points()) {
            if (Double.isFinite(p.tps())) {
                tps.add(p.threads(), p.tps());
            }
            if (Double.isFinite(p.latPctMs())) {
                lat.add(p.threads(), p.latPctMs());
            }
        }
        LogAxis x = new LogAxis(w.t("sweep.axis.threads", "threads"));
        x.setBase(2);
        x.setTickUnit(new NumberTickUnit(1));
        x.setNumberFormatOverride(new java.text.DecimalFormat("0"));
        x.setSmallestValue(0.5);
        x.setLowerMargin(0.05);
        x.setUpperMargin(0.05);
        NumberAxis y = new NumberAxis(w.t("sweep.axis.tps", "transactions per second"));
        XYLineAndShapeRenderer r1 = new XYLineAndShapeRenderer(true, true);
        r1.setSeriesPaint(0, new Color(30, 90, 180));
        r1.setSeriesStroke(0, new BasicStroke(2f));
        XYPlot plot = new XYPlot(new XYSeriesCollection(tps), x, y, r1);
        NumberAxis y2 = new NumberAxis(w.t("sweep.axis.latency", "{0} (ms)", latName(s, w)));
        plot.setRangeAxis(1, y2);
        plot.setDataset(1, new XYSeriesCollection(lat));
        plot.mapDatasetToRangeAxis(1, 1);
        XYLineAndShapeRenderer r2 = new XYLineAndShapeRenderer(true, true);
        r2.setSeriesPaint(0, new Color(200, 80, 30));
        r2.setSeriesStroke(0, new BasicStroke(1.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {6f, 4f}, 0f));
        plot.setRenderer(1, r2);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(220, 220, 220));
        plot.setRangeGridlinePaint(new Color(220, 220, 220));
        if (s.knee() != null) {
            ValueMarker m = new ValueMarker(s.knee().threads(), new Color(0, 150, 60), new BasicStroke(2f));
            m.setLabel(w.t("sweep.marker.knee", "knee: {0} threads", s.knee().threads()));
            m.setLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 11));
            m.setLabelAnchor(RectangleAnchor.TOP_LEFT);
            m.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
            plot.addDomainMarker(m);
        }
        if (s.fall() != null) {
            ValueMarker m = new ValueMarker(s.fall().threads(), new Color(200, 30, 30), new BasicStroke(1.5f));
            m.setLabel(w.t("sweep.marker.falls", "falls: {0}", s.fall().threads()));
            m.setLabelAnchor(RectangleAnchor.BOTTOM_LEFT);
            m.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
            plot.addDomainMarker(m);
        }
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        for (String n : s.notes()) {
            chart.addSubtitle(new TextTitle(n, new Font(Font.SANS_SERIF, Font.PLAIN, 11)));
        }
        return chart;
    }

    private static String latName(ThreadSweep s, ChartText w) {
        double pct = s.points().isEmpty() ? 0 : s.points().get(0).percentile();
        return pct > 0 ? w.t("legend.latencyPercentile", "p{0} latency", pct == Math.rint(pct) ? Long.toString((long) pct) : Double.toString(pct))
                : w.t("legend.latencyAvg", "avg latency");
    }
}
