package io.tunescope.render;

import io.tunescope.analysis.ChartText;
import io.tunescope.analysis.numa.NumaMatrices;
import io.tunescope.analysis.numa.NumaMatrix;
import java.util.Locale;

/**
 * Paints a {@link NumaMatrix} as a heatmap through a {@link Painter}: title, column labels above, row labels
 * on the left, one coloured cell per value with the value written in it, notes right of each row, and a
 * colour legend below. For node x node matrices the diagonal is outlined and marked "local". Sequential
 * data use viridis (or cividis), differences the diverging PuOr scale centred on zero. A matrix from a
 * single-node host is drawn as it is (one cell or one row) with the message "no remote allocation possible".
 * On a {@link Palette#dark() dark} palette the scales leave out their darkest ends ({@link #DARK_SEQUENTIAL},
 * {@link #DARK_DIVERGING}) so that no cell sinks into the background, and labels, legend and notes take the
 * palette's text colours. The painter's own words (the single-node message, "local", the legend) are in English,
 * or in the locale given to {@link #HeatmapPainter(Locale)}; the matrix brings its title and notes in its own.
 */
public final class HeatmapPainter {
    public static final Rgb BACKGROUND = Rgb.WHITE;
    public static final Rgb TEXT = Rgb.hex(0x202020);
    public static final Rgb MISSING = Rgb.hex(0xe6e6e6);
    public static final Rgb LOCAL_OUTLINE = Rgb.hex(0xd81b60);
    public static final String SINGLE_NODE = "Single NUMA node: no remote allocation possible";
    /** The part of the sequential scale used on a dark background: viridis from a blue-violet on. */
    public static final double[] DARK_SEQUENTIAL = {0.2, 1.0};
    /** The part of the diverging scale used on a dark background (symmetric: zero stays white). */
    public static final double[] DARK_DIVERGING = {0.1, 0.9};

    private static final double TITLE = 15;
    private static final double LABEL = 12;
    private static final double PAD = 10;
    private static final double MAX_CELL = 220;

    private final ColorScale sequential;
    private final ColorScale diverging;
    private final ChartText words;

    public HeatmapPainter() {
        this(ColorScale.viridis(), ColorScale.divergingPuOr());
    }

    /** The standard scales, with the painter's words in the locale. */
    public HeatmapPainter(Locale locale) {
        this(ColorScale.viridis(), ColorScale.divergingPuOr(), locale);
    }

    public HeatmapPainter(ColorScale sequential, ColorScale diverging) {
        this(sequential, diverging, Locale.ROOT);
    }

    public HeatmapPainter(ColorScale sequential, ColorScale diverging, Locale locale) {
        this.sequential = sequential;
        this.diverging = diverging;
        this.words = ChartText.of(locale);
    }

    /** Where the cells were drawn, for hit testing (hover) and tests. */
    public record Layout(double gridX, double gridY, double cellW, double cellH, int rows, int cols,
                         double legendX, double legendY, double legendW, double legendH) {
        /** {row, col} of the cell under a point, or null. */
        public int[] cellAt(double x, double y) {
            if (x < gridX || y < gridY) {
                return null;
            }
            int c = (int) ((x - gridX) / cellW);
            int r = (int) ((y - gridY) / cellH);
            return r < rows && c < cols ? new int[] {r, c} : null;
        }

        public double cellCenterX(int col) {
            return gridX + (col + 0.5) * cellW;
        }

        public double cellCenterY(int row) {
            return gridY + (row + 0.5) * cellH;
        }
    }

    public ColorScale scaleFor(NumaMatrix m) {
        return scaleFor(m, Palette.LIGHT);
    }

    /** The scale of a matrix on a palette (clipped on a dark one). */
    public ColorScale scaleFor(NumaMatrix m, Palette palette) {
        if (!palette.dark()) {
            return m.diverging() ? diverging : sequential;
        }
        return m.diverging() ? diverging.clipped(DARK_DIVERGING[0], DARK_DIVERGING[1])
                : sequential.clipped(DARK_SEQUENTIAL[0], DARK_SEQUENTIAL[1]);
    }

    /**
     * The value range the colours span: amounts (counts, MB, shares) start at zero so that two nearly equal
     * values do not get opposite colours; node x node matrices (distances start at 10) and differences use
     * their own range.
     */
    public static double[] scaleRange(NumaMatrix m) {
        double[] r = m.range();
        if (!m.diverging() && !m.nodeByNode() && r[0] >= 0) {
            return new double[] {0, r[1]};
        }
        return r;
    }

    /** The fill colour of a value of the matrix. */
    public Rgb colorOf(NumaMatrix m, double v) {
        return colorOf(m, v, Palette.LIGHT);
    }

    /** The fill colour of a value of the matrix on a palette. */
    public Rgb colorOf(NumaMatrix m, double v, Palette palette) {
        if (!Double.isFinite(v)) {
            return palette.missing();
        }
        double[] r = scaleRange(m);
        ColorScale s = scaleFor(m, palette);
        return s.at(s.position(v, r[0], r[1]));
    }

    /** Paints the heatmap into the rectangle on white (prints, exports); returns the layout of its cells. */
    public Layout paint(Painter p, NumaMatrix m, double x, double y, double w, double h) {
        return paint(p, m, x, y, w, h, Palette.LIGHT);
    }

    /** Paints the heatmap into the rectangle on a palette; returns the layout of its cells. */
    public Layout paint(Painter p, NumaMatrix m, double x, double y, double w, double h, Palette palette) {
        return paint(p, m, x, y, w, h, palette, true);
    }

    /** Paints the heatmap, with the matrix's title line or without it (a figure's title is above). */
    public Layout paint(Painter p, NumaMatrix m, double x, double y, double w, double h, Palette palette, boolean titled) {
        final Rgb background = palette.background();
        final Rgb textColor = palette.text();
        p.fillRect(x, y, w, h, background);
        double top = y + (titled ? PAD + TITLE : 0);
        if (titled) {
            p.text(m.title(), x + PAD, top, TITLE, true, textColor);
        }
        if (m.singleNode()) {
            top += LABEL + 8;
            p.text(words.t("heatmap.singleNode", SINGLE_NODE), x + PAD, top, LABEL, false, palette.warning());
        }
        double rowLabelW = 0;
        for (String r : m.rows()) {
            rowLabelW = Math.max(rowLabelW, p.textWidth(r, LABEL, false));
        }
        double noteW = 0;
        for (String n : m.rowNotes()) {
            for (String part : n.split("; ")) {
                noteW = Math.max(noteW, p.textWidth(part, LABEL - 1, false));
            }
        }
        noteW = Math.min(noteW, w * 0.35);
        int rows = m.rows().size();
        int cols = m.columns().size();
        double gridX = x + PAD + rowLabelW + 8;
        double gridY = top + 10 + LABEL + 6;
        double legendH = 14;
        double legendBlock = legendH + LABEL + 22;
        double availW = x + w - PAD - (noteW > 0 ? noteW + 12 : 0) - gridX;
        double availH = y + h - PAD - legendBlock - gridY;
        double cellW = Math.max(8, Math.min(MAX_CELL, availW / Math.max(1, cols)));
        double cellH = Math.max(8, Math.min(availH / Math.max(1, rows), cellW * 0.75 + 20));
        int noteLines = 1;
        for (String n : m.rowNotes()) {
            noteLines = Math.max(noteLines, wrap(p, n, noteW).size());
        }
        cellH = Math.max(cellH, noteLines * (LABEL + 2) + 6);
        if (m.nodeByNode()) {
            double s = Math.min(cellW, cellH);
            cellW = s;
            cellH = s;
        }
        double gridW = cellW * cols;
        double gridH = cellH * rows;
        // column labels (shrunk to fit the cell width)
        for (int j = 0; j < cols; j++) {
            String c = m.columns().get(j);
            double fs = fit(p, c, cellW - 4, LABEL, 7, false);
            double tw = p.textWidth(c, fs, false);
            p.text(c, gridX + j * cellW + (cellW - tw) / 2, gridY - 6, fs, false, textColor);
        }
        double[] range = scaleRange(m);
        for (int i = 0; i < rows; i++) {
            String r = m.rows().get(i);
            double cy = gridY + i * cellH;
            p.text(r, gridX - 8 - p.textWidth(r, LABEL, false), cy + cellH / 2 + LABEL / 3, LABEL, false, textColor);
            for (int j = 0; j < cols; j++) {
                double v = m.value(i, j);
                double cx = gridX + j * cellW;
                Rgb fill = colorOf(m, v, palette);
                p.fillRect(cx, cy, cellW, cellH, fill);
                p.strokeRect(cx, cy, cellW, cellH, background, 1);
                boolean local = m.nodeByNode() && i == j;
                String text = Double.isFinite(v) ? format(v, m.unit()) : "n/a";
                Rgb ink = fill.luminance() < 0.5 ? Rgb.WHITE : Rgb.BLACK;
                double fs = fit(p, text, cellW - 6, LABEL + 1, 7, true);
                if (cellH >= fs + 4 && p.textWidth(text, fs, true) <= cellW - 4) {
                    double ty = cy + cellH / 2 + fs / 3 - (local && cellH > 2 * fs + 8 ? fs * 0.5 : 0);
                    p.text(text, cx + (cellW - p.textWidth(text, fs, true)) / 2, ty, fs, true, ink);
                }
                if (local) {
                    p.strokeRect(cx + 2, cy + 2, cellW - 4, cellH - 4, LOCAL_OUTLINE, 3);
                    double lf = Math.min(LABEL - 1, Math.max(7, cellH / 5));
                    if (cellH > 2 * lf + 8) {
                        String localWord = words.t("heatmap.local", "local");
                        double lw = p.textWidth(localWord, lf, false);
                        p.text(localWord, cx + (cellW - lw) / 2, cy + cellH / 2 + lf * 1.6, lf, false, ink);
                    }
                }
            }
            if (i < m.rowNotes().size() && noteW > 0) {
                // one line per "; "-separated part, centred on the row, clipped to the row
                String[] parts = wrap(p, m.rowNotes().get(i), noteW).toArray(new String[0]);
                double lh = LABEL + 2;
                double first = cy + cellH / 2 - (parts.length - 1) * lh / 2 + LABEL / 3;
                p.pushClip(gridX + gridW + 10, cy, x + w - (gridX + gridW + 10), cellH);
                for (int k = 0; k < parts.length; k++) {
                    p.text(parts[k], gridX + gridW + 12, first + k * lh, LABEL - 1, false, textColor);
                }
                p.popClip();
            }
        }
        // legend: a gradient bar with its range and unit
        double legendX = gridX;
        double legendY = gridY + gridH + 14;
        double legendW = Math.max(120, Math.min(gridW, 360));
        ColorScale s = scaleFor(m, palette);
        int steps = 64;
        for (int k = 0; k < steps; k++) {
            p.fillRect(legendX + legendW * k / steps, legendY, legendW / steps + 0.5, legendH, s.at((k + 0.5) / steps));
        }
        p.strokeRect(legendX, legendY, legendW, legendH, palette.outline(), 1);
        double lo = range[0];
        double hi = range[1];
        if (s.diverging()) {
            double mAbs = Math.max(Math.abs(lo), Math.abs(hi));
            lo = -mAbs;
            hi = mAbs;
        }
        String loText = format(lo, m.unit());
        String hiText = format(hi, m.unit());
        double ly = legendY + legendH + LABEL + 2;
        p.text(loText, legendX, ly, LABEL - 1, false, textColor);
        p.text(hiText, legendX + legendW - p.textWidth(hiText, LABEL - 1, false), ly, LABEL - 1, false, textColor);
        String mid = s.diverging() ? words.t("heatmap.noChange", "0 (no change)") : NumaMatrices.unitWords(m.unit(), words);
        if (!mid.isBlank()) {
            p.text(mid, legendX + (legendW - p.textWidth(mid, LABEL - 1, false)) / 2, ly, LABEL - 1, false, textColor);
        }
        String scaleName = s.name() + (m.nodeByNode() ? "   " + words.t("heatmap.diagonal", "outlined diagonal = local node") : "");
        p.text(scaleName, legendX + legendW + 12, legendY + legendH - 2, LABEL - 2, false, palette.mutedText());
        return new Layout(gridX, gridY, cellW, cellH, rows, cols, legendX, legendY, legendW, legendH);
    }

    /** Note lines: one per "; " part, a part wider than the note column broken after ", ". */
    private static java.util.List<String> wrap(Painter p, String note, double width) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (String part : note.split("; ")) {
            StringBuilder line = new StringBuilder();
            for (String piece : part.split("(?<=, )")) {
                if (line.length() > 0 && p.textWidth(line + piece, LABEL - 1, false) > width) {
                    out.add(line.toString().stripTrailing());
                    line.setLength(0);
                }
                line.append(piece);
            }
            out.add(line.toString());
        }
        return out;
    }

    private static double fit(Painter p, String text, double width, double max, double min, boolean bold) {
        double fs = max;
        while (fs > min && p.textWidth(text, fs, bold) > width) {
            fs -= 1;
        }
        return fs;
    }

    /** Short value text: shares as percent, large numbers with k/M/G, others with up to 2 decimals. */
    public static String format(double v, String unit) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        if (unit != null && unit.startsWith("share")) {
            return String.format(Locale.ROOT, "%.1f%%", v * 100);
        }
        double a = Math.abs(v);
        if (a >= 1e9) {
            return String.format(Locale.ROOT, "%.2fG", v / 1e9);
        }
        if (a >= 1e6) {
            return String.format(Locale.ROOT, "%.2fM", v / 1e6);
        }
        if (a >= 1e4) {
            return String.format(Locale.ROOT, "%.1fk", v / 1e3);
        }
        if (v == Math.rint(v) || a >= 1000) {
            return String.format(Locale.ROOT, "%d", Math.round(v));
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
