package io.tunescope.model.net;

import java.util.List;

/**
 * Interrupt affinities as {@code grep -H . /proc/irq/*&#47;smp_affinity_list} (or {@code effective_affinity_list})
 * prints them, or as {@code IRQ LIST} pairs: one entry per IRQ and file kind.
 */
public record IrqAffinity(List<Entry> entries) {

    public IrqAffinity {
        entries = List.copyOf(entries);
    }

    /** IRQ number, {@code smp_affinity_list} or {@code effective_affinity_list}, the CPU list as printed, its line. */
    public record Entry(String irq, String kind, String cpus, int line) {
    }

    /** The entry of this IRQ and kind, or null. */
    public Entry of(String irq, String kind) {
        for (Entry e : entries) {
            if (e.irq().equals(irq) && e.kind().equals(kind)) {
                return e;
            }
        }
        return null;
    }
}
