package io.tunescope.model.stack;

import java.util.Arrays;

/**
 * Distinct stacks (int arrays of frame ids) with their sample count and period sum: a pool of int pages holds
 * every distinct stack once, an open-addressing table finds them. Memory grows with distinct stacks only.
 * A stack's frame ids lie inside one page, so the pool grows by adding a page (the first grows by doubling up to a
 * page's size) and never copies what it holds, and no array of it is larger than a page (a large profile's pool
 * then needs no contiguous stretch of the heap as large as itself).
 * A reader that knows a stack is new (sorted folded input) appends it with {@link #addNew} without hashing
 * it; such stacks enter the hash table only if an {@link #add} comes later.
 */
public final class StackTable {
    // a stack's start is its page's index << PAGE_BITS | its offset in the page; a full page is 4 MB with the array
    // header (four whole 1 MB heap regions); a stack longer than that gets a page of its own
    private static final int PAGE_BITS = 20;
    private static final int PAGE_MASK = (1 << PAGE_BITS) - 1;
    static final int PAGE_INTS = (1 << PAGE_BITS) - 4;
    private static final int MAX_PAGES = 1 << (31 - PAGE_BITS);
    private int[][] pages = {new int[1 << 10]};
    private int pageCount = 1;
    // ints used in the last page
    private int fill;
    // the frame ids of all stacks together
    private long storedFrames;
    private int[] starts = new int[64];
    private int[] lengths = new int[64];
    private int[] hashes = new int[64];
    private long[] samples = new long[64];
    private long[] periods = new long[64];
    private int size;
    // stacks [0, indexed) are in the hash table; [indexed, size) were appended by addNew and are hashed
    // by the next add
    private int indexed;
    private int maxDepth;
    private int[] table = new int[128];
    private int mask = 127;
    private long totalSamples;
    private long totalPeriod;
    // the stacks [0, sortedSize) are in ascending byte order of their frame names joined by ';' (markSortedByBytes)
    private int sortedSize = -1;

    public StackTable() {
        Arrays.fill(table, -1);
    }

    /** Adds one observation of {@code stack[0, depth)} (root first). Returns the stack's index. */
    public int add(int[] stack, int depth, long sampleCount, long period) {
        if (indexed < size) {
            indexPending();
        }
        int h = hash(stack, 0, depth);
        int slot = h & mask;
        int id;
        while (true) {
            id = table[slot];
            if (id < 0) {
                id = insert(stack, depth, h);
                table[slot] = id;
                indexed = size;
                if (indexed * 2 > mask) {
                    rehash();
                }
                break;
            }
            if (hashes[id] == h && lengths[id] == depth && equal(starts[id], stack, depth)) {
                break;
            }
            slot = (slot + 1) & mask;
        }
        return count(id, sampleCount, period);
    }

    /**
     * Adds one observation of a stack that differs from every stack added so far (the caller knows it, e.g.
     * from input sorted by stack), without looking it up. Returns the new stack's index.
     */
    public int addNew(int[] stack, int depth, long sampleCount, long period) {
        return count(insert(stack, depth, 0), sampleCount, period);
    }

    /**
     * Appends the stacks {@code [from, other.size())} of another table with their counts, each frame id {@code f}
     * written as {@code frameMap[f]}: what {@link #addNew} of each of them in index order does (the caller knows
     * they are new here), in one pass. The frame ids are mapped where they lie and their pages become this table's,
     * so nothing is copied, and {@code other} is left empty. The totals must fit ({@link #fits}) or an
     * ArithmeticException is thrown with nothing changed.
     */
    public void appendNew(StackTable other, int from, int[] frameMap) {
        if (other == this) {
            throw new IllegalArgumentException("a table cannot take its own stacks");
        }
        int n = other.size - from;
        if (n <= 0) {
            other.clear();
            return;
        }
        long ts = 0;
        long tp = 0;
        for (int id = from; id < other.size; id++) {
            ts = Math.addExact(ts, other.samples[id]);
            tp = Math.addExact(tp, other.periods[id]);
        }
        ts = Math.addExact(totalSamples, ts);
        tp = Math.addExact(totalPeriod, tp);
        if (pageCount + other.pageCount > MAX_PAGES) {
            throw new ArithmeticException("more than " + Integer.MAX_VALUE + " frame ids in one stack table");
        }
        ensureCapacity(n);
        long frames = 0;
        int deepest = maxDepth;
        for (int id = from; id < other.size; id++) {
            int s = other.starts[id];
            int[] page = other.pages[s >>> PAGE_BITS];
            int o = s & PAGE_MASK;
            int d = other.lengths[id];
            for (int i = o; i < o + d; i++) {
                page[i] = frameMap[page[i]];
            }
            frames += d;
            deepest = Math.max(deepest, d);
        }
        int shift = pageCount << PAGE_BITS;
        for (int k = 0; k < n; k++) {
            int id = from + k;
            starts[size + k] = other.starts[id] + shift;
            lengths[size + k] = other.lengths[id];
        }
        if (pages.length < pageCount + other.pageCount) {
            pages = Arrays.copyOf(pages, Math.max(pages.length * 2, pageCount + other.pageCount));
        }
        System.arraycopy(other.pages, 0, pages, pageCount, other.pageCount);
        pageCount += other.pageCount;
        fill = other.fill;
        System.arraycopy(other.samples, from, samples, size, n);
        System.arraycopy(other.periods, from, periods, size, n);
        Arrays.fill(hashes, size, size + n, 0);
        storedFrames += frames;
        size += n;
        maxDepth = deepest;
        totalSamples = ts;
        totalPeriod = tp;
        other.clear();
    }

    /** Forgets every stack: an empty table, as new. */
    private void clear() {
        pages = new int[][] {new int[1 << 10]};
        pageCount = 1;
        fill = 0;
        storedFrames = 0;
        starts = new int[64];
        lengths = new int[64];
        hashes = new int[64];
        samples = new long[64];
        periods = new long[64];
        size = 0;
        indexed = 0;
        maxDepth = 0;
        table = new int[128];
        Arrays.fill(table, -1);
        mask = 127;
        totalSamples = 0;
        totalPeriod = 0;
        sortedSize = -1;
    }

    /** Adds one more observation of the stack with index {@code id} (as returned by an add). Returns {@code id}. */
    public int addTo(int id, long sampleCount, long period) {
        if (id < 0 || id >= size) {
            throw new IndexOutOfBoundsException(id);
        }
        return count(id, sampleCount, period);
    }

    private int count(int id, long sampleCount, long period) {
        // exact: a sum that would wrap (to 0 or negative) is refused rather than kept silently wrong
        long ts = Math.addExact(totalSamples, sampleCount);
        long tp = Math.addExact(totalPeriod, period);
        samples[id] += sampleCount;
        periods[id] += period;
        totalSamples = ts;
        totalPeriod = tp;
        return id;
    }

    /** True when adding these counts keeps every total exact (no wrap past {@code Long.MAX_VALUE}). */
    public boolean fits(long sampleCount, long period) {
        return sampleCount >= 0 && period >= 0 && totalSamples <= Long.MAX_VALUE - sampleCount && totalPeriod <= Long.MAX_VALUE - period;
    }

    public int size() {
        return size;
    }

    public long totalSamples() {
        return totalSamples;
    }

    public long totalPeriod() {
        return totalPeriod;
    }

    public int depth(int id) {
        return lengths[id];
    }

    public long samples(int id) {
        return samples[id];
    }

    public long period(int id) {
        return periods[id];
    }

    public int frame(int id, int level) {
        int s = starts[id];
        return pages[s >>> PAGE_BITS][(s & PAGE_MASK) + level];
    }

    /** Copies stack {@code id} into {@code dst} (which must be large enough); returns its depth. */
    public int copy(int id, int[] dst) {
        int s = starts[id];
        System.arraycopy(pages[s >>> PAGE_BITS], s & PAGE_MASK, dst, 0, lengths[id]);
        return lengths[id];
    }

    /** The frame ids stored for all stacks together (the sum of their depths). */
    public long storedFrames() {
        return storedFrames;
    }

    /** Makes room for {@code stacks} more stacks, so that adding them copies none of the per-stack arrays. */
    public void ensureCapacity(int stacks) {
        int n = Math.addExact(size, stacks);
        if (n > starts.length) {
            starts = Arrays.copyOf(starts, n);
            lengths = Arrays.copyOf(lengths, n);
            hashes = Arrays.copyOf(hashes, n);
            samples = Arrays.copyOf(samples, n);
            periods = Arrays.copyOf(periods, n);
        }
    }

    public int maxDepth() {
        return maxDepth;
    }

    /**
     * Records the caller's word that the stacks, in index order, are in strictly ascending byte order of their
     * frames' names joined by {@code ';'} (a sorted folded file as {@code FoldedParser}
     * read it, each frame's id standing for its bytes). A stack added after this call clears it.
     */
    public void markSortedByBytes() {
        sortedSize = size;
    }

    /** True when {@link #markSortedByBytes} holds for every stack of the table. */
    public boolean sortedByBytes() {
        return sortedSize == size;
    }

    private int insert(int[] stack, int depth, int h) {
        if (size == starts.length) {
            int n = size * 2;
            starts = Arrays.copyOf(starts, n);
            lengths = Arrays.copyOf(lengths, n);
            hashes = Arrays.copyOf(hashes, n);
            samples = Arrays.copyOf(samples, n);
            periods = Arrays.copyOf(periods, n);
        }
        int at = reserve(depth);
        System.arraycopy(stack, 0, pages[at >>> PAGE_BITS], at & PAGE_MASK, depth);
        starts[size] = at;
        lengths[size] = depth;
        hashes[size] = h;
        maxDepth = Math.max(maxDepth, depth);
        return size++;
    }

    /** Room for {@code depth} frame ids inside one page: their start (page << PAGE_BITS | offset). */
    private int reserve(int depth) {
        if (depth == 0) {
            return 0;
        }
        int[] last = pages[pageCount - 1];
        if (fill + depth > last.length) {
            if (pageCount == 1 && last.length < PAGE_INTS && fill + depth <= PAGE_INTS) {
                pages[0] = Arrays.copyOf(last, Math.min(PAGE_INTS, Math.max(last.length * 2, fill + depth)));
            } else {
                if (pageCount == MAX_PAGES) {
                    throw new ArithmeticException("more than " + Integer.MAX_VALUE + " frame ids in one stack table");
                }
                if (pageCount == pages.length) {
                    pages = Arrays.copyOf(pages, pageCount * 2);
                }
                pages[pageCount++] = new int[Math.max(PAGE_INTS, depth)];
                fill = 0;
            }
        }
        int at = ((pageCount - 1) << PAGE_BITS) | fill;
        fill += depth;
        storedFrames += depth;
        return at;
    }

    private boolean equal(int start, int[] stack, int depth) {
        int o = start & PAGE_MASK;
        return Arrays.equals(pages[start >>> PAGE_BITS], o, o + depth, stack, 0, depth);
    }

    /** Puts the stacks appended by addNew into the hash table. */
    private void indexPending() {
        while (indexed < size) {
            int id = indexed;
            int s = starts[id];
            int h = hash(pages[s >>> PAGE_BITS], s & PAGE_MASK, lengths[id]);
            hashes[id] = h;
            int slot = h & mask;
            while (table[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            table[slot] = id;
            indexed++;
            if (indexed * 2 > mask) {
                rehash();
            }
        }
    }

    private void rehash() {
        int n = table.length * 2;
        table = new int[n];
        Arrays.fill(table, -1);
        mask = n - 1;
        for (int id = 0; id < indexed; id++) {
            int slot = hashes[id] & mask;
            while (table[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            table[slot] = id;
        }
    }

    private static int hash(int[] a, int off, int n) {
        int h = n;
        for (int i = 0; i < n; i++) {
            h = h * 0x9E3779B1 + a[off + i];
        }
        h ^= h >>> 15;
        h *= 0x2C1B3C6D;
        h ^= h >>> 12;
        return h;
    }
}
