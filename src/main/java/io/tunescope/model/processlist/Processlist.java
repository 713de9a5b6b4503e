package io.tunescope.model.processlist;

import io.tunescope.model.series.Clock;
import io.tunescope.model.series.Metric;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.model.series.Unit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One file of process list snapshots ({@code SHOW [FULL] PROCESSLIST}, {@code information_schema.PROCESSLIST}),
 * in file order.
 *
 * @param form   {@code vertical} (\G), {@code batch} (-B) or {@code table} (-t); {@code mixed} when a file has several
 * @param flavor {@code mariadb} when MariaDB-only columns (Progress, Time_ms, Stage, Memory_used) are printed, else {@code mysql}
 */
public record Processlist(List<Snapshot> snapshots, String form, String flavor) {

    public Processlist {
        snapshots = List.copyOf(snapshots);
    }

    /** One row: a connection or server thread. {@code time} is -1 when not printed or NULL. */
    public record Thread(long id, String user, String host, String db, String command, long time, String state,
                         String info, int line) {
        /** Commands of idle or background threads that are not running client work. */
        private static final Set<String> NOT_WORKING = Set.of("sleep", "daemon", "binlog dump", "binlog dump gtid", "connect",
                "slave_io", "slave_sql", "slave_worker", "killed");

        /** Whether the thread runs client work: not idle, not a server/replication thread, not the observer's own query. */
        public boolean active() {
            if (NOT_WORKING.contains(command.toLowerCase(Locale.ROOT))
                    || user.equals("system user") || user.equals("event_scheduler")) {
                return false;
            }
            return !observer();
        }

        /** The query that printed the process list itself. */
        public boolean observer() {
            String i = info.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
            return (i.startsWith("show processlist") || i.startsWith("show full processlist")
                    || (i.startsWith("select") && i.contains("processlist")));
        }

        /** The state as counted: "(none)" for an empty or NULL state. */
        public String stateLabel() {
            return state.isEmpty() ? "(none)" : state;
        }

        /** Whether the state is a wait for a lock or another thread (metadata lock, table lock, "Waiting for ..."). */
        public boolean lockWait() {
            String s = state.toLowerCase(Locale.ROOT);
            return s.startsWith("waiting for") || s.equals("locked") || s.contains("metadata lock") || s.contains("table lock")
                    || s.equals("waiting on cond") || s.contains("lock wait");
        }
    }

    /**
     * One snapshot.
     *
     * @param line    the first line of the snapshot (header, first row or its pt-stalk {@code TS} line)
     * @param stamp   the time as printed ({@code 2026-12-02 03:08:11}) or ""
     * @param epochMs that time in epoch millis, or 0 when the snapshot has no time
     */
    public record Snapshot(int line, String stamp, long epochMs, List<Thread> threads) {
        public Snapshot {
            threads = List.copyOf(threads);
        }

        public List<Thread> activeThreads() {
            return threads.stream().filter(Thread::active).toList();
        }

        /** Count of threads per Command, most first. */
        public Map<String, Integer> byCommand() {
            return count(threads, true);
        }

        /** Count of active threads per State, most first. */
        public Map<String, Integer> activeByState() {
            return count(activeThreads(), false);
        }

        /** The active thread running longest (largest Time), or null. */
        public Thread longest() {
            Thread out = null;
            for (Thread t : activeThreads()) {
                if (t.time() >= 0 && (out == null || t.time() > out.time())) {
                    out = t;
                }
            }
            return out;
        }

        private static Map<String, Integer> count(List<Thread> ts, boolean command) {
            Map<String, Integer> m = new LinkedHashMap<>();
            for (Thread t : ts) {
                m.merge(command ? t.command() : t.stateLabel(), 1, Integer::sum);
            }
            List<Map.Entry<String, Integer>> e = new ArrayList<>(m.entrySet());
            e.sort((a, b) -> Integer.compare(b.getValue(), a.getValue()));
            Map<String, Integer> out = new LinkedHashMap<>();
            e.forEach(x -> out.put(x.getKey(), x.getValue()));
            return out;
        }
    }

    /** Whether every snapshot has a time and there are at least two. */
    public boolean timed() {
        return snapshots.size() >= 2 && snapshots.stream().allMatch(s -> s.epochMs() > 0);
    }

    /**
     * Active threads per State over time (entity = state), plus {@code threads}, {@code active_threads} and
     * {@code longest_query_seconds}, on the wall clock, for a file of at least two timed snapshots; null otherwise.
     */
    public SeriesSet timelineSeries(String file) {
        if (!timed()) {
            return null;
        }
        Set<String> states = new LinkedHashSet<>();
        for (Snapshot s : snapshots) {
            states.addAll(s.activeByState().keySet());
        }
        List<TimeSeries> out = new ArrayList<>();
        for (String state : states) {
            TimeSeries.Builder b = new TimeSeries.Builder(Metric.of("processlist", "threads_in_state", state, Unit.THREADS), Clock.WALL, file);
            for (Snapshot s : snapshots) {
                b.add(s.epochMs(), s.activeByState().getOrDefault(state, 0), s.line());
            }
            out.add(b.build());
        }
        TimeSeries.Builder all = new TimeSeries.Builder(Metric.of("processlist", "threads", "", Unit.THREADS), Clock.WALL, file);
        TimeSeries.Builder active = new TimeSeries.Builder(Metric.of("processlist", "active_threads", "", Unit.THREADS), Clock.WALL, file);
        TimeSeries.Builder longest = new TimeSeries.Builder(Metric.of("processlist", "longest_query_seconds", "", Unit.COUNT), Clock.WALL, file);
        for (Snapshot s : snapshots) {
            all.add(s.epochMs(), s.threads().size(), s.line());
            active.add(s.epochMs(), s.activeThreads().size(), s.line());
            Thread l = s.longest();
            longest.add(s.epochMs(), l == null ? 0 : l.time(), l == null ? s.line() : l.line());
        }
        out.add(all.build());
        out.add(active.build());
        out.add(longest.build());
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put("form", form);
        meta.put("flavor", flavor);
        return new SeriesSet("processlist", Clock.WALL, snapshots.size(), out, Map.of(), 0, 0, meta);
    }
}
