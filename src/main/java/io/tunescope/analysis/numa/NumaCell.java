package io.tunescope.analysis.numa;

import io.tunescope.model.capture.SourceRef;
import java.util.Objects;

/**
 * One cell of a NUMA heatmap, named the way the heatmap labels it ({@link NumaMatrices}): which heatmap,
 * the row and the column. Findings carry one so that "show evidence" can select the heatmap and outline the
 * cell the finding is about.
 *
 * @param ref where the finding read the value (file and line), or null
 */
public record NumaCell(Heatmap heatmap, String row, String column, SourceRef ref) {

    /** The heatmaps a cell can be in. */
    public enum Heatmap {
        /** numastat allocation counters: rows {@code node N}, columns the counters ({@code numa_hit} ... {@code other_node}). */
        ALLOCATIONS,
        /** numactl --hardware distances: rows and columns {@code node N}. */
        DISTANCES,
        /** Memory per process (numastat -p, numa_maps): rows {@code PID (command)} or the file, columns {@code node N}. */
        PROCESSES,
        /** numastat -m: rows the meminfo fields as printed ({@code MemTotal}, {@code MemFree} ...), columns {@code node N}. */
        MEMORY,
        /** A measured source x destination node matrix: rows and columns {@code node N}. */
        MEASURED
    }

    public NumaCell {
        Objects.requireNonNull(heatmap);
        Objects.requireNonNull(row);
        Objects.requireNonNull(column);
    }

    /** The cell of a node's allocation counter, e.g. {@code node 1 / other_node}. */
    public static NumaCell allocation(int node, String counter, SourceRef ref) {
        return new NumaCell(Heatmap.ALLOCATIONS, NumaMatrices.nodeLabel(node), counter, ref);
    }

    /** The memory of a numastat -p process on a node. */
    public static NumaCell process(int pid, String command, int node, SourceRef ref) {
        return new NumaCell(Heatmap.PROCESSES, ProcessNodes.label(pid, command), NumaMatrices.nodeLabel(node), ref);
    }

    /** A numastat -m field of a node, e.g. {@code MemFree / node 0}. */
    public static NumaCell memory(String field, int node, SourceRef ref) {
        return new NumaCell(Heatmap.MEMORY, field, NumaMatrices.nodeLabel(node), ref);
    }

    /** The distance from one node to another. */
    public static NumaCell distance(int from, int to, SourceRef ref) {
        return new NumaCell(Heatmap.DISTANCES, NumaMatrices.nodeLabel(from), NumaMatrices.nodeLabel(to), ref);
    }

    @Override
    public String toString() {
        return heatmap.name().toLowerCase(java.util.Locale.ROOT) + ": " + row + " / " + column + (ref == null ? "" : " (" + ref + ")");
    }
}
