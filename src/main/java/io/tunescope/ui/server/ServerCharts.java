package io.tunescope.ui.server;

import io.tunescope.render.timeline.TimelineChart;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.text.SimpleDateFormat;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StackedXYAreaRenderer2;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.DefaultTableXYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The Server view's charts: small multiples on one time axis (one y axis per measure, its unit on the axis), the
 * legend under the plots, never on the data; a stacked chart of process list states. Built light, as every chart
 * of the app; {@link io.tunescope.ui.ChartStyle} darkens them for the dark theme. Words come from the caller
 * (the UI bundle).
 */
final class ServerCharts {
    private ServerCharts() {
    }

    /** One line: its legend name and its points (x: epoch millis on the wall clock, else seconds from the start). */
    record Line(String name, double[] x, double[] y) {
    }

    /** One sub-plot: the y axis label (measure and unit), its lines, and an optional limit drawn as a dashed line. */
    record Panel(String axis, List<Line> lines, double marker, String markerLabel) {
        Panel(String axis, List<Line> lines) {
            this(axis, lines, Double.NaN, null);
        }
    }

    static ValueAxis timeAxis(boolean wall, String label, long spanMillis) {
        if (wall) {
            DateAxis d = new DateAxis(label);
            d.setTimeZone(TimeZone.getTimeZone("UTC"));
            SimpleDateFormat f = new SimpleDateFormat(spanMillis > 2 * 86_400_000L ? "MM-dd HH:mm" : "HH:mm:ss", Locale.ROOT);
            f.setTimeZone(TimeZone.getTimeZone("UTC"));
            // whole seconds at least: the samples are a second apart or more, and HH:mm:ss cannot tell 20.25 from 20.5
            org.jfree.chart.axis.TickUnits units = new org.jfree.chart.axis.TickUnits();
            for (int sec : new int[] {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 43200, 86400, 172800, 604800}) {
                units.add(new org.jfree.chart.axis.DateTickUnit(org.jfree.chart.axis.DateTickUnitType.SECOND, sec, f));
            }
            d.setStandardTickUnits(units);
            return d;
        }
        NumberAxis n = new NumberAxis(label);
        n.setAutoRangeIncludesZero(false);
        return n;
    }

    /** Small multiples sharing the time axis; one colour per line across the chart, listed in one legend below. */
    static JFreeChart lines(List<Panel> panels, ValueAxis time, boolean points) {
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(time);
        plot.setGap(10);
        int colour = 0;
        for (Panel p : panels) {
            XYSeriesCollection data = new XYSeriesCollection();
            for (Line l : p.lines()) {
                XYSeries s = new XYSeries(l.name(), false, true);
                for (int i = 0; i < l.x().length; i++) {
                    s.add(l.x()[i], Double.isNaN(l.y()[i]) ? null : l.y()[i], false);
                }
                data.addSeries(s);
            }
            NumberAxis range = new NumberAxis(p.axis());
            range.setAutoRangeIncludesZero(true);
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (Line l : p.lines()) {
                for (double v : l.y()) {
                    if (!Double.isNaN(v)) {
                        lo = Math.min(lo, v);
                        hi = Math.max(hi, v);
                    }
                }
            }
            if (hi - lo < 1e-9 && hi >= 0 && Double.isNaN(p.marker())) {
                // a flat line (all zero, or one value) gets an axis from 0, not +-4E-9 around it
                double top = Math.max(1, hi * 1.1);
                // a little below zero, so that a line at zero is not hidden in the axis
                range.setRange(Math.min(0, lo) - top * 0.04, top);
            }
            range.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, points);
            for (int i = 0; i < data.getSeriesCount(); i++) {
                r.setSeriesStroke(i, new BasicStroke(1.6f));
                r.setSeriesPaint(i, TimelineChart.PALETTE[colour++ % TimelineChart.PALETTE.length]);
            }
            if (!Double.isNaN(p.marker()) && data.getSeriesCount() > 0) {
                // a limit (the redo capacity) is a dashed line across the plot, named in the legend, not written on the data
                XYSeries limit = new XYSeries(p.markerLabel(), false, true);
                limit.add(data.getSeries(0).getMinX(), p.marker());
                limit.add(data.getSeries(0).getMaxX(), p.marker());
                data.addSeries(limit);
                int k = data.getSeriesCount() - 1;
                r.setSeriesPaint(k, new Color(200, 40, 40));
                r.setSeriesStroke(k, new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] {6f, 4f}, 0f));
                r.setSeriesShapesVisible(k, false);
            }
            XYPlot sub = new XYPlot(data, null, range, r);
            style(sub);
            plot.add(sub, 1);
        }
        return chart(plot);
    }

    /** One plot with its title (what it shows, with the unit) above it; a legend below only when asked. */
    static JFreeChart titled(String title, Panel p, ValueAxis time, boolean legend) {
        JFreeChart chart = lines(List.of(p), time, false);
        chart.setTitle(new org.jfree.chart.title.TextTitle(title, new Font(Font.SANS_SERIF, Font.BOLD, 12)));
        chart.getTitle().setHorizontalAlignment(org.jfree.chart.ui.HorizontalAlignment.LEFT);
        if (!legend) {
            chart.removeLegend();
        }
        return chart;
    }

    /**
     * Stacked areas (active threads per state) at the snapshots' times; every series must have the same x
     * values. The states' colours follow the legend order.
     */
    static JFreeChart stacked(List<Line> states, ValueAxis time, String axis) {
        DefaultTableXYDataset data = new DefaultTableXYDataset();
        for (Line l : states) {
            XYSeries s = new XYSeries(l.name(), false, false);
            for (int i = 0; i < l.x().length; i++) {
                s.add(l.x()[i], l.y()[i], false);
            }
            data.addSeries(s);
        }
        StackedXYAreaRenderer2 r = new StackedXYAreaRenderer2();
        for (int i = 0; i < states.size(); i++) {
            Color c = TimelineChart.PALETTE[i % TimelineChart.PALETTE.length];
            r.setSeriesPaint(i, new Color(c.getRed(), c.getGreen(), c.getBlue(), 200));
        }
        NumberAxis range = new NumberAxis(axis);
        range.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        range.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        XYPlot plot = new XYPlot(data, time, range, r);
        style(plot);
        return chart(plot);
    }

    private static void style(XYPlot p) {
        p.setBackgroundPaint(Color.WHITE);
        p.setDomainGridlinePaint(new Color(220, 220, 220));
        p.setRangeGridlinePaint(new Color(220, 220, 220));
    }

    private static JFreeChart chart(org.jfree.chart.plot.Plot plot) {
        JFreeChart chart = new JFreeChart(null, new Font(Font.SANS_SERIF, Font.BOLD, 13), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        LegendTitle legend = chart.getLegend();
        legend.setPosition(RectangleEdge.BOTTOM);
        legend.setItemFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        legend.setBackgroundPaint(Color.WHITE);
        legend.setFrame(new BlockBorder(new Color(200, 200, 200)));
        return chart;
    }
}
