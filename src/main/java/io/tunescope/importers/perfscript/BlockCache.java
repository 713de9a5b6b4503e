package io.tunescope.importers.perfscript;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The frame blocks of samples folded before: a sample's frame lines as raw bytes (everything after its sample line up
 * to the blank line that ends it) with the Java-tidying flag of its process -> the frames those lines pushed (leaf
 * first, with their addresses when the sample had inlined frames). Real profiles repeat whole stacks far more often
 * than they have distinct ones, so a block met again is found with one pass over its bytes ({@link #scan}: line ends and
 * hash eight bytes at a time) and one comparison, without splitting, hashing or parsing its lines one by one.
 * Open addressing over int arrays, the key bytes in one pool; the folder bounds the bytes it lets in.
 */
final class BlockCache {
    /** A block longer than this is not looked for (its lines are read one by one). */
    static final int MAX_BLOCK = 1 << 18;

    // small at first and grown by add: a chunked fold keeps thousands of finished chunk folders until they are merged
    private byte[] pool = new byte[1 << 10];
    private int poolSize;
    private int[] keyStart = new int[8];
    private int[] keyLen = new int[8];
    private long[] hashes = new long[8];
    private boolean[] javas = new boolean[8];
    private int[] lineCounts = new int[8];
    private int[] frameStart = new int[8];
    private int[] depths = new int[8];
    private boolean[] inlined = new boolean[8];
    // the stack id the last hit of each entry ended in, for that process frame and event (-1: none yet)
    private int[] memoPname = new int[8];
    private int[] memoEvent = new int[8];
    private int[] memoStack = new int[8];
    private int size;
    private int[] table = new int[16];
    private int mask = 15;

    /** Frames of all entries, leaf first (the folder's stack order); addresses beside them (0 unless inlined). */
    int[] frames = new int[64];
    long[] pcs = new long[64];
    private int framesSize;

    /** The hash of the block the last successful {@link #scan} found. */
    long hash;

    BlockCache() {
        Arrays.fill(table, -1);
    }

    int size() {
        return size;
    }

    /** Bytes held: key bytes and frames. */
    long bytes() {
        return poolSize + framesSize * 12L + size * 40L;
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LF = 0x0A0A0A0A0A0A0A0AL;
    private static final long CR = 0x0D0D0D0D0D0D0D0DL;
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long LOWS = 0x7F7F7F7F7F7F7F7FL;
    private static final long M = 0x9E3779B97F4A7C15L;

    /**
     * The end of the frame block that starts at {@code from} (just after a line's LF) in {@code b[from, limit)}: the
     * position of the LF of the first empty line ("\n\n", the first LF ending the block's last line); {@code from} when
     * the block is empty. -1 when there is none before {@code limit} (or {@link #MAX_BLOCK}), or a CR comes first (CRLF
     * and lone-CR line ends are left to the line reader). Sets {@link #hash} to the hash of {@code b[from, end)}.
     */
    int scan(byte[] b, int from, int limit) {
        long h = M;
        long carry = 0x80;                          // the byte before 'from' is an LF
        int max = Math.min(limit, from + MAX_BLOCK);
        for (int i = from; i + 8 <= max; i += 8) {
            long w = (long) LONGS.get(b, i);
            long x = w ^ LF;
            if ((((x - ONES) & ~x & HIGHS) | carry) != 0) {        // an LF in this word, or one just before it
                long z = ~(((x & LOWS) + LOWS) | x | LOWS);     // 0x80 in each byte that is an LF, exactly
                long t = z & ((z << 8) | carry);
                if (t != 0) {
                    int k = Long.numberOfTrailingZeros(t) >>> 3;
                    if (k > 0) {
                        h = Long.rotateLeft(h, 27) ^ ((w & (-1L >>> (64 - 8 * k))) * M);
                    }
                    int end = i + k;
                    h ^= end - from;
                    h ^= h >>> 33;
                    h *= 0xC2B2AE3D27D4EB4FL;
                    h ^= h >>> 29;
                    hash = h;
                    return end;
                }
                long y = w ^ CR;
                if (((y - ONES) & ~y & HIGHS) != 0) {
                    return -1;                      // CR line ends (checked where lines end): left to the line reader
                }
                carry = z >>> 56;
            }
            h = Long.rotateLeft(h, 27) ^ (w * M);
        }
        return -1;
    }

    /** The entry of the block {@code b[s, e)} with hash {@code h} (from {@link #scan}) and Java flag, or -1. */
    int find(byte[] b, int s, int e, long h, boolean java) {
        int len = e - s;
        int slot = (int) h & mask;
        while (true) {
            int id = table[slot];
            if (id < 0) {
                return -1;
            }
            if (hashes[id] == h && javas[id] == java && keyLen[id] == len
                    && Arrays.equals(pool, keyStart[id], keyStart[id] + len, b, s, e)) {
                return id;
            }
            slot = (slot + 1) & mask;
        }
    }

    int lines(int id) {
        return lineCounts[id];
    }

    int frameStart(int id) {
        return frameStart[id];
    }

    int depth(int id) {
        return depths[id];
    }

    boolean inlined(int id) {
        return inlined[id];
    }

    /** The stack id that entry {@code id} with this process frame and event ended in before, or -1. */
    int memo(int id, int pname, int event) {
        return memoPname[id] == pname && memoEvent[id] == event ? memoStack[id] : -1;
    }

    void memo(int id, int pname, int event, int stack) {
        memoPname[id] = pname;
        memoEvent[id] = event;
        memoStack[id] = stack;
    }

    /** Remembers block {@code b[s, e)} (not in the cache yet) and the {@code depth} frames its lines pushed. */
    void add(byte[] b, int s, int e, long h, boolean java, int lineCount, int[] leafFirst, long[] framePcs, int depth,
             boolean hasInlined) {
        int len = e - s;
        if (size == keyStart.length) {
            int n = size * 2;
            keyStart = Arrays.copyOf(keyStart, n);
            keyLen = Arrays.copyOf(keyLen, n);
            hashes = Arrays.copyOf(hashes, n);
            javas = Arrays.copyOf(javas, n);
            lineCounts = Arrays.copyOf(lineCounts, n);
            frameStart = Arrays.copyOf(frameStart, n);
            depths = Arrays.copyOf(depths, n);
            inlined = Arrays.copyOf(inlined, n);
            memoPname = Arrays.copyOf(memoPname, n);
            memoEvent = Arrays.copyOf(memoEvent, n);
            memoStack = Arrays.copyOf(memoStack, n);
        }
        if (poolSize + len > pool.length) {
            pool = Arrays.copyOf(pool, Math.max(pool.length * 2, poolSize + len));
        }
        if (framesSize + depth > frames.length) {
            int n = Math.max(frames.length * 2, framesSize + depth);
            frames = Arrays.copyOf(frames, n);
            pcs = Arrays.copyOf(pcs, n);
        }
        System.arraycopy(b, s, pool, poolSize, len);
        System.arraycopy(leafFirst, 0, frames, framesSize, depth);
        if (hasInlined) {
            System.arraycopy(framePcs, 0, pcs, framesSize, depth);
        }
        int id = size++;
        keyStart[id] = poolSize;
        keyLen[id] = len;
        hashes[id] = h;
        javas[id] = java;
        lineCounts[id] = lineCount;
        frameStart[id] = framesSize;
        depths[id] = depth;
        inlined[id] = hasInlined;
        memoStack[id] = -1;
        poolSize += len;
        framesSize += depth;
        int slot = (int) h & mask;
        while (table[slot] >= 0) {
            slot = (slot + 1) & mask;
        }
        table[slot] = id;
        if (size * 2 > mask) {
            rehash();
        }
    }

    private void rehash() {
        int n = table.length * 2;
        table = new int[n];
        Arrays.fill(table, -1);
        mask = n - 1;
        for (int id = 0; id < size; id++) {
            int slot = (int) hashes[id] & mask;
            while (table[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            table[slot] = id;
        }
    }
}
