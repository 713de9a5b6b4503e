package io.tunescope.importers;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * The lines of a text file as bytes, for the per-line loops of the statistics importers: in an ASCII-compatible
 * charset (UTF-8, GB18030; no byte of a multi-byte character is an ASCII blank, CR or LF) the file's own bytes
 * through {@link ByteLines}, with no decoding and no string per line; in UTF-16/32 the decoded lines of
 * {@link ImportContext#lines()}, re-encoded as UTF-8. {@link #string()} decodes the current line when an importer
 * needs it as text (headers, timestamps, messages): the same string {@link ImportContext#lines()} gives. Lines end
 * at LF, CRLF or a lone CR; one longer than {@link ImportContext#maxLineChars()} is cut there and reported as
 * {@link ImportContext.Lines} reports it.
 */
public final class TextLines implements AutoCloseable {
    private final ImportContext ctx;
    private final InputStream in;
    private final ByteLines bytes;
    private final ImportContext.Lines decoded;
    private final Charset charset;
    private byte[] buf = new byte[0];
    private int start;
    private int end;
    private long number;
    private String string;

    TextLines(ImportContext ctx) throws IOException {
        this.ctx = ctx;
        Charset cs = ctx.decoding().charset();
        if (asciiCompatible(cs)) {
            this.in = ctx.bytes();
            this.bytes = new ByteLines(in, 1 << 18, ctx.maxLineChars());
            this.decoded = null;
            this.charset = cs;
        } else {
            this.in = null;
            this.bytes = null;
            this.decoded = ctx.lines();
            this.charset = StandardCharsets.UTF_8;
        }
    }

    /** Whether text in {@code cs} can be split into lines and blank-separated fields byte by byte. */
    public static boolean asciiCompatible(Charset cs) {
        return !cs.name().startsWith("UTF-16") && !cs.name().startsWith("UTF-32");
    }

    /** Moves to the next line; false at the end of the file. */
    public boolean next() throws IOException {
        string = null;
        if (bytes == null) {
            String l = decoded.next();
            number = decoded.number();
            if (l == null) {
                return false;
            }
            string = l;
            buf = l.getBytes(StandardCharsets.UTF_8);
            start = 0;
            end = buf.length;
            return true;
        }
        if (!bytes.next()) {
            return false;
        }
        buf = bytes.buf();
        start = bytes.start();
        end = bytes.end();
        number = bytes.number();
        ctx.lastLine(number);
        if (bytes.truncated()) {
            ctx.warn(number, "line longer than " + ctx.maxLineChars() + " characters; the rest of it was skipped");
        }
        return true;
    }

    /** The current line's bytes: {@code buf()[start(), end())}, valid until {@link #next()}. */
    public byte[] buf() {
        return buf;
    }

    public int start() {
        return start;
    }

    public int end() {
        return end;
    }

    /** The charset of {@link #buf()}'s text. */
    public Charset charset() {
        return charset;
    }

    /** 1-based number of the current line. */
    public long number() {
        return number;
    }

    /** The current line as a string (decoded once per line, when asked). */
    public String string() {
        if (string == null) {
            string = new String(buf, start, end - start, charset);
        }
        return string;
    }

    /** {@link String#isBlank()} of the current line, without decoding it unless it has non-ASCII bytes. */
    public boolean isBlank() {
        for (int i = start; i < end; i++) {
            byte b = buf[i];
            if (b < 0) {
                return string().isBlank();
            }
            if (!Character.isWhitespace(b)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the current line starts with {@code ascii} (ASCII only). */
    public boolean startsWith(String ascii) {
        int n = ascii.length();
        if (end - start < n) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            if (buf[start + k] != ascii.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** Fields of the current line (split as bytes). */
    public int split(Fields f) {
        return f.split(buf, start, end, charset);
    }

    @Override
    public void close() throws IOException {
        if (decoded != null) {
            decoded.close();
        } else {
            in.close();
        }
    }
}
