package io.tunescope.importers;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The first bytes of a file, decoded, split into lines: what importers sniff. Cheap to build; importers
 * must decide from content, using {@link #fileName()} only as a hint.
 *
 * @param fileName  the file's name (a hint only)
 * @param lines     the complete lines of the head (a line cut by the head's end is left out unless the
 *                  whole file fits, or unless it is the only line and opens a JSON object: minified JSON)
 * @param complete  true when the head holds the whole file
 * @param decoding  how the file is decoded
 */
public record Head(String fileName, List<String> lines, boolean complete, long size, TextDecoding.Detected decoding) {

    public static final int DEFAULT_BYTES = 64 * 1024;
    public static final int MAX_LINES = 400;

    public Head {
        lines = Collections.unmodifiableList(new ArrayList<>(lines));
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

    /** The lines that are not blank, in order. */
    public List<String> nonBlank() {
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            if (!l.isBlank()) {
                out.add(l);
            }
        }
        return out;
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
        return count(p) > 0;
    }
}
