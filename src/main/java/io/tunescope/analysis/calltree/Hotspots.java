package io.tunescope.analysis.calltree;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Aggregation of a call tree per function (frame: name and module). */
public final class Hotspots {
    private Hotspots() {
    }

    /** Every function with a non-zero total in the column, sorted by self then total (descending), then name. */
    public static List<Hotspot> of(CallTree tree, int column) {
        int fc = tree.frames().size();
        long[] self = new long[fc];
        long[] total = new long[fc];
        int[] active = new int[fc];
        int n = tree.size();
        int[] path = new int[tree.maxDepth() + 1];
        int sp = 0;
        for (int node = 1; node < n; node++) {
            while (sp > 0 && tree.end(path[sp - 1]) <= node) {
                active[tree.frame(path[--sp])]--;
            }
            int f = tree.frame(node);
            self[f] += tree.self(column, node);
            if (active[f] == 0) {
                total[f] += tree.total(column, node);
            }
            active[f]++;
            path[sp++] = node;
        }
        long grand = tree.grandTotal(column);
        FrameModule[] modules = Modules.forFrames(tree);
        List<Hotspot> out = new ArrayList<>();
        for (int f = 0; f < fc; f++) {
            if (total[f] != 0) {
                out.add(new Hotspot(tree.frames().get(f), f, tree.module(f), modules[f], self[f], total[f], grand));
            }
        }
        out.sort(Comparator.comparingLong(Hotspot::self).reversed()
                .thenComparing(Comparator.comparingLong(Hotspot::total).reversed())
                .thenComparing(Hotspot::function));
        return out;
    }

    /**
     * Total weight of the stacks that contain at least one frame matching {@code matches} (frame id ->
     * matched), each stack counted once however many matching frames it holds.
     */
    public static long coveredWeight(CallTree tree, int column, java.util.function.IntPredicate matches) {
        long sum = 0;
        int n = tree.size();
        int node = 1;
        while (node < n) {
            if (matches.test(tree.frame(node))) {
                sum += tree.total(column, node);
                node = tree.end(node);
            } else {
                node++;
            }
        }
        return sum;
    }
}
