package io.tunescope.analysis.calltree;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A differential call tree between a "before" and an "after" profile: one tree over the union of both
 * shapes with two weight columns ({@link #BEFORE}, {@link #AFTER}), so neither input is lost (each can be
 * rebuilt from its column). The displayed shape is the after profile ({@link #shapeColumn()}), or the
 * before profile when reversed. Changes are measured on shares, each profile normalised by its own total.
 */
public final class DiffTree {
    public static final int BEFORE = 0;
    public static final int AFTER = 1;

    private final CallTree tree;
    private final boolean reversed;

    private DiffTree(CallTree tree, boolean reversed) {
        this.tree = tree;
        this.reversed = reversed;
    }

    /** The diff of two trees (their first column), shape of {@code after}. */
    public static DiffTree of(CallTree before, CallTree after) {
        List<String> names = new ArrayList<>();
        List<String> modules = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        int[] mapB = remap(before, names, modules, index);
        int[] mapA = remap(after, names, modules, index);
        CallTreeBuilder b = new CallTreeBuilder(names, modules, 2);
        add(b, before, mapB, BEFORE);
        add(b, after, mapA, AFTER);
        return new DiffTree(b.build(), false);
    }

    private static int[] remap(CallTree t, List<String> names, List<String> modules, Map<String, Integer> index) {
        int[] map = new int[t.frames().size()];
        for (int i = 0; i < map.length; i++) {
            String name = t.frames().get(i);
            String module = t.module(i);
            String key = name + '\0' + module;
            Integer id = index.get(key);
            if (id == null) {
                id = names.size();
                names.add(name);
                modules.add(module);
                index.put(key, id);
            }
            map[i] = id;
        }
        return map;
    }

    private static void add(CallTreeBuilder b, CallTree t, int[] map, int column) {
        int[] buf = new int[t.maxDepth() + 1];
        t.forEachStack((ids, d, w) -> {
            for (int i = 0; i < d; i++) {
                buf[i] = map[ids[i]];
            }
            b.add(buf, d, column, w[0]);
        });
    }

    /** The same diff with the roles of the shapes swapped: the before shape, showing what went away. */
    public DiffTree reverse() {
        return new DiffTree(tree, !reversed);
    }

    /** A diff over a transformed union tree (transforms apply to both columns alike). */
    public DiffTree withTree(CallTree transformed) {
        if (transformed.columns() != 2) {
            throw new IllegalArgumentException("a diff tree has two columns");
        }
        return new DiffTree(transformed, reversed);
    }

    public boolean reversed() {
        return reversed;
    }

    /** The union tree, column {@link #BEFORE} and {@link #AFTER}. */
    public CallTree tree() {
        return tree;
    }

    /** Column whose weights give the displayed shape (after, or before when reversed). */
    public int shapeColumn() {
        return reversed ? BEFORE : AFTER;
    }

    public long before(int node) {
        return tree.total(BEFORE, node);
    }

    public long after(int node) {
        return tree.total(AFTER, node);
    }

    public double beforeShare(int node) {
        long g = tree.grandTotal(BEFORE);
        return g == 0 ? 0 : (double) tree.total(BEFORE, node) / g;
    }

    public double afterShare(int node) {
        long g = tree.grandTotal(AFTER);
        return g == 0 ? 0 : (double) tree.total(AFTER, node) / g;
    }

    /** Change of the node's share of its profile: after share minus before share (-1..1). */
    public double delta(int node) {
        return afterShare(node) - beforeShare(node);
    }

    /** Self-weight share change, which tells where inside a frame the change happened. */
    public double selfDelta(int node) {
        long gb = tree.grandTotal(BEFORE);
        long ga = tree.grandTotal(AFTER);
        double b = gb == 0 ? 0 : (double) tree.self(BEFORE, node) / gb;
        double a = ga == 0 ? 0 : (double) tree.self(AFTER, node) / ga;
        return a - b;
    }

    /** Delta with changes smaller than the noise threshold (absolute share, e.g. 0.001 = 0.1 %) set to 0. */
    public double delta(int node, double noiseThreshold) {
        double d = delta(node);
        return Math.abs(d) < noiseThreshold ? 0 : d;
    }

    /** Present after, absent before. */
    public boolean isNew(int node) {
        return tree.total(BEFORE, node) == 0 && tree.total(AFTER, node) > 0;
    }

    /** Present before, absent after. */
    public boolean isGone(int node) {
        return tree.total(AFTER, node) == 0 && tree.total(BEFORE, node) > 0;
    }
}
