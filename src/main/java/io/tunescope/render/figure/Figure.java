package io.tunescope.render.figure;

import io.tunescope.render.Painter;
import io.tunescope.render.Palette;
import io.tunescope.render.Rgb;
import java.util.ArrayList;
import java.util.List;

/**
 * A figure for a report: a title line (what it shows), an optional second line, the picture, its legend
 * (colour swatches with their meaning, and sentences such as "red: share grew from A to B") and a caption
 * (capture, step, window, unit, sample count, Tunescope version and date). Painted through a {@link Painter}, so
 * the same figure becomes a PNG (Java2D), an SVG ({@link io.tunescope.render.SvgPainter}) or, for charts drawn by
 * Java2D, a vector PDF. Always on the light palette: figures go into printed reports.
 *
 * <p>The figure is laid out for a width; {@link #height(Painter, double)} is the height it then needs.
 */
public final class Figure {
    public static final double PAD = 16;
    public static final double TITLE_SIZE = 16;
    public static final double SUBTITLE_SIZE = 12;
    public static final double LEGEND_SIZE = 11.5;
    public static final double CAPTION_SIZE = 10.5;
    private static final Palette PALETTE = Palette.LIGHT;
    private static final Rgb SWATCH_OUTLINE = new Rgb(120, 120, 120);
    private static final Rgb RULE = Rgb.hex(0xd0d0d0);

    /** The picture of a figure: how tall it is at a width, and how it paints itself into a rectangle. */
    public interface Body {
        double height(Painter measure, double width);

        void paint(Painter p, double x, double y, double w, double h);

        /** Whether it draws through any {@link Painter} (false: it needs Java2D, as JFreeChart charts do). */
        default boolean vector() {
            return true;
        }
    }

    /** A legend entry: a colour swatch and what it means. */
    public record Swatch(String label, Rgb color) {
    }

    private final String title;
    private final String subtitle;
    private final Body body;
    private final List<Swatch> swatches;
    private final List<String> notes;
    private final List<String> caption;

    /**
     * @param subtitle a second line under the title (search, filter), or null
     * @param notes    legend sentences (a diff's direction in words), drawn after the swatches
     * @param caption  caption lines, drawn small under a thin rule
     */
    public Figure(String title, String subtitle, Body body, List<Swatch> swatches, List<String> notes, List<String> caption) {
        this.title = title == null ? "" : title;
        this.subtitle = subtitle;
        this.body = body;
        this.swatches = List.copyOf(swatches);
        this.notes = List.copyOf(notes);
        this.caption = List.copyOf(caption);
    }

    public String title() {
        return title;
    }

    public String subtitle() {
        return subtitle;
    }

    public List<Swatch> swatches() {
        return swatches;
    }

    public List<String> notes() {
        return notes;
    }

    public List<String> caption() {
        return caption;
    }

    public Body body() {
        return body;
    }

    /** Whether the whole figure can be drawn through any painter (SVG); charts need Java2D (PNG, PDF). */
    public boolean vector() {
        return body.vector();
    }

    /** Height of the title rows: the title and, when there is one, the subtitle. */
    public double titleRowsHeight(Painter measure, double width) {
        double h = PAD + wrap(measure, title, width - 2 * PAD, TITLE_SIZE, true).size() * (TITLE_SIZE + 5);
        if (subtitle != null && !subtitle.isBlank()) {
            h += wrap(measure, subtitle, width - 2 * PAD, SUBTITLE_SIZE, false).size() * (SUBTITLE_SIZE + 4);
        }
        return h + 6;
    }

    /** The height the figure needs at a width. */
    public double height(Painter measure, double width) {
        double inner = width - 2 * PAD;
        double h = titleRowsHeight(measure, width);
        h += body.height(measure, inner);
        h += legendHeight(measure, inner);
        h += captionHeight(measure, inner);
        return Math.ceil(h + PAD);
    }

    /** Paints the figure at (0, 0) at a width, on white; returns the height it used. */
    public double paint(Painter p, double width) {
        double height = height(p, width);
        p.fillRect(0, 0, width, height, PALETTE.background());
        double inner = width - 2 * PAD;
        double y = PAD;
        for (String line : wrap(p, title, inner, TITLE_SIZE, true)) {
            y += TITLE_SIZE;
            p.text(line, PAD, y, TITLE_SIZE, true, PALETTE.text());
            y += 5;
        }
        if (subtitle != null && !subtitle.isBlank()) {
            for (String line : wrap(p, subtitle, inner, SUBTITLE_SIZE, false)) {
                y += SUBTITLE_SIZE;
                p.text(line, PAD, y, SUBTITLE_SIZE, false, PALETTE.mutedText());
                y += 4;
            }
        }
        y += 6;
        double bh = body.height(p, inner);
        body.paint(p, PAD, y, inner, bh);
        y += bh;
        y = paintLegend(p, PAD, y, inner);
        paintCaption(p, PAD, y, inner);
        return height;
    }

    private double legendHeight(Painter measure, double width) {
        if (swatches.isEmpty() && notes.isEmpty()) {
            return 0;
        }
        double h = 8 + swatchRows(measure, width).size() * (LEGEND_SIZE + 8);
        for (String n : notes) {
            h += wrap(measure, n, width, LEGEND_SIZE, false).size() * (LEGEND_SIZE + 5);
        }
        return h + 2;
    }

    /** Swatches split into rows that fit the width. */
    private List<List<Swatch>> swatchRows(Painter measure, double width) {
        List<List<Swatch>> rows = new ArrayList<>();
        List<Swatch> row = new ArrayList<>();
        double x = 0;
        for (Swatch s : swatches) {
            double w = swatchWidth(measure, s);
            if (!row.isEmpty() && x + w > width) {
                rows.add(row);
                row = new ArrayList<>();
                x = 0;
            }
            row.add(s);
            x += w;
        }
        if (!row.isEmpty()) {
            rows.add(row);
        }
        return rows;
    }

    private static double swatchWidth(Painter measure, Swatch s) {
        return LEGEND_SIZE + 5 + measure.textWidth(s.label(), LEGEND_SIZE, false) + 16;
    }

    private double paintLegend(Painter p, double x, double y, double width) {
        if (swatches.isEmpty() && notes.isEmpty()) {
            return y;
        }
        y += 8;
        for (List<Swatch> row : swatchRows(p, width)) {
            double cx = x;
            for (Swatch s : row) {
                p.fillRect(cx, y, LEGEND_SIZE, LEGEND_SIZE, s.color());
                p.strokeRect(cx, y, LEGEND_SIZE, LEGEND_SIZE, SWATCH_OUTLINE, 0.5);
                p.text(s.label(), cx + LEGEND_SIZE + 5, y + LEGEND_SIZE * 0.88, LEGEND_SIZE, false, PALETTE.text());
                cx += swatchWidth(p, s);
            }
            y += LEGEND_SIZE + 8;
        }
        for (String n : notes) {
            for (String line : wrap(p, n, width, LEGEND_SIZE, false)) {
                y += LEGEND_SIZE;
                p.text(line, x, y, LEGEND_SIZE, false, PALETTE.text());
                y += 5;
            }
        }
        return y + 2;
    }

    private double captionHeight(Painter measure, double width) {
        if (caption.isEmpty()) {
            return 0;
        }
        double h = 10;
        for (String c : caption) {
            h += wrap(measure, c, width, CAPTION_SIZE, false).size() * (CAPTION_SIZE + 4);
        }
        return h;
    }

    private void paintCaption(Painter p, double x, double y, double width) {
        if (caption.isEmpty()) {
            return;
        }
        y += 4;
        p.line(x, y, x + width, y, RULE, 0.75);
        y += 6;
        for (String c : caption) {
            for (String line : wrap(p, c, width, CAPTION_SIZE, false)) {
                y += CAPTION_SIZE;
                p.text(line, x, y, CAPTION_SIZE, false, PALETTE.mutedText());
                y += 4;
            }
        }
    }

    /** Lines of at most {@code width}: broken at spaces, a word wider than the line broken anywhere. */
    static List<String> wrap(Painter measure, String text, double width, double size, boolean bold) {
        List<String> out = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            return out;
        }
        StringBuilder line = new StringBuilder();
        for (String word : text.split("(?<= )")) {
            if (line.length() > 0 && measure.textWidth(line + word.stripTrailing(), size, bold) > width) {
                out.add(line.toString().stripTrailing());
                line.setLength(0);
            }
            line.append(word);
            // a word (or a run of CJK text without spaces) wider than the line: cut it
            while (line.length() > 1 && measure.textWidth(line.toString().stripTrailing(), size, bold) > width) {
                int cut = line.length() - 1;
                while (cut > 1 && measure.textWidth(line.substring(0, cut), size, bold) > width) {
                    cut--;
                }
                if (Character.isLowSurrogate(line.charAt(cut)) && cut > 1) {
                    cut--;
                }
                out.add(line.substring(0, cut));
                line.delete(0, cut);
            }
        }
        if (line.length() > 0 && !line.toString().isBlank()) {
            out.add(line.toString().stripTrailing());
        }
        return out;
    }
}
