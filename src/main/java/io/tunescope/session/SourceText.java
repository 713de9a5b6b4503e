package io.tunescope.session;

import io.tunescope.importers.LineReader;
import io.tunescope.importers.TextDecoding;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * A capture file opened for reading by line number, read-only and never loaded whole: the "open this line"
 * behind every {@code file:line} on screen. Lines are numbered as the importers number them (a line ends at LF,
 * CRLF or a lone CR; see {@link LineReader}), and decoded as the importers decode them ({@link TextDecoding}:
 * UTF-8, UTF-16 with or without BOM, GB18030/GBK).
 *
 * <p>{@link #index} scans the file once and keeps the byte offset of every {@value #STRIDE}th line start (a
 * 10 GB file with 100 million lines keeps under 7 MB of offsets); {@link #lines} then seeks to the nearest
 * checkpoint and decodes only what it returns. Line ends are found on bytes: in UTF-8 and GB18030 the bytes
 * 0x0A and 0x0D never occur inside a character, and in UTF-16 the scan reads two-byte units.
 */
public final class SourceText {
    /** One checkpoint per this many lines. */
    public static final int STRIDE = 256;
    /** Characters of one line that are shown; the rest is cut and said so. */
    public static final int MAX_LINE_CHARS = 20_000;

    private final Path file;
    private final TextDecoding.Detected decoding;
    private final long size;
    private long[] checkpoints = new long[0];
    private int lines = -1;

    private SourceText(Path file, TextDecoding.Detected decoding, long size) {
        this.file = file;
        this.decoding = decoding;
        this.size = size;
    }

    /** Opens a file: reads its first bytes to decide the decoding; nothing else is read until {@link #index}. */
    public static SourceText open(Path file) throws IOException {
        byte[] head = new byte[64 * 1024];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        }
        return new SourceText(file, TextDecoding.detect(head, n), Files.size(file));
    }

    public Path file() {
        return file;
    }

    /** How the bytes are decoded, in words ("UTF-8", "GB18030/GBK (not valid UTF-8)", "binary content ..."). */
    public String encoding() {
        return decoding.description();
    }

    /** True when the file is not text; {@link #lines} then gives nothing. */
    public boolean binary() {
        return decoding.binary();
    }

    public long size() {
        return size;
    }

    /** The number of lines, or -1 before {@link #index} ran. */
    public int lineCount() {
        return lines;
    }

    /**
     * Scans the file once for its line starts. Returns false when cancelled (the text stays unindexed).
     *
     * @param progress receives the bytes read so far and the file size; may be null
     */
    public boolean index(BooleanSupplier cancelled, java.util.function.LongBinaryOperator progress) throws IOException {
        if (binary()) {
            lines = 0;
            return true;
        }
        int unit = unitWidth();
        boolean bigEndian = decoding.charset().equals(StandardCharsets.UTF_16BE);
        long[] cps = new long[16];
        int ncp = 0;
        cps[ncp++] = decoding.bomLength();
        int count = 0;
        boolean pendingCr = false;
        boolean lineOpen = false;
        long pos = decoding.bomLength();
        ByteBuffer buf = ByteBuffer.allocate(1 << 16);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ch.position(pos);
            while (true) {
                if (cancelled != null && cancelled.getAsBoolean()) {
                    return false;
                }
                int r = ch.read(buf);
                if (r < 0) {
                    break;
                }
                buf.flip();
                int end = buf.limit() - buf.limit() % unit;
                int i = 0;
                for (; i + unit <= end; i += unit) {
                    int c = unit == 1 ? buf.get(i) & 0xFF
                            : bigEndian ? ((buf.get(i) & 0xFF) << 8) | (buf.get(i + 1) & 0xFF)
                            : ((buf.get(i + 1) & 0xFF) << 8) | (buf.get(i) & 0xFF);
                    long at = pos + i;
                    if (pendingCr) {
                        pendingCr = false;
                        if (c == '\n') {
                            continue;
                        }
                    }
                    if (c == '\n' || c == '\r') {
                        count++;
                        lineOpen = false;
                        pendingCr = c == '\r';
                        if (count % STRIDE == 0) {
                            long next = at + unit;
                            if (c == '\r') {
                                // a CRLF's LF belongs to this line end: the next line starts after it
                                next = peekLf(ch, at + unit, unit, bigEndian) ? at + 2L * unit : at + unit;
                            }
                            if (ncp == cps.length) {
                                cps = Arrays.copyOf(cps, ncp * 2);
                            }
                            cps[ncp++] = next;
                        }
                    } else {
                        lineOpen = true;
                    }
                }
                pos += i;
                buf.position(i);
                buf.compact();
                if (progress != null) {
                    progress.applyAsLong(pos, size);
                }
            }
        }
        if (lineOpen) {
            count++;
        }
        // a checkpoint at the very end of the file names no line
        if (ncp > 1 && (long) (ncp - 1) * STRIDE >= count) {
            ncp--;
        }
        checkpoints = Arrays.copyOf(cps, ncp);
        lines = count;
        return true;
    }

    private static boolean peekLf(FileChannel ch, long at, int unit, boolean bigEndian) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(unit);
        int r = ch.read(b, at);
        if (r < unit) {
            return false;
        }
        int c = unit == 1 ? b.get(0) & 0xFF
                : bigEndian ? ((b.get(0) & 0xFF) << 8) | (b.get(1) & 0xFF) : ((b.get(1) & 0xFF) << 8) | (b.get(0) & 0xFF);
        return c == '\n';
    }

    private int unitWidth() {
        return decoding.charset().equals(StandardCharsets.UTF_16LE) || decoding.charset().equals(StandardCharsets.UTF_16BE) ? 2 : 1;
    }

    /**
     * Lines {@code first} to {@code first + count - 1} (1-based, clipped to the file). A line longer than
     * {@value #MAX_LINE_CHARS} characters is cut and ends with " … (N more characters)" in the caller's words;
     * here it ends with {@code …}.
     */
    public List<String> lines(int first, int count) throws IOException {
        requireIndex();
        List<String> out = new ArrayList<>();
        if (binary() || count <= 0 || first > lines) {
            return out;
        }
        int from = Math.max(1, first);
        int cp = (from - 1) / STRIDE;
        int lineAt = cp * STRIDE + 1;
        try (LineReader r = reader(checkpoints[cp])) {
            String s;
            while (lineAt < from && r.readLine() != null) {
                lineAt++;
            }
            int last = Math.min(lines, first + count - 1);
            while (lineAt <= last && (s = r.readLine()) != null) {
                out.add(r.lastLineTruncated() ? s + "\u2026" : s);
                lineAt++;
            }
        }
        return out;
    }

    /**
     * The next line at or after {@code from} (forward), or at or before it (backward), that contains {@code query}
     * ignoring case, wrapping around the file once; 0 when no line matches or the search was cancelled.
     */
    public int find(String query, int from, boolean forward, BooleanSupplier cancelled) throws IOException {
        requireIndex();
        if (query == null || query.isEmpty() || lines <= 0 || binary()) {
            return 0;
        }
        String q = query.toLowerCase(Locale.ROOT);
        int start = Math.min(Math.max(1, from), lines);
        if (forward) {
            int hit = scan(q, start, lines, true, cancelled);
            return hit != 0 || start == 1 ? hit : scan(q, 1, start - 1, true, cancelled);
        }
        int hit = scan(q, 1, start, false, cancelled);
        return hit != 0 || start == lines ? hit : scan(q, start + 1, lines, false, cancelled);
    }

    /** First (or last) matching line in [a, b]; 0 if none. */
    private int scan(String q, int a, int b, boolean first, BooleanSupplier cancelled) throws IOException {
        if (a > b || cancelled != null && cancelled.getAsBoolean()) {
            return 0;
        }
        int cp = (a - 1) / STRIDE;
        int lineAt = cp * STRIDE + 1;
        int found = 0;
        try (LineReader r = reader(checkpoints[cp])) {
            String s;
            while (lineAt <= b && (s = r.readLine()) != null) {
                if ((lineAt & 1023) == 0 && cancelled != null && cancelled.getAsBoolean()) {
                    return 0;
                }
                if (lineAt >= a && s.toLowerCase(Locale.ROOT).contains(q)) {
                    found = lineAt;
                    if (first) {
                        return found;
                    }
                }
                lineAt++;
            }
        }
        return found;
    }

    private LineReader reader(long byteOffset) throws IOException {
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        ch.position(byteOffset);
        CharsetDecoder dec = decoding.charset().newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        return new LineReader(new InputStreamReader(Channels.newInputStream(ch), dec), 16 * 1024, MAX_LINE_CHARS);
    }

    private void requireIndex() {
        if (lines < 0) {
            throw new IllegalStateException("index() first");
        }
    }
}
