package io.tunescope.importers;

import java.util.Arrays;

/**
 * A small map from byte strings (a field of a line, {@code b[from, to)}) to values, looked up without copying the
 * bytes or making a string: the text importers find a row's device or CPU columns through it once per row.
 */
public final class BytesMap<V> {
    private byte[][] keys = new byte[16][];
    private Object[] values = new Object[16];
    private int size;

    /** The value of the key {@code b[from, to)}, or null. */
    @SuppressWarnings("unchecked")
    public V get(byte[] b, int from, int to) {
        int mask = keys.length - 1;
        for (int i = hash(b, from, to) & mask; ; i = (i + 1) & mask) {
            byte[] k = keys[i];
            if (k == null) {
                return null;
            }
            if (Arrays.equals(k, 0, k.length, b, from, to)) {
                return (V) values[i];
            }
        }
    }

    /** Maps a copy of {@code b[from, to)} to {@code value}. */
    public void put(byte[] b, int from, int to, V value) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        for (int i = hash(b, from, to) & mask; ; i = (i + 1) & mask) {
            byte[] k = keys[i];
            if (k == null) {
                keys[i] = Arrays.copyOfRange(b, from, to);
                values[i] = value;
                size++;
                return;
            }
            if (Arrays.equals(k, 0, k.length, b, from, to)) {
                values[i] = value;
                return;
            }
        }
    }

    public void clear() {
        if (size > 0) {
            Arrays.fill(keys, null);
            Arrays.fill(values, null);
            size = 0;
        }
    }

    private void grow() {
        byte[][] oldKeys = keys;
        Object[] oldValues = values;
        keys = new byte[oldKeys.length * 2][];
        values = new Object[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            byte[] k = oldKeys[j];
            if (k != null) {
                int i = hash(k, 0, k.length) & mask;
                while (keys[i] != null) {
                    i = (i + 1) & mask;
                }
                keys[i] = k;
                values[i] = oldValues[j];
            }
        }
    }

    private static int hash(byte[] b, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + b[i];
        }
        return h ^ (h >>> 16);
    }
}
