package io.tunescope.model.pfs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * One performance_schema summary table as read from a file: its kind (told from the column set) and one or
 * more snapshots (the same SELECT printed several times). Timer columns are picoseconds, as the server keeps
 * them; the sys schema's formatted latencies ({@code 16.75 s}) are converted back to picoseconds.
 */
public record PfsSummary(Kind kind, List<Snapshot> snapshots) {

    public PfsSummary {
        snapshots = List.copyOf(snapshots);
    }

    /** Which summary table the columns belong to. */
    public enum Kind {
        WAITS("events_waits_summary_*_by_event_name"),
        FILE_BY_EVENT("file_summary_by_event_name"),
        FILE_BY_INSTANCE("file_summary_by_instance"),
        STATEMENTS_BY_DIGEST("events_statements_summary_by_digest"),
        STATEMENTS_BY_EVENT("events_statements_summary_*_by_event_name"),
        TABLE_IO("table_io_waits_summary_by_table"),
        TABLE_LOCK("table_lock_waits_summary_by_table"),
        SYS_STATEMENT_ANALYSIS("sys.statement_analysis");

        private final String table;

        Kind(String table) {
            this.table = table;
        }

        public String table() {
            return table;
        }

        public boolean statements() {
            return this == STATEMENTS_BY_DIGEST || this == SYS_STATEMENT_ANALYSIS;
        }
    }

    /** One printing of the table; {@code line} is where it starts. */
    public record Snapshot(int line, List<Row> rows) {
        public Snapshot {
            rows = List.copyOf(rows);
        }
    }

    /**
     * One row: its name (event name, digest text, schema.table, file name), the column values as printed
     * (upper-case performance_schema names; sys columns mapped to them) and the line it was read from.
     */
    public record Row(int line, String name, Map<String, String> columns) {
        public Row {
            columns = Collections.unmodifiableMap(new LinkedHashMap<>(columns));
        }

        /** A whole-number column, or empty when absent or not a number. */
        public OptionalLong num(String column) {
            String v = columns.get(column);
            if (v == null) {
                return OptionalLong.empty();
            }
            try {
                return OptionalLong.of(Long.parseLong(v.strip()));
            } catch (NumberFormatException e) {
                return OptionalLong.empty();
            }
        }

        public long count() {
            return num("COUNT_STAR").orElse(0);
        }

        /** SUM_TIMER_WAIT in picoseconds. */
        public long totalPs() {
            return num("SUM_TIMER_WAIT").orElse(0);
        }

        /** AVG_TIMER_WAIT in picoseconds, else the total over the count. */
        public long avgPs() {
            OptionalLong a = num("AVG_TIMER_WAIT");
            if (a.isPresent()) {
                return a.getAsLong();
            }
            return count() == 0 ? 0 : totalPs() / count();
        }

        /** The key rows are matched by between snapshots (digest and schema for digests, else the name). */
        public String key() {
            String d = columns.get("DIGEST");
            if (d != null) {
                return columns.getOrDefault("SCHEMA_NAME", "") + "/" + d;
            }
            String inst = columns.get("OBJECT_INSTANCE_BEGIN");
            return inst == null ? name : name + "@" + inst;
        }

        /** Whether the statement ran without an index: SUM_NO_INDEX_USED &gt; 0, or sys's full_scan mark. */
        public boolean fullScan() {
            return num("SUM_NO_INDEX_USED").orElse(0) > 0 || "*".equals(columns.getOrDefault("FULL_SCAN", "").strip());
        }

        /** This row with every counter column reduced by the same row of an earlier snapshot. */
        public Row minus(Row earlier) {
            Map<String, String> out = new LinkedHashMap<>(columns);
            for (var e : columns.entrySet()) {
                String c = e.getKey();
                if (c.startsWith("COUNT_") || c.startsWith("SUM_")) {
                    OptionalLong now = num(c);
                    OptionalLong then = earlier.num(c);
                    if (now.isPresent() && then.isPresent()) {
                        out.put(c, Long.toString(Math.max(0, now.getAsLong() - then.getAsLong())));
                    }
                }
            }
            Row d = new Row(line, name, out);
            long n = d.count();
            out.put("AVG_TIMER_WAIT", Long.toString(n == 0 ? 0 : d.totalPs() / n));
            return new Row(line, name, out);
        }
    }

    /** The rows of the last snapshot sorted by total time, longest first. */
    public List<Row> topByTime(List<Row> rows, int n) {
        List<Row> sorted = new ArrayList<>(rows);
        sorted.sort((a, b) -> Long.compare(b.totalPs(), a.totalPs()));
        return sorted.subList(0, Math.min(n, sorted.size()));
    }

    /** Picoseconds as a short time: ns, µs, ms or s. */
    public static String time(long ps) {
        double v = ps;
        if (v >= 1e12) {
            return fmt(v / 1e12) + " s";
        }
        if (v >= 1e9) {
            return fmt(v / 1e9) + " ms";
        }
        if (v >= 1e6) {
            return fmt(v / 1e6) + " µs";
        }
        return fmt(v / 1e3) + " ns";
    }

    private static String fmt(double v) {
        if (v >= 100) {
            return String.format(java.util.Locale.ROOT, "%.0f", v);
        }
        String s = String.format(java.util.Locale.ROOT, "%.3g", v);
        return s.indexOf('.') < 0 ? s : s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
