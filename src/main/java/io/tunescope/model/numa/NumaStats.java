package io.tunescope.model.numa;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * What one numastat output file holds: one or more snapshots (runs), each with one or more tables.
 *
 * @param variant  the variant of the file's first table (a file may also combine {@code -p}, {@code -m}
 *                 and {@code -n} tables in one run)
 * @param nodes    every node number seen, ascending
 */
public record NumaStats(NumaVariant variant, List<Integer> nodes, List<NumaSnapshot> snapshots) {
    public NumaStats {
        nodes = List.copyOf(nodes);
        snapshots = List.copyOf(snapshots);
    }

    public static NumaStats of(List<NumaSnapshot> snapshots) {
        TreeSet<Integer> nodes = new TreeSet<>();
        NumaVariant v = null;
        for (NumaSnapshot s : snapshots) {
            for (NumaTable t : s.tables()) {
                nodes.addAll(t.nodes());
                if (v == null) {
                    v = t.variant();
                }
            }
        }
        return new NumaStats(v == null ? NumaVariant.COUNTERS : v, new ArrayList<>(nodes), snapshots);
    }

    public NumaSnapshot first() {
        return snapshots.get(0);
    }

    public NumaSnapshot last() {
        return snapshots.get(snapshots.size() - 1);
    }

    public boolean singleNode() {
        return nodes.size() <= 1;
    }
}
