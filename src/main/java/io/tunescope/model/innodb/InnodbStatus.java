package io.tunescope.model.innodb;

import io.tunescope.model.series.Clock;
import io.tunescope.model.series.Metric;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.model.series.Unit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * One file of {@code SHOW ENGINE INNODB STATUS} output: one snapshot, or several (repeated
 * {@code INNODB MONITOR OUTPUT} blocks), in file order.
 *
 * @param layout {@code mysql-8.0}, {@code mysql-5.x} or {@code mariadb}: which server's section layout the
 *               file follows (from lines only one of them prints)
 */
public record InnodbStatus(List<Snapshot> snapshots, String layout) {

    public InnodbStatus {
        snapshots = List.copyOf(snapshots);
    }

    /** A number read from the output and the 1-based line of the file it was read from. */
    public record Value(double value, int line) {
    }

    /** {@code --Thread T has waited at FILE line N for S seconds the semaphore:} and the line after it. */
    public record SemaphoreWait(String thread, String file, int fileLine, double seconds, String what, int line) {
        /** The latch's place in the server source: {@code btr0cur.cc line 554}. */
        public String location() {
            return file + " line " + fileLine;
        }
    }

    /** {@code ---TRANSACTION ID, ACTIVE N sec ...} of the TRANSACTIONS section. */
    public record Transaction(String id, long activeSeconds, String state, int line) {
    }

    /** A section the importer does not read: its heading, first line and text. */
    public record Section(String name, int line, String text) {
    }

    /**
     * One {@code INNODB MONITOR OUTPUT} block.
     *
     * @param line          the line of its {@code ... INNODB MONITOR OUTPUT} header
     * @param timestamp     the header's time as printed ({@code 2026-12-02 02:35:16}), or "" when unreadable
     * @param epochMs       that time as epoch millis read as UTC (the server's local time), or 0
     * @param complete      false when the block has no {@code END OF INNODB MONITOR OUTPUT}
     * @param values        named numbers ({@code history_list_length}, ...), see the importer for the names
     * @param deadlockLine  the line of the LATEST DETECTED DEADLOCK heading, 0 when there is none
     * @param deadlockTime  the deadlock's time as printed, or ""
     * @param deadlockText  the LATEST DETECTED DEADLOCK section's text after its heading (at most 64 KiB), or ""
     */
    public record Snapshot(int line, String timestamp, long epochMs, boolean complete, Map<String, Value> values,
                           List<SemaphoreWait> semaphoreWaits, List<Transaction> activeTransactions,
                           int deadlockLine, String deadlockTime, List<Section> otherSections, String deadlockText) {
        public Snapshot {
            deadlockText = deadlockText == null ? "" : deadlockText;
            values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
            semaphoreWaits = List.copyOf(semaphoreWaits);
            activeTransactions = List.copyOf(activeTransactions);
            otherSections = List.copyOf(otherSections);
        }

        public OptionalDouble value(String name) {
            Value v = values.get(name);
            return v == null ? OptionalDouble.empty() : OptionalDouble.of(v.value());
        }

        public boolean hasDeadlock() {
            return deadlockLine > 0;
        }

        /** The oldest ACTIVE transaction, or null when none is listed. */
        public Transaction oldestTransaction() {
            Transaction out = null;
            for (Transaction t : activeTransactions) {
                if (out == null || t.activeSeconds() > out.activeSeconds()) {
                    out = t;
                }
            }
            return out;
        }
    }

    public Snapshot last() {
        return snapshots.isEmpty() ? null : snapshots.get(snapshots.size() - 1);
    }

    /**
     * The named numbers as time series, one sample per snapshot: on the wall clock when every snapshot's
     * time was read, else at the snapshot's index in seconds from the first.
     */
    public SeriesSet series(String file) {
        boolean wall = !snapshots.isEmpty() && snapshots.stream().allMatch(s -> s.epochMs() > 0);
        Set<String> names = new LinkedHashSet<>();
        for (Snapshot s : snapshots) {
            names.addAll(s.values().keySet());
        }
        List<TimeSeries> out = new ArrayList<>();
        for (String name : names) {
            List<long[]> rows = new ArrayList<>();
            List<Double> vals = new ArrayList<>();
            for (int i = 0; i < snapshots.size(); i++) {
                Snapshot s = snapshots.get(i);
                Value v = s.values().get(name);
                if (v != null) {
                    rows.add(new long[] {wall ? s.epochMs() : i * 1000L, v.line()});
                    vals.add(v.value());
                }
            }
            long[] t = new long[rows.size()];
            double[] d = new double[rows.size()];
            int[] l = new int[rows.size()];
            for (int i = 0; i < t.length; i++) {
                t[i] = rows.get(i)[0];
                l[i] = (int) rows.get(i)[1];
                d[i] = vals.get(i);
            }
            out.add(new TimeSeries(Metric.of("innodb-status", name, "", unit(name)), wall ? Clock.WALL : Clock.OFFSET, file, t, d, l));
        }
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put("layout", layout);
        return new SeriesSet("innodb-status", wall ? Clock.WALL : Clock.OFFSET, snapshots.size(), out, Map.of(), 0, 0, meta);
    }

    /** The numbers worth a timeline track: backlog, checkpoint, contention, dirty pages and row work. */
    public static final List<String> TIMELINE = List.of("history_list_length", "checkpoint_age", "os_wait_reservation_count",
            "semaphore_waits", "buffer_pool_pages_modified", "pending_reads", "pending_writes", "rows_read_per_second",
            "rows_inserted_per_second", "rows_updated_per_second", "rows_deleted_per_second");

    /**
     * The {@link #TIMELINE} series on the wall clock, for a file of at least two snapshots whose times were all
     * read; null otherwise (one snapshot, or one without a time, is not a curve to place).
     */
    public SeriesSet timelineSeries(String file) {
        SeriesSet all = series(file);
        if (snapshots.size() < 2 || all.clock() != Clock.WALL) {
            return null;
        }
        List<TimeSeries> keep = new ArrayList<>();
        for (String name : TIMELINE) {
            TimeSeries t = all.of("", name);
            if (t != null && t.size() >= 2) {
                keep.add(t);
            }
        }
        return new SeriesSet(all.tool(), all.clock(), all.reports(), keep, Map.of(), 0, 0, all.meta());
    }

    private static Unit unit(String name) {
        if (name.endsWith("_per_second")) {
            return Unit.PER_SECOND;
        }
        if (name.endsWith("_rate")) {
            return Unit.PERCENT;
        }
        return Unit.COUNT;
    }
}
