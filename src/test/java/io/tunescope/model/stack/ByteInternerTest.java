package io.tunescope.model.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ByteInternerTest {

    /** The hash as first written: eight bytes at a time, then the tail one byte at a time. */
    static int reference(byte[] b, int off, int len) {
        long h = 0x9E3779B97F4A7C15L ^ len;
        int i = off;
        int end = off + len;
        for (; i + 8 <= end; i += 8) {
            long k = 0;
            for (int s = 0; s < 8; s++) {
                k |= (long) (b[i + s] & 0xFF) << (8 * s);
            }
            h = Long.rotateLeft(h ^ (k * 0xC2B2AE3D27D4EB4FL), 29) * 0x9E3779B97F4A7C15L;
        }
        long tail = 0;
        for (int s = 0; i < end; i++, s += 8) {
            tail |= (long) (b[i] & 0xFF) << s;
        }
        h = Long.rotateLeft(h ^ (tail * 0xC2B2AE3D27D4EB4FL), 29) * 0x9E3779B97F4A7C15L;
        h ^= h >>> 32;
        h *= 0xD6E8FEB86659FD93L;
        h ^= h >>> 32;
        return (int) h;
    }

    @Test
    void hashReadsTailsWholeAsTheBytewiseHashDoes() {
        Random r = new Random(17);
        byte[] b = new byte[80];
        for (int round = 0; round < 200; round++) {
            r.nextBytes(b);
            for (int off = 0; off < 9; off++) {
                for (int len = 0; off + len <= b.length; len++) {
                    assertEquals(reference(b, off, len), ByteInterner.hash(b, off, len), "off " + off + " len " + len);
                }
            }
        }
    }

    @Test
    void stringsDifferingInAnyOneByteGetTheirOwnIds() {
        ByteInterner in = new ByteInterner();
        Random r = new Random(5);
        for (int len = 1; len <= 48; len++) {
            byte[] base = new byte[len + 3];
            r.nextBytes(base);
            int id = in.intern(base, 3, len);
            assertEquals(id, in.intern(base.clone(), 3, len));
            for (int k = 0; k < len; k++) {
                byte[] other = base.clone();
                other[3 + k] ^= 0x40;
                int o = in.intern(other, 3, len);
                assertNotEquals(id, o, "len " + len + " byte " + k);
                assertEquals(o, in.find(other, 3, len));
                // the same bytes at another offset are the same string
                byte[] moved = new byte[len + 11];
                System.arraycopy(other, 3, moved, 11, len);
                assertEquals(o, in.intern(moved, 11, len));
            }
            assertEquals(id, in.find(base, 3, len));
        }
    }

    @Test
    void extendsWithByteBelow() {
        ByteInterner in = new ByteInterner();
        int f = in.intern("fn_1".getBytes(), 0, 4);
        int f2 = in.intern("fn_12".getBytes(), 0, 5);
        int fa = in.intern("fn_1a".getBytes(), 0, 5);
        int g = in.intern("fo_12".getBytes(), 0, 5);
        assertTrue(in.extendsWithByteBelow(f, f2, ';'));
        assertFalse(in.extendsWithByteBelow(f, fa, ';'));
        assertFalse(in.extendsWithByteBelow(f2, f, ';'));
        assertFalse(in.extendsWithByteBelow(f, f, ';'));
        assertFalse(in.extendsWithByteBelow(f, g, ';'));
    }
}
