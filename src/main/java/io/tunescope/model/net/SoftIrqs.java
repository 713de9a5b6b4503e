package io.tunescope.model.net;

import java.util.List;

/** A {@code /proc/softirqs} file: one snapshot, or several from repeated {@code cat}s. */
public record SoftIrqs(List<Snapshot> snapshots) {

    public SoftIrqs {
        snapshots = List.copyOf(snapshots);
    }

    /** The header CPUs, one row per softirq ({@code NET_RX}, ...), the header's line. */
    public record Snapshot(List<Integer> cpus, List<Row> rows, int line) {
        public Snapshot {
            cpus = List.copyOf(cpus);
            rows = List.copyOf(rows);
        }

        /** The row of this softirq, or null. */
        public Row row(String name) {
            for (Row r : rows) {
                if (r.name().equals(name)) {
                    return r;
                }
            }
            return null;
        }
    }

    public record Row(String name, List<Long> counts, int line) {
        public Row {
            counts = List.copyOf(counts);
        }
    }
}
