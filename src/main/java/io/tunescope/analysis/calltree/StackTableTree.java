package io.tunescope.analysis.calltree;

import io.tunescope.model.stack.StackTable;
import java.util.List;

/**
 * The call tree of every stack of one {@link StackTable}, built once, with the node each stack id ends at: the
 * tree of any re-weighting of those stacks (a time window, a filter) is cut from it instead of being built
 * again. {@link #tree} marks the nodes on the paths of the stacks present, numbers them in the whole tree's
 * pre-order (which is already the order {@link CallTreeBuilder} gives: siblings by frame name), and sums self
 * weights to totals in one pass from the last node back: its cost grows with the nodes of the result and a
 * pass over the whole tree's ids, not with the frames of the stacks. The result is the very tree
 * {@link CallTree#of} builds from the same stacks and weights (same nodes, order and numbers).
 *
 * <p>Holds three ints per node of the whole tree plus one per stack; immutable and safe to share between threads.
 */
public final class StackTableTree {
    private final List<String> frames;
    private final List<String> modules;
    private final int stacks;
    private final int[] frame;
    private final int[] parent;
    private final int[] depth;
    private final int[] leaf;

    private StackTableTree(List<String> frames, List<String> modules, int stacks, int[] frame, int[] parent, int[] depth, int[] leaf) {
        this.frames = frames;
        this.modules = modules;
        this.stacks = stacks;
        this.frame = frame;
        this.parent = parent;
        this.depth = depth;
        this.leaf = leaf;
    }

    /** The tree of every stack of {@code table} (frame ids index {@code frames} and {@code modules}). */
    public static StackTableTree of(List<String> frames, List<String> modules, StackTable table) {
        CallTreeBuilder b = new CallTreeBuilder(frames, modules, 1);
        int n = table.size();
        int[] buf = new int[Math.max(1, table.maxDepth())];
        int[] nodes = new int[n];
        for (int s = 0; s < n; s++) {
            int d = table.copy(s, buf);
            b.add(buf, d, 0, 1);
            nodes[s] = b.lastNode();
        }
        CallTree t = b.build();
        for (int s = 0; s < n; s++) {
            nodes[s] = b.builtId(nodes[s]);
        }
        return new StackTableTree(t.frames(), t.modules(), n, t.frameArray(), t.parentArray(), t.depthArray(), nodes);
    }

    /** Number of stacks of the table this tree was built from (the length the arrays given to {@link #tree} must have). */
    public int stacks() {
        return stacks;
    }

    /** Nodes of the whole tree, the root included. */
    public int size() {
        return frame.length;
    }

    /** Node of the whole tree (pre-order id) stack {@code id} ends at. */
    public int leaf(int stackId) {
        return leaf[stackId];
    }

    /**
     * The call tree of the stacks with {@code present[s] > 0}, stack {@code s} weighing {@code weight[s]} (one
     * column): what {@link CallTree#of} gives for a profile whose {@code forEach} visits those stacks with those
     * weights. A present stack of weight 0 keeps its nodes, as in {@code CallTree.of}.
     *
     * @param present per stack id, a count: the stack is in the tree when it is above 0 (a window's samples)
     * @param weight  per stack id, the weight it adds (the same array as {@code present}, or a period sum)
     */
    public CallTree tree(long[] present, long[] weight) {
        if (present.length != stacks || weight.length != stacks) {
            throw new IllegalArgumentException("expected " + stacks + " stacks, got " + present.length + " and " + weight.length);
        }
        int n = frame.length;
        // newId[k] != 0: k (not the root) is on the path of a present stack; marking stops at the first node
        // already marked. Then the kept nodes, in the whole tree's pre-order, get their ids (the root keeps 0).
        int[] newId = new int[n];
        int m = 1;
        for (int s = 0; s < stacks; s++) {
            if (present[s] > 0) {
                for (int k = leaf[s]; k != 0 && newId[k] == 0; k = parent[k]) {
                    newId[k] = 1;
                    m++;
                }
            }
        }
        int[] oFrame = new int[m];
        int[] oParent = new int[m];
        int[] oDepth = new int[m];
        int[] oEnd = new int[m];
        long[] oSelf = new long[m];
        long[] oTotal = new long[m];
        oFrame[0] = frame[0];
        oParent[0] = -1;
        int next = 1;
        for (int k = 1; k < n; k++) {
            if (newId[k] != 0) {
                int id = next++;
                newId[k] = id;
                oFrame[id] = frame[k];
                oParent[id] = newId[parent[k]];
                oDepth[id] = depth[k];
            }
        }
        for (int s = 0; s < stacks; s++) {
            if (present[s] > 0) {
                oSelf[newId[leaf[s]]] += weight[s];
            }
        }
        // subtree ends and totals, children before parents
        for (int id = m - 1; id >= 0; id--) {
            if (oEnd[id] == 0) {
                oEnd[id] = id + 1;
            }
            oTotal[id] += oSelf[id];
            int p = oParent[id];
            if (p >= 0) {
                if (oEnd[p] < oEnd[id]) {
                    oEnd[p] = oEnd[id];
                }
                oTotal[p] += oTotal[id];
            }
        }
        return new CallTree(frames, modules, oFrame, oParent, oDepth, oEnd, new long[][] {oTotal}, new long[][] {oSelf});
    }

    @Override
    public String toString() {
        return "StackTableTree[" + frame.length + " nodes, " + stacks + " stacks]";
    }
}
