package io.tunescope.importers.numastat;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.numa.NumaDatasets;
import io.tunescope.model.numa.NumaRow;
import io.tunescope.model.numa.NumaSnapshot;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.numa.NumaTable;
import io.tunescope.model.numa.NumaVariant;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code numastat} in every variant: the plain per-node counter table (perl-compatible, {@code node0}
 * headers, pages), {@code -n} (counters in MB), {@code -m} (meminfo per node, with the "Token ... not in
 * hash table." lines numastat prints for meminfo keys it does not know), {@code -p PID|NAME} (one table per
 * process, or one table of several processes), {@code -c} (narrow columns, whole MB), {@code -s} (rows
 * sorted), {@code -z} (zero rows and columns left out), and tables that numastat wrapped into several
 * sections for the screen width ({@code NUMASTAT_WIDTH} or a terminal). Several runs in one file (a
 * repeated table, or a timestamp line between runs) become several snapshots.
 */
public final class NumastatImporter implements Importer<NumaStats> {
    static final Pattern TITLE = Pattern.compile(
            "^\\s*Per-node (process memory usage|system memory usage|numastat info) \\(in MBs\\)"
                    + "(?: for PID (\\d+) \\((.*)\\))?:?\\s*$");
    /** A header line: optional "PID", then node columns and an optional Total column. */
    static final Pattern HEADER = Pattern.compile("^\\s*+(?:PID\\s++)?((?:(?:node\\s?\\d++|Node \\d++|Total)\\s*+)++)$");
    private static final Pattern HEADER_CELL = Pattern.compile("(?:node\\s?(\\d+)|Node (\\d+)|(Total))");
    private static final Pattern RULE = Pattern.compile("^(?=[\\s-]*+$)[\\s-]*?---[\\s-]*+$");
    private static final Pattern TOKEN = Pattern.compile("^Token \\S+ not in hash table\\.\\s*$");
    private static final Pattern COUNTER_ROW = Pattern.compile(
            "^(numa_hit|numa_miss|numa_foreign|interleave_hit|local_node|other_node)\\s++\\d++(?:\\s++\\d++)*+\\s*+$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern MEMINFO_ROW = Pattern.compile(
            "^(MemTotal|MemFree|MemUsed|Active|Inactive|FilePages|AnonPages|Slab|HugePages_Total)\\s++\\d++(?:\\.\\d++)?+(?:\\s++\\d++(?:\\.\\d++)?+)*+\\s*+$");
    private static final Pattern PROCESS_ROW = Pattern.compile(
            "^(Huge|Heap|Stack|Private)\\s++\\d++(?:\\.\\d++)?+(?:\\s++\\d++(?:\\.\\d++)?+)*+\\s*+$");
    private static final int TOTAL = Integer.MIN_VALUE;

    @Override
    public String format() {
        return "numastat";
    }

    @Override
    public String description() {
        return "numastat output (per-node allocation counters, -m meminfo, -p process memory)";
    }

    @Override
    public Dataset<NumaStats> dataset() {
        return NumaDatasets.NUMASTAT;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        int titles = 0;
        int headers = 0;
        int rows = 0;
        int tokens = 0;
        int nonBlank = 0;
        for (String l : head.lines()) {
            if (!l.isBlank()) {
                nonBlank++;
            }
            // literal tests first: a title holds "Per-node ", a header "ode" (node, Node) or "Total", a row starts with
            // a letter and ends with a digit; the expressions decide
            if (l.contains("Per-node ") && TITLE.matcher(l).matches()) {
                titles++;
            } else if ((l.contains("ode") || l.contains("Total"))
                    && (HEADER.matcher(l).matches() && HEADER_CELL.matcher(l).find() && !l.strip().equals("Total")
                    || l.strip().equals("Total") && l.startsWith("        "))) {
                headers++;
            } else if (Head.startsWithAsciiLetter(l) && Head.lastNonSpace(l) >= '0' && Head.lastNonSpace(l) <= '9'
                    && (COUNTER_ROW.matcher(l).matches() || MEMINFO_ROW.matcher(l).matches() || PROCESS_ROW.matcher(l).matches())) {
                rows++;
            } else if (l.startsWith("Token ") && TOKEN.matcher(l).matches()) {
                tokens++;
            }
        }
        if (titles > 0 && headers > 0) {
            return Sniff.certain("numastat table title 'Per-node ... (in MBs)' and node column header");
        }
        if (headers > 0 && rows >= 2) {
            return Sniff.certain("node column header and numastat rows (numa_hit, MemTotal or Huge/Heap ...)");
        }
        if (titles > 0 || tokens > 0 && rows > 0) {
            return Sniff.strong("numastat title or 'Token ... not in hash table' lines");
        }
        if (headers > 0 && rows == 1) {
            return Sniff.weak("a node column header and one numastat row");
        }
        if (rows >= 3 && rows * 2 >= nonBlank) {
            // not a few numa_* rows among many others, as in /proc/vmstat (pt-stalk's -procvmstat)
            return Sniff.weak("numastat-like rows without a node header");
        }
        return Sniff.no("no numastat header or rows");
    }

    /** The table being read: its sections (wrapped column groups) merged by row label. */
    private static final class TableBuilder {
        NumaVariant variant;
        String title = "";
        int pid = -1;
        String command = "";
        int line;
        boolean titled;
        final List<Integer> columns = new ArrayList<>();
        List<Integer> section = new ArrayList<>();
        final Map<String, Map<Integer, Double>> rows = new LinkedHashMap<>();
        final Map<String, Integer> rowLines = new LinkedHashMap<>();
        boolean gapSinceRow;
        boolean sawDecimal;
        boolean lowerCaseNodes;
        int dataRows;
    }

    @Override
    public ImportResult<NumaStats> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        List<NumaSnapshot> snapshots = new ArrayList<>();
        List<NumaTable> current = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        Instant[] snapTime = {null};
        int[] snapTimeLine = {0};
        Instant pendingTime = null;
        int pendingTimeLine = 0;
        TableBuilder tb = null;
        int tokenLines = 0;
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                try {
                    int n = (int) lines.number();
                    if (l.isBlank()) {
                        if (tb != null) {
                            tb.gapSinceRow = true;
                        }
                        continue;
                    }
                    Matcher tm = l.contains("Per-node") ? TITLE.matcher(l) : null;
                    if (tm != null && tm.matches()) {
                        closeTable(tb, file, ctx, current, keys, snapshots, snapTime, snapTimeLine);
                        tb = new TableBuilder();
                        tb.titled = true;
                        tb.line = n;
                        tb.title = l.strip();
                        tb.variant = switch (tm.group(1)) {
                            case "process memory usage" -> NumaVariant.PROCESS;
                            case "system memory usage" -> NumaVariant.MEMINFO;
                            default -> NumaVariant.COUNTERS_MB;
                        };
                        if (tm.group(2) != null) {
                            tb.pid = Integer.parseInt(tm.group(2));
                            tb.command = tm.group(3);
                        }
                        if (pendingTime != null && current.isEmpty()) {
                            snapTime[0] = pendingTime;
                            snapTimeLine[0] = pendingTimeLine;
                            pendingTime = null;
                        }
                        continue;
                    }
                    if (l.startsWith("Token ") && TOKEN.matcher(l).matches()) {
                        tokenLines++;
                        continue;
                    }
                    String s = l.strip();
                    if (s.startsWith("Found no processes containing pattern")) {
                        ctx.warn(n, file + ": " + s);
                        continue;
                    }
                    if (s.equals("Table has no data.") || s.equals("Table has no non-zero data.")) {
                        ctx.info(n, file + ": numastat printed '" + s + "'");
                        if (tb != null && tb.dataRows == 0) {
                            tb = null;
                        }
                        continue;
                    }
                    Matcher hm = s.startsWith("node") || s.startsWith("Node") || s.startsWith("PID") || s.startsWith("Total")
                            ? HEADER.matcher(l) : null;
                    if (hm != null && hm.matches() && HEADER_CELL.matcher(s).find()) {
                        List<Integer> cols = new ArrayList<>();
                        Matcher cm = HEADER_CELL.matcher(hm.group(1));
                        boolean lower = false;
                        while (cm.find()) {
                            if (cm.group(1) != null) {
                                cols.add(Integer.parseInt(cm.group(1)));
                                lower = true;
                            } else if (cm.group(2) != null) {
                                cols.add(Integer.parseInt(cm.group(2)));
                            } else {
                                cols.add(TOTAL);
                            }
                        }
                        boolean continuation = tb != null && tb.dataRows > 0 && tb.gapSinceRow
                                && cols.stream().noneMatch(tb.columns::contains);
                        boolean firstHeaderOfTitled = tb != null && tb.titled && tb.columns.isEmpty();
                        if (!continuation && !firstHeaderOfTitled) {
                            closeTable(tb, file, ctx, current, keys, snapshots, snapTime, snapTimeLine);
                            tb = new TableBuilder();
                            tb.line = n;
                            if (pendingTime != null && current.isEmpty()) {
                                snapTime[0] = pendingTime;
                                snapTimeLine[0] = pendingTimeLine;
                                pendingTime = null;
                            }
                        }
                        tb.columns.addAll(cols);
                        tb.section = cols;
                        tb.gapSinceRow = false;
                        tb.lowerCaseNodes |= lower;
                        continue;
                    }
                    if (s.startsWith("---") && RULE.matcher(l).matches()) {
                        continue;
                    }
                    if (tb != null && !tb.section.isEmpty()) {
                        if (readRow(l, n, tb, ctx, file)) {
                            continue;
                        }
                    }
                    Instant t = SnapshotTime.parse(l);
                    if (t != null) {
                        closeTable(tb, file, ctx, current, keys, snapshots, snapTime, snapTimeLine);
                        tb = null;
                        if (!current.isEmpty()) {
                            closeSnapshot(snapshots, current, keys, snapTime, snapTimeLine);
                        }
                        pendingTime = t;
                        pendingTimeLine = n;
                        continue;
                    }
                    if (s.matches("^[#$>].*\\bnumastat\\b.*") || s.startsWith("numastat ")) {
                        ctx.info(n, file + ": command line '" + s + "' skipped");
                        continue;
                    }
                    ctx.warn(n, file + ": not a numastat line: " + abbreviate(s));
                } catch (NumberFormatException | ArithmeticException e) {
                    ctx.skipLine(lines.number(), e);
                }
            }
        }
        closeTable(tb, file, ctx, current, keys, snapshots, snapTime, snapTimeLine);
        if (!current.isEmpty()) {
            closeSnapshot(snapshots, current, keys, snapTime, snapTimeLine);
        }
        if (tokenLines > 0) {
            ctx.info(0, file + ": " + tokenLines + " 'Token ... not in hash table.' lines (meminfo keys numastat does not know) skipped");
        }
        if (snapshots.isEmpty()) {
            throw new ImportException(0, file + ": no numastat table found");
        }
        return ctx.result(NumaStats.of(snapshots));
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }

    /** Reads a data row of the current section; false when the line is not one. */
    private static boolean readRow(String l, int n, TableBuilder tb, ImportContext ctx, String file) {
        int k = tb.section.size();
        double[] vals = new double[k];
        // the values are the last k blank-separated tokens; the label is everything before them
        // (process labels such as "1234 (mysqld)" hold blanks)
        int end = l.length();
        for (int i = k - 1; i >= 0; i--) {
            while (end > 0 && Character.isWhitespace(l.charAt(end - 1))) {
                end--;
            }
            int start = end;
            while (start > 0 && !Character.isWhitespace(l.charAt(start - 1))) {
                start--;
            }
            if (start == end || !isNumber(l, start, end)) {
                return false;
            }
            vals[i] = number(l, start, end);
            tb.sawDecimal |= l.lastIndexOf('.', end - 1) >= start;
            end = start;
        }
        String label = l.substring(0, end).strip();
        if (label.isEmpty()) {
            return false;
        }
        Map<Integer, Double> row = tb.rows.computeIfAbsent(label, x -> new LinkedHashMap<>());
        tb.rowLines.putIfAbsent(label, n);
        for (int i = 0; i < k; i++) {
            if (row.put(tb.section.get(i), vals[i]) != null) {
                ctx.warn(n, file + ": row '" + label + "' repeated in one table; the later value is used");
            }
        }
        tb.dataRows++;
        return true;
    }

    /** Powers of ten exactly representable as doubles. */
    private static final double[] POW10 = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22};

    /**
     * {@link Double#parseDouble} of {@code s[from, to)}, a number {@link #isNumber} accepted, without a substring: while
     * the digits fit in 2^53 and there are at most 22 decimals, {@code digits / 10^decimals} is one correctly rounded
     * division of two exact doubles, the double parseDouble gives; anything else (more digits, digits other than
     * ASCII) goes to parseDouble itself, which also throws as before.
     */
    static double number(String s, int from, int to) {
        int i = from;
        boolean neg = s.charAt(i) == '-';
        if (neg) {
            i++;
        }
        long m = 0;
        int decimals = 0;
        boolean point = false;
        for (; i < to; i++) {
            char c = s.charAt(i);
            if (c == '.' && !point) {
                point = true;
            } else if (c >= '0' && c <= '9' && m < (1L << 53) / 10) {
                m = m * 10 + (c - '0');
                if (point) {
                    decimals++;
                }
            } else {
                return Double.parseDouble(s.substring(from, to));
            }
        }
        if (decimals >= POW10.length) {
            return Double.parseDouble(s.substring(from, to));
        }
        double v = decimals == 0 ? m : m / POW10[decimals];
        return neg ? -v : v;
    }

    /** -?digits(.digits)? */
    private static boolean isNumber(String s, int from, int to) {
        int i = from;
        if (i < to && s.charAt(i) == '-') {
            i++;
        }
        int digits = 0;
        while (i < to && Character.isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (digits == 0) {
            return false;
        }
        if (i < to && s.charAt(i) == '.') {
            i++;
            int frac = 0;
            while (i < to && Character.isDigit(s.charAt(i))) {
                i++;
                frac++;
            }
            if (frac == 0) {
                return false;
            }
        }
        return i == to;
    }

    private static void closeTable(TableBuilder tb, String file, ImportContext ctx, List<NumaTable> current,
                                   Set<String> keys, List<NumaSnapshot> snapshots, Instant[] snapTime, int[] snapTimeLine) {
        if (tb == null || tb.rows.isEmpty()) {
            return;
        }
        NumaVariant v = tb.variant;
        if (v == null) {
            v = guessVariant(tb);
        }
        List<Integer> nodes = new ArrayList<>();
        for (int c : tb.columns) {
            if (c != TOTAL && !nodes.contains(c)) {
                nodes.add(c);
            }
        }
        boolean hasTotal = tb.columns.contains(TOTAL);
        List<NumaRow> rows = new ArrayList<>();
        for (Map.Entry<String, Map<Integer, Double>> e : tb.rows.entrySet()) {
            List<Double> vals = new ArrayList<>();
            for (int node : nodes) {
                vals.add(e.getValue().getOrDefault(node, 0.0));
            }
            double total = hasTotal ? e.getValue().getOrDefault(TOTAL, 0.0) : Double.NaN;
            rows.add(new NumaRow(e.getKey(), vals, total, tb.rowLines.get(e.getKey())));
        }
        if (v == NumaVariant.COUNTERS && !tb.lowerCaseNodes) {
            v = NumaVariant.COUNTERS_MB;
        }
        // numastat prints MB with two decimals unless -c was given
        boolean compact = v != NumaVariant.COUNTERS && !tb.sawDecimal;
        NumaTable t = new NumaTable(v, tb.title, tb.pid, tb.command, nodes, rows, compact,
                SourceRef.of(file, tb.line));
        if (keys.contains(t.key())) {
            closeSnapshot(snapshots, current, keys, snapTime, snapTimeLine);
        }
        keys.add(t.key());
        current.add(t);
    }

    private static NumaVariant guessVariant(TableBuilder tb) {
        for (String label : tb.rows.keySet()) {
            String x = label.toLowerCase(java.util.Locale.ROOT);
            if (x.equals("numa_hit") || x.equals("other_node") || x.equals("local_node")) {
                return NumaVariant.COUNTERS;
            }
            if (x.equals("memtotal") || x.equals("memfree")) {
                return NumaVariant.MEMINFO;
            }
            if (x.equals("heap") || x.equals("private") || x.equals("huge")) {
                return NumaVariant.PROCESS;
            }
        }
        return NumaVariant.MEMINFO;
    }

    private static void closeSnapshot(List<NumaSnapshot> snapshots, List<NumaTable> current, Set<String> keys,
                                      Instant[] snapTime, int[] snapTimeLine) {
        snapshots.add(new NumaSnapshot(snapshots.size(), snapTime[0], snapTimeLine[0], current));
        current.clear();
        keys.clear();
        snapTime[0] = null;
        snapTimeLine[0] = 0;
    }

    @Override
    public Map<String, Object> summarize(NumaStats value) {
        return NumastatSummary.of(value);
    }
}
