package io.tunescope.analysis.flame;

import io.tunescope.analysis.calltree.CallTree;

/**
 * Rectangles of a call tree in weight x depth units: node n spans {@code [x(n), x(n) + width(n))} in
 * weight and sits on row {@code depth(n)} (row 0 = the root). Zoomed on a node, that node spans the full
 * width ({@link #span()}) and so do its ancestors; nodes outside the zoomed subtree are not laid out.
 * Siblings are packed from the left in the tree's order (by name); a node's self weight is the gap to the
 * right of its children. Immutable and O(1) to create: painting ({@link #visit}) and hit testing compute
 * positions on the fly for the nodes they touch; {@link #x} computes all positions once on first use.
 */
public final class FlameLayout {
    private final CallTree tree;
    private final int column;
    private final int zoom;
    private final Orientation orientation;
    private volatile long[] x;
    private final long span;
    private final int rows;

    private FlameLayout(CallTree tree, int column, int zoom, Orientation orientation, int rows) {
        this.tree = tree;
        this.column = column;
        this.zoom = zoom;
        this.orientation = orientation;
        this.span = tree.total(column, zoom);
        this.rows = rows;
    }

    private static int rowsOf(CallTree tree, int column, int zoom) {
        return tree.depth(zoom) + tree.height(column, zoom) + 1;
    }

    /** Positions of every laid-out node, computed once on first use (painting and hit testing do not need them). */
    private long[] positions() {
        long[] p = x;
        if (p == null) {
            int end = tree.end(zoom);
            p = new long[end - zoom];
            // pre-order visits siblings left to right with only their descendants in between, so one running
            // position per depth is enough: reset it at each first child, advance it by each node's weight
            long[] next = new long[tree.maxDepth() + 2];
            for (int n = zoom + 1; n < end; n++) {
                int d = tree.depth(n);
                if (tree.parent(n) == n - 1) {
                    next[d] = p[n - 1 - zoom];
                }
                p[n - zoom] = next[d];
                next[d] += tree.total(column, n);
            }
            x = p;
        }
        return p;
    }

    public static FlameLayout of(CallTree tree, int column, int zoom, Orientation orientation) {
        if (zoom < 0 || zoom >= tree.size()) {
            throw new IllegalArgumentException("no node " + zoom);
        }
        return new FlameLayout(tree, column, zoom, orientation, rowsOf(tree, column, zoom));
    }

    public static FlameLayout of(CallTree tree) {
        return of(tree, 0, 0, Orientation.FLAME);
    }

    public FlameLayout withOrientation(Orientation o) {
        return o == orientation ? this : new FlameLayout(tree, column, zoom, o, rows);
    }

    public CallTree tree() {
        return tree;
    }

    public int column() {
        return column;
    }

    public int zoom() {
        return zoom;
    }

    public Orientation orientation() {
        return orientation;
    }

    /** Weight of the zoomed node: the full width. */
    public long span() {
        return span;
    }

    /** Number of rows: depth of the deepest laid-out node with weight, plus one. */
    public int rows() {
        return rows;
    }

    /** True for the zoomed node, its ancestors and its descendants. */
    public boolean isLaidOut(int n) {
        return tree.contains(zoom, n) || tree.contains(n, zoom);
    }

    /** Left edge in weight units; 0 for the zoomed node and its ancestors. */
    public long x(int n) {
        if (n <= zoom) {
            return 0;
        }
        return positions()[n - zoom];
    }

    /** Width in weight units: the span for the zoomed node's ancestors, the node's total otherwise. */
    public long width(int n) {
        if (n <= zoom) {
            return span;
        }
        return tree.total(column, n);
    }

    /** Row of a node (its depth). */
    public int row(int n) {
        return tree.depth(n);
    }

    /** Top of a row in row units from the top of the picture (flame: the root row is at the bottom). */
    public int rowFromTop(int row) {
        return orientation == Orientation.ICICLE ? row : rows - 1 - row;
    }

    /** Row shown at a given position from the top (inverse of {@link #rowFromTop}). */
    public int rowAtFromTop(int fromTop) {
        return orientation == Orientation.ICICLE ? fromTop : rows - 1 - fromTop;
    }

    /** The laid-out node covering weight position wx on a row, or -1. */
    public int nodeAt(double wx, int row) {
        if (row < 0 || wx < 0 || wx >= span) {
            return -1;
        }
        int zd = tree.depth(zoom);
        if (row <= zd) {
            int n = zoom;
            while (tree.depth(n) > row) {
                n = tree.parent(n);
            }
            return n;
        }
        int n = zoom;
        long nx = 0;
        while (tree.depth(n) < row) {
            int found = -1;
            long cx = nx;
            for (int c = tree.firstChild(n); c >= 0; c = tree.nextSibling(c)) {
                long w = tree.total(column, c);
                if (w != 0 && wx >= cx && wx < cx + w) {
                    found = c;
                    nx = cx;
                    break;
                }
                cx += w;
                if (cx > wx) {
                    break;
                }
            }
            if (found < 0) {
                return -1;
            }
            n = found;
        }
        return n;
    }

    /**
     * Visits the frames intersecting the weight window {@code [wx0, wx1)} and rows {@code [row0, row1)}.
     * Frames narrower than {@code minWidth} weight units are not visited one by one: runs of adjacent
     * narrow frames on a row are merged into one block, reported with the number of frames it hides
     * (including their descendants), once the block is at least {@code minWidth} wide; narrower leftovers
     * are dropped. Ancestors of the zoomed node are visited as full-width frames.
     */
    public void visit(double wx0, double wx1, int row0, int row1, double minWidth, Visitor v) {
        int zd = tree.depth(zoom);
        for (int n = zoom; n >= 0; n = tree.parent(n)) {
            int d = tree.depth(n);
            if (d >= row0 && d < row1 && span > 0) {
                v.frame(n, 0, span, d);
            }
        }
        int end = tree.end(zoom);
        // one pending merged run per row
        int maxRows = rows + 1;
        double[] runX = new double[maxRows];
        double[] runW = new double[maxRows];
        int[] runCount = new int[maxRows];
        // positions on the fly, as in positions(): the running position of each depth and the position of
        // the last visited node of each depth (a first child starts at its parent's position)
        long[] next = new long[tree.maxDepth() + 2];
        long[] last = new long[tree.maxDepth() + 2];
        int n = zoom + 1;
        while (n < end) {
            long w = tree.total(column, n);
            int d = tree.depth(n);
            if (tree.parent(n) == n - 1) {
                next[d] = last[d - 1];
            }
            long nx = next[d];
            last[d] = nx;
            next[d] += w;
            if (w == 0 || nx >= wx1 || nx + w <= wx0 || d >= row1) {
                n = tree.end(n);
                continue;
            }
            if (w < minWidth) {
                if (d >= row0) {
                    if (runCount[d] > 0 && Math.abs(runX[d] + runW[d] - nx) < 1e-9) {
                        runW[d] += w;
                    } else {
                        flush(runX, runW, runCount, d, minWidth, v);
                        runX[d] = nx;
                        runW[d] = w;
                    }
                    runCount[d] += tree.end(n) - n;
                }
                n = tree.end(n);
                continue;
            }
            if (d >= row0) {
                flush(runX, runW, runCount, d, minWidth, v);
                v.frame(n, nx, w, d);
            }
            n++;
        }
        for (int d = zd; d < maxRows; d++) {
            flush(runX, runW, runCount, d, minWidth, v);
        }
    }

    private static void flush(double[] runX, double[] runW, int[] runCount, int d, double minWidth, Visitor v) {
        if (runCount[d] > 0) {
            if (runW[d] >= minWidth) {
                v.merged(runX[d], runW[d], d, runCount[d]);
            }
            runCount[d] = 0;
            runW[d] = 0;
        }
    }

    /** Receives laid-out frames in pre-order and merged runs of narrow frames. */
    public interface Visitor {
        void frame(int node, double x, double width, int row);

        void merged(double x, double width, int row, int hiddenFrames);
    }
}
