package io.tunescope.analysis;

import java.util.Comparator;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The order of snapshot files that carry no time, from the words people put in their names:
 * {@code before} (pre, start, begin, baseline) first, then {@code during}, {@code tNN}/{@code NNs}/{@code NNm}
 * in numeric order, then {@code after} (post, end, final); never alphabetical ({@code after} &lt;
 * {@code before}). Names without such a word keep their name order between the two ends.
 */
public final class SnapshotOrder {
    private static final Pattern SEP = Pattern.compile("[^a-z0-9]+");
    private static final Pattern T_NUM = Pattern.compile("^t?(\\d+)(ms|s|sec|m|min)?$");

    private SnapshotOrder() {
    }

    /** The position of a name: 0 before, 1 during (with {@link #offsetSeconds}), 2 after; 1 when unknown. */
    public static int rank(String path) {
        for (String t : tokens(path)) {
            switch (t) {
                case "before", "pre", "start", "begin", "begins", "initial", "first", "baseline", "prerun" -> {
                    return 0;
                }
                case "after", "post", "end", "final", "last", "postrun", "finish" -> {
                    return 2;
                }
                default -> {
                }
            }
        }
        return 1;
    }

    /** Seconds into the run named by a {@code tNN}, {@code NNs}, {@code NNm} word, or -1. */
    public static double offsetSeconds(String path) {
        for (String t : tokens(path)) {
            Matcher m = T_NUM.matcher(t);
            if (m.matches() && (t.startsWith("t") || m.group(2) != null)) {
                double v = Double.parseDouble(m.group(1));
                String u = m.group(2) == null ? "s" : m.group(2);
                return switch (u) {
                    case "ms" -> v / 1000;
                    case "m", "min" -> v * 60;
                    default -> v;
                };
            }
        }
        return -1;
    }

    /** A short label for a snapshot: before, after, t15s, during, or the base name. */
    public static String label(String path) {
        int r = rank(path);
        if (r == 0) {
            return "before";
        }
        if (r == 2) {
            return "after";
        }
        double o = offsetSeconds(path);
        if (o >= 0) {
            return "t" + (o == Math.rint(o) ? Long.toString((long) o) : Double.toString(o)) + "s";
        }
        for (String t : tokens(path)) {
            if (t.equals("during") || t.equals("mid") || t.equals("middle")) {
                return "during";
            }
        }
        return base(path);
    }

    /** Orders names by their words, then by name. */
    public static final Comparator<String> BY_WORDS = Comparator.<String>comparingInt(SnapshotOrder::rank)
            .thenComparingDouble(SnapshotOrder::offsetSeconds)
            .thenComparing(p -> p);

    static String base(String path) {
        String b = path;
        int slash = b.lastIndexOf('/');
        if (slash >= 0) {
            b = b.substring(slash + 1);
        }
        int dot = b.lastIndexOf('.');
        return dot > 0 ? b.substring(0, dot) : b;
    }

    static String[] tokens(String path) {
        return SEP.split(base(path).toLowerCase(Locale.ROOT));
    }
}
