package io.tunescope.analysis.numa;

import io.tunescope.analysis.ChartText;
import io.tunescope.model.numa.NumaTable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The remote-allocation ratio {@code other_node / (local_node + other_node)}: the share of pages allocated
 * for a process running on a node that came from another node. numastat counts page allocations, not
 * memory accesses, so this is never a "remote access" ratio.
 */
public final class RemoteAllocation {
    public static final String LABEL = "remote allocation";
    public static final List<String> COUNTERS = List.of("numa_hit", "numa_miss", "numa_foreign", "interleave_hit",
            "local_node", "other_node");

    private RemoteAllocation() {
    }

    /** The ratio for given counts, NaN when there were no allocations. */
    public static double ratio(double local, double other) {
        double d = local + other;
        return d > 0 ? other / d : Double.NaN;
    }

    /** Ratio of one node in a counters table (pages or MB: the unit cancels out). */
    public static double ratio(NumaTable counters, int node) {
        return ratio(counters.value("local_node", node), counters.value("other_node", node));
    }

    /** Ratio per node of the table, in its node order. */
    public static Map<Integer, Double> perNode(NumaTable counters) {
        Map<Integer, Double> out = new LinkedHashMap<>();
        for (int n : counters.nodes()) {
            out.put(n, ratio(counters, n));
        }
        return out;
    }

    /** Ratio over all nodes. */
    public static double overall(NumaTable counters) {
        double local = 0;
        double other = 0;
        for (int n : counters.nodes()) {
            local += counters.value("local_node", n);
            other += counters.value("other_node", n);
        }
        return ratio(local, other);
    }

    /** "12.3% remote allocation", or "no allocations" when undefined. */
    public static String describe(double ratio) {
        return describe(ratio, java.util.Locale.ROOT);
    }

    /** {@link #describe(double)} in the locale ({@link ChartText}). */
    public static String describe(double ratio, java.util.Locale locale) {
        ChartText w = ChartText.of(locale);
        if (Double.isNaN(ratio)) {
            return w.t("numa.remote.none", "no allocations");
        }
        return w.t("numa.remote.ratio", "{0}% remote allocation", String.format(java.util.Locale.ROOT, "%.1f", ratio * 100));
    }
}
