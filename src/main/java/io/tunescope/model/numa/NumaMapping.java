package io.tunescope.model.numa;

import java.util.Map;
import java.util.TreeMap;

/**
 * One line of {@code /proc/<pid>/numa_maps}.
 *
 * @param address    start address (hex, as printed)
 * @param policy     the memory policy as printed, e.g. {@code default}, {@code interleave:0-3}, {@code bind:1}
 * @param policyKind the policy without its node list: default, interleave, bind, preferred, local,
 *                   weighted-interleave, preferred-many (policies named {@code prefer} are reported as preferred)
 * @param kind       heap, stack, huge, file, anon or shm (from the line's keywords)
 * @param file       the mapped file, or ""
 * @param pages      pages per node ({@code N0=...}); count of pages of {@code pageSizeKb}
 * @param pageSizeKb {@code kernelpagesize_kB}, 4 when absent
 * @param line       1-based line number
 */
public record NumaMapping(String address, String policy, String policyKind, String kind, String file,
                          Map<Integer, Long> pages, long pageSizeKb, int line) {
    public NumaMapping {
        pages = java.util.Collections.unmodifiableMap(new TreeMap<>(pages));
    }

    public long totalPages() {
        long s = 0;
        for (long p : pages.values()) {
            s += p;
        }
        return s;
    }
}
