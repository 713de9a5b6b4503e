package io.tunescope.importers.numactl;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.numa.NumaDatasets;
import io.tunescope.model.numa.NumaTopology;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code numactl --hardware} / {@code numactl -H}: available nodes, CPUs, size and free memory per node,
 * and the distance matrix.
 */
public final class NumactlHardwareImporter implements Importer<NumaTopology> {
    private static final Pattern AVAILABLE = Pattern.compile("^available: (\\d+) nodes? \\(([^)]*)\\)\\s*$");
    private static final Pattern CPUS = Pattern.compile("^node (\\d+) cpus:\\s*+([\\d\\s]*+)$");
    private static final Pattern SIZE = Pattern.compile("^node (\\d+) (size|free): (\\d+) (MB|kB|KB|GB)\\s*$");
    private static final Pattern DIST_HEADER = Pattern.compile("^node(?:\\s++\\d++)++\\s*+$");
    private static final Pattern DIST_ROW = Pattern.compile("^\\s*+(\\d++):((?:\\s++\\d++)++)\\s*+$");

    @Override
    public String format() {
        return "numactl-hardware";
    }

    @Override
    public String description() {
        return "numactl --hardware (nodes, CPUs, memory, distances)";
    }

    @Override
    public Dataset<NumaTopology> dataset() {
        return NumaDatasets.TOPOLOGY;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        boolean available = false;
        boolean distances = false;
        int nodeLines = 0;
        for (String l : head.lines()) {
            if (l.startsWith("available: ") && AVAILABLE.matcher(l).matches()) { // the literal first
                available = true;
            } else if (l.startsWith("node distances:")) {
                distances = true;
            } else if (l.startsWith("node ") && (CPUS.matcher(l).matches() || SIZE.matcher(l).matches())) {
                nodeLines++;
            }
        }
        if (available && (distances || nodeLines > 0)) {
            return Sniff.certain("'available: N nodes' with node cpus/size lines or distances");
        }
        if (nodeLines >= 2 && distances) {
            return Sniff.strong("node cpus/size lines and node distances");
        }
        if (available || nodeLines >= 2) {
            return Sniff.weak("some numactl --hardware lines");
        }
        return Sniff.no("no 'available: N nodes' or 'node N cpus:' lines");
    }

    @Override
    public ImportResult<NumaTopology> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        TreeSet<Integer> nodes = new TreeSet<>();
        Map<Integer, List<Integer>> cpus = new TreeMap<>();
        Map<Integer, Long> size = new TreeMap<>();
        Map<Integer, Long> free = new TreeMap<>();
        List<Integer> distCols = null;
        Map<Integer, List<Integer>> distRows = new LinkedHashMap<>();
        int declared = -1;
        boolean sawAnything = false;
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                try {
                    int n = (int) lines.number();
                    if (l.isBlank()) {
                        continue;
                    }
                    Matcher m;
                    if ((m = AVAILABLE.matcher(l)).matches()) {
                        declared = Integer.parseInt(m.group(1));
                        List<Integer> listed = nodeList(m.group(2));
                        if (declared > MAX_NODES || listed.stream().anyMatch(x -> x >= MAX_NODES)) {
                            ctx.warn(n, file + ": '" + ImportContext.excerpt(l.strip()) + "' names nodes beyond the "
                                    + MAX_NODES + " Linux supports; the line was skipped");
                            continue;
                        }
                        nodes.addAll(listed);
                        sawAnything = true;
                    } else if ((m = CPUS.matcher(l)).matches()) {
                        int node = Integer.parseInt(m.group(1));
                        if (node >= MAX_NODES) {
                            ctx.warn(n, file + ": node " + node + " is beyond the " + MAX_NODES + " nodes Linux supports; the line was skipped");
                            continue;
                        }
                        nodes.add(node);
                        List<Integer> c = new ArrayList<>();
                        for (String t : m.group(2).strip().split("\\s+")) {
                            if (!t.isEmpty()) {
                                c.add(Integer.parseInt(t));
                            }
                        }
                        cpus.put(node, c);
                        sawAnything = true;
                    } else if ((m = SIZE.matcher(l)).matches()) {
                        int node = Integer.parseInt(m.group(1));
                        if (node >= MAX_NODES) {
                            ctx.warn(n, file + ": node " + node + " is beyond the " + MAX_NODES + " nodes Linux supports; the line was skipped");
                            continue;
                        }
                        long v = Long.parseLong(m.group(3));
                        v = switch (m.group(4)) {
                            case "GB" -> Math.multiplyExact(v, 1024L);
                            case "kB", "KB" -> v / 1024;
                            default -> v;
                        };
                        nodes.add(node);
                        (m.group(2).equals("size") ? size : free).put(node, v);
                        sawAnything = true;
                    } else if (l.startsWith("node distances:") || l.startsWith("No distance information")) {
                        sawAnything = true;
                    } else if (DIST_HEADER.matcher(l).matches()) {
                        distCols = new ArrayList<>();
                        for (String t : l.substring(4).strip().split("\\s+")) {
                            distCols.add(Integer.parseInt(t));
                        }
                    } else if ((m = DIST_ROW.matcher(l)).matches() && distCols != null) {
                        List<Integer> row = new ArrayList<>();
                        for (String t : m.group(2).strip().split("\\s+")) {
                            row.add(Integer.parseInt(t));
                        }
                        if (row.size() != distCols.size()) {
                            ctx.warn(n, file + ": distance row has " + row.size() + " values for " + distCols.size() + " nodes");
                            continue;
                        }
                        distRows.put(Integer.parseInt(m.group(1)), row);
                    } else {
                        ctx.warn(n, file + ": not a numactl --hardware line: " + (l.length() > 80 ? l.substring(0, 77) + "..." : l.strip()));
                    }
                } catch (NumberFormatException | ArithmeticException e) {
                    ctx.skipLine(lines.number(), e);
                }
            }
        }
        if (!sawAnything) {
            throw new ImportException(0, file + ": no numactl --hardware content");
        }
        if (declared >= 0 && declared != nodes.size()) {
            ctx.warn(0, file + ": 'available' says " + declared + " nodes but " + nodes.size() + " are listed");
        }
        List<Integer> nodeList = new ArrayList<>(nodes);
        List<List<Integer>> distances = new ArrayList<>();
        if (distCols != null && !distRows.isEmpty()) {
            if (!distCols.equals(nodeList) || !new ArrayList<>(distRows.keySet()).equals(nodeList)) {
                ctx.warn(0, file + ": the distance table's nodes " + distCols + " differ from the nodes " + nodeList);
            }
            for (int node : nodeList) {
                List<Integer> row = distRows.get(node);
                List<Integer> r = new ArrayList<>();
                for (int to : nodeList) {
                    int j = distCols.indexOf(to);
                    r.add(row == null || j < 0 ? -1 : row.get(j));
                }
                distances.add(r);
            }
        }
        for (int node : nodeList) {
            cpus.putIfAbsent(node, List.of());
        }
        return ctx.result(new NumaTopology(nodeList, cpus, size, free, distances));
    }

    /** Linux's largest node count (CONFIG_NODES_SHIFT at most 10): a node number at or above it is not real. */
    static final int MAX_NODES = 1024;

    /** "0-3", "0,2", "0-1,4-5" to node numbers. */
    static List<Integer> nodeList(String s) {
        List<Integer> out = new ArrayList<>();
        for (String part : s.split(",")) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            int dash = p.indexOf('-');
            try {
                if (dash > 0) {
                    int a = Integer.parseInt(p.substring(0, dash));
                    int b = Integer.parseInt(p.substring(dash + 1));
                    for (int i = a; i <= b && i - a < 4096; i++) {
                        out.add(i);
                    }
                } else {
                    out.add(Integer.parseInt(p));
                }
            } catch (NumberFormatException e) {
                // an unreadable part is skipped; the per-node lines still name the nodes
            }
        }
        return out;
    }

    @Override
    public Map<String, Object> summarize(NumaTopology t) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("nodes", t.nodes());
        Map<String, Object> cpus = new LinkedHashMap<>();
        Map<String, Object> size = new LinkedHashMap<>();
        Map<String, Object> free = new LinkedHashMap<>();
        for (int n : t.nodes()) {
            cpus.put(String.valueOf(n), t.cpus().getOrDefault(n, List.of()));
            if (t.sizeMb().containsKey(n)) {
                size.put(String.valueOf(n), t.sizeMb().get(n));
            }
            if (t.freeMb().containsKey(n)) {
                free.put(String.valueOf(n), t.freeMb().get(n));
            }
        }
        out.put("cpus", cpus);
        out.put("size_mb", size);
        out.put("free_mb", free);
        out.put("distances", t.distances());
        return out;
    }
}
