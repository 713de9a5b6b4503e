package io.tunescope.analysis.numa;

import io.tunescope.model.config.ConfigSnapshot;
import io.tunescope.model.numa.NumaTopology;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where the database server may run and allocate ({@code taskset -pc}, {@code Cpus_allowed_list},
 * {@code Mems_allowed_list}) in terms of NUMA nodes.
 *
 * @param cpus        CPUs the server may run on (empty when unknown)
 * @param mems        nodes it may allocate from (empty when unknown)
 * @param cpusPerNode how many of its CPUs each node holds (needs the topology)
 */
public record Placement(List<Integer> cpus, List<Integer> mems, Map<Integer, Integer> cpusPerNode) {
    public Placement {
        cpus = List.copyOf(cpus);
        mems = List.copyOf(mems);
        cpusPerNode = java.util.Collections.unmodifiableMap(new TreeMap<>(cpusPerNode));
    }

    /** From a process-binding snapshot; the topology (may be null) maps CPUs to nodes. */
    public static Placement of(ConfigSnapshot binding, NumaTopology topo) {
        List<Integer> cpus = binding.get("cpus_allowed_list").map(Placement::parseList).orElse(List.of());
        List<Integer> mems = binding.get("mems_allowed_list").map(Placement::parseList).orElse(List.of());
        Map<Integer, Integer> perNode = new TreeMap<>();
        if (topo != null) {
            for (int c : cpus) {
                int n = topo.nodeOfCpu(c);
                if (n >= 0) {
                    perNode.merge(n, 1, Integer::sum);
                }
            }
        }
        return new Placement(cpus, mems, perNode);
    }

    /** "0-3,8" to numbers; unreadable parts are skipped. */
    public static List<Integer> parseList(String s) {
        List<Integer> out = new ArrayList<>();
        for (String part : s.split(",")) {
            String p = part.strip();
            try {
                int dash = p.indexOf('-');
                if (dash > 0) {
                    int a = Integer.parseInt(p.substring(0, dash));
                    int b = Integer.parseInt(p.substring(dash + 1));
                    for (int i = a; i <= b && i - a < 65536; i++) {
                        out.add(i);
                    }
                } else if (!p.isEmpty()) {
                    out.add(Integer.parseInt(p));
                }
            } catch (NumberFormatException e) {
                // skipped
            }
        }
        return out;
    }

    /** The nodes holding the server's CPUs, ascending. */
    public List<Integer> cpuNodes() {
        return new ArrayList<>(cpusPerNode.keySet());
    }

    /** "server CPUs 0-31 on node 0; memory allowed on nodes 0-3". */
    public String describe() {
        return describe(java.util.Locale.ROOT);
    }

    /** {@link #describe()} in the locale ({@link io.tunescope.analysis.ChartText}). */
    public String describe(java.util.Locale locale) {
        io.tunescope.analysis.ChartText w = io.tunescope.analysis.ChartText.of(locale);
        StringBuilder b = new StringBuilder();
        if (!cpus.isEmpty()) {
            String c = NumaMatrices.cpuRanges(cpus);
            if (cpusPerNode.isEmpty()) {
                b.append(w.t("numa.placement.cpus", "server CPUs {0}", c));
            } else if (cpusPerNode.size() == 1) {
                b.append(w.t("numa.placement.cpusOnNode", "server CPUs {0} on node {1}", c, NumaMatrices.cpuRanges(cpuNodes())));
            } else {
                b.append(w.t("numa.placement.cpusOnNodes", "server CPUs {0} on nodes {1}", c, NumaMatrices.cpuRanges(cpuNodes())));
            }
        }
        if (!mems.isEmpty()) {
            b.append(b.length() > 0 ? "; " : "").append(mems.size() == 1
                    ? w.t("numa.placement.memNode", "memory allowed on node {0}", NumaMatrices.cpuRanges(mems))
                    : w.t("numa.placement.memNodes", "memory allowed on nodes {0}", NumaMatrices.cpuRanges(mems)));
        }
        return b.toString();
    }
}
