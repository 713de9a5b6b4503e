package io.tunescope.importers;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Splits a byte stream into lines without copying or decoding: after {@link #next()} the line is
 * {@code buf()[start(), end())}, valid until the next call. A line ends at LF, CRLF or a lone CR, the one
 * definition of a line that {@link Head} and {@link LineReader} use too; the end is not part of the line.
 * {@link #keepingCrBeforeLf} keeps the CR of a CRLF as data (FlameGraph's scripts read lines that way) while
 * a lone CR still ends a line. A line longer than the cap keeps its first {@code maxLine} bytes and is
 * flagged {@link #truncated()}.
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
    private boolean keepCrBeforeLf;
    /** The line before ended in a CR at the end of the buffer: an LF that follows belongs to it. */
    private boolean lfMayFollow;

    public ByteLines(InputStream in, int bufferSize, int maxLine) {
        this.in = in;
        this.maxLine = Math.max(16, maxLine);
        this.buf = new byte[Math.max(16, Math.min(bufferSize, this.maxLine))];
    }

    public ByteLines(InputStream in) {
        this(in, 1 << 20, 16 << 20);
    }

    /** The CR of a CRLF stays at the end of the line (as in Perl's {@code <>}); a lone CR still ends a line. */
    public ByteLines keepingCrBeforeLf() {
        keepCrBeforeLf = true;
        return this;
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

    /**
     * How far the bytes after the current line are already in {@link #buf()}: they are {@code buf()[end of this line
     * and its terminator, ahead())}; the start when nothing can be looked at ahead (a line end still to be decided).
     * With {@link #aheadStart()} this lets a caller that recognises whole runs of lines there {@link #skip} them.
     */
    public int ahead() {
        return skipToLf || lfMayFollow ? pos : limit;
    }

    /** Where the bytes after the current line and its terminator start in {@link #buf()}. */
    public int aheadStart() {
        return pos;
    }

    /**
     * Passes over {@code bytes} bytes after the current line (within {@link #ahead()}, ending just after an LF) that
     * hold {@code lineCount} lines: the next {@link #next()} reads the line after them.
     */
    public void skip(int bytes, long lineCount) {
        if (bytes < 0 || pos + bytes > ahead()) {
            throw new IllegalArgumentException("skip " + bytes + " bytes: only " + (ahead() - pos) + " are read ahead");
        }
        pos += bytes;
        number += lineCount;
    }

    public boolean next() throws IOException {
        truncated = false;
        if (skipToLf && !skipRest()) {
            return false;
        }
        if (lfMayFollow) {
            lfMayFollow = false;
            if (pos >= limit && !fill()) {
                return false;
            }
            if (buf[pos] == '\n') {
                pos++;
            }
        }
        int scan = pos;
        while (true) {
            byte[] b = buf;
            int lim = limit;
            int i = indexOfEol(b, scan, lim);
            if (i < lim) {
                if (b[i] == '\n') {
                    start = pos;
                    end = i;
                    pos = i + 1;
                    number++;
                    return true;
                }
                // a CR: CRLF or a lone CR; the byte after it decides, so it must be in the buffer
                if (i + 1 < lim || eof) {
                    boolean crlf = i + 1 < lim && b[i + 1] == '\n';
                    start = pos;
                    end = crlf && keepCrBeforeLf ? i + 1 : i;
                    pos = crlf ? i + 2 : i + 1;
                    number++;
                    return true;
                }
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
            // rescan from where the search stopped (a CR at the buffer's end is looked at again)
            scan = Math.min(i, limit) - pos;
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, limit - pos);
                limit -= pos;
                pos = 0;
            }
            if (limit == buf.length) {
                if (buf.length >= maxLine && buf[limit - 1] == '\r') {
                    // a full line ended by a CR whose LF, if any, is still unread
                    start = 0;
                    end = limit - 1;
                    pos = limit;
                    lfMayFollow = true;
                    number++;
                    return true;
                }
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

    /** Reads into an empty buffer; false at the end of the input. */
    private boolean fill() throws IOException {
        pos = 0;
        limit = 0;
        if (eof) {
            return false;
        }
        int n;
        do {
            n = in.read(buf, 0, buf.length);
        } while (n == 0);
        if (n < 0) {
            eof = true;
            return false;
        }
        limit = n;
        return true;
    }

    private boolean skipToLf;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long LF = 0x0A0A0A0A0A0A0A0AL;
    private static final long CR = 0x0D0D0D0D0D0D0D0DL;
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

    /** The index of the first LF or CR in {@code b[from, to)}, or {@code to}; eight bytes at a time. */
    static int indexOfEol(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(b, i);
            long x = w ^ LF;
            long y = w ^ CR;
            long t = ((x - ONES) & ~x | (y - ONES) & ~y) & HIGHS;
            if (t != 0) {
                return i + (Long.numberOfTrailingZeros(t) >>> 3);
            }
        }
        while (i < to && b[i] != '\n' && b[i] != '\r') {
            i++;
        }
        return i;
    }

    /** Drops the bytes up to and including the next line end; false at the end of the input. */
    private boolean skipRest() throws IOException {
        skipToLf = false;
        while (true) {
            for (int i = pos; i < limit; i++) {
                if (buf[i] == '\n') {
                    pos = i + 1;
                    return true;
                }
                if (buf[i] == '\r') {
                    pos = i + 1;
                    lfMayFollow = true;
                    return true;
                }
            }
            if (!fill()) {
                return false;
            }
        }
    }
}
