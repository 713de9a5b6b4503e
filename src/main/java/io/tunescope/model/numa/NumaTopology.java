package io.tunescope.model.numa;

import java.util.List;
import java.util.Map;

/**
 * {@code numactl --hardware}: the nodes, their CPUs, memory size and free memory, and the node distance
 * matrix (SLIT values: 10 = local). A memory-only node has no CPUs.
 *
 * @param distances row i, column j: distance from {@code nodes.get(i)} to {@code nodes.get(j)};
 *                  empty when numactl printed "No distance information available."
 */
public record NumaTopology(List<Integer> nodes, Map<Integer, List<Integer>> cpus, Map<Integer, Long> sizeMb,
                           Map<Integer, Long> freeMb, List<List<Integer>> distances) {
    public NumaTopology {
        nodes = List.copyOf(nodes);
        cpus = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(cpus));
        sizeMb = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(sizeMb));
        freeMb = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(freeMb));
        distances = distances.stream().map(List::copyOf).toList();
    }

    public boolean hasDistances() {
        return !distances.isEmpty();
    }

    /** Distance between two node numbers, or -1 when unknown. */
    public int distance(int fromNode, int toNode) {
        int i = nodes.indexOf(fromNode);
        int j = nodes.indexOf(toNode);
        if (i < 0 || j < 0 || i >= distances.size() || j >= distances.get(i).size()) {
            return -1;
        }
        return distances.get(i).get(j);
    }

    /** The node a CPU belongs to, or -1. */
    public int nodeOfCpu(int cpu) {
        for (Map.Entry<Integer, List<Integer>> e : cpus.entrySet()) {
            if (e.getValue().contains(cpu)) {
                return e.getKey();
            }
        }
        return -1;
    }
}
