package io.tunescope.importers.processlist;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.PtStalkLoop;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.processlist.Processlist;
import io.tunescope.model.processlist.ProcesslistDatasets;
import java.io.IOException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code SHOW [FULL] PROCESSLIST} and {@code SELECT * FROM information_schema.PROCESSLIST} as the mysql client
 * prints them: vertical ({@code \G}), batch ({@code -B}, tab-separated with {@code \n} escapes) and table
 * ({@code -t}). MySQL's plain columns and MariaDB's extra ones (Progress, Time_ms, Stage, Memory_used, ...).
 * Several snapshots in one file are told apart by a repeated header, by vertical row numbers starting again at 1,
 * or by pt-stalk's {@code TS <epoch> <date>} lines, which also give the snapshot its time.
 */
public final class ProcesslistImporter implements Importer<Processlist> {
    private static final Pattern VERTICAL_ROW = Pattern.compile("^\\*{5,} (\\d+)\\. row \\*{5,}$");
    private static final Pattern VERTICAL_FIELD = Pattern.compile("^\\s*([A-Za-z_]+):(?: (.*))?$");
    private static final Pattern BORDER = Pattern.compile("^\\+[-+]+\\+$");
    private static final Pattern ROWS_IN_SET = Pattern.compile("^\\d+ rows? in set.*|^Empty set.*");
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);
    /** Columns of the process list in any server; names compared in lower case. */
    private static final Set<String> COLUMNS = Set.of("id", "user", "host", "db", "command", "time", "state", "info",
            "progress", "time_ms", "stage", "max_stage", "memory_used", "max_memory_used", "examined_rows", "query_id",
            "info_binary", "tid", "sent_rows", "rows_sent", "rows_examined");
    private static final Set<String> MARIADB_ONLY = Set.of("progress", "time_ms", "stage", "max_stage", "memory_used",
            "max_memory_used", "examined_rows", "query_id", "info_binary", "tid", "sent_rows");

    @Override
    public String format() {
        return "processlist";
    }

    @Override
    public String description() {
        return "SHOW [FULL] PROCESSLIST / information_schema.PROCESSLIST snapshots (\\G, -B or table; MySQL, MariaDB, pt-stalk)";
    }

    @Override
    public Dataset<Processlist> dataset() {
        return ProcesslistDatasets.PROCESSLIST;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        Set<String> vertical = new LinkedHashSet<>();
        for (String raw : head.lines()) {
            String l = raw.strip();
            List<String> header = header(l);
            if (header != null) {
                return Sniff.certain("process list header (" + String.join(", ", header.subList(0, 8)) + ")");
            }
            char c0 = Head.firstNonSpace(raw);
            Matcher m;
            if (raw.indexOf(':') > 0 && (c0 == '_' || c0 >= 'A' && c0 <= 'Z' || c0 >= 'a' && c0 <= 'z')
                    && (m = VERTICAL_FIELD.matcher(raw)).matches()) {
                String k = m.group(1).toLowerCase(Locale.ROOT);
                if (k.equals("command") || k.equals("state") || k.equals("info") || k.equals("host") || k.equals("id")
                        || k.equals("user") || k.equals("time") || k.equals("db")) {
                    vertical.add(k);
                }
            }
        }
        if (vertical.size() == 8) {
            return Sniff.strong("vertical rows with Id, User, Host, db, Command, Time, State and Info");
        }
        return Sniff.no("no process list columns");
    }

    /** The column names when the line is a process list header (-B or table), else null. */
    private static int count(String l, char c) {
        int n = 0;
        for (int i = l.indexOf(c); i >= 0; i = l.indexOf(c, i + 1)) {
            n++;
        }
        return n;
    }

    static List<String> header(String l) {
        List<String> cols;
        if (l.length() >= 2 && l.startsWith("|") && l.endsWith("|")) {
            if (count(l, '|') < 9) {
                return null; // fewer than 8 cells: not split
            }
            cols = new ArrayList<>();
            for (String c : l.substring(1, l.length() - 1).split("\\|", -1)) {
                cols.add(c.strip());
            }
        } else if (l.indexOf('\t') > 0) {
            if (count(l, '\t') < 7) {
                return null; // fewer than 8 columns: not split
            }
            cols = List.of(l.split("\t", -1));
        } else {
            return null;
        }
        if (cols.size() < 8) {
            return null;
        }
        List<String> first = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            first.add(cols.get(i).toLowerCase(Locale.ROOT));
        }
        return first.equals(List.of("id", "user", "host", "db", "command", "time", "state", "info")) ? cols : null;
    }

    @Override
    public ImportResult<Processlist> parse(ImportContext ctx) throws ImportException, IOException {
        Reader r = new Reader(ctx);
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                r.line(l, (int) lines.number());
            }
        }
        r.closeSnapshot();
        if (r.snapshots.isEmpty()) {
            throw new ImportException(0, ctx.displayName() + ": no process list rows found");
        }
        String form = r.forms.size() == 1 ? r.forms.iterator().next() : "mixed";
        return ctx.result(new Processlist(r.snapshots, form, r.mariadb ? "mariadb" : "mysql"));
    }

    private static final class Reader {
        final ImportContext ctx;
        final List<Processlist.Snapshot> snapshots = new ArrayList<>();
        final Set<String> forms = new LinkedHashSet<>();
        boolean mariadb;
        // open snapshot
        List<Processlist.Thread> threads;
        int snapLine;
        String stamp = "";
        long epochMs;
        // pending pt-stalk stamp for the next snapshot
        String nextStamp;
        long nextEpoch;
        int nextLine;
        // tabular header of the open snapshot
        List<String> columns;
        boolean batch;
        int[] cuts;
        // open vertical row
        Map<String, String> row;
        int rowLine;
        String lastKey;
        int warnings;

        Reader(ImportContext ctx) {
            this.ctx = ctx;
        }

        void line(String raw, int n) {
            String l = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
            if (PtStalkLoop.isStamp(l)) {
                closeSnapshot();
                columns = null;
                String[] p = l.split("\\s+", 3);
                nextLine = n;
                nextEpoch = Math.round(Double.parseDouble(p[1]) * 1000);
                nextStamp = p.length > 2 ? p[2].strip() : "";
                if (nextStamp.isEmpty()) {
                    nextStamp = DATE.format(LocalDateTime.ofEpochSecond(nextEpoch / 1000, 0, ZoneOffset.UTC));
                }
                return;
            }
            Matcher v = VERTICAL_ROW.matcher(l);
            if (v.matches()) {
                endRow();
                columns = null;
                if (v.group(1).equals("1") || threads == null) {
                    closeSnapshot();
                    openSnapshot(n);
                }
                forms.add("vertical");
                row = new HashMap<>();
                rowLine = n;
                lastKey = null;
                return;
            }
            String s = l.strip();
            if (s.isEmpty() || ROWS_IN_SET.matcher(s).matches() || s.startsWith("mysql>") || s.startsWith("MariaDB [")) {
                if (row == null) {
                    return;
                }
            }
            if (row != null) {
                Matcher f = VERTICAL_FIELD.matcher(l);
                if (f.matches() && COLUMNS.contains(f.group(1).toLowerCase(Locale.ROOT))) {
                    lastKey = f.group(1).toLowerCase(Locale.ROOT);
                    row.put(lastKey, f.group(2) == null ? "" : f.group(2));
                    return;
                }
                if ("info".equals(lastKey) || "info_binary".equals(lastKey)) {
                    row.merge(lastKey, "\n" + l, String::concat);
                    return;
                }
                if (s.isEmpty() || ROWS_IN_SET.matcher(s).matches()) {
                    return;
                }
                skipped(n, l);
                return;
            }
            if (BORDER.matcher(s).matches()) {
                cuts = cuts(l);
                return;
            }
            List<String> h = header(s);
            if (h != null) {
                closeSnapshot();
                openSnapshot(n);
                columns = h;
                batch = !s.startsWith("|");
                forms.add(batch ? "batch" : "table");
                for (String c : h) {
                    if (MARIADB_ONLY.contains(c.toLowerCase(Locale.ROOT))) {
                        mariadb = true;
                    }
                }
                return;
            }
            if (columns != null) {
                List<String> cells = batch ? batchCells(l) : tableCells(l);
                if (cells == null || cells.size() != columns.size()) {
                    ctx.warn(n, ctx.displayName() + ":" + n + ": a process list row with " + (cells == null ? 0 : cells.size())
                            + " fields where the header has " + columns.size() + "; skipped");
                    return;
                }
                Map<String, String> m = new HashMap<>();
                for (int i = 0; i < cells.size(); i++) {
                    m.put(columns.get(i).toLowerCase(Locale.ROOT), cells.get(i));
                }
                add(m, n);
                return;
            }
            if (!s.isEmpty()) {
                skipped(n, l);
            }
        }

        void skipped(int n, String l) {
            if (warnings++ < 20) {
                ctx.warn(n, ctx.displayName() + ":" + n + ": not a process list line, skipped: " + abbreviate(l.strip()));
            }
        }

        void openSnapshot(int n) {
            threads = new ArrayList<>();
            if (nextStamp != null) {
                snapLine = nextLine;
                stamp = nextStamp;
                epochMs = nextEpoch;
                nextStamp = null;
            } else {
                snapLine = n;
                stamp = "";
                epochMs = 0;
            }
        }

        void endRow() {
            if (row != null) {
                add(row, rowLine);
                row = null;
            }
        }

        void closeSnapshot() {
            endRow();
            if (threads != null) {
                snapshots.add(new Processlist.Snapshot(snapLine, stamp, epochMs, threads));
                threads = null;
            }
        }

        void add(Map<String, String> m, int n) {
            if (threads == null) {
                openSnapshot(n);
            }
            for (String k : m.keySet()) {
                if (MARIADB_ONLY.contains(k)) {
                    mariadb = true;
                }
            }
            long id = number(m.get("id"), n, "Id");
            long time = number(m.get("time"), n, "Time");
            if (id < 0 && m.get("command") == null) {
                ctx.warn(n, ctx.displayName() + ":" + n + ": a process list row without Id and Command; skipped");
                return;
            }
            threads.add(new Processlist.Thread(id, text(m.get("user")), text(m.get("host")), text(m.get("db")),
                    text(m.get("command")), time, text(m.get("state")), text(m.get("info")), n));
        }

        long number(String s, int n, String what) {
            String t = text(s);
            if (t.isEmpty()) {
                return -1;
            }
            try {
                return Long.parseLong(t);
            } catch (NumberFormatException e) {
                ctx.warn(n, ctx.displayName() + ":" + n + ": " + what + " '" + abbreviate(t) + "' is not a number; read as unknown");
                return -1;
            }
        }

        static String text(String s) {
            if (s == null) {
                return "";
            }
            String t = s.strip();
            return t.equals("NULL") ? "" : t;
        }

        List<String> batchCells(String l) {
            List<String> out = new ArrayList<>();
            for (String c : l.split("\t", -1)) {
                out.add(io.tunescope.importers.MysqlBatch.unescape(c));
            }
            return out;
        }

        List<String> tableCells(String l) {
            if (!l.startsWith("|")) {
                return null;
            }
            if (cuts != null && cuts.length == columns.size() + 1 && l.length() == cuts[cuts.length - 1] + 1) {
                List<String> out = new ArrayList<>();
                for (int i = 0; i + 1 < cuts.length; i++) {
                    out.add(l.substring(cuts[i] + 1, cuts[i + 1]).strip());
                }
                return out;
            }
            String inner = l.strip();
            if (!inner.endsWith("|") || inner.length() < 2) {
                return null;
            }
            List<String> out = new ArrayList<>();
            for (String c : inner.substring(1, inner.length() - 1).split("\\|", -1)) {
                out.add(c.strip());
            }
            return out;
        }

        static int[] cuts(String border) {
            List<Integer> p = new ArrayList<>();
            for (int i = 0; i < border.length(); i++) {
                if (border.charAt(i) == '+') {
                    p.add(i);
                }
            }
            return p.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }

    @Override
    public Map<String, Object> summarize(Processlist value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("snapshots", value.snapshots().size());
        out.put("form", value.form());
        out.put("flavor", value.flavor());
        List<Integer> threads = new ArrayList<>();
        List<Integer> active = new ArrayList<>();
        Map<String, Integer> states = new LinkedHashMap<>();
        Processlist.Thread longest = null;
        Processlist.Snapshot longestIn = null;
        for (Processlist.Snapshot s : value.snapshots()) {
            threads.add(s.threads().size());
            active.add(s.activeThreads().size());
            s.activeByState().forEach((k, c) -> states.merge(k, c, Integer::sum));
            Processlist.Thread l = s.longest();
            if (l != null && (longest == null || l.time() > longest.time())) {
                longest = l;
                longestIn = s;
            }
        }
        out.put("threads_per_snapshot", threads);
        out.put("active_threads_per_snapshot", active);
        List<Map.Entry<String, Integer>> e = new ArrayList<>(states.entrySet());
        e.sort((a, b) -> Integer.compare(b.getValue(), a.getValue()));
        Map<String, Integer> top = new LinkedHashMap<>();
        for (int i = 0; i < Math.min(5, e.size()); i++) {
            top.put(e.get(i).getKey(), e.get(i).getValue());
        }
        out.put("top_states", top);
        out.put("longest_query_seconds", longest == null ? 0 : longest.time());
        if (longest != null) {
            out.put("longest_query", abbreviate(longest.info().replace('\n', ' ')));
            out.put("longest_query_line", longest.line());
        }
        Processlist.Snapshot first = value.snapshots().get(0);
        if (!first.stamp().isEmpty()) {
            out.put("first_time", first.stamp());
            out.put("last_time", value.snapshots().get(value.snapshots().size() - 1).stamp());
        }
        return out;
    }
}
