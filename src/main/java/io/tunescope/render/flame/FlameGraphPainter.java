package io.tunescope.render.flame;

import io.tunescope.render.Painter;
import io.tunescope.render.Palette;
import io.tunescope.render.Rgb;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.flame.FlameLayout;
import io.tunescope.analysis.flame.FlameSearch;
import io.tunescope.analysis.flame.FrameNames;
import io.tunescope.analysis.flame.Orientation;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Paints a {@link FlameLayout} through a {@link Painter}: only the frames inside the viewport, frames
 * narrower than a pixel merged into grey blocks, labels only where they fit (readable C++ names, shorter
 * forms, then truncated with ".."), search matches in magenta, a highlighted function outlined, new/gone
 * diff frames marked. The same code draws the JavaFX canvas, PNG and PDF. Breadcrumbs are the view's job.
 *
 * <p>Not thread-safe (it caches readable names of the last tree); use one per view.
 */
public final class FlameGraphPainter {
    /** Where and how to draw. Rows grow away from the root; scrollY moves the picture towards deeper rows. */
    public record View(double left, double top, double width, double height, double rowHeight, double fontSize,
                       double viewStart, double viewEnd, double scrollY, boolean shortenTemplates,
                       FlameSearch search, IntPredicate highlightFrame, int hoverNode) {

        /** A view of the whole layout's span in the given area, default row height and font. */
        public static View of(FlameLayout l, double left, double top, double width, double height) {
            return new View(left, top, width, height, 18, 11.5, 0, l.span(), 0, false, null, null, -1);
        }

        public View withWindow(double start, double end) {
            return new View(left, top, width, height, rowHeight, fontSize, start, end, scrollY, shortenTemplates, search,
                    highlightFrame, hoverNode);
        }

        public View withScrollY(double s) {
            return new View(left, top, width, height, rowHeight, fontSize, viewStart, viewEnd, s, shortenTemplates, search,
                    highlightFrame, hoverNode);
        }

        public View withSearch(FlameSearch s) {
            return new View(left, top, width, height, rowHeight, fontSize, viewStart, viewEnd, scrollY, shortenTemplates, s,
                    highlightFrame, hoverNode);
        }

        public View withHighlight(IntPredicate frames) {
            return new View(left, top, width, height, rowHeight, fontSize, viewStart, viewEnd, scrollY, shortenTemplates,
                    search, frames, hoverNode);
        }

        public View withHover(int node) {
            return new View(left, top, width, height, rowHeight, fontSize, viewStart, viewEnd, scrollY, shortenTemplates,
                    search, highlightFrame, node);
        }

        public View withShortenTemplates(boolean s) {
            return new View(left, top, width, height, rowHeight, fontSize, viewStart, viewEnd, scrollY, s, search,
                    highlightFrame, hoverNode);
        }

        public View withRowHeight(double rh, double font) {
            return new View(left, top, width, height, rh, font, viewStart, viewEnd, scrollY, shortenTemplates, search,
                    highlightFrame, hoverNode);
        }

        /** Weight units per pixel. */
        public double weightPerPixel() {
            return (viewEnd - viewStart) / Math.max(1e-9, width);
        }
    }

    /** What one paint did. */
    public record Stats(int frames, int mergedBlocks, int hiddenFrames, int labels) {
    }

    public static final Rgb BACKGROUND = Rgb.WHITE;
    private static final Rgb TEXT_DARK = new Rgb(20, 20, 20);
    private static final Rgb TEXT_LIGHT = Rgb.WHITE;
    private static final Rgb HIGHLIGHT = new Rgb(20, 20, 20);
    private static final Rgb HOVER = new Rgb(0, 0, 0);

    private CallTree cachedTree;
    private boolean cachedShorten;
    private String[] readable;
    private double charWidthFont = -1;
    private double charWidth;

    /** Pixel y of the top of a row. */
    public static double rowTop(FlameLayout l, View v, int row) {
        if (l.orientation() == Orientation.ICICLE) {
            return v.top() + row * v.rowHeight() - v.scrollY();
        }
        return v.top() + v.height() - (row + 1) * v.rowHeight() + v.scrollY();
    }

    /** Row under a pixel y (may be outside [0, rows)). */
    public static int rowAt(FlameLayout l, View v, double py) {
        if (l.orientation() == Orientation.ICICLE) {
            return (int) Math.floor((py - v.top() + v.scrollY()) / v.rowHeight());
        }
        return (int) Math.floor((v.top() + v.height() + v.scrollY() - py) / v.rowHeight());
    }

    /** The node under a pixel, or -1. */
    public static int nodeAt(FlameLayout l, View v, double px, double py) {
        if (px < v.left() || px >= v.left() + v.width() || py < v.top() || py >= v.top() + v.height()) {
            return -1;
        }
        double wx = v.viewStart() + (px - v.left()) * v.weightPerPixel();
        return l.nodeAt(wx, rowAt(l, v, py));
    }

    /** Pixel x of a weight position. */
    public static double pixelX(View v, double wx) {
        return v.left() + (wx - v.viewStart()) / v.weightPerPixel();
    }

    /** Height in pixels of the whole picture of a layout (all rows). */
    public static double pictureHeight(FlameLayout l, View v) {
        return l.rows() * v.rowHeight();
    }

    /** Paints on white (prints, exports, the light theme). */
    public Stats paint(Painter p, FlameLayout l, FlameColors colors, View v) {
        return paint(p, l, colors, v, Palette.LIGHT);
    }

    /**
     * Paints on a palette's background; merged blocks take the palette's grey. Frame fills are the same on
     * every palette (they are the data) and labels keep their contrast to the fill, not to the background.
     */
    public Stats paint(Painter p, FlameLayout l, FlameColors colors, View v, Palette palette) {
        CallTree tree = l.tree();
        final Rgb merged = palette.dark() ? palette.merged() : FlameColors.MERGED;
        prepareNames(tree, v.shortenTemplates());
        if (charWidthFont != v.fontSize()) {
            charWidth = p.textWidth("abcdefghijklmnopqrstuvwxyz_ABCDEFGHIJ::", v.fontSize(), false) / 39.0;
            charWidthFont = v.fontSize();
        }
        p.pushClip(v.left(), v.top(), v.width(), v.height());
        p.fillRect(v.left(), v.top(), v.width(), v.height(), palette.background());
        double wpp = v.weightPerPixel();
        // visible rows
        int rA = rowAt(l, v, v.top());
        int rB = rowAt(l, v, v.top() + v.height() - 1e-6);
        int row0 = Math.max(0, Math.min(rA, rB));
        int row1 = Math.min(l.rows(), Math.max(rA, rB) + 1);
        int[] counts = new int[4];
        double rh = v.rowHeight();
        double baselineOffset = rh / 2 + v.fontSize() * 0.36;
        FlameSearch search = v.search();
        IntPredicate hl = v.highlightFrame();
        l.visit(v.viewStart(), v.viewEnd(), row0, row1, wpp, new FlameLayout.Visitor() {
            @Override
            public void frame(int node, double x, double w, int row) {
                double px0 = Math.max(v.left() - 1, pixelX(v, x));
                double px1 = Math.min(v.left() + v.width() + 1, pixelX(v, x + w));
                double pw = px1 - px0;
                double py = rowTop(l, v, row);
                int f = tree.frame(node);
                boolean matched = search != null && search.matchesFrame(f);
                Rgb fill = matched ? FlameColors.SEARCH : colors.fill(node);
                double gap = pw >= 3 ? 0.5 : 0;
                p.fillRect(px0, py, Math.max(0.5, pw - gap), rh - 1, fill);
                FlameColors.Mark mark = colors.mark(node);
                if (mark != FlameColors.Mark.NONE) {
                    p.fillRect(px0, py, Math.max(0.5, pw - gap), 3, mark == FlameColors.Mark.NEW ? HIGHLIGHT : new Rgb(110, 110, 110));
                }
                if (hl != null && f >= 0 && hl.test(f)) {
                    p.strokeRect(px0 + 1, py + 1, Math.max(0.5, pw - gap - 2), rh - 3, HIGHLIGHT, 2);
                }
                if (node == v.hoverNode()) {
                    p.strokeRect(px0 + 0.5, py + 0.5, Math.max(0.5, pw - gap - 1), rh - 2, HOVER, 1);
                }
                counts[0]++;
                String label = label(node, f, mark, pw - 6);
                if (label != null) {
                    p.text(label, px0 + 3, py + baselineOffset, v.fontSize(), false,
                            fill.luminance() < 0.5 ? TEXT_LIGHT : TEXT_DARK);
                    counts[3]++;
                }
            }

            @Override
            public void merged(double x, double w, int row, int hidden) {
                double px0 = pixelX(v, x);
                double pw = w / wpp;
                p.fillRect(px0, rowTop(l, v, row), Math.max(1, pw), rh - 1, merged);
                counts[1]++;
                counts[2] += hidden;
            }
        });
        p.popClip();
        return new Stats(counts[0], counts[1], counts[2], counts[3]);
    }

    private void prepareNames(CallTree tree, boolean shorten) {
        if (tree != cachedTree || shorten != cachedShorten) {
            cachedTree = tree;
            cachedShorten = shorten;
            readable = new String[tree.frames().size()];
        }
    }

    /** The readable (display) name of a frame id, cached. */
    public String readableName(CallTree tree, int frameId, boolean shortenTemplates) {
        if (frameId < 0) {
            return CallTree.ROOT_NAME;
        }
        prepareNames(tree, shortenTemplates);
        String r = readable[frameId];
        if (r == null) {
            r = FrameNames.readable(tree.frames().get(frameId), shortenTemplates);
            readable[frameId] = r;
        }
        return r;
    }

    private String label(int node, int f, FlameColors.Mark mark, double room) {
        int maxChars = (int) Math.floor(room / charWidth);
        if (maxChars < 3) {
            return null;
        }
        String prefix = mark == FlameColors.Mark.NEW ? "+ " : mark == FlameColors.Mark.GONE ? "- " : "";
        String name = f < 0 ? CallTree.ROOT_NAME : readableName(cachedTree, f, cachedShorten);
        String full = prefix + name;
        if (full.length() <= maxChars) {
            return full;
        }
        for (String s : FrameNames.shorterForms(name)) {
            if (prefix.length() + s.length() <= maxChars) {
                return prefix + s;
            }
        }
        String[] forms = FrameNames.shorterForms(name);
        String shortest = prefix + forms[forms.length - 1];
        return shortest.substring(0, maxChars - 2) + "..";
    }

    /** Paints legend entries in one row from (x, y); returns the x after the last entry. */
    public static double paintLegend(Painter p, List<FlameColors.Legend> legend, double x, double y, double fontSize) {
        return paintLegend(p, legend, x, y, fontSize, Palette.LIGHT);
    }

    /** Paints legend entries in one row from (x, y) in a palette's text colour; returns the x after the last. */
    public static double paintLegend(Painter p, List<FlameColors.Legend> legend, double x, double y, double fontSize,
                                     Palette palette) {
        double cx = x;
        for (FlameColors.Legend e : legend) {
            p.fillRect(cx, y, fontSize, fontSize, e.color());
            p.strokeRect(cx, y, fontSize, fontSize, new Rgb(120, 120, 120), 0.5);
            cx += fontSize + 4;
            p.text(e.label(), cx, y + fontSize * 0.85, fontSize, false, palette.dark() ? palette.text() : TEXT_DARK);
            cx += p.textWidth(e.label(), fontSize, false) + 14;
        }
        return cx;
    }
}
