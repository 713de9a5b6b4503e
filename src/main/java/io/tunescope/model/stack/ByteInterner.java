package io.tunescope.model.stack;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.util.Arrays;

/**
 * Interns byte strings to dense ints (0, 1, 2 ...) without creating an object per string: the bytes live
 * in one growing pool, the hash table is an int array (open addressing, linear probing). Lookups take a
 * span of any array, so a parser can intern straight out of its read buffer.
 */
public final class ByteInterner {
    private byte[] pool = new byte[1 << 12];
    private int poolSize;
    private int[] starts = new int[64];
    private int[] ends = new int[64];
    private int[] hashes = new int[64];
    private int size;
    private int[] table = new int[128];
    private int mask = 127;

    public ByteInterner() {
        Arrays.fill(table, -1);
    }

    public int size() {
        return size;
    }

    /** The id of the bytes {@code b[off, off+len)}, adding them when new. */
    public int intern(byte[] b, int off, int len) {
        int h = hash(b, off, len);
        int slot = h & mask;
        while (true) {
            int id = table[slot];
            if (id < 0) {
                break;
            }
            if (hashes[id] == h && equal(id, b, off, len)) {
                return id;
            }
            slot = (slot + 1) & mask;
        }
        int id = add(b, off, len, h);
        table[slot] = id;
        if (size * 2 > mask) {
            rehash();
        }
        return id;
    }

    /** The id of the bytes, or -1 when they were never interned. */
    public int find(byte[] b, int off, int len) {
        int h = hash(b, off, len);
        int slot = h & mask;
        while (true) {
            int id = table[slot];
            if (id < 0) {
                return -1;
            }
            if (hashes[id] == h && equal(id, b, off, len)) {
                return id;
            }
            slot = (slot + 1) & mask;
        }
    }

    public int length(int id) {
        return ends[id] - starts[id];
    }

    /**
     * True when the bytes of {@code longer} are the bytes of {@code shorter} followed by at least one byte, the
     * first of which is (unsigned) below {@code limit}.
     */
    public boolean extendsWithByteBelow(int shorter, int longer, int limit) {
        int s = starts[shorter];
        int n = ends[shorter] - s;
        int l = starts[longer];
        return ends[longer] - l > n && (pool[l + n] & 0xFF) < limit && Arrays.equals(pool, s, s + n, pool, l, l + n);
    }

    /** Copies the bytes of {@code id} into a new array. */
    public byte[] bytes(int id) {
        return Arrays.copyOfRange(pool, starts[id], ends[id]);
    }

    /** Appends the bytes of {@code id} to {@code dst} at {@code pos}; returns the new position. */
    public int copyTo(int id, byte[] dst, int pos) {
        int n = ends[id] - starts[id];
        System.arraycopy(pool, starts[id], dst, pos, n);
        return pos + n;
    }

    public String string(int id, Charset cs) {
        return new String(pool, starts[id], ends[id] - starts[id], cs);
    }

    private boolean equal(int id, byte[] b, int off, int len) {
        int s = starts[id];
        if (ends[id] - s != len) {
            return false;
        }
        if (len < 8) {
            for (int i = 0; i < len; i++) {
                if (pool[s + i] != b[off + i]) {
                    return false;
                }
            }
            return true;
        }
        if (len <= 32) {
            // eight bytes at a time, the last eight overlapping: frame names are short
            int last = len - 8;
            for (int i = 0; i < last; i += 8) {
                if ((long) LONGS.get(pool, s + i) != (long) LONGS.get(b, off + i)) {
                    return false;
                }
            }
            return (long) LONGS.get(pool, s + last) == (long) LONGS.get(b, off + last);
        }
        return Arrays.equals(pool, s, s + len, b, off, off + len);
    }

    private int add(byte[] b, int off, int len, int h) {
        if (size == starts.length) {
            int n = size * 2;
            starts = Arrays.copyOf(starts, n);
            ends = Arrays.copyOf(ends, n);
            hashes = Arrays.copyOf(hashes, n);
        }
        if (poolSize + len > pool.length) {
            pool = Arrays.copyOf(pool, Math.max(pool.length * 2, poolSize + len));
        }
        System.arraycopy(b, off, pool, poolSize, len);
        starts[size] = poolSize;
        poolSize += len;
        ends[size] = poolSize;
        hashes[size] = h;
        return size++;
    }

    private void rehash() {
        int n = table.length * 2;
        table = new int[n];
        Arrays.fill(table, -1);
        mask = n - 1;
        for (int id = 0; id < size; id++) {
            int slot = hashes[id] & mask;
            while (table[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            table[slot] = id;
        }
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    /** A fast 64-bit multiply-mix over eight bytes at a time, folded to 32 bits. */
    static int hash(byte[] b, int off, int len) {
        long h = 0x9E3779B97F4A7C15L ^ len;
        int i = off;
        int end = off + len;
        for (; i + 8 <= end; i += 8) {
            long k = (long) LONGS.get(b, i);
            h = Long.rotateLeft(h ^ (k * 0xC2B2AE3D27D4EB4FL), 29) * 0x9E3779B97F4A7C15L;
        }
        int r = end - i;
        long tail = 0;
        if (r > 0 && len >= 8) {
            // the last r bytes as the low bytes of a long: the eight bytes before end, shifted down
            tail = (long) LONGS.get(b, end - 8) >>> (8 * (8 - r));
        } else if (r >= 4) {
            tail = ((int) INTS.get(b, i) & 0xFFFFFFFFL) | (((int) INTS.get(b, end - 4) & 0xFFFFFFFFL) >>> (8 * (8 - r)) << 32);
        } else {
            for (int s = 0; i < end; i++, s += 8) {
                tail |= (long) (b[i] & 0xFF) << s;
            }
        }
        h = Long.rotateLeft(h ^ (tail * 0xC2B2AE3D27D4EB4FL), 29) * 0x9E3779B97F4A7C15L;
        h ^= h >>> 32;
        h *= 0xD6E8FEB86659FD93L;
        h ^= h >>> 32;
        return (int) h;
    }
}
