package io.tunescope.analysis.calltree;

import java.util.Arrays;
import java.util.List;

/**
 * Accumulates stacks into a {@link CallTree}. Nodes are found through an open-addressing hash keyed by
 * (parent node, frame id), so adding a stack costs one probe per frame and no object per node; the frames it
 * shares with the stack added before it cost no probe at all (folded and sorted inputs share long prefixes). The builder
 * is single-use: {@link #build()} renumbers the nodes in pre-order with siblings sorted by frame name.
 */
public final class CallTreeBuilder {
    private final List<String> frames;
    private final List<String> modules;
    private final int columns;
    private int size = 1;
    private int[] frame = new int[1024];
    private int[] parent = new int[1024];
    private long[][] self;
    // hash: key = parent << 32 | frame, value = node + 1 (0 = empty)
    private long[] keys = new long[2048];
    private int[] vals = new int[2048];
    private boolean built;
    // the last stack added, root first, and its nodes
    private int[] pathIds = new int[64];
    private int[] pathNodes = new int[64];
    private int pathDepth;
    // after build(): the pre-order id of each node of the builder's numbering (for StackTableTree)
    private int[] builtIds;
    // stacks in byte order (sortedByBytes): new nodes need no lookup; the hash holds only the few nodes that
    // may be met again (see add)
    private final SortsInside sortsInside;
    private int remembered;

    /**
     * For stacks added in ascending byte order of their frame names joined by {@code ';'} (a sorted folded file):
     * whether frame {@code next}'s name is frame {@code frame}'s name followed by a byte below {@code ';'} (and
     * maybe more), the only way a stack ending in {@code frame} can be followed by a stack that leaves it and
     * then by one that goes on through it ("a;f", "a;f1", "a;f;g").
     */
    @FunctionalInterface
    public interface SortsInside {
        boolean test(int frame, int next);
    }

    public CallTreeBuilder(List<String> frames, int columns) {
        this(frames, java.util.Collections.nCopies(frames.size(), ""), columns);
    }

    /** @param modules the frames' modules, parallel to {@code frames} ("" when unknown) */
    public CallTreeBuilder(List<String> frames, List<String> modules, int columns) {
        this(frames, modules, columns, null);
    }

    /**
     * A builder for stacks that will be added in strictly ascending byte order of their frame names joined by
     * {@code ';'}, each frame id standing for its bytes (distinct ids, distinct bytes), in one column: nodes are
     * appended without the (parent, frame) hash, as a node's stacks come one after another in that order. The
     * tree is the one {@link #CallTreeBuilder(List, List, int)} builds from the same stacks; stacks out of that
     * order give a wrong tree.
     */
    public static CallTreeBuilder sortedByBytes(List<String> frames, List<String> modules, SortsInside sortsInside) {
        return new CallTreeBuilder(frames, modules, 1, java.util.Objects.requireNonNull(sortsInside));
    }

    private CallTreeBuilder(List<String> frames, List<String> modules, int columns, SortsInside sortsInside) {
        this.sortsInside = sortsInside;
        if (columns < 1) {
            throw new IllegalArgumentException("columns < 1");
        }
        if (modules.size() != frames.size()) {
            throw new IllegalArgumentException("modules and frames differ in size");
        }
        this.frames = List.copyOf(frames);
        this.modules = List.copyOf(modules);
        this.columns = columns;
        this.self = new long[columns][1024];
        frame[0] = -1;
        parent[0] = -1;
    }

    /** Adds {@code weight} to the stack {@code ids[0..depth)} (root first) in one column. depth 0 = the root itself. */
    public void add(int[] ids, int depth, int column, long weight) {
        if (built) {
            throw new IllegalStateException("already built");
        }
        // the previous stack's path is reused as far as the frames agree (sorted input shares long prefixes)
        int i = 0;
        int n = 0;
        int common = Math.min(depth, pathDepth);
        while (i < common && ids[i] == pathIds[i]) {
            n = pathNodes[i++];
        }
        if (depth > pathIds.length) {
            pathIds = Arrays.copyOf(pathIds, Math.max(depth, pathIds.length * 2));
            pathNodes = Arrays.copyOf(pathNodes, pathIds.length);
        }
        if (sortsInside != null) {
            addSorted(ids, depth, i, n, column, weight);
            return;
        }
        for (; i < depth; i++) {
            int f = ids[i];
            if (f < 0 || f >= frames.size()) {
                pathDepth = i;
                throw new IllegalArgumentException("frame id out of range: " + f);
            }
            n = childOf(n, f);
            pathIds[i] = f;
            pathNodes[i] = n;
        }
        pathDepth = depth;
        self[column][n] += weight;
    }

    /** The node (builder numbering, valid until {@link #build}) the stack added last ends at: 0 for the root. */
    int lastNode() {
        return pathDepth == 0 ? 0 : pathNodes[pathDepth - 1];
    }

    /** After {@link #build}: the built tree's node id of a node numbered by {@link #lastNode}. */
    int builtId(int node) {
        return builtIds[node];
    }

    /*
     * In byte order the stacks through a node "P;f" are "P;f" itself (the smallest) and then the block of
     * "P;f;..."; only stacks "P;f" + a byte below ';' ... ("P;f1", "P;f::g") can sort between the two. So a node
     * met again after the stacks left it is always a stack's last node that the next stack left for such a
     * sibling, and it has no children yet: those nodes are remembered in the hash, and only the first new frame
     * of a stack (its parent is on the previous stack's path) is looked up there; deeper frames are new nodes.
     */
    private void addSorted(int[] ids, int depth, int i, int n, int column, long weight) {
        int last = pathDepth - 1;
        if (i == last && depth > i && sortsInside.test(pathIds[i], ids[i])) {
            remember(i == 0 ? 0 : pathNodes[i - 1], pathIds[i], pathNodes[i]);
        }
        boolean first = true;
        for (; i < depth; i++) {
            int f = ids[i];
            if (f < 0 || f >= frames.size()) {
                pathDepth = i;
                throw new IllegalArgumentException("frame id out of range: " + f);
            }
            int c = first && remembered > 0 ? find(n, f) : -1;
            n = c >= 0 ? c : newNode(n, f);
            first = false;
            pathIds[i] = f;
            pathNodes[i] = n;
        }
        pathDepth = depth;
        self[column][n] += weight;
    }

    private void remember(int p, int f, int node) {
        long key = ((long) p << 32) | (f & 0xFFFFFFFFL);
        int mask = keys.length - 1;
        int h = mix(key) & mask;
        while (vals[h] != 0) {
            if (keys[h] == key) {
                return;
            }
            h = (h + 1) & mask;
        }
        keys[h] = key;
        vals[h] = node + 1;
        if (++remembered * 2 > keys.length) {
            rehash();
        }
    }

    /** The remembered child of p with frame f, or -1. */
    private int find(int p, int f) {
        long key = ((long) p << 32) | (f & 0xFFFFFFFFL);
        int mask = keys.length - 1;
        int h = mix(key) & mask;
        int v;
        while ((v = vals[h]) != 0) {
            if (keys[h] == key) {
                return v - 1;
            }
            h = (h + 1) & mask;
        }
        return -1;
    }

    private int childOf(int p, int f) {
        long key = ((long) p << 32) | (f & 0xFFFFFFFFL);
        int mask = keys.length - 1;
        int h = mix(key) & mask;
        while (true) {
            int v = vals[h];
            if (v == 0) {
                int n = newNode(p, f);
                keys[h] = key;
                vals[h] = n + 1;
                if (size * 2 > keys.length) {
                    rehash();
                }
                return n;
            }
            if (keys[h] == key) {
                return v - 1;
            }
            h = (h + 1) & mask;
        }
    }

    private static int mix(long key) {
        long x = key * 0x9E3779B97F4A7C15L;
        return (int) (x ^ (x >>> 29));
    }

    private int newNode(int p, int f) {
        if (size == frame.length) {
            int cap = frame.length * 2;
            frame = Arrays.copyOf(frame, cap);
            parent = Arrays.copyOf(parent, cap);
            for (int c = 0; c < columns; c++) {
                self[c] = Arrays.copyOf(self[c], cap);
            }
        }
        frame[size] = f;
        parent[size] = p;
        return size++;
    }

    private void rehash() {
        long[] ok = keys;
        int[] ov = vals;
        keys = new long[ok.length * 2];
        vals = new int[ok.length * 2];
        int mask = keys.length - 1;
        for (int i = 0; i < ok.length; i++) {
            if (ov[i] != 0) {
                int h = mix(ok[i]) & mask;
                while (vals[h] != 0) {
                    h = (h + 1) & mask;
                }
                keys[h] = ok[i];
                vals[h] = ov[i];
            }
        }
    }

    public CallTree build() {
        if (built) {
            throw new IllegalStateException("already built");
        }
        built = true;
        keys = null;
        vals = null;
        int n = size;
        // rank of each frame id by name, for sibling order
        int fc = frames.size();
        Integer[] order = new Integer[fc];
        for (int i = 0; i < fc; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> {
            int c = frames.get(a).compareTo(frames.get(b));
            return c != 0 ? c : modules.get(a).compareTo(modules.get(b));
        });
        int[] rank = new int[fc];
        for (int i = 0; i < fc; i++) {
            rank[order[i]] = i;
        }
        // children lists (CSR) sorted by (rank, node)
        int[] childStart = new int[n + 1];
        for (int i = 1; i < n; i++) {
            childStart[parent[i] + 1]++;
        }
        for (int i = 0; i < n; i++) {
            childStart[i + 1] += childStart[i];
        }
        long[] packed = new long[Math.max(0, n - 1)];
        int[] fill = Arrays.copyOf(childStart, n);
        for (int i = 1; i < n; i++) {
            packed[fill[parent[i]]++] = ((long) rank[frame[i]] << 32) | i;
        }
        fill = null;                          // each array is dropped once done with: a large tree's peak is its sum
        for (int i = 0; i < n; i++) {
            if (childStart[i + 1] - childStart[i] > 1) {
                Arrays.sort(packed, childStart[i], childStart[i + 1]);
            }
        }
        // iterative pre-order renumbering
        int[] newId = new int[n];
        int[] oFrame = new int[n];
        int[] oParent = new int[n];
        int[] oDepth = new int[n];
        long[][] oSelf = new long[columns][n];
        int[] stack = new int[n];
        int sp = 0;
        stack[sp++] = 0;
        int next = 0;
        while (sp > 0) {
            int old = stack[--sp];
            int id = next++;
            newId[old] = id;
            oFrame[id] = frame[old];
            int op = parent[old];
            oParent[id] = op < 0 ? -1 : newId[op];
            oDepth[id] = op < 0 ? 0 : oDepth[oParent[id]] + 1;
            for (int c = 0; c < columns; c++) {
                oSelf[c][id] = self[c][old];
            }
            for (int k = childStart[old + 1] - 1; k >= childStart[old]; k--) {
                stack[sp++] = (int) packed[k];
            }
        }
        stack = null;
        packed = null;
        childStart = null;
        frame = null;
        parent = null;
        self = null;
        // subtree ends and totals, bottom-up (reverse pre-order visits children before parents)
        int[] oEnd = new int[n];
        long[][] oTotal = new long[columns][n];
        for (int id = n - 1; id >= 0; id--) {
            if (oEnd[id] == 0) {
                oEnd[id] = id + 1;
            }
            for (int c = 0; c < columns; c++) {
                oTotal[c][id] += oSelf[c][id];
            }
            int p = oParent[id];
            if (p >= 0) {
                if (oEnd[p] < oEnd[id]) {
                    oEnd[p] = oEnd[id];
                }
                for (int c = 0; c < columns; c++) {
                    oTotal[c][p] += oTotal[c][id];
                }
            }
        }
        builtIds = newId;
        return new CallTree(frames, modules, oFrame, oParent, oDepth, oEnd, oTotal, oSelf);
    }
}
