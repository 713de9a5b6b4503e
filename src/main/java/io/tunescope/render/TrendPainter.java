package io.tunescope.render;

import io.tunescope.analysis.ChartText;
import io.tunescope.analysis.numa.NumaTrend;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Paints per-node values over time (one line per node, Okabe-Ito colours, which stay distinct with
 * colour-vision deficiencies, plus a marker per point): the remote-allocation ratio or memory per node
 * across numastat snapshots. Points are placed by time when every point has one, else evenly in order.
 */
public final class TrendPainter {
    public static final List<Rgb> NODE_COLORS = List.of(Rgb.hex(0xE69F00), Rgb.hex(0x56B4E9), Rgb.hex(0x009E73),
            Rgb.hex(0x0072B2), Rgb.hex(0xD55E00), Rgb.hex(0xCC79A7), Rgb.hex(0xF0E442), Rgb.hex(0x000000));
    /** The last node colour (black) on a dark palette. */
    private static final Rgb NODE_ON_DARK = Rgb.hex(0xd0d4d8);

    private final ChartText words;

    public TrendPainter() {
        this(Locale.ROOT);
    }

    /** A painter whose own words ("no snapshots") are in the locale. */
    public TrendPainter(Locale locale) {
        this.words = ChartText.of(locale);
    }

    /** The plot area, for tests and hit testing. */
    public record Plot(double x, double y, double w, double h, double min, double max) {
    }

    public static Rgb colorOfNode(int index) {
        return NODE_COLORS.get(Math.floorMod(index, NODE_COLORS.size()));
    }

    /** The colour of a node's line on a palette (black becomes light grey on a dark one). */
    public static Rgb colorOfNode(int index, Palette palette) {
        Rgb c = colorOfNode(index);
        return palette.dark() && c.luminance() < 0.1 ? NODE_ON_DARK : c;
    }

    /**
     * @param percent values are shares 0..1 shown as percent on a 0-100% axis; else a 0..max axis in {@code unit}
     */
    public Plot paint(Painter p, String title, String unit, boolean percent, List<NumaTrend.Point> points,
                      double x, double y, double w, double h) {
        return paint(p, title, unit, percent, points, x, y, w, h, Palette.LIGHT);
    }

    /**
     * {@link #paint(Painter, String, String, boolean, List, double, double, double, double)} on a palette; a null
     * title draws none (a figure's title is above).
     */
    public Plot paint(Painter p, String title, String unit, boolean percent, List<NumaTrend.Point> points,
                      double x, double y, double w, double h, Palette palette) {
        final Rgb axisColor = palette.axis();
        final Rgb gridColor = palette.grid();
        p.fillRect(x, y, w, h, palette.background());
        if (title != null) {
            p.text(title, x + 10, y + 22, 14, true, palette.text());
        }
        TreeSet<Integer> nodes = new TreeSet<>();
        double max = percent ? 1 : 0;
        for (NumaTrend.Point pt : points) {
            nodes.addAll(pt.perNode().keySet());
            if (!percent) {
                for (double v : pt.perNode().values()) {
                    if (Double.isFinite(v)) {
                        max = Math.max(max, v);
                    }
                }
            }
        }
        if (max <= 0) {
            max = 1;
        }
        double left = x + 70;
        double top = y + 40;
        double right = x + w - 110;
        double bottom = y + h - 46;
        Plot plot = new Plot(left, top, Math.max(10, right - left), Math.max(10, bottom - top), 0, max);
        if (points.isEmpty()) {
            p.text(words.t("trend.noSnapshots", "no snapshots"), left, top + 20, 12, false, axisColor);
            return plot;
        }
        // grid and y axis labels
        for (int k = 0; k <= 4; k++) {
            double v = max * k / 4;
            double gy = bottom - plot.h() * k / 4;
            p.line(left, gy, right, gy, gridColor, 1);
            String lab = percent ? String.format(Locale.ROOT, "%.0f%%", v * 100) : HeatmapPainter.format(v, unit);
            p.text(lab, left - 8 - p.textWidth(lab, 11, false), gy + 4, 11, false, axisColor);
        }
        p.line(left, top, left, bottom, axisColor, 1);
        p.line(left, bottom, right, bottom, axisColor, 1);
        if (!percent && !unit.isBlank()) {
            p.text(unit, x + 10, top - 6, 11, false, axisColor);
        }
        boolean timed = points.stream().allMatch(pt -> pt.time() != null);
        Instant t0 = timed ? points.get(0).time() : null;
        double span = timed ? Math.max(1, points.get(points.size() - 1).time().toEpochMilli() - t0.toEpochMilli()) : 0;
        double[] xs = new double[points.size()];
        for (int i = 0; i < points.size(); i++) {
            double f = points.size() == 1 ? 0.5 : timed ? (points.get(i).time().toEpochMilli() - t0.toEpochMilli()) / span
                    : i / (double) (points.size() - 1);
            xs[i] = left + 10 + f * (plot.w() - 20);
            String lab = timed ? String.format(Locale.ROOT, "+%.0f s", (points.get(i).time().toEpochMilli() - t0.toEpochMilli()) / 1000.0)
                    : shortLabel(points.get(i).label());
            double lw = p.textWidth(lab, 10, false);
            p.text(lab, xs[i] - lw / 2, bottom + 16, 10, false, axisColor);
            if (timed && points.size() <= 8) {
                String name = shortLabel(points.get(i).label());
                p.text(name, xs[i] - p.textWidth(name, 10, false) / 2, bottom + 30, 10, false, axisColor);
            }
        }
        int idx = 0;
        for (int n : nodes) {
            Rgb c = colorOfNode(idx, palette);
            double px = Double.NaN;
            double py = Double.NaN;
            for (int i = 0; i < points.size(); i++) {
                Double v = points.get(i).perNode().get(n);
                if (v == null || !Double.isFinite(v)) {
                    px = Double.NaN;
                    continue;
                }
                double yy = bottom - plot.h() * Math.max(0, Math.min(1, v / max));
                if (!Double.isNaN(px)) {
                    p.line(px, py, xs[i], yy, c, 2.5);
                }
                p.fillRect(xs[i] - 3.5, yy - 3.5, 7, 7, c);
                px = xs[i];
                py = yy;
            }
            // legend
            double ly = top + 4 + idx * 18;
            p.fillRect(right + 14, ly, 12, 12, c);
            p.text("node " + n, right + 32, ly + 11, 12, false, palette.text());
            idx++;
        }
        return plot;
    }

    private static String shortLabel(String l) {
        String s = l.substring(l.lastIndexOf('/') + 1);
        return s.length() > 22 ? s.substring(0, 21) + "\u2026" : s;
    }
}
