package io.tunescope.model.net;

import java.util.List;

/**
 * A {@code /proc/interrupts} file: one snapshot, or several when the file holds repeated {@code cat}s (each
 * starts with its own {@code CPU0 CPU1 ...} header).
 */
public record Interrupts(List<Snapshot> snapshots) {

    public Interrupts {
        snapshots = List.copyOf(snapshots);
    }

    /**
     * One snapshot: the CPUs of its header (online CPUs only, so the numbers may have gaps), every row in
     * file order, and the line of the header.
     */
    public record Snapshot(List<Integer> cpus, List<Row> rows, int line) {
        public Snapshot {
            cpus = List.copyOf(cpus);
            rows = List.copyOf(rows);
        }

        /** The sum of every count: it only grows between two snapshots of one boot. */
        public long total() {
            long t = 0;
            for (Row r : rows) {
                t += r.total();
            }
            return t;
        }

        /** The row with this label, or null. */
        public Row row(String label) {
            for (Row r : rows) {
                if (r.label().equals(label)) {
                    return r;
                }
            }
            return null;
        }
    }

    /**
     * One row: its label ({@code 38}, {@code LOC}, {@code IPI0}), one count per header CPU (one total for
     * rows such as {@code ERR}), the interrupt chip ({@code PCI-MSIX-0000:00:03.0}, {@code ITS-MSI},
     * {@code GICv3}), the hardware irq and trigger words as printed ({@code 1-edge}, {@code 524289 Edge}),
     * the action name(s) ({@code virtio2-input.0}) and the line it came from.
     */
    public record Row(String label, List<Long> counts, String chip, String trigger, String name, int line) {
        public Row {
            counts = List.copyOf(counts);
            chip = chip == null ? "" : chip;
            trigger = trigger == null ? "" : trigger;
            name = name == null ? "" : name;
        }

        /** True for a numbered device interrupt (not NMI, LOC, IPI0, ...). */
        public boolean numbered() {
            return !label.isEmpty() && label.chars().allMatch(Character::isDigit);
        }

        public long total() {
            long t = 0;
            for (long c : counts) {
                t += c;
            }
            return t;
        }
    }
}
