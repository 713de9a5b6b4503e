package io.tunescope.analysis.flame;

import io.tunescope.analysis.calltree.CallTree;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Result of searching frame names: which frames match, every matching node (pre-order), and the matched
 * weight, i.e. the weight of the stacks containing at least one match, each stack counted once (a match
 * nested inside another match adds nothing), as flamegraph.pl's "Matched:" figure does.
 */
public final class FlameSearch {
    private final String query;
    private final BitSet frames;
    private final int[] nodes;
    private final long matched;
    private final long total;

    private FlameSearch(String query, BitSet frames, int[] nodes, long matched, long total) {
        this.query = query;
        this.frames = frames;
        this.nodes = nodes;
        this.matched = matched;
        this.total = total;
    }

    /**
     * Searches the names of the frames of a tree (one column's weights).
     *
     * @param regex false: case-insensitive substring; true: a {@link Pattern} found anywhere in the name
     * @throws PatternSyntaxException for an invalid regular expression
     */
    public static FlameSearch of(CallTree tree, int column, String query, boolean regex) {
        Pattern p = regex ? Pattern.compile(query) : null;
        String lower = query.toLowerCase(Locale.ROOT);
        BitSet fm = new BitSet(tree.frames().size());
        if (!query.isEmpty()) {
            for (int f = 0; f < tree.frames().size(); f++) {
                String name = tree.frames().get(f);
                boolean m = regex ? p.matcher(name).find() : name.toLowerCase(Locale.ROOT).contains(lower);
                if (m) {
                    fm.set(f);
                }
            }
        }
        int[] nodes = new int[16];
        int count = 0;
        long matched = 0;
        int coveredUntil = -1;
        for (int n = 1; n < tree.size(); n++) {
            if (tree.total(column, n) == 0 || !fm.get(tree.frame(n))) {
                continue;
            }
            if (count == nodes.length) {
                nodes = Arrays.copyOf(nodes, count * 2);
            }
            nodes[count++] = n;
            if (n >= coveredUntil) {
                matched += tree.total(column, n);
                coveredUntil = tree.end(n);
            }
        }
        return new FlameSearch(query, fm, Arrays.copyOf(nodes, count), matched, tree.grandTotal(column));
    }

    /** Validates a regex; returns the error message, or null when it compiles. */
    public static String regexError(String query) {
        try {
            Pattern.compile(query);
            return null;
        } catch (PatternSyntaxException e) {
            return e.getDescription();
        }
    }

    public String query() {
        return query;
    }

    public boolean isEmpty() {
        return nodes.length == 0;
    }

    public boolean matchesFrame(int frameId) {
        return frameId >= 0 && frames.get(frameId);
    }

    /** Matching nodes with weight, in pre-order (left to right, outer before inner). */
    public int[] nodes() {
        return nodes.clone();
    }

    public int count() {
        return nodes.length;
    }

    /** Weight of the stacks that contain a match, each counted once. */
    public long matchedWeight() {
        return matched;
    }

    /** Matched weight as a share of the column's total (0..1). */
    public double share() {
        return total == 0 ? 0 : (double) matched / total;
    }

    /** The first match after {@code node} in pre-order, wrapping around; -1 when there is none. */
    public int next(int node) {
        if (nodes.length == 0) {
            return -1;
        }
        int i = Arrays.binarySearch(nodes, node);
        int k = i >= 0 ? i + 1 : -i - 1;
        return nodes[k % nodes.length];
    }

    /** The last match before {@code node} in pre-order, wrapping around; -1 when there is none. */
    public int previous(int node) {
        if (nodes.length == 0) {
            return -1;
        }
        int i = Arrays.binarySearch(nodes, node);
        int k = (i >= 0 ? i : -i - 1) - 1;
        return nodes[(k + nodes.length) % nodes.length];
    }
}
