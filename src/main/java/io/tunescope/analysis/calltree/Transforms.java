package io.tunescope.analysis.calltree;

import java.util.List;

/** The one pure function that applies transforms to a call tree (all weight columns alike). */
public final class Transforms {
    private Transforms() {
    }

    /** Applies the transforms in order; returns the input itself when the list is empty. */
    public static CallTree apply(CallTree tree, List<Transform> transforms) {
        CallTree t = tree;
        for (Transform x : transforms) {
            t = apply(t, x);
        }
        return t;
    }

    /** Applies one transform, producing a new tree. */
    public static CallTree apply(CallTree tree, Transform transform) {
        StackMapper mapper = mapper(tree, transform);
        int cols = tree.columns();
        CallTreeBuilder b = new CallTreeBuilder(tree.frames(), tree.modules(), cols);
        int[] out = new int[tree.maxDepth() + 1];
        tree.forEachStack((ids, depth, w) -> {
            int d = mapper.map(ids, depth, out);
            if (d < 0) {
                return;
            }
            for (int c = 0; c < cols; c++) {
                if (w[c] != 0) {
                    b.add(out, d, c, w[c]);
                }
            }
        });
        return b.build();
    }

    /** Maps a stack into {@code out}; returns the new depth, or -1 to drop the stack. */
    @FunctionalInterface
    interface StackMapper {
        int map(int[] in, int depth, int[] out);
    }

    private static int[] ids(CallTree tree, List<String> path) {
        int[] p = new int[path.size()];
        for (int i = 0; i < p.length; i++) {
            p[i] = tree.frameId(path.get(i));
            if (p[i] < 0) {
                return null;
            }
        }
        return p;
    }

    private static boolean startsWith(CallTree tree, int[] in, int depth, int[] prefix) {
        if (prefix == null || depth < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (tree.canonical(in[i]) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static int[] canon(CallTree tree) {
        int[] c = new int[tree.frames().size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = tree.canonical(i);
        }
        return c;
    }

    private static StackMapper mapper(CallTree tree, Transform transform) {
        if (transform instanceof Transform.FocusSubtree fs) {
            int[] p = ids(tree, fs.path());
            return (in, d, out) -> {
                if (!startsWith(tree, in, d, p)) {
                    return -1;
                }
                int from = p.length - 1;
                System.arraycopy(in, from, out, 0, d - from);
                return d - from;
            };
        }
        if (transform instanceof Transform.FocusFunction ff) {
            int f = tree.frameId(ff.function());
            int[] canon = canon(tree);
            return (in, d, out) -> {
                for (int i = 0; i < d; i++) {
                    if (canon[in[i]] == f) {
                        System.arraycopy(in, i, out, 0, d - i);
                        return d - i;
                    }
                }
                return -1;
            };
        }
        if (transform instanceof Transform.MergeFunction mf) {
            int f = tree.frameId(mf.function());
            int[] canon = canon(tree);
            return (in, d, out) -> {
                int k = 0;
                for (int i = 0; i < d; i++) {
                    if (canon[in[i]] != f) {
                        out[k++] = in[i];
                    }
                }
                return k;
            };
        }
        if (transform instanceof Transform.DropSubtree ds) {
            int[] p = ids(tree, ds.path());
            return (in, d, out) -> {
                if (startsWith(tree, in, d, p)) {
                    return -1;
                }
                System.arraycopy(in, 0, out, 0, d);
                return d;
            };
        }
        if (transform instanceof Transform.CallersOf co) {
            int f = tree.frameId(co.function());
            int[] canon = canon(tree);
            return (in, d, out) -> {
                for (int i = d - 1; i >= 0; i--) {
                    if (canon[in[i]] == f) {
                        for (int k = 0; k <= i; k++) {
                            out[k] = in[i - k];
                        }
                        return i + 1;
                    }
                }
                return -1;
            };
        }
        if (transform instanceof Transform.InvertAll) {
            return (in, d, out) -> {
                for (int k = 0; k < d; k++) {
                    out[k] = in[d - 1 - k];
                }
                return d;
            };
        }
        if (transform instanceof Transform.CollapseRecursion cr) {
            int f = tree.frameId(cr.function());
            int[] canon = canon(tree);
            return (in, d, out) -> {
                int k = 0;
                boolean seen = false;
                for (int i = 0; i < d; i++) {
                    if (canon[in[i]] == f) {
                        if (seen) {
                            continue;
                        }
                        seen = true;
                    }
                    out[k++] = in[i];
                }
                return k;
            };
        }
        throw new IllegalArgumentException("unknown transform " + transform);
    }
}
