package io.tunescope.analysis.flame;

import io.tunescope.analysis.calltree.CallTree;

/**
 * Moving a keyboard cursor over the frames of a {@link FlameLayout}: to the parent, to a child, and to the
 * neighbours on the same row, in screen directions (up is towards the children in a flame graph and towards
 * the root in an icicle). Only frames the picture draws are visited: laid out, with weight in the layout's
 * column, and at least {@code minWeight} wide (the painter merges narrower frames into grey blocks; pass
 * the weight of one pixel). Every method returns the node to go to, or the given node when there is none
 * in that direction. Pure functions of the layout; O(nodes of the zoomed subtree) at worst.
 */
public final class FlameNavigation {
    private FlameNavigation() {
    }

    /** A direction on the screen. */
    public enum Move {
        UP, DOWN, LEFT, RIGHT
    }

    /**
     * The frame in a screen direction from {@code node}. {@code remembered} is the child to prefer when going
     * towards the children (the one the cursor came up from), or -1: then the widest child.
     */
    public static int move(FlameLayout l, int node, Move m, double minWeight, int remembered) {
        if (!isVisible(l, node, 0)) {
            return node;
        }
        boolean upIsChild = l.orientation() == Orientation.FLAME;
        return switch (m) {
            case UP -> upIsChild ? child(l, node, minWeight, remembered) : parent(l, node);
            case DOWN -> upIsChild ? parent(l, node) : child(l, node, minWeight, remembered);
            case LEFT -> neighbour(l, node, false, minWeight);
            case RIGHT -> neighbour(l, node, true, minWeight);
        };
    }

    /** Whether the picture draws the node as a frame of its own. */
    public static boolean isVisible(FlameLayout l, int node, double minWeight) {
        if (node < 0 || node >= l.tree().size() || !l.isLaidOut(node)) {
            return false;
        }
        long w = l.width(node);
        return w > 0 && w >= minWeight;
    }

    /** The parent (the root stays). */
    public static int parent(FlameLayout l, int node) {
        int p = l.tree().parent(node);
        return node <= 0 || p < 0 ? node : p;
    }

    /**
     * A drawn child: towards the zoomed frame when {@code node} is one of its ancestors, else
     * {@code remembered} when it is a drawn child of {@code node}, else the widest drawn child (the first of
     * equals, in the picture's left-to-right order).
     */
    public static int child(FlameLayout l, int node, double minWeight, int remembered) {
        CallTree t = l.tree();
        int zoom = l.zoom();
        if (node < zoom && t.contains(node, zoom)) {
            int c = zoom;
            while (t.parent(c) != node) {
                c = t.parent(c);
            }
            return c;
        }
        if (remembered > 0 && remembered < t.size() && t.parent(remembered) == node && isVisible(l, remembered, minWeight)) {
            return remembered;
        }
        int best = node;
        long bestWeight = -1;
        for (int c = t.firstChild(node); c >= 0; c = t.nextSibling(c)) {
            long w = l.width(c);
            if (w > bestWeight && isVisible(l, c, minWeight)) {
                best = c;
                bestWeight = w;
            }
        }
        return best;
    }

    /**
     * The next drawn frame to the right ({@code forward}) or left on the same row: a sibling, or past the end
     * of the siblings the nearest frame of a neighbouring subtree (a cousin).
     */
    public static int neighbour(FlameLayout l, int node, boolean forward, double minWeight) {
        CallTree t = l.tree();
        int zoom = l.zoom();
        if (node <= zoom || !l.isLaidOut(node)) {
            return node; // the zoomed frame and its ancestors are alone on their rows
        }
        int d = t.depth(node);
        if (forward) {
            // pre-order lists each row's frames left to right: skip deeper subtrees, enter shallower ones
            int end = t.end(zoom);
            for (int k = t.end(node); k < end; ) {
                int dk = t.depth(k);
                if (dk == d && isVisible(l, k, minWeight)) {
                    return k;
                }
                k = dk >= d ? t.end(k) : k + 1;
            }
        } else {
            for (int k = node - 1; k > zoom; k--) {
                if (t.depth(k) == d && isVisible(l, k, minWeight)) {
                    return k;
                }
            }
        }
        return node;
    }

    /**
     * One step of zooming in from the zoomed frame: the child on the way to {@code cursor} when the cursor is
     * deeper inside the zoomed subtree, else the widest drawn child. The zoomed frame when it has none.
     */
    public static int zoomIn(FlameLayout l, int cursor, double minWeight) {
        CallTree t = l.tree();
        int zoom = l.zoom();
        if (cursor > zoom && cursor < t.size() && t.contains(zoom, cursor)) {
            int c = cursor;
            while (t.parent(c) != zoom) {
                c = t.parent(c);
            }
            return c;
        }
        return child(l, zoom, minWeight, -1);
    }

    /** One step of zooming out: the zoomed frame's parent (the root stays). */
    public static int zoomOut(FlameLayout l) {
        return parent(l, l.zoom());
    }
}
