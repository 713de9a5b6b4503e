package io.tunescope.importers.pfs;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.pfs.PfsDatasets;
import io.tunescope.model.pfs.PfsSummary;
import io.tunescope.model.pfs.PfsSummary.Kind;
import io.tunescope.model.pfs.PfsSummary.Row;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * performance_schema summary tables (waits, file I/O, statement digests, table I/O and lock waits) and the sys
 * schema's {@code statement_analysis} as the mysql client prints them: batch ({@code -B}, tab separated with a
 * header row, {@code \n} escapes), table ({@code -t} or interactive boxes) and vertical ({@code \G}). The
 * table is told by its column set; the same header (or row 1) again starts another snapshot.
 */
public final class PfsSummaryImporter implements Importer<PfsSummary> {
    private static final Pattern ROW_MARK = Pattern.compile("^\\*+ (\\d+)\\. row \\*+\\s*$");
    private static final Pattern VERTICAL = Pattern.compile("^\\s*([A-Za-z_][A-Za-z0-9_]*): ?(.*)$");
    private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern SYS_TIME = Pattern.compile("^\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(ps|ns|us|µs|ms|s|m|min|h|d|w)\\s*$");
    private static final Set<String> SYS_TIME_COLUMNS = Set.of("total_latency", "avg_latency", "max_latency", "lock_latency",
            "cpu_latency");
    private static final Map<String, String> SYS_NAMES = Map.ofEntries(
            Map.entry("query", "DIGEST_TEXT"), Map.entry("db", "SCHEMA_NAME"), Map.entry("full_scan", "FULL_SCAN"),
            Map.entry("exec_count", "COUNT_STAR"), Map.entry("err_count", "SUM_ERRORS"), Map.entry("warn_count", "SUM_WARNINGS"),
            Map.entry("total_latency", "SUM_TIMER_WAIT"), Map.entry("max_latency", "MAX_TIMER_WAIT"),
            Map.entry("avg_latency", "AVG_TIMER_WAIT"), Map.entry("lock_latency", "SUM_LOCK_TIME"),
            Map.entry("cpu_latency", "SUM_CPU_TIME"), Map.entry("rows_sent", "SUM_ROWS_SENT"),
            Map.entry("rows_examined", "SUM_ROWS_EXAMINED"), Map.entry("rows_affected", "SUM_ROWS_AFFECTED"),
            Map.entry("tmp_tables", "SUM_CREATED_TMP_TABLES"), Map.entry("tmp_disk_tables", "SUM_CREATED_TMP_DISK_TABLES"),
            Map.entry("rows_sorted", "SUM_SORT_ROWS"), Map.entry("sort_merge_passes", "SUM_SORT_MERGE_PASSES"),
            Map.entry("digest", "DIGEST"), Map.entry("first_seen", "FIRST_SEEN"), Map.entry("last_seen", "LAST_SEEN"));

    @Override
    public String format() {
        return "pfs-summary";
    }

    @Override
    public String description() {
        return "performance_schema summary tables (waits, file I/O, statement digests, table I/O and locks) and sys.statement_analysis";
    }

    @Override
    public Dataset<PfsSummary> dataset() {
        return PfsDatasets.SUMMARY;
    }

    /** The table kind of a column set, or null when it is no summary table read here. */
    static Kind kindOf(java.util.Collection<String> raw) {
        Set<String> c = new java.util.HashSet<>();
        for (String s : raw) {
            c.add(s.toUpperCase(Locale.ROOT));
        }
        if (c.contains("QUERY") && c.contains("EXEC_COUNT") && c.contains("TOTAL_LATENCY")) {
            return Kind.SYS_STATEMENT_ANALYSIS;
        }
        if (!c.contains("COUNT_STAR") || !c.contains("SUM_TIMER_WAIT")) {
            return null;
        }
        if (c.contains("DIGEST") || c.contains("DIGEST_TEXT")) {
            return Kind.STATEMENTS_BY_DIGEST;
        }
        if (c.contains("OBJECT_NAME") && (c.contains("COUNT_FETCH") || c.contains("COUNT_INSERT"))) {
            return Kind.TABLE_IO;
        }
        if (c.contains("OBJECT_NAME") && (c.contains("COUNT_READ_NORMAL") || c.contains("COUNT_READ_WITH_SHARED_LOCKS")
                || c.contains("COUNT_WRITE_ALLOW_WRITE"))) {
            return Kind.TABLE_LOCK;
        }
        if (c.contains("FILE_NAME")) {
            return Kind.FILE_BY_INSTANCE;
        }
        if (!c.contains("EVENT_NAME")) {
            return null;
        }
        if (c.contains("SUM_ROWS_EXAMINED") || c.contains("SUM_LOCK_TIME")) {
            return Kind.STATEMENTS_BY_EVENT;
        }
        if (c.contains("SUM_NUMBER_OF_BYTES_READ") || c.contains("COUNT_READ")) {
            return Kind.FILE_BY_EVENT;
        }
        return Kind.WAITS;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        List<String> vertical = new ArrayList<>();
        boolean inRow = false;
        for (String l : head.lines()) {
            // a header's cells are split at tabs or '|' and are ASCII names, and every kind has COUNT_STAR or EXEC_COUNT:
            // other lines are not split
            List<String> cols = (l.indexOf('\t') >= 0 || l.indexOf('|') >= 0)
                    && (Head.containsAsciiIgnoreCase(l, "count_star") || Head.containsAsciiIgnoreCase(l, "exec_count"))
                    ? header(l) : null;
            if (cols != null) {
                Kind k = kindOf(cols);
                if (k != null) {
                    return Sniff.strong(k.table() + " header row (" + cols.size() + " columns)");
                }
            }
            if (l.startsWith("*") && ROW_MARK.matcher(l).matches()) {
                if (inRow) {
                    break;
                }
                inRow = true;
                continue;
            }
            Matcher m;
            if (inRow && l.indexOf(':') >= 0 && (m = VERTICAL.matcher(l)).matches()) {
                vertical.add(m.group(1));
            }
        }
        Kind k = kindOf(vertical);
        if (k != null) {
            return Sniff.strong(k.table() + " in vertical (\\G) output");
        }
        return Sniff.no("no performance_schema summary columns (COUNT_STAR and SUM_TIMER_WAIT)");
    }

    /** The column names of a -B or -t header line, or null. */
    private static List<String> header(String l) {
        List<String> cols = cells(l);
        if (cols == null || cols.size() < 3) {
            return null;
        }
        for (String c : cols) {
            if (!IDENT.matcher(c).matches()) {
                return null;
            }
        }
        return kindOf(cols) == null ? null : cols;
    }

    /** The cells of a -B (tab) or -t ({@code | a | b |}) line, or null when it is neither. */
    private static List<String> cells(String l) {
        if (l.indexOf('\t') >= 0) {
            return Arrays.asList(l.split("\t", -1));
        }
        String s = l.strip();
        if (s.length() > 2 && s.startsWith("|") && s.endsWith("|")) {
            String[] parts = s.substring(1, s.length() - 1).split("\\|", -1);
            List<String> out = new ArrayList<>(parts.length);
            for (String p : parts) {
                out.add(p.strip());
            }
            return out;
        }
        return null;
    }

    @Override
    public ImportResult<PfsSummary> parse(ImportContext ctx) throws ImportException, IOException {
        Kind kind = null;
        List<PfsSummary.Snapshot> snapshots = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        int snapLine = 0;
        List<String> columns = null;
        boolean tableMode = false;
        Map<String, String> vert = null;
        int vertLine = 0;
        String lastKey = null;
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (l.isBlank() || l.startsWith("+-") || l.startsWith("mysql>") || l.matches("^\\s*->.*")
                        || l.matches("^(\\d+ rows? in set|Empty set).*")) {
                    continue;
                }
                if (l.strip().equals("...")) {
                    ctx.info(n, ctx.displayName() + ":" + n + ": '...' (rows left out by whoever saved the output)");
                    continue;
                }
                Matcher rm = ROW_MARK.matcher(l);
                if (rm.matches()) {
                    if (vert != null) {
                        kind = addRow(ctx, kind, rows, vert, vertLine);
                    }
                    if (rm.group(1).equals("1") && !rows.isEmpty()) {
                        snapshots.add(new PfsSummary.Snapshot(snapLine, rows));
                        rows = new ArrayList<>();
                    }
                    if (rows.isEmpty()) {
                        snapLine = n;
                    }
                    vert = new LinkedHashMap<>();
                    vertLine = n;
                    lastKey = null;
                    continue;
                }
                if (vert != null) {
                    Matcher m = VERTICAL.matcher(l);
                    if (m.matches() && !vert.containsKey(normal(m.group(1)))) {
                        lastKey = normal(m.group(1));
                        vert.put(lastKey, value(m.group(1), m.group(2)));
                    } else if (m.matches()) {
                        ctx.warn(n, ctx.displayName() + ":" + n + ": column " + m.group(1) + " printed twice in one row; the first value is kept");
                    } else if (lastKey != null) {
                        vert.put(lastKey, vert.get(lastKey) + "\n" + l);
                    } else {
                        ctx.warn(n, ctx.displayName() + ":" + n + ": not a column line of a \\G row: " + abbreviate(l));
                    }
                    continue;
                }
                List<String> h = header(l);
                if (h != null) {
                    Kind k = kindOf(h);
                    if (kind != null && k != kind) {
                        ctx.warn(n, ctx.displayName() + ":" + n + ": a " + k.table() + " header after " + kind.table()
                                + " rows: only the first table of a file is read");
                        break;
                    }
                    kind = k;
                    if (!rows.isEmpty()) {
                        snapshots.add(new PfsSummary.Snapshot(snapLine, rows));
                        rows = new ArrayList<>();
                    }
                    snapLine = n;
                    columns = h;
                    tableMode = l.strip().startsWith("|");
                    continue;
                }
                List<String> cells = columns == null ? null : cells(l);
                if (cells == null && columns == null && snapshots.isEmpty() && rows.isEmpty()) {
                    continue; // the rest of the echoed statement before the first table
                }
                if (cells == null) {
                    ctx.warn(n, ctx.displayName() + ":" + n + ": not a row of the table: " + abbreviate(l));
                    continue;
                }
                if (cells.size() != columns.size()) {
                    ctx.warn(n, ctx.displayName() + ":" + n + ": " + cells.size() + " cells where the header has " + columns.size()
                            + " (a cut or wrapped row); left out");
                    continue;
                }
                Map<String, String> row = new LinkedHashMap<>();
                for (int i = 0; i < columns.size(); i++) {
                    String v = tableMode ? cells.get(i) : io.tunescope.importers.MysqlBatch.unescape(cells.get(i));
                    row.put(normal(columns.get(i)), value(columns.get(i), v));
                }
                kind = addRow(ctx, kind, rows, row, n);
            }
        }
        if (vert != null) {
            kind = addRow(ctx, kind, rows, vert, vertLine);
        }
        if (!rows.isEmpty()) {
            snapshots.add(new PfsSummary.Snapshot(snapLine, rows));
        }
        if (kind == null || snapshots.isEmpty()) {
            throw new ImportException(0, ctx.displayName() + ": no performance_schema summary rows found");
        }
        return ctx.result(new PfsSummary(kind, snapshots));
    }

    private static Kind addRow(ImportContext ctx, Kind kind, List<Row> rows, Map<String, String> cols, int line) {
        Kind k = kind != null ? kind : cols.containsKey("FULL_SCAN") ? Kind.SYS_STATEMENT_ANALYSIS : kindOf(cols.keySet());
        if (k == null) {
            ctx.warn(line, ctx.displayName() + ":" + line + ": a row without COUNT_STAR and SUM_TIMER_WAIT; left out");
            return kind;
        }
        if (cols.containsKey("COUNT_STAR") && !cols.get("COUNT_STAR").strip().matches("\\d+")) {
            ctx.warn(line, ctx.displayName() + ":" + line + ": COUNT_STAR '" + abbreviate(cols.get("COUNT_STAR")) + "' is not a number; row left out");
            return k;
        }
        if (cols.containsKey("SUM_TIMER_WAIT") && !cols.get("SUM_TIMER_WAIT").strip().matches("\\d+")) {
            ctx.warn(line, ctx.displayName() + ":" + line + ": SUM_TIMER_WAIT '" + abbreviate(cols.get("SUM_TIMER_WAIT"))
                    + "' is neither picoseconds nor a sys latency; row left out");
            return k;
        }
        rows.add(new Row(line, nameOf(k, cols), cols));
        return k;
    }

    private static String nameOf(Kind k, Map<String, String> c) {
        return switch (k) {
            case STATEMENTS_BY_DIGEST, SYS_STATEMENT_ANALYSIS -> {
                String t = c.get("DIGEST_TEXT");
                yield t == null || t.isBlank() || t.equals("NULL") ? c.getOrDefault("DIGEST", "(no digest)") : t.replace('\n', ' ');
            }
            case TABLE_IO, TABLE_LOCK -> c.getOrDefault("OBJECT_SCHEMA", "") + "." + c.getOrDefault("OBJECT_NAME", "");
            case FILE_BY_INSTANCE -> c.getOrDefault("FILE_NAME", "");
            default -> c.getOrDefault("EVENT_NAME", "");
        };
    }

    /** performance_schema names upper case; sys columns mapped to the performance_schema column they come from. */
    private static String normal(String column) {
        String mapped = SYS_NAMES.get(column);
        return mapped != null ? mapped : column.toUpperCase(Locale.ROOT);
    }

    /** sys latencies ({@code 16.75 s}, {@code 35.04 us}) back to picoseconds; other values as printed. */
    private static String value(String column, String v) {
        if (!SYS_TIME_COLUMNS.contains(column)) {
            return v;
        }
        Matcher m = SYS_TIME.matcher(v);
        if (!m.matches()) {
            return v;
        }
        double x = Double.parseDouble(m.group(1));
        double ps = switch (m.group(2)) {
            case "ps" -> x;
            case "ns" -> x * 1e3;
            case "us", "µs" -> x * 1e6;
            case "ms" -> x * 1e9;
            case "s" -> x * 1e12;
            case "m", "min" -> x * 60e12;
            case "h" -> x * 3600e12;
            case "d" -> x * 86400e12;
            default -> x * 604800e12;
        };
        return Long.toString(Math.round(ps));
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }

    @Override
    public Map<String, Object> summarize(PfsSummary value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kind", value.kind().table());
        out.put("snapshots", value.snapshots().size());
        List<Row> last = value.snapshots().get(value.snapshots().size() - 1).rows();
        out.put("rows", last.size());
        out.put("since", value.snapshots().size() > 1 ? "delta between the first and last snapshot is computed by the rules"
                : "since server startup (or the last TRUNCATE)");
        List<Map<String, Object>> top = new ArrayList<>();
        for (Row r : value.topByTime(last, 5)) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", r.name());
            m.put("count", r.count());
            m.put("total", PfsSummary.time(r.totalPs()));
            m.put("average", PfsSummary.time(r.avgPs()));
            m.put("line", r.line());
            top.add(m);
        }
        out.put("top", top);
        return out;
    }
}
