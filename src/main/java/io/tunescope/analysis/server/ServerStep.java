package io.tunescope.analysis.server;

import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.analysis.timeline.Track;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.config.ServerFlavor;
import io.tunescope.model.innodb.InnodbStatus;
import io.tunescope.model.pfs.PfsSummary;
import io.tunescope.model.processlist.Processlist;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.model.series.Unit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The database server's own evidence of one step, as the Server view shows it: the named numbers of every
 * {@code SHOW ENGINE INNODB STATUS} snapshot (with the redo capacity the capture knows, the semaphore waits and the
 * latest deadlock), the performance_schema top waits and statement digests with their basis, the process list's
 * states per snapshot and its longest query, and the status counter series on the capture's one clock. Built from
 * the step's {@link Evidence} (the snapshot order and the performance_schema basis the rules read) and its
 * {@link Timeline} (where the counter series were placed). Pure and language-free: the view says it in words.
 */
public record ServerStep(String step, Innodb innodb, Pfs pfs, Processes processes, Counters counters) {

    /** Whether the step has none of the server's own evidence. */
    public boolean isEmpty() {
        return innodb.snapshots().isEmpty() && pfs.isEmpty() && processes.snapshots().isEmpty() && counters.series().isEmpty();
    }

    /** The files this step's server evidence was read from, by part: innodb, pfs, processlist, counters. */
    public Map<String, java.util.Set<String>> files() {
        Map<String, java.util.Set<String>> out = new LinkedHashMap<>();
        out.put("innodb", new java.util.LinkedHashSet<>(innodb.snapshots().stream().map(InnodbSnap::file).toList()));
        java.util.Set<String> p = new java.util.LinkedHashSet<>();
        for (Basis b : java.util.Arrays.asList(pfs.waitsBasis(), pfs.digestsBasis())) {
            if (b != null) {
                p.add(b.first().file());
                p.add(b.last().file());
            }
        }
        out.put("pfs", p);
        out.put("processlist", new java.util.LinkedHashSet<>(processes.snapshots().stream().map(ProcessSnap::file).toList()));
        out.put("counters", new java.util.LinkedHashSet<>(counters.series().stream().map(c -> c.series().file()).toList()));
        return out;
    }

    /** The part ({@link #files()} key) that shows one of these files, or null when none does. */
    public String partOf(java.util.Collection<String> files) {
        for (var e : files().entrySet()) {
            for (String f : files) {
                if (e.getValue().contains(f)) {
                    return e.getKey();
                }
            }
        }
        return null;
    }

    public static ServerStep of(Evidence e, Timeline timeline) {
        return new ServerStep(e.step(), Innodb.of(e), Pfs.of(e), Processes.of(e), Counters.of(timeline, e.step()));
    }

    // ------------------------------------------------------------------ InnoDB

    /**
     * The named numbers shown per snapshot, in column order: backlog (history list), redo (checkpoint age), pending
     * I/O, contention (OS waits, semaphore waits) and the buffer pool (hit rate, dirty pages).
     */
    public static final List<String> INNODB_NAMES = List.of("history_list_length", "checkpoint_age", "pending_reads",
            "pending_writes", "pending_fsyncs", "pending_aio_reads", "pending_aio_writes", "os_wait_reservation_count",
            "os_wait_signal_count", "semaphore_waits", "buffer_pool_hit_rate", "buffer_pool_pages_modified");

    /** One InnoDB monitor snapshot in the reading's order: its file and the block read from it. */
    public record InnodbSnap(String file, InnodbStatus.Snapshot snapshot) {
        /** Epoch millis of the monitor header (the server's time as printed), or null. */
        public Long time() {
            return snapshot.epochMs() > 0 ? snapshot.epochMs() : null;
        }

        /** A named number, or null when this snapshot does not print it. */
        public InnodbStatus.Value value(String name) {
            return snapshot.values().get(name);
        }

        public SourceRef ref(int line) {
            return SourceRef.of(file, line);
        }

        /** The header line of the block. */
        public SourceRef ref() {
            return ref(snapshot.line());
        }

        /** Checkpoint age as a share of the redo capacity in percent, NaN when either is unknown. */
        public double checkpointAgePct(RedoCapacity capacity) {
            InnodbStatus.Value v = value("checkpoint_age");
            return v == null || capacity == null || capacity.bytes() <= 0 ? Double.NaN : 100 * v.value() / capacity.bytes();
        }
    }

    /** A semaphore wait of one snapshot (the latch's place in the server source and the line of the output). */
    public record Wait(InnodbSnap snap, InnodbStatus.SemaphoreWait semaphore) {
        public SourceRef ref() {
            return snap.ref(semaphore.line());
        }
    }

    /** The latest detected deadlock: where its section starts, the time it prints and its text. */
    public record Deadlock(InnodbSnap snap, int line, String time, String text) {
        public SourceRef ref() {
            return snap.ref(line);
        }
    }

    /**
     * The redo log's capacity as the captured settings give it, with the settings it was derived from (each with
     * its file and line): {@code innodb_redo_log_capacity} (MySQL 8.0.30+), else {@code innodb_log_file_size} times
     * {@code innodb_log_files_in_group} (one file on MariaDB 10.5 and later, which writes a single redo file).
     */
    public record RedoCapacity(double bytes, List<Fact> from) {
        public RedoCapacity {
            from = List.copyOf(from);
        }
    }

    /**
     * @param snapshots every snapshot of the step, in time order when each has a time, else in file order
     * @param capacity  null when the capture has no setting to derive the redo capacity from
     * @param deadlock  the latest deadlock of the last snapshot that prints one, or null
     */
    public record Innodb(List<InnodbSnap> snapshots, RedoCapacity capacity, List<Wait> waits, Deadlock deadlock) {
        public Innodb {
            snapshots = List.copyOf(snapshots);
            waits = List.copyOf(waits);
        }

        /** Whether there are at least two snapshots and each has a time: they can be drawn over time. */
        public boolean timed() {
            return snapshots.size() >= 2 && snapshots.stream().allMatch(s -> s.time() != null);
        }

        /** The names of {@link #INNODB_NAMES} that at least one snapshot prints, in that order. */
        public List<String> names() {
            List<String> out = new ArrayList<>();
            for (String n : INNODB_NAMES) {
                if (snapshots.stream().anyMatch(s -> s.value(n) != null)) {
                    out.add(n);
                }
            }
            return out;
        }

        static Innodb of(Evidence e) {
            List<InnodbSnap> snaps = new ArrayList<>();
            for (Evidence.InnodbSnapshot s : e.innodbSnapshots()) {
                snaps.add(new InnodbSnap(s.file(), s.snapshot()));
            }
            List<Wait> waits = new ArrayList<>();
            Deadlock deadlock = null;
            for (InnodbSnap s : snaps) {
                for (InnodbStatus.SemaphoreWait w : s.snapshot().semaphoreWaits()) {
                    waits.add(new Wait(s, w));
                }
                if (s.snapshot().hasDeadlock()) {
                    deadlock = new Deadlock(s, s.snapshot().deadlockLine(), s.snapshot().deadlockTime(), s.snapshot().deadlockText());
                }
            }
            return new Innodb(snaps, snaps.isEmpty() ? null : redoCapacity(e), waits, deadlock);
        }
    }

    /** The redo capacity from the step's settings, or null when they do not give it. */
    static RedoCapacity redoCapacity(Evidence e) {
        Optional<Fact> cap = e.setting("innodb_redo_log_capacity");
        if (cap.isPresent() && cap.get().number().isPresent() && cap.get().number().getAsDouble() > 0) {
            return new RedoCapacity(cap.get().number().getAsDouble(), List.of(cap.get()));
        }
        Optional<Fact> size = e.setting("innodb_log_file_size");
        if (size.isEmpty() || size.get().number().isEmpty()) {
            return null;
        }
        ServerFlavor server = e.server();
        boolean oneFile = server != null && server.kind() == ServerFlavor.Kind.MARIADB
                && (server.major() > 10 || server.major() == 10 && server.minor() >= 5);
        if (oneFile) {
            return new RedoCapacity(size.get().number().getAsDouble(), List.of(size.get()));
        }
        Optional<Fact> files = e.setting("innodb_log_files_in_group");
        if (files.isEmpty() || files.get().number().isEmpty()) {
            return null;
        }
        return new RedoCapacity(size.get().number().getAsDouble() * files.get().number().getAsDouble(), List.of(size.get(), files.get()));
    }

    // ------------------------------------------------------------------ performance_schema

    /**
     * What a performance_schema table's rows count: the difference between the first and the last of
     * {@code snapshots} printings ({@code delta}), else the totals since the server started (or the table was
     * truncated). {@code first}/{@code last} are where the first and last printing start.
     */
    public record Basis(boolean delta, int snapshots, SourceRef first, SourceRef last) {
    }

    /** One wait event: count, total and average wait in picoseconds, its share of all non-idle wait time. */
    public record WaitRow(String event, long count, long totalPs, long avgPs, double share, SourceRef ref) {
    }

    /** One statement digest with its work: rows examined and sent, temporary disk tables, runs without an index. */
    public record DigestRow(String text, String schema, long count, long totalPs, long avgPs, double share, long rowsExamined,
                            long rowsSent, long tmpDiskTables, long noIndexUsed, boolean fullScan, SourceRef ref) {
    }

    /**
     * @param waits        the wait events other than idle with a wait time, longest first; empty without a waits summary
     * @param waitsBasis   null without a waits summary
     * @param waitsTable   which summary table the waits came from ({@code events_waits_summary_*_by_event_name})
     * @param digests      the statement digests, longest first
     * @param digestsTable {@code events_statements_summary_by_digest} or {@code sys.statement_analysis}, "" without
     */
    public record Pfs(List<WaitRow> waits, Basis waitsBasis, long waitsTotalPs, List<DigestRow> digests, Basis digestsBasis,
                      long digestsTotalPs, String digestsTable) {
        public Pfs {
            waits = List.copyOf(waits);
            digests = List.copyOf(digests);
        }

        public boolean isEmpty() {
            return waitsBasis == null && digestsBasis == null;
        }

        static Pfs of(Evidence e) {
            List<WaitRow> waits = new ArrayList<>();
            Basis wb = null;
            long wTotal = 0;
            Optional<Evidence.PfsView> w = e.pfsView(PfsSummary.Kind.WAITS);
            if (w.isPresent()) {
                Evidence.PfsView v = w.get();
                wb = basis(v);
                List<PfsSummary.Row> rows = new ArrayList<>();
                for (PfsSummary.Row r : v.rows()) {
                    // idle is a connection waiting for its client, not server work (as SRV-TOP-WAIT reads it)
                    if (!r.name().equals("idle") && !r.name().startsWith("idle/") && r.totalPs() > 0) {
                        rows.add(r);
                        wTotal += r.totalPs();
                    }
                }
                rows.sort(Comparator.comparingLong(PfsSummary.Row::totalPs).reversed());
                for (PfsSummary.Row r : rows) {
                    waits.add(new WaitRow(r.name(), r.count(), r.totalPs(), r.avgPs(), (double) r.totalPs() / wTotal, v.ref(r.line())));
                }
            }
            List<DigestRow> digests = new ArrayList<>();
            Basis db = null;
            long dTotal = 0;
            String table = "";
            Optional<Evidence.PfsView> d = e.pfsView(PfsSummary.Kind.STATEMENTS_BY_DIGEST, PfsSummary.Kind.SYS_STATEMENT_ANALYSIS);
            if (d.isPresent()) {
                Evidence.PfsView v = d.get();
                db = basis(v);
                table = v.kind().table();
                List<PfsSummary.Row> rows = new ArrayList<>(v.rows());
                for (PfsSummary.Row r : rows) {
                    dTotal += r.totalPs();
                }
                rows.sort(Comparator.comparingLong(PfsSummary.Row::totalPs).reversed());
                for (PfsSummary.Row r : rows) {
                    String text = r.columns().getOrDefault("DIGEST_TEXT", r.name());
                    digests.add(new DigestRow(text == null || text.isBlank() ? r.name() : text, r.columns().getOrDefault("SCHEMA_NAME", ""),
                            r.count(), r.totalPs(), r.avgPs(), dTotal == 0 ? 0 : (double) r.totalPs() / dTotal,
                            num(r, "SUM_ROWS_EXAMINED"), num(r, "SUM_ROWS_SENT"), num(r, "SUM_CREATED_TMP_DISK_TABLES"),
                            num(r, "SUM_NO_INDEX_USED"), r.fullScan(), v.ref(r.line())));
                }
            }
            return new Pfs(waits, wb, wTotal, digests, db, dTotal, table);
        }

        private static long num(PfsSummary.Row r, String column) {
            return r.num(column).orElse(-1);
        }

        private static Basis basis(Evidence.PfsView v) {
            return new Basis(v.delta(), v.snapshots(), SourceRef.of(v.firstFile(), v.firstLine()), SourceRef.of(v.file(), v.lastLine()));
        }
    }

    // ------------------------------------------------------------------ process list

    /** One process list snapshot: its file, the snapshot and the active threads per state. */
    public record ProcessSnap(String file, Processlist.Snapshot snapshot) {
        public Long time() {
            return snapshot.epochMs() > 0 ? snapshot.epochMs() : null;
        }

        public SourceRef ref() {
            return SourceRef.of(file, snapshot.line());
        }
    }

    /** The longest-running active query of the step: its snapshot and thread. */
    public record Longest(ProcessSnap snap, Processlist.Thread thread) {
        public SourceRef ref() {
            return SourceRef.of(snap.file(), thread.line());
        }
    }

    /**
     * @param states  the states of the active threads over all snapshots, most threads first
     * @param longest null when no snapshot has an active thread with a time
     */
    public record Processes(List<ProcessSnap> snapshots, List<String> states, Longest longest) {
        public Processes {
            snapshots = List.copyOf(snapshots);
            states = List.copyOf(states);
        }

        public boolean timed() {
            return snapshots.size() >= 2 && snapshots.stream().allMatch(s -> s.time() != null);
        }

        static Processes of(Evidence e) {
            List<ProcessSnap> snaps = new ArrayList<>();
            Map<String, Integer> totals = new LinkedHashMap<>();
            Longest longest = null;
            for (Evidence.ProcesslistSnapshot s : e.processlistSnapshots()) {
                ProcessSnap p = new ProcessSnap(s.file(), s.snapshot());
                snaps.add(p);
                s.snapshot().activeByState().forEach((k, v) -> totals.merge(k, v, Integer::sum));
                Processlist.Thread t = s.snapshot().longest();
                if (t != null && (longest == null || t.time() > longest.thread().time())) {
                    longest = new Longest(p, t);
                }
            }
            List<String> states = new ArrayList<>(totals.keySet());
            states.sort(Comparator.comparingInt((String k) -> -totals.get(k)));
            return new Processes(snaps, states, longest);
        }
    }

    // ------------------------------------------------------------------ status counter series

    /**
     * The counters chosen first when present: the ones that explain a CPU or I/O picture (threads running, buffer
     * pool misses, row lock and redo waits, redo written, temporary disk tables, full-scan reads).
     */
    public static final List<String> USUAL_SUSPECTS = List.of("Threads_running", "Innodb_buffer_pool_reads", "Innodb_row_lock_waits",
            "Innodb_log_waits", "Innodb_os_log_written", "Created_tmp_disk_tables", "Handler_read_rnd_next");

    /** One counter's series as placed on the capture's clock: per-second rates for counters, values for gauges. */
    public record Counter(String name, TimeSeries series) {
        public boolean gauge() {
            return series.metric().unit() != Unit.PER_SECOND;
        }
    }

    /**
     * @param series    every mysqladmin counter of the step (one per variable and file), by name
     * @param wallClock whether the times are the wall clock (epoch millis) or millis from the step's start
     */
    public record Counters(List<Counter> series, boolean wallClock, long start) {
        public Counters {
            series = List.copyOf(series);
        }

        /** The counter names, sorted, each once. */
        public List<String> names() {
            return series.stream().map(Counter::name).distinct().sorted().toList();
        }

        /** The usual suspects this step has, in {@link #USUAL_SUSPECTS} order. */
        public List<String> preselected() {
            List<String> names = names();
            return USUAL_SUSPECTS.stream().filter(names::contains).toList();
        }

        /** The series of a counter (one per file that has it). */
        public List<Counter> named(String name) {
            return series.stream().filter(c -> c.name().equals(name)).toList();
        }

        /** The mean of a counter's series over its samples (rates per second or gauge values), NaN without samples. */
        public OptionalDouble mean(String name) {
            double sum = 0;
            int n = 0;
            for (Counter c : named(name)) {
                for (int i = 0; i < c.series().size(); i++) {
                    double v = c.series().value(i);
                    if (!Double.isNaN(v)) {
                        sum += v;
                        n++;
                    }
                }
            }
            return n == 0 ? OptionalDouble.empty() : OptionalDouble.of(sum / n);
        }

        static Counters of(Timeline t, String step) {
            List<Counter> out = new ArrayList<>();
            long start = Long.MAX_VALUE;
            for (Track tr : t.tracks()) {
                if (tr.series().metric().source().equals("mysqladmin") && tr.step().equals(step)) {
                    out.add(new Counter(tr.series().metric().name(), tr.series()));
                    if (!tr.series().isEmpty()) {
                        start = Math.min(start, tr.series().firstTime());
                    }
                }
            }
            out.sort(Comparator.comparing(Counter::name));
            return new Counters(out, t.wallClock(), start == Long.MAX_VALUE ? 0 : start);
        }
    }
}
