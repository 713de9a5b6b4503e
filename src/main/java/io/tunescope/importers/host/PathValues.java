package io.tunescope.importers.host;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the forms engineers print small kernel files in, for one family of paths (given as a regular
 * expression without anchors): {@code grep . FILES} or {@code grep -H . FILES} ({@code PATH:VALUE}, one line per
 * line of each file), {@code head FILES} or {@code tail -n +1 FILES} ({@code ==> PATH <==} then the content), a
 * loop that echoes the path and then cats the file ({@code PATH} alone on a line, then the content, or
 * {@code PATH: VALUE} on one line), and a plain {@code cat} of one file (the content without any path: path "").
 * Stateful: one instance per file, fed line by line.
 */
final class PathValues {
    /** A value line with the path it belongs to ("" when the file never named one) and its line number. */
    record Item(String path, String value, int line) {
    }

    private final Pattern grep;
    private final Pattern header;
    private final Pattern bare;
    private String current = "";

    // the three expressions of each family, compiled once (every sniff of every file makes a PathValues)
    private static final java.util.Map<String, Pattern[]> COMPILED = new java.util.concurrent.ConcurrentHashMap<>();

    PathValues(String pathRegex) {
        Pattern[] p = COMPILED.computeIfAbsent(pathRegex, r -> new Pattern[] {
            Pattern.compile("^(" + r + "):(.*)$"),
            Pattern.compile("^==> (" + r + ") <==\\s*$"),
            Pattern.compile("^(" + r + ")\\s*$")});
        this.grep = p[0];
        this.header = p[1];
        this.bare = p[2];
    }

    /** True when the line names a path of the family (in any of the forms). */
    boolean namesPath(String line) {
        return mayNamePath(line) && (grep.matcher(line).matches() || header.matcher(line).matches() || bare.matcher(line).matches());
    }

    /**
     * The value the line carries, or null for a blank line and for a line that only names a path (which becomes
     * the path of the following value lines).
     */
    Item read(String line, int n) {
        if (line.isBlank()) {
            return null;
        }
        Matcher m = header.matcher(line);
        if (m.matches()) {
            current = m.group(1);
            return null;
        }
        m = bare.matcher(line);
        if (m.matches()) {
            current = m.group(1);
            return null;
        }
        m = grep.matcher(line);
        if (m.matches()) {
            return new Item(m.group(1), m.group(2).strip(), n);
        }
        return new Item(current, line.strip(), n);
    }

    /** How the lines of a file head relate to the family. */
    record Shape(int grepLines, int headers, int values, int foreign) {
        /** Every line names a path of the family or is a value under one, and at least one does. */
        boolean only() {
            return foreign == 0 && (grepLines > 0 || headers > 0 && values > 0);
        }
    }

    /**
     * Counts the lines of a head: {@code PATH:VALUE} lines, lines naming a path alone, value lines after such a
     * line, and foreign lines (a value line before any path, or a line naming another path).
     */
    Shape shape(java.util.List<String> lines) {
        int g = 0;
        int h = 0;
        int v = 0;
        int f = 0;
        boolean underHeader = false;
        for (String l : lines) {
            if (l.isBlank()) {
                continue;
            }
            boolean may = mayNamePath(l);
            if (may && grep.matcher(l).matches()) {
                g++;
                underHeader = false;
            } else if (may && (header.matcher(l).matches() || bare.matcher(l).matches())) {
                h++;
                underHeader = true;
            } else if (underHeader && !l.startsWith("/") && !l.startsWith("==> ")) {
                v++;
            } else {
                f++;
            }
        }
        return new Shape(g, h, v, f);
    }

    /**
     * False when no form can match: every family's paths are absolute, so a {@code PATH:VALUE} or bare line starts
     * with '/' and a header with "==> /". Spares the three expressions on the lines of every other file's head.
     */
    private static boolean mayNamePath(String l) {
        return l.startsWith("/") || l.startsWith("==> /");
    }

    /** The last path of a file path: {@code /sys/block/sda/queue/scheduler} gives {@code scheduler}. */
    static String base(String path) {
        int i = path.lastIndexOf('/');
        return i < 0 ? path : path.substring(i + 1);
    }

    /** The folder of a file path ("" for a bare name). */
    static String dir(String path) {
        int i = path.lastIndexOf('/');
        return i < 0 ? "" : path.substring(0, i);
    }

    static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }
}
