package io.tunescope.analysis.calltree;

import io.tunescope.model.stack.StackProfile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An immutable, compact call tree. Nodes are numbered in pre-order (node 0 is the synthetic root "all"),
 * so the subtree of node {@code n} is the id range {@code [n, end(n))}: its first child is {@code n + 1}
 * and the next sibling of a child {@code c} is {@code end(c)}. Siblings are ordered by frame name.
 *
 * <p>Per node: frame id, parent, depth, subtree end, and per weight column a total and a self weight
 * (about 32 bytes per node with one column). A plain profile has one column; a differential tree has two
 * (before, after). Frame ids index {@link #frames()}.
 */
public final class CallTree {
    /** Name shown for the synthetic root. */
    public static final String ROOT_NAME = "all";

    private final List<String> frames;
    private final List<String> modules;
    private final int[] frame;
    private final int[] parent;
    private final int[] depth;
    private final int[] end;
    private final long[][] total;
    private final long[][] self;
    private final int maxDepth;
    private volatile Map<String, Integer> frameIndex;
    private volatile int[] canonical;
    // the frames' modules as Modules.forFrames works them out from the tree (null until asked)
    private volatile FrameModule[] frameModules;
    private final int[][] heights;

    CallTree(List<String> frames, List<String> modules, int[] frame, int[] parent, int[] depth, int[] end, long[][] total, long[][] self) {
        this.frames = frames;
        this.modules = modules;
        this.frame = frame;
        this.parent = parent;
        this.depth = depth;
        this.end = end;
        this.total = total;
        this.self = self;
        int md = 0;
        for (int d : depth) {
            md = Math.max(md, d);
        }
        this.maxDepth = md;
        this.heights = new int[total.length][];
    }

    /**
     * Height of n's subtree counting only nodes with weight in the column: 0 for a leaf. Computed for all
     * nodes on first use (one pass, one int per node), then cached.
     */
    public int height(int column, int n) {
        int[] h;
        synchronized (heights) {
            h = heights[column];
            if (h == null) {
                h = new int[frame.length];
                long[] t = total[column];
                for (int k = frame.length - 1; k > 0; k--) {
                    if (t[k] != 0) {
                        int p = parent[k];
                        if (h[p] < h[k] + 1) {
                            h[p] = h[k] + 1;
                        }
                    }
                }
                heights[column] = h;
            }
        }
        return h[n];
    }

    /** Builds the tree of one profile (one weight column; frame ids are the profile's). */
    public static CallTree of(StackProfile profile) {
        CallTreeBuilder b;
        if (profile instanceof io.tunescope.model.stack.InternedStackProfile p && p.table().sortedByBytes()) {
            // a sorted folded file: its stacks come in byte order, so the builder appends nodes without lookups
            io.tunescope.model.stack.FrameTable ft = p.frameTable();
            b = CallTreeBuilder.sortedByBytes(profile.frames(), profile.modules(), ft::nameSortsInside);
        } else {
            b = new CallTreeBuilder(profile.frames(), profile.modules(), 1);
        }
        profile.forEach((ids, d, w) -> b.add(ids, d, 0, w));
        return b.build();
    }

    public int size() {
        return frame.length;
    }

    public int root() {
        return 0;
    }

    public int columns() {
        return total.length;
    }

    /** Interned frame names; index = frame id. */
    public List<String> frames() {
        return frames;
    }

    /**
     * Modules (DSOs) of the frames, parallel to {@link #frames()}; "" when unknown. Frames with the same name
     * and different modules are different frames.
     */
    public List<String> modules() {
        return modules;
    }

    /** Module of a frame id ("" when unknown or for the root, -1). */
    public String module(int frameId) {
        return frameId < 0 ? "" : modules.get(frameId);
    }

    /** {@link Modules#forFrames}'s result for this tree, or null before it was first asked (not to be modified). */
    FrameModule[] frameModules() {
        return frameModules;
    }

    void frameModules(FrameModule[] m) {
        frameModules = m;
    }

    /** The smallest frame id with the same name as {@code frameId}: frames compared by name only. */
    public int canonical(int frameId) {
        if (frameId < 0) {
            return frameId;
        }
        int[] c = canonical;
        if (c == null) {
            c = new int[frames.size()];
            for (int i = 0; i < c.length; i++) {
                c[i] = frameId(frames.get(i));
            }
            canonical = c;
        }
        return c[frameId];
    }

    /** Frame id of node n, -1 for the root. */
    public int frame(int n) {
        return frame[n];
    }

    /** Display name of node n ({@value #ROOT_NAME} for the root). */
    public String name(int n) {
        int f = frame[n];
        return f < 0 ? ROOT_NAME : frames.get(f);
    }

    public int parent(int n) {
        return parent[n];
    }

    /** Depth: 0 for the root, 1 for its children. */
    public int depth(int n) {
        return depth[n];
    }

    public int maxDepth() {
        return maxDepth;
    }

    /** Exclusive end of n's subtree in pre-order. */
    public int end(int n) {
        return end[n];
    }

    public boolean hasChildren(int n) {
        return end[n] > n + 1;
    }

    /** First child of n, or -1. */
    public int firstChild(int n) {
        return end[n] > n + 1 ? n + 1 : -1;
    }

    /** Next sibling of n, or -1. */
    public int nextSibling(int n) {
        if (n == 0) {
            return -1;
        }
        int e = end[n];
        return e < end[parent[n]] ? e : -1;
    }

    public int childCount(int n) {
        int c = 0;
        for (int k = firstChild(n); k >= 0; k = nextSibling(k)) {
            c++;
        }
        return c;
    }

    public long total(int n) {
        return total[0][n];
    }

    public long self(int n) {
        return self[0][n];
    }

    public long total(int column, int n) {
        return total[column][n];
    }

    public long self(int column, int n) {
        return self[column][n];
    }

    /** Sum of all weights of a column (the root's total). */
    public long grandTotal(int column) {
        return total[column][0];
    }

    public long grandTotal() {
        return total[0][0];
    }

    /** Smallest frame id with this name (see {@link #canonical}), or -1 when the profile has no such frame. */
    public int frameId(String name) {
        Map<String, Integer> m = frameIndex;
        if (m == null) {
            m = new HashMap<>(frames.size() * 2);
            for (int i = 0; i < frames.size(); i++) {
                m.putIfAbsent(frames.get(i), i);
            }
            frameIndex = m;
        }
        Integer id = m.get(name);
        return id == null ? -1 : id;
    }

    /** The child of n with the given frame id, or -1 (siblings are few; linear scan). */
    public int child(int n, int frameId) {
        for (int c = firstChild(n); c >= 0; c = nextSibling(c)) {
            if (frame[c] == frameId) {
                return c;
            }
        }
        return -1;
    }

    /** Frame names from the root's child down to n (empty for the root). */
    public List<String> path(int n) {
        List<String> out = new ArrayList<>(depth[n]);
        for (int k = n; k > 0; k = parent[k]) {
            out.add(frames.get(frame[k]));
        }
        Collections.reverse(out);
        return out;
    }

    /** Node reached by following frame names from the root (the first child of each name), or -1. */
    public int nodeByPath(List<String> path) {
        int n = 0;
        for (String name : path) {
            int f = frameId(name);
            if (f < 0) {
                return -1;
            }
            int found = -1;
            for (int c = firstChild(n); c >= 0; c = nextSibling(c)) {
                if (canonical(frame[c]) == f) {
                    found = c;
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

    /** True when a is n or an ancestor of n. */
    public boolean contains(int a, int n) {
        return n >= a && n < end[a];
    }

    /** Visits every node with a self weight in some column as a stack (root's child first) with its self weights. */
    public void forEachStack(StackSink sink) {
        int cols = columns();
        int[] path = new int[maxDepth + 1];
        long[] w = new long[cols];
        for (int n = 0; n < frame.length; n++) {
            int d = depth[n];
            if (n > 0) {
                path[d - 1] = frame[n];
            }
            boolean any = false;
            for (int c = 0; c < cols; c++) {
                w[c] = self[c][n];
                any |= w[c] != 0;
            }
            if (any) {
                sink.stack(path, d, w);
            }
        }
    }

    /** Folded lines {@code a;b;c weight} of one column, sorted, for every stack with a non-zero self weight. */
    public List<String> toFolded(int column) {
        List<String> out = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        forEachStack((ids, d, w) -> {
            if (w[column] == 0) {
                return;
            }
            sb.setLength(0);
            for (int i = 0; i < d; i++) {
                if (i > 0) {
                    sb.append(';');
                }
                sb.append(frames.get(ids[i]));
            }
            sb.append(' ').append(w[column]);
            out.add(sb.toString());
        });
        Collections.sort(out);
        return out;
    }

    /** A readable dump {@code name (total, self)} indented by depth, for golden files and debugging. */
    public String dump(int column) {
        StringBuilder sb = new StringBuilder();
        for (int n = 0; n < frame.length; n++) {
            sb.append("  ".repeat(depth[n])).append(name(n)).append(" (").append(total[column][n]).append(", ")
                    .append(self[column][n]).append(")\n");
        }
        return sb.toString();
    }

    long[] totalsColumn(int c) {
        return total[c];
    }

    int[] endArray() {
        return end;
    }

    int[] frameArray() {
        return frame;
    }

    int[] depthArray() {
        return depth;
    }

    int[] parentArray() {
        return parent;
    }

    @Override
    public String toString() {
        return "CallTree[" + frame.length + " nodes, " + columns() + " column(s), total " + Arrays.toString(
                Arrays.stream(total).mapToLong(t -> t[0]).toArray()) + "]";
    }

    /** Receives a stack: frame ids {@code ids[0..depth)} root first, and self weights per column. */
    @FunctionalInterface
    public interface StackSink {
        void stack(int[] ids, int depth, long[] weights);
    }
}
