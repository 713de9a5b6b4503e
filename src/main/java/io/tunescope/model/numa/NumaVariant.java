package io.tunescope.model.numa;

/**
 * Which table {@code numastat} printed. The per-node counters count page allocations (not memory
 * accesses): {@link #COUNTERS} in pages (plain {@code numastat}, the old perl-compatible layout with
 * {@code node0} headers), {@link #COUNTERS_MB} in MB ({@code numastat -n}).
 */
public enum NumaVariant {
    /** Plain {@code numastat}: numa_hit ... other_node in pages, {@code node0 node1} headers. */
    COUNTERS("counters", "pages"),
    /** {@code numastat -n}: Numa_Hit ... Other_Node converted to MB, {@code Node 0} headers and a Total column. */
    COUNTERS_MB("counters-mb", "MB"),
    /** {@code numastat -m}: meminfo per node in MB. */
    MEMINFO("meminfo", "MB"),
    /** {@code numastat -p}: per-process Huge/Heap/Stack/Private per node in MB. */
    PROCESS("process", "MB");

    private final String slug;
    private final String unit;

    NumaVariant(String slug, String unit) {
        this.slug = slug;
        this.unit = unit;
    }

    public String slug() {
        return slug;
    }

    public String unit() {
        return unit;
    }

    /** True for the allocation counter tables (pages or MB). */
    public boolean counters() {
        return this == COUNTERS || this == COUNTERS_MB;
    }
}
