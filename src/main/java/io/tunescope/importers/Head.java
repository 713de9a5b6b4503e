package io.tunescope.importers;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The first bytes of a file, decoded, split into lines: what importers sniff. Cheap to build; importers
 * must decide from content, using {@link #fileName()} only as a hint. Immutable, except for what it remembers of
 * its own readings ({@link #nonBlank()}, {@link #memo}).
 */
public final class Head {

    public static final int DEFAULT_BYTES = 64 * 1024;
    public static final int MAX_LINES = 400;

    private final String fileName;
    private final List<String> lines;
    private final boolean complete;
    private final long size;
    private final TextDecoding.Detected decoding;
    /** What several sniffers compute from the same head, computed once (a head is read by one thread at a time). */
    private List<String> nonBlank;
    private Map<Object, Object> memo;

    /**
     * @param fileName  the file's name (a hint only)
     * @param lines     the complete lines of the head (a line cut by the head's end is left out unless the
     *                  whole file fits, or unless it is the only line and opens a JSON object: minified JSON)
     * @param complete  true when the head holds the whole file
     * @param size      the file's size in bytes
     * @param decoding  how the file is decoded
     */
    public Head(String fileName, List<String> lines, boolean complete, long size, TextDecoding.Detected decoding) {
        this.fileName = fileName;
        this.lines = Collections.unmodifiableList(new ArrayList<>(lines));
        this.complete = complete;
        this.size = size;
        this.decoding = decoding;
    }

    public String fileName() {
        return fileName;
    }

    public List<String> lines() {
        return lines;
    }

    public boolean complete() {
        return complete;
    }

    public long size() {
        return size;
    }

    public TextDecoding.Detected decoding() {
        return decoding;
    }

    public static Head read(Path file) throws IOException {
        return read(file, DEFAULT_BYTES);
    }

    public static Head read(Path file, int maxBytes) throws IOException {
        return read(file, maxBytes, MAX_LINES);
    }

    /** A head of up to {@code maxBytes} and {@code maxLines} (the loader's second look when an importer is unsure). */
    public static Head read(Path file, int maxBytes, int maxLines) throws IOException {
        long size = Files.size(file);
        byte[] buf = new byte[(int) Math.min(maxBytes, Math.max(0, size))];
        int n = 0;
        try (InputStream in = Files.newInputStream(file)) {
            while (n < buf.length) {
                int r = in.read(buf, n, buf.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
        }
        return of(file.getFileName() == null ? "" : file.getFileName().toString(), buf, n, n >= size, size, maxLines);
    }

    /** Builds a head from bytes (tests use this for in-memory content). */
    public static Head of(String fileName, byte[] bytes, int length, boolean complete, long size) {
        return of(fileName, bytes, length, complete, size, MAX_LINES);
    }

    static Head of(String fileName, byte[] bytes, int length, boolean complete, long size, int maxLines) {
        TextDecoding.Detected d = TextDecoding.detect(bytes, length);
        if (d.binary()) {
            return new Head(fileName, List.of(), complete, size, d);
        }
        String text = new String(bytes, d.bomLength(), length - d.bomLength(), d.charset());
        List<String> lines = new ArrayList<>();
        int start = 0;
        int len = text.length();
        for (int i = 0; i < len && lines.size() < maxLines; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                lines.add(text.substring(start, i));
                if (c == '\r' && i + 1 < len && text.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        if (complete && start < len && lines.size() < maxLines) {
            lines.add(text.substring(start));
        } else if (lines.isEmpty() && start < len && text.strip().startsWith("{")) {
            // minified JSON: the whole head is the start of one long line; its readers sniff it with a streaming
            // parser that stops where the head ends
            lines.add(text.substring(start));
        }
        return new Head(fileName, lines, complete, size, d);
    }

    public static Head ofText(String fileName, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return of(fileName, b, b.length, true, b.length);
    }

    public boolean binary() {
        return decoding.binary();
    }

    public boolean isEmpty() {
        return !binary() && lines.stream().allMatch(String::isBlank);
    }

    /** The lines that are not blank, in order (computed once; unmodifiable). */
    public synchronized List<String> nonBlank() {
        if (nonBlank == null) {
            List<String> out = new ArrayList<>();
            for (String l : lines) {
                if (!l.isBlank()) {
                    out.add(l);
                }
            }
            nonBlank = Collections.unmodifiableList(out);
        }
        return nonBlank;
    }

    /**
     * What {@code f} computes from this head, computed once per key: for the reading that several importers share (two
     * importers with one sniff, the sysstat JSON reading of three). {@code f} must depend on the head only.
     */
    @SuppressWarnings("unchecked")
    public synchronized <T> T memo(Object key, Function<Head, T> f) {
        if (memo == null) {
            memo = new HashMap<>();
        }
        Object v = memo.get(key);
        if (v == null) {
            v = f.apply(this);
            memo.put(key, v);
        }
        return (T) v;
    }

    /** The first non-blank line, or "". */
    public String firstNonBlank() {
        for (String l : lines) {
            if (!l.isBlank()) {
                return l;
            }
        }
        return "";
    }

    /** How many lines match the predicate. */
    public int count(java.util.function.Predicate<String> p) {
        int c = 0;
        for (String l : lines) {
            if (p.test(l)) {
                c++;
            }
        }
        return c;
    }

    public boolean anyLine(java.util.function.Predicate<String> p) {
        for (String l : lines) {
            if (p.test(l)) {
                return true;
            }
        }
        return false;
    }

    // ---- cheap tests sniffers run before an expression (a line that fails one cannot match it) ----

    /** True when the line's first character is an ASCII letter (what {@code ^[A-Za-z]} needs). */
    public static boolean startsWithAsciiLetter(String l) {
        if (l.isEmpty()) {
            return false;
        }
        char c = l.charAt(0);
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z';
    }

    /** True when the first character is an ASCII digit (what {@code ^\d} needs). */
    public static boolean startsWithDigit(String l) {
        return !l.isEmpty() && l.charAt(0) >= '0' && l.charAt(0) <= '9';
    }

    /**
     * The last character that is not a regular-expression space ({@code \s}: space, tab, line feed, vertical tab,
     * form feed, carriage return), or 0 when there is none: what an expression ending in {@code X\s*$} has at X.
     */
    public static char lastNonSpace(String l) {
        for (int i = l.length() - 1; i >= 0; i--) {
            char c = l.charAt(i);
            if (!regexSpace(c)) {
                return c;
            }
        }
        return 0;
    }

    /** The first character that {@link String#strip()} keeps, or 0 when there is none. */
    public static char firstNonWhitespace(String l) {
        for (int i = 0; i < l.length(); i++) {
            char c = l.charAt(i);
            if (!Character.isWhitespace(c)) {
                return c;
            }
        }
        return 0;
    }

    /** The first character that is not a regular-expression space ({@code \s}), or 0 when there is none. */
    public static char firstNonSpace(String l) {
        for (int i = 0; i < l.length(); i++) {
            char c = l.charAt(i);
            if (!regexSpace(c)) {
                return c;
            }
        }
        return 0;
    }

    /**
     * True when the line holds {@code lower} (lower-case ASCII letters, digits and punctuation) with its ASCII letters in
     * either case: what a name compared after {@code toUpperCase} or {@code toLowerCase} needs when it is ASCII.
     */
    public static boolean containsAsciiIgnoreCase(String l, String lower) {
        int n = lower.length();
        char first = lower.charAt(0);
        for (int i = 0, last = l.length() - n; i <= last; i++) {
            char c = l.charAt(i);
            if (c != first && (c | 0x20) != first) {
                continue;
            }
            int k = 1;
            while (k < n) {
                char a = l.charAt(i + k);
                char b = lower.charAt(k);
                if (a != b && !(b >= 'a' && b <= 'z' && (a | 0x20) == b)) {
                    break;
                }
                k++;
            }
            if (k == n) {
                return true;
            }
        }
        return false;
    }

    /** What {@code \s} matches (without UNICODE_CHARACTER_CLASS). */
    public static boolean regexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Head h && h.fileName.equals(fileName) && h.lines.equals(lines) && h.complete == complete
                && h.size == size && h.decoding.equals(decoding);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(fileName, lines, complete, size, decoding);
    }

    @Override
    public String toString() {
        return "Head[fileName=" + fileName + ", lines=" + lines.size() + ", complete=" + complete + ", size=" + size
                + ", decoding=" + decoding + "]";
    }
}
