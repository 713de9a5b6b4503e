package io.tunescope.importers;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Splits a byte stream into lines at LF without copying or decoding: after {@link #next()} the line is
 * {@code buf()[start(), end())}, valid until the next call. A line longer than the cap keeps its first
 * {@code maxLine} bytes and is flagged {@link #truncated()}.
 */
public final class ByteLines {
    private final InputStream in;
    private final int maxLine;
    private byte[] buf;
    private int pos;
    private int limit;
    private boolean eof;
    private int start;
    private int end;
    private long number;
    private boolean truncated;

    public ByteLines(InputStream in, int bufferSize, int maxLine) {
        this.in = in;
        this.maxLine = Math.max(16, maxLine);
        this.buf = new byte[Math.max(16, Math.min(bufferSize, this.maxLine))];
    }

    public ByteLines(InputStream in) {
        this(in, 1 << 20, 16 << 20);
    }

    public byte[] buf() {
        return buf;
    }

    public int start() {
        return start;
    }

    public int end() {
        return end;
    }

    /** 1-based number of the current line. */
    public long number() {
        return number;
    }

    public boolean truncated() {
        return truncated;
    }

    public boolean next() throws IOException {
        truncated = false;
        if (skipToLf && !skipRest()) {
            return false;
        }
        int scan = pos;
        while (true) {
            byte[] b = buf;
            int lim = limit;
            int i = indexOfLf(b, scan, lim);
            if (i < lim) {
                start = pos;
                end = i;
                pos = i + 1;
                number++;
                return true;
            }
            if (eof) {
                if (pos < limit) {
                    start = pos;
                    end = limit;
                    pos = limit;
                    number++;
                    return true;
                }
                return false;
            }
            scan = limit - pos;
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, limit - pos);
                limit -= pos;
                pos = 0;
            }
            if (limit == buf.length) {
                if (buf.length >= maxLine) {
                    // over-long line: hand out its first maxLine bytes, skip the rest on the next call
                    start = 0;
                    end = limit;
                    pos = limit;
                    truncated = true;
                    skipToLf = true;
                    number++;
                    return true;
                }
                buf = Arrays.copyOf(buf, (int) Math.min(maxLine, buf.length * 2L));
            }
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                eof = true;
            } else {
                limit += n;
            }
        }
    }

    private boolean skipToLf;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LF = 0x0A0A0A0A0A0A0A0AL;
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    /** The index of the first LF in {@code b[from, to)}, or {@code to}; eight bytes at a time. */
    static int indexOfLf(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long x = (long) LONGS.get(b, i) ^ LF;
            long t = (x - ONES) & ~x & HIGHS;
            if (t != 0) {
                return i + (Long.numberOfTrailingZeros(t) >>> 3);
            }
        }
        while (i < to && b[i] != '\n') {
            i++;
        }
        return i;
    }

    /** Drops the bytes up to and including the next LF; false at the end of the input. */
    private boolean skipRest() throws IOException {
        skipToLf = false;
        while (true) {
            for (int i = pos; i < limit; i++) {
                if (buf[i] == '\n') {
                    pos = i + 1;
                    return true;
                }
            }
            pos = 0;
            limit = 0;
            if (eof) {
                return false;
            }
            int n = in.read(buf, 0, buf.length);
            if (n < 0) {
                eof = true;
                return false;
            }
            limit = n;
        }
    }
}
