package io.tunescope.importers;

import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;

/**
 * Reads lines from a character stream without ever holding more than one line: LF, CRLF and lone CR
 * end a line; a line longer than {@code maxLineChars} is cut there (the rest is skipped) and the cut is
 * reported through {@link #lastLineTruncated()}. Counts lines from 1.
 */
public final class LineReader implements Closeable {
    private final Reader in;
    private final char[] buf;
    private int pos;
    private int limit;
    private long lineNumber;
    private final int maxLineChars;
    private boolean truncated;
    private boolean eof;
    private boolean skipLf;
    private final StringBuilder sb = new StringBuilder(256);

    public LineReader(Reader in, int bufferSize, int maxLineChars) {
        this.in = in;
        this.buf = new char[Math.max(1, bufferSize)];
        this.maxLineChars = maxLineChars;
    }

    public LineReader(Reader in) {
        this(in, 64 * 1024, 16 * 1024 * 1024);
    }

    /** The next line without its terminator, or null at the end. */
    public String readLine() throws IOException {
        if (eof) {
            return null;
        }
        sb.setLength(0);
        truncated = false;
        boolean any = false;
        while (true) {
            if (pos >= limit) {
                limit = in.read(buf, 0, buf.length);
                pos = 0;
                if (limit <= 0) {
                    limit = 0;
                    eof = true;
                    if (!any) {
                        return null;
                    }
                    lineNumber++;
                    return sb.toString();
                }
            }
            if (skipLf) {
                skipLf = false;
                if (buf[pos] == '\n') {
                    pos++;
                    continue;
                }
            }
            any = true;
            int start = pos;
            while (pos < limit) {
                char c = buf[pos];
                if (c == '\n' || c == '\r') {
                    append(start, pos);
                    pos++;
                    if (c == '\r') {
                        skipLf = true;
                    }
                    lineNumber++;
                    return sb.toString();
                }
                pos++;
            }
            append(start, pos);
        }
    }

    private void append(int from, int to) {
        int room = maxLineChars - sb.length();
        int n = to - from;
        if (n > room) {
            truncated = true;
            n = Math.max(0, room);
        }
        sb.append(buf, from, n);
    }

    /** Number of the line last returned (1-based). */
    public long lineNumber() {
        return lineNumber;
    }

    /** True when the line last returned was longer than the limit and was cut. */
    public boolean lastLineTruncated() {
        return truncated;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
