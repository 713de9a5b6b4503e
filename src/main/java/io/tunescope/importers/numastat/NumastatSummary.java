package io.tunescope.importers.numastat;

import io.tunescope.model.numa.NumaRow;
import io.tunescope.model.numa.NumaSnapshot;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.numa.NumaTable;
import io.tunescope.model.numa.NumaVariant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code inspect --json} summary of a numastat file:
 * {@code {"variant", "nodes", "values": {ROW: [per node]}, "snapshots": N}}, the values taken from the
 * first snapshot. For {@code -p} the rows are Huge, Heap, Stack, Private and Total summed over the
 * processes of the snapshot, plus {@code "processes": {"PID (command)": {ROW: [per node]}}}; a table of
 * several processes (without {@code -v}) only has per-process totals, so its rows are just Total.
 */
final class NumastatSummary {
    private NumastatSummary() {
    }

    static Map<String, Object> of(NumaStats s) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("variant", s.variant().slug());
        out.put("nodes", s.nodes());
        NumaSnapshot first = s.first();
        if (s.variant() == NumaVariant.PROCESS) {
            process(first, s.nodes(), out);
        } else {
            NumaTable t = first.table(s.variant());
            Map<String, Object> values = new LinkedHashMap<>();
            for (NumaRow r : t.rows()) {
                values.put(r.label(), perNode(t, r, s.nodes()));
            }
            out.put("values", values);
        }
        out.put("snapshots", s.snapshots().size());
        List<String> others = new ArrayList<>();
        for (NumaTable t : first.tables()) {
            if (t.variant() != s.variant() && !others.contains(t.variant().slug())) {
                others.add(t.variant().slug());
            }
        }
        if (!others.isEmpty()) {
            out.put("also", others);
        }
        if (first.time() != null) {
            out.put("first_time", first.time().toString());
        }
        return out;
    }

    private static void process(NumaSnapshot snap, List<Integer> nodes, Map<String, Object> out) {
        Map<String, double[]> sums = new LinkedHashMap<>();
        Map<String, Object> processes = new LinkedHashMap<>();
        for (NumaTable t : snap.tables(NumaVariant.PROCESS)) {
            if (t.multiProcess()) {
                for (NumaRow r : t.rows()) {
                    if (r.label().equals("Total")) {
                        add(sums, "Total", t, r, nodes);
                    } else {
                        processes.put(r.label(), Map.of("Total", perNode(t, r, nodes)));
                    }
                }
            } else {
                Map<String, Object> rows = new LinkedHashMap<>();
                for (NumaRow r : t.rows()) {
                    rows.put(r.label(), perNode(t, r, nodes));
                    add(sums, r.label(), t, r, nodes);
                }
                processes.put(t.pid() + " (" + t.command() + ")", rows);
            }
        }
        Map<String, Object> values = new LinkedHashMap<>();
        sums.forEach((k, v) -> {
            List<Object> l = new ArrayList<>();
            for (double d : v) {
                l.add(number(d));
            }
            values.put(k, l);
        });
        out.put("values", values);
        out.put("processes", processes);
    }

    private static void add(Map<String, double[]> sums, String label, NumaTable t, NumaRow r, List<Integer> nodes) {
        double[] acc = sums.computeIfAbsent(label, k -> new double[nodes.size()]);
        for (int i = 0; i < nodes.size(); i++) {
            acc[i] = round2(acc[i] + t.value(r.label(), nodes.get(i)));
        }
    }

    private static List<Object> perNode(NumaTable t, NumaRow r, List<Integer> nodes) {
        List<Object> l = new ArrayList<>();
        for (int node : nodes) {
            int c = t.nodes().indexOf(node);
            l.add(number(c < 0 ? 0 : r.value(c)));
        }
        return l;
    }

    private static double round2(double v) {
        return Math.round(v * 100.0) / 100.0;
    }

    /** Whole numbers as longs (page counts), others as doubles. */
    static Object number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return (long) v;
        }
        return v;
    }
}
