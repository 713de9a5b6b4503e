package io.tunescope.analysis.numa;

import io.tunescope.analysis.ChartText;
import io.tunescope.model.numa.NumaMaps;
import io.tunescope.model.numa.NumaRow;
import io.tunescope.model.numa.NumaTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Per-process memory per node, with imbalance (largest node's share) and the memory-policy mix. */
public final class ProcessNodes {

    /** A numa_maps file and the label to show for it (e.g. "numa_maps.txt" or "4242 (mysqld)"). */
    public record Maps(String label, NumaMaps maps) {
    }

    /**
     * @param imbalance   the largest node's share of the process's memory (1.0 = all on one node), NaN when empty
     * @param largestNode the node holding most of it, -1 when empty
     * @param policyShare share of the memory per policy (numa_maps only; empty for numastat -p)
     */
    public record ProcessRow(String label, Map<Integer, Double> mbPerNode, double totalMb, double imbalance,
                             int largestNode, Map<String, Double> policyShare) {
        public ProcessRow {
            mbPerNode = java.util.Collections.unmodifiableMap(new TreeMap<>(mbPerNode));
            policyShare = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(policyShare));
        }

        /** "largest: node 0 78.5%; policy: default 60.0%, interleave 31.0%". */
        public String note() {
            return note(java.util.Locale.ROOT);
        }

        /** {@link #note()} in the locale ({@link ChartText}); policy names stay as numa_maps prints them. */
        public String note(java.util.Locale locale) {
            ChartText w = ChartText.of(locale);
            StringBuilder b = new StringBuilder();
            if (largestNode >= 0) {
                b.append(w.t("numa.process.largest", "largest: node {0} {1}", largestNode, NumaMatrices.pct(imbalance)));
            }
            if (!policyShare.isEmpty()) {
                b.append(b.length() > 0 ? "; " : "").append(w.t("numa.process.policy", "policy: "));
                int i = 0;
                for (Map.Entry<String, Double> e : policyShare.entrySet()) {
                    b.append(i++ > 0 ? ", " : "").append(e.getKey()).append(' ').append(NumaMatrices.pct(e.getValue()));
                }
            }
            return b.toString();
        }
    }

    private ProcessNodes() {
    }

    /** How the heatmap labels a numastat -p process: {@code 4242 (mysqld)}. */
    public static String label(int pid, String command) {
        return pid + " (" + command + ")";
    }

    public static ProcessRow row(String label, Map<Integer, Double> mb, Map<String, Double> policyShare) {
        double total = 0;
        int largest = -1;
        double max = -1;
        for (Map.Entry<Integer, Double> e : new TreeMap<>(mb).entrySet()) {
            total += e.getValue();
            if (e.getValue() > max) {
                max = e.getValue();
                largest = e.getKey();
            }
        }
        double imbalance = total > 0 ? max / total : Double.NaN;
        return new ProcessRow(label, mb, total, imbalance, total > 0 ? largest : -1, policyShare);
    }

    /** Rows from numastat -p tables (one per process, or the rows of a several-process table) and numa_maps. */
    public static List<ProcessRow> rows(List<NumaTable> processTables, List<Maps> maps) {
        List<ProcessRow> out = new ArrayList<>();
        for (NumaTable t : processTables) {
            if (t.multiProcess()) {
                for (NumaRow r : t.rows()) {
                    if (!r.label().equals("Total")) {
                        out.add(row(r.label(), perNode(t, r), Map.of()));
                    }
                }
            } else {
                NumaRow total = t.row("Total");
                if (total != null) {
                    out.add(row(label(t.pid(), t.command()), perNode(t, total), Map.of()));
                }
            }
        }
        for (Maps m : maps) {
            Map<Integer, Double> mb = new TreeMap<>();
            m.maps().kbPerNode().forEach((n, kb) -> mb.put(n, kb / 1024.0));
            Map<String, Long> pol = m.maps().kbPerPolicy();
            long sum = pol.values().stream().mapToLong(Long::longValue).sum();
            Map<String, Double> share = new LinkedHashMap<>();
            pol.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
                    .forEach(e -> share.put(e.getKey(), sum > 0 ? e.getValue() / (double) sum : Double.NaN));
            out.add(row(m.label(), mb, share));
        }
        return out;
    }

    private static Map<Integer, Double> perNode(NumaTable t, NumaRow r) {
        Map<Integer, Double> m = new TreeMap<>();
        for (int i = 0; i < t.nodes().size(); i++) {
            m.put(t.nodes().get(i), r.value(i));
        }
        return m;
    }
}
