package io.tunescope.model.stack;

import java.util.Arrays;

/**
 * Distinct stacks (int arrays of frame ids) with their sample count and period sum: one int pool holds
 * every distinct stack once, an open-addressing table finds them. Memory grows with distinct stacks only.
 * A reader that knows a stack is new (sorted folded input) appends it with {@link #addNew} without hashing
 * it; such stacks enter the hash table only if an {@link #add} comes later.
 */
public final class StackTable {
    private int[] pool = new int[1 << 10];
    private int poolSize;
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
            if (hashes[id] == h && lengths[id] == depth
                    && Arrays.equals(pool, starts[id], starts[id] + depth, stack, 0, depth)) {
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
     * they are new here), in one pass. The totals must fit ({@link #fits}) or an ArithmeticException is thrown with
     * nothing changed.
     */
    public void appendNew(StackTable other, int from, int[] frameMap) {
        int n = other.size - from;
        if (n <= 0) {
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
        int firstFrame = other.starts[from];
        int frames = other.poolSize - firstFrame;
        ensureCapacity(n, frames);
        int[] src = other.pool;
        int shift = poolSize - firstFrame;
        for (int i = 0; i < frames; i++) {
            pool[poolSize + i] = frameMap[src[firstFrame + i]];
        }
        for (int k = 0; k < n; k++) {
            int id = from + k;
            starts[size + k] = other.starts[id] + shift;
            lengths[size + k] = other.lengths[id];
        }
        System.arraycopy(other.samples, from, samples, size, n);
        System.arraycopy(other.periods, from, periods, size, n);
        Arrays.fill(hashes, size, size + n, 0);
        poolSize += frames;
        size += n;
        maxDepth = Math.max(maxDepth, other.maxDepth);
        totalSamples = ts;
        totalPeriod = tp;
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
        return pool[starts[id] + level];
    }

    /** Copies stack {@code id} into {@code dst} (which must be large enough); returns its depth. */
    public int copy(int id, int[] dst) {
        System.arraycopy(pool, starts[id], dst, 0, lengths[id]);
        return lengths[id];
    }

    /** The frame ids stored for all stacks together (the sum of their depths). */
    public int storedFrames() {
        return poolSize;
    }

    /** Makes room for {@code stacks} more stacks of {@code frames} frame ids in all, so that adding them copies no array. */
    public void ensureCapacity(int stacks, int frames) {
        int n = Math.addExact(size, stacks);
        if (n > starts.length) {
            starts = Arrays.copyOf(starts, n);
            lengths = Arrays.copyOf(lengths, n);
            hashes = Arrays.copyOf(hashes, n);
            samples = Arrays.copyOf(samples, n);
            periods = Arrays.copyOf(periods, n);
        }
        int f = Math.addExact(poolSize, frames);
        if (f > pool.length) {
            pool = Arrays.copyOf(pool, f);
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
        if (poolSize + depth > pool.length) {
            pool = Arrays.copyOf(pool, Math.max(pool.length * 2, poolSize + depth));
        }
        System.arraycopy(stack, 0, pool, poolSize, depth);
        starts[size] = poolSize;
        lengths[size] = depth;
        hashes[size] = h;
        poolSize += depth;
        maxDepth = Math.max(maxDepth, depth);
        return size++;
    }

    /** Puts the stacks appended by addNew into the hash table. */
    private void indexPending() {
        while (indexed < size) {
            int id = indexed;
            int h = hash(pool, starts[id], lengths[id]);
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
