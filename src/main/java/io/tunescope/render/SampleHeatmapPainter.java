package io.tunescope.render;

import io.tunescope.analysis.ChartText;
import io.tunescope.analysis.window.Heatmap;
import io.tunescope.analysis.window.Window;
import java.util.Locale;

/**
 * Paints a sub-second offset {@link Heatmap} (FlameScope's view of a profile) through a {@link Painter}:
 * one column per second left to right, the second's buckets bottom (its start) to top, each cell coloured
 * by its sample count on the sequential scale of the NUMA heatmap ({@link HeatmapPainter}: viridis, clipped
 * on a dark palette); a cell without samples is left blank. The x axis is labelled with wall-clock seconds
 * when the clock is known, else with seconds from the first sample; the y axis in milliseconds within the
 * second; the legend gives the scale's range and unit. A selected {@link Window} is outlined.
 */
public final class SampleHeatmapPainter {
    private static final double TITLE = 14;
    private static final double LABEL = 11;
    private static final double PAD = 10;
    private static final Rgb SELECTION = Rgb.hex(0xd81b60);

    private final ChartText words;
    private final ColorScale scale;

    public SampleHeatmapPainter() {
        this(Locale.ROOT);
    }

    public SampleHeatmapPainter(Locale locale) {
        this.words = ChartText.of(locale);
        this.scale = ColorScale.viridis();
    }

    /** Where the cells were drawn, for hit testing (hover, drag to select) and tests. */
    public record Layout(double gridX, double gridY, double cellW, double cellH, int rows, int cols) {
        /** {col, row} of the cell under a point (row 0 = start of the second, at the bottom), or null. */
        public int[] cellAt(double x, double y) {
            if (x < gridX || y < gridY || cellW <= 0 || cellH <= 0) {
                return null;
            }
            int c = (int) ((x - gridX) / cellW);
            int fromTop = (int) ((y - gridY) / cellH);
            if (c >= cols || fromTop >= rows) {
                return null;
            }
            return new int[] {c, rows - 1 - fromTop};
        }

        public double cellX(int col) {
            return gridX + col * cellW;
        }

        public double cellY(int row) {
            return gridY + (rows - 1 - row) * cellH;
        }
    }

    /** The colour of a count on a palette; null for a cell without samples (left blank). */
    public Rgb colorOf(int count, int max, Palette palette) {
        if (count <= 0) {
            return null;
        }
        ColorScale s = palette.dark() ? scale.clipped(HeatmapPainter.DARK_SEQUENTIAL[0], HeatmapPainter.DARK_SEQUENTIAL[1]) : scale;
        return s.at(s.position(count, 0, Math.max(1, max)));
    }

    /**
     * Paints the heatmap into the rectangle.
     *
     * @param title     first line (the caller's: file, filter, sample count); null: none (a figure's title is above)
     * @param selection a window to outline, or null
     */
    public Layout paint(Painter p, Heatmap h, String title, Window selection, double x, double y, double w, double ht, Palette palette) {
        p.fillRect(x, y, w, ht, palette.background());
        double top = y + PAD + (title == null ? 0 : TITLE);
        if (title != null) {
            p.text(title, x + PAD, top, TITLE, true, palette.text());
        }
        String axis = words.t("sampleHeatmap.yAxis", "ms within the second");
        double yLabelW = Math.max(p.textWidth("1000", LABEL, false), p.textWidth(axis, LABEL - 1, false) / 2) + 8;
        double gridX = x + PAD + yLabelW;
        double gridY = top + 26;
        double legendBlock = 14 + LABEL * 2 + 26;
        double gridW = Math.max(10, x + w - PAD - gridX);
        double gridH = Math.max(10, y + ht - PAD - legendBlock - gridY);
        int cols = h.columns();
        int rows = h.rows();
        double cellW = gridW / cols;
        double cellH = gridH / rows;
        Layout layout = new Layout(gridX, gridY, cellW, cellH, rows, cols);
        p.fillRect(gridX, gridY, gridW, gridH, palette.dark() ? palette.background() : Rgb.WHITE);
        for (int c = 0; c < cols; c++) {
            for (int r = 0; r < rows; r++) {
                Rgb fill = colorOf(h.count(c, r), h.max(), palette);
                if (fill != null) {
                    p.fillRect(layout.cellX(c), layout.cellY(r), cellW + 0.25, cellH + 0.25, fill);
                }
            }
        }
        p.strokeRect(gridX, gridY, gridW, gridH, palette.outline(), 1);
        // y axis: 0 at the bottom, the bucket edges at 0, 250, 500, 750 ms when they fall on rows
        for (int ms = 0; ms <= 1000; ms += 250) {
            double yy = gridY + gridH - gridH * ms / 1000.0;
            String s = Integer.toString(ms);
            p.text(s, gridX - 4 - p.textWidth(s, LABEL, false), yy + LABEL / 3, LABEL, false, palette.text());
            p.line(gridX - 3, yy, gridX, yy, palette.axis(), 1);
        }
        // above the top tick's label ("1000", centred on the grid's top edge)
        p.text(axis, x + PAD, gridY - 10, LABEL - 1, false, palette.mutedText());
        // x axis: as many column labels as fit
        double labelW = p.textWidth(h.columnLabel(0), LABEL, false) + 12;
        int every = Math.max(1, (int) Math.ceil(labelW / Math.max(cellW, 1e-9)));
        int[] nice = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600};
        for (int n : nice) {
            if (n >= every) {
                every = n;
                break;
            }
        }
        double ly = gridY + gridH + LABEL + 3;
        for (int c = 0; c < cols; c += every) {
            String s = h.columnLabel(c);
            double cx = layout.cellX(c);
            p.line(cx, gridY + gridH, cx, gridY + gridH + 3, palette.axis(), 1);
            if (cx + p.textWidth(s, LABEL, false) <= gridX + gridW + PAD) {
                p.text(s, cx, ly, LABEL, false, palette.text());
            }
        }
        if (selection != null) {
            outline(p, h, layout, selection);
        }
        // legend: gradient, range and unit
        double legendX = gridX;
        double legendY = ly + 10;
        double legendW = Math.max(120, Math.min(gridW, 300));
        double legendH = 12;
        ColorScale s = palette.dark() ? scale.clipped(HeatmapPainter.DARK_SEQUENTIAL[0], HeatmapPainter.DARK_SEQUENTIAL[1]) : scale;
        int steps = 64;
        for (int k = 0; k < steps; k++) {
            p.fillRect(legendX + legendW * k / steps, legendY, legendW / steps + 0.5, legendH, s.at((k + 0.5) / steps));
        }
        p.strokeRect(legendX, legendY, legendW, legendH, palette.outline(), 1);
        double ty = legendY + legendH + LABEL + 1;
        String lo = "1";
        String hi = Integer.toString(Math.max(1, h.max()));
        p.text(lo, legendX, ty, LABEL - 1, false, palette.text());
        p.text(hi, legendX + legendW - p.textWidth(hi, LABEL - 1, false), ty, LABEL - 1, false, palette.text());
        String unit = words.t("sampleHeatmap.unit", "samples per {0} ms cell; blank: none", h.bucketMs());
        p.text(unit, legendX + legendW + 12, legendY + legendH - 1, LABEL - 1, false, palette.mutedText());
        String x0 = h.wallClock()
                ? words.t("sampleHeatmap.xWall", "wall clock, {0}, as the files print it", h.date())
                : words.t("sampleHeatmap.xPerf", "seconds from the first sample (wall clock unknown)");
        p.text(x0, legendX + legendW + 12, ty, LABEL - 1, false, palette.mutedText());
        return layout;
    }

    /** Outlines the cells of a window: a partial first and last column, whole columns between (a second window, e.g. the report's dips). */
    public static void outline(Painter p, Heatmap h, Layout l, Window sel) {
        long from = Math.max(sel.fromNs(), h.originNs());
        long to = Math.min(sel.toNs(), h.cellStartNs(h.columns(), 0));
        if (to <= from) {
            return;
        }
        int[] a = h.cellOf(from);
        int[] b = h.cellOf(to - 1);
        if (a == null || b == null) {
            return;
        }
        for (int c = a[0]; c <= b[0]; c++) {
            int r0 = c == a[0] ? a[1] : 0;
            int r1 = c == b[0] ? b[1] : h.rows() - 1;
            double top = l.cellY(r1);
            double bottom = l.cellY(r0) + l.cellH();
            p.strokeRect(l.cellX(c), top, l.cellW(), bottom - top, SELECTION, 2);
        }
    }
}
