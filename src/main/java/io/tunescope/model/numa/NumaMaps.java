package io.tunescope.model.numa;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code /proc/<pid>/numa_maps}: the mappings of one process with their policy and pages per node, and
 * the sums (in KB, so mappings of different page sizes add up) per node and per policy.
 */
public record NumaMaps(List<NumaMapping> mappings) {
    public NumaMaps {
        mappings = List.copyOf(mappings);
    }

    /** Node numbers with pages, ascending. */
    public List<Integer> nodes() {
        TreeSet<Integer> n = new TreeSet<>();
        for (NumaMapping m : mappings) {
            n.addAll(m.pages().keySet());
        }
        return new ArrayList<>(n);
    }

    /** KB resident per node over all mappings. */
    public Map<Integer, Long> kbPerNode() {
        Map<Integer, Long> out = new TreeMap<>();
        for (NumaMapping m : mappings) {
            for (Map.Entry<Integer, Long> e : m.pages().entrySet()) {
                out.merge(e.getKey(), e.getValue() * m.pageSizeKb(), Long::sum);
            }
        }
        return out;
    }

    /** KB resident per policy kind over all mappings. */
    public Map<String, Long> kbPerPolicy() {
        Map<String, Long> out = new TreeMap<>();
        for (NumaMapping m : mappings) {
            long kb = m.totalPages() * m.pageSizeKb();
            out.merge(m.policyKind(), kb, Long::sum);
        }
        return out;
    }

    /** Pages per node summed over mappings, whatever their page size. */
    public Map<Integer, Long> pagesPerNode() {
        Map<Integer, Long> out = new TreeMap<>();
        for (NumaMapping m : mappings) {
            m.pages().forEach((n, p) -> out.merge(n, p, Long::sum));
        }
        return out;
    }

    /** Pages per policy kind summed over mappings. */
    public Map<String, Long> pagesPerPolicy() {
        Map<String, Long> out = new TreeMap<>();
        for (NumaMapping m : mappings) {
            out.merge(m.policyKind(), m.totalPages(), Long::sum);
        }
        return out;
    }

    /** KB per policy kind and node. */
    public Map<String, Map<Integer, Long>> kbPerPolicyAndNode() {
        Map<String, Map<Integer, Long>> out = new TreeMap<>();
        for (NumaMapping m : mappings) {
            Map<Integer, Long> row = out.computeIfAbsent(m.policyKind(), k -> new TreeMap<>());
            m.pages().forEach((n, p) -> row.merge(n, p * m.pageSizeKb(), Long::sum));
        }
        return out;
    }
}
