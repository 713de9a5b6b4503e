package io.tunescope.analysis.numa;

import io.tunescope.analysis.ChartText;
import io.tunescope.model.numa.NodeMatrix;
import io.tunescope.model.numa.NumaTable;
import io.tunescope.model.numa.NumaTopology;
import io.tunescope.model.numa.NumaVariant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Builds the NUMA heatmaps' matrices from the model. Pure functions. Titles and notes are in English, or in the
 * locale of the overloads that take one ({@link ChartText}); units, row and column labels stay as they are
 * (the heatmaps and the findings' cells refer to them).
 */
public final class NumaMatrices {

    /** How the node x counter heatmap shows its counters. */
    public enum Mode {
        /** The counters as read (since boot), or their increase over an interval. */
        ABSOLUTE,
        /** Increase per second over an interval. */
        RATE,
        /** Each node's share of the counter's sum over all nodes (0..1). */
        SHARE
    }

    private NumaMatrices() {
    }

    /** How the heatmaps label a node: {@code node 3}. */
    public static String nodeLabel(int n) {
        return "node " + n;
    }

    /**
     * Node x counter matrix of one counters table (a snapshot, or the delta table of an interval) with
     * the remote-allocation ratio of each node as row note.
     *
     * @param seconds the interval length for {@link Mode#RATE} (NaN: rates unknown, every cell NaN)
     */
    public static NumaMatrix nodeCounters(NumaTable counters, Mode mode, double seconds) {
        return nodeCounters(counters, mode, seconds, Locale.ROOT);
    }

    /** {@link #nodeCounters(NumaTable, Mode, double)} with its title and notes in the locale. */
    public static NumaMatrix nodeCounters(NumaTable counters, Mode mode, double seconds, Locale locale) {
        ChartText w = ChartText.of(locale);
        List<String> rows = new ArrayList<>();
        List<List<Double>> vals = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<String> cols = RemoteAllocation.COUNTERS;
        double[] colSum = new double[cols.size()];
        for (int n : counters.nodes()) {
            for (int j = 0; j < cols.size(); j++) {
                colSum[j] += counters.value(cols.get(j), n);
            }
        }
        for (int n : counters.nodes()) {
            rows.add(nodeLabel(n));
            List<Double> row = new ArrayList<>();
            for (int j = 0; j < cols.size(); j++) {
                double v = counters.value(cols.get(j), n);
                row.add(switch (mode) {
                    case ABSOLUTE -> v;
                    case RATE -> seconds > 0 ? v / seconds : Double.NaN;
                    case SHARE -> colSum[j] > 0 ? v / colSum[j] : Double.NaN;
                });
            }
            vals.add(row);
            notes.add(RemoteAllocation.describe(RemoteAllocation.ratio(counters, n), locale));
        }
        String unit = counters.variant() == NumaVariant.COUNTERS_MB ? "MB" : "pages";
        String u = switch (mode) {
            case ABSOLUTE -> unit;
            case RATE -> unit + "/s";
            case SHARE -> "share of all nodes";
        };
        String title = w.t("numa.allocations.title", "Page allocations per node ({0})", unitWords(u, w));
        return new NumaMatrix(title, u, rows, cols, vals, notes, false, false, counters.nodes().size() <= 1);
    }

    /** Node x node distances from {@code numactl --hardware} (10 = local). */
    public static NumaMatrix distances(NumaTopology t) {
        return distances(t, null);
    }

    /** Distances with, per node, its CPUs and how many of them the server may run on (placement may be null). */
    public static NumaMatrix distances(NumaTopology t, Placement placement) {
        return distances(t, placement, Locale.ROOT);
    }

    /** {@link #distances(NumaTopology, Placement)} with its title and notes in the locale. */
    public static NumaMatrix distances(NumaTopology t, Placement placement, Locale locale) {
        ChartText w = ChartText.of(locale);
        List<String> labels = new ArrayList<>();
        for (int n : t.nodes()) {
            labels.add(nodeLabel(n));
        }
        List<List<Double>> vals = new ArrayList<>();
        for (int i = 0; i < t.nodes().size(); i++) {
            List<Double> row = new ArrayList<>();
            for (int j = 0; j < t.nodes().size(); j++) {
                int d = t.hasDistances() ? t.distances().get(i).get(j) : -1;
                row.add(d < 0 ? Double.NaN : d);
            }
            vals.add(row);
        }
        List<String> notes = new ArrayList<>();
        for (int n : t.nodes()) {
            List<Integer> c = t.cpus().getOrDefault(n, List.of());
            String note = c.isEmpty() ? w.t("numa.distances.noCpus", "no CPUs")
                    : w.t("numa.distances.cpus", "{0} CPUs {1}", c.size(), cpuRanges(c));
            if (placement != null && !placement.cpus().isEmpty()) {
                int here = placement.cpusPerNode().getOrDefault(n, 0);
                note += "; " + (here == 0 ? w.t("numa.distances.serverNone", "server: none")
                        : here == c.size() ? w.t("numa.distances.serverAll", "server: {0} (all)", here)
                        : w.t("numa.distances.server", "server: {0}", here));
            }
            if (placement != null && !placement.mems().isEmpty() && !placement.mems().contains(n)) {
                note += "; " + w.t("numa.distances.noAllocation", "server may not allocate here");
            }
            notes.add(note);
        }
        return new NumaMatrix(w.t("numa.distances.title", "Node distance (numactl --hardware; 10 = local)"), "", labels, labels, vals, notes,
                true, false, t.nodes().size() <= 1);
    }

    /**
     * numastat -m as printed: one row per meminfo field (MemTotal, MemFree, MemUsed ...), one column per node,
     * in MB; MemFree's and MemUsed's rows note the smallest and largest node share of MemTotal.
     */
    public static NumaMatrix meminfo(NumaTable t) {
        return meminfo(t, Locale.ROOT);
    }

    /** {@link #meminfo(NumaTable)} with its title and notes in the locale. */
    public static NumaMatrix meminfo(NumaTable t, Locale locale) {
        ChartText w = ChartText.of(locale);
        List<String> rows = new ArrayList<>();
        List<List<Double>> vals = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<String> cols = new ArrayList<>();
        for (int n : t.nodes()) {
            cols.add(nodeLabel(n));
        }
        io.tunescope.model.numa.NumaRow total = t.row("MemTotal");
        for (io.tunescope.model.numa.NumaRow r : t.rows()) {
            rows.add(r.label());
            vals.add(new ArrayList<>(r.values()));
            notes.add(total != null && r != total && (r.label().equalsIgnoreCase("MemFree") || r.label().equalsIgnoreCase("MemUsed"))
                    ? shareRange(r, total, w) : "");
        }
        return new NumaMatrix(w.t("numa.memory.title", "Memory per node (numastat -m, MB)"), "MB", rows, cols, vals, notes, false, false, t.nodes().size() <= 1);
    }

    private static String shareRange(io.tunescope.model.numa.NumaRow r, io.tunescope.model.numa.NumaRow total, ChartText w) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < r.values().size() && i < total.values().size(); i++) {
            if (total.value(i) > 0) {
                double s = r.value(i) / total.value(i);
                lo = Math.min(lo, s);
                hi = Math.max(hi, s);
            }
        }
        return lo > hi ? "" : w.t("numa.memory.shareRange", "{0} - {1} of MemTotal", pct(lo), pct(hi));
    }

    /** A measured source x destination matrix. Says "access" only when the file measures accesses. */
    public static NumaMatrix nodeMatrix(NodeMatrix m) {
        return nodeMatrix(m, Locale.ROOT);
    }

    /** {@link #nodeMatrix(NodeMatrix)} with its title in the locale (a title the file gives stays as it is). */
    public static NumaMatrix nodeMatrix(NodeMatrix m, Locale locale) {
        ChartText w = ChartText.of(locale);
        List<String> rows = new ArrayList<>();
        for (int n : m.src()) {
            rows.add(nodeLabel(n));
        }
        List<String> cols = new ArrayList<>();
        for (int n : m.dst()) {
            cols.add(nodeLabel(n));
        }
        String what = m.title().isBlank() ? (m.measuresAccesses() ? w.t("numa.measured.accesses", "memory accesses")
                : w.t("numa.measured.values", "values")) : m.title();
        String title = m.measuresAccesses() ? w.t("numa.measured.title", "Measured {0}", what) : what;
        if (!m.unit().isBlank()) {
            title = w.t("numa.measured.withUnit", "{0} ({1})", title, m.unit());
        }
        boolean square = m.src().equals(m.dst());
        return new NumaMatrix(title, m.unit(), rows, cols, m.values(), List.of(), square, false,
                m.src().size() <= 1 && m.dst().size() <= 1);
    }

    /** "0-31" style ranges of a CPU list. */
    static String cpuRanges(List<Integer> cpus) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < cpus.size()) {
            int j = i;
            while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) {
                j++;
            }
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(cpus.get(i));
            if (j > i) {
                b.append('-').append(cpus.get(j));
            }
            i = j + 1;
        }
        return b.toString();
    }

    /** Percent text with one decimal. */
    static String pct(double share) {
        return String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    /** Process x node memory (MB) from numastat -p tables and numa_maps, with imbalance and policy mix notes. */
    public static NumaMatrix processes(List<ProcessNodes.ProcessRow> rows) {
        return processes(rows, Locale.ROOT);
    }

    /** {@link #processes(List)} with its title and notes in the locale. */
    public static NumaMatrix processes(List<ProcessNodes.ProcessRow> rows, Locale locale) {
        ChartText w = ChartText.of(locale);
        java.util.TreeSet<Integer> nodes = new java.util.TreeSet<>();
        for (ProcessNodes.ProcessRow r : rows) {
            nodes.addAll(r.mbPerNode().keySet());
        }
        List<String> cols = new ArrayList<>();
        for (int n : nodes) {
            cols.add(nodeLabel(n));
        }
        List<String> labels = new ArrayList<>();
        List<List<Double>> vals = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (ProcessNodes.ProcessRow r : rows) {
            labels.add(r.label());
            List<Double> v = new ArrayList<>();
            for (int n : nodes) {
                v.add(r.mbPerNode().getOrDefault(n, 0.0));
            }
            vals.add(v);
            notes.add(r.note(locale));
        }
        return new NumaMatrix(w.t("numa.processes.title", "Process memory per node (MB)"), "MB", labels, cols, vals, notes, false, false,
                nodes.size() <= 1);
    }

    /** Convenience: the process rows of numastat -p tables and numa_maps files. */
    public static NumaMatrix processes(List<NumaTable> processTables, List<ProcessNodes.Maps> maps) {
        return processes(ProcessNodes.rows(processTables, maps));
    }

    /** {@link #processes(List, List)} with its title and notes in the locale. */
    public static NumaMatrix processes(List<NumaTable> processTables, List<ProcessNodes.Maps> maps, Locale locale) {
        return processes(ProcessNodes.rows(processTables, maps), locale);
    }

    /**
     * A heatmap unit in words: {@code pages}, {@code pages/s}, {@code MB/s}, {@code share of all nodes} translated,
     * anything else (MB, a measured file's unit) as it is. The matrix keeps the unit itself (values are formatted by it).
     */
    public static String unitWords(String unit, ChartText w) {
        return switch (unit) {
            case "pages" -> w.t("numa.unit.pages", "pages");
            case "pages/s" -> w.t("numa.unit.pagesPerSecond", "pages/s");
            case "MB/s" -> w.t("numa.unit.mbPerSecond", "MB/s");
            case "share of all nodes" -> w.t("numa.unit.share", "share of all nodes");
            default -> unit;
        };
    }
}
