package io.tunescope.importers.mysqladmin;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.series.Clock;
import io.tunescope.model.series.Metric;
import io.tunescope.model.series.SeriesDatasets;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.model.series.Unit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Repeated {@code SHOW GLOBAL STATUS} samples: {@code mysqladmin extended-status -i N -c M} (one
 * {@code | name | value |} table per sample), the same with {@code -r} (every table after the first holds
 * the change since the previous one; the first is the absolute state, kept apart like iostat's since-boot
 * report) and {@code pt-mext} (one row per variable, one column per sample; with {@code -r} the first
 * column is absolute, the others are changes).
 *
 * <p>Absolute and relative output are told apart by content: {@code Uptime} grows by about N per table
 * in absolute output and is about N in every table after the first in relative output. mysqladmin prints
 * no time: sample k sits at k x N seconds on the file's own clock ({@link Clock#OFFSET}), N being the
 * median step of {@code Uptime}. Counters become per-second rates (change / N), gauges
 * ({@link StatusDelta#isGauge}) keep their values (in relative output rebuilt from the first table plus
 * the changes). A single table is not this format: it stays a {@code SHOW GLOBAL STATUS} snapshot.
 * Rates use the nominal N, not each sample's Uptime step, which jitters by a second ({@code Uptime} is
 * whole seconds). Text values (ON, OFF, load status) are no series; {@code mysqladmin -r} prints them as 0,
 * so in relative output they read as constant 0 series.
 */
public final class MysqladminExtImporter implements Importer<SeriesSet> {
    public static final String TOOL = "mysqladmin";
    private static final Pattern HEADER = Pattern.compile("^\\|\\s*Variable_name\\s*\\|\\s*Value\\s*\\|\\s*$");
    private static final Pattern ROW = Pattern.compile("^\\|\\s*([A-Za-z][A-Za-z0-9_]*)\\s*\\|(.*)\\|\\s*$");
    private static final Pattern RULE = Pattern.compile("^\\+-+\\+-+\\+\\s*$");
    private static final Pattern NUMBER = Pattern.compile("^-?\\d+(\\.\\d+)?$");
    private static final Pattern MEXT_ROW = Pattern.compile("^([A-Za-z][A-Za-z0-9_]*+)((?:\\s++-?\\d++(?:\\.\\d++)?+){2,}+)\\s*+$");

    @Override
    public String format() {
        return "mysqladmin-ext";
    }

    @Override
    public String description() {
        return "mysqladmin extended-status -i N (absolute or -r relative) and pt-mext output";
    }

    @Override
    public Dataset<SeriesSet> dataset() {
        return SeriesDatasets.MYSQLADMIN;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        // literal tests first, the expressions decide: table lines start with '|', rules with "+-", pt-mext rows with a
        // letter and end with a digit
        int headers = head.count(l -> l.startsWith("|") && HEADER.matcher(l).matches());
        if (headers >= 2) {
            return Sniff.certain(headers + " mysqladmin extended-status tables (| Variable_name | Value |) in the head");
        }
        if (headers == 1) {
            boolean closed = false;
            boolean rows = false;
            for (String l : head.lines()) {
                if (l.startsWith("|") && ROW.matcher(l).matches() && !HEADER.matcher(l).matches()) {
                    rows = true;
                } else if (rows && l.startsWith("+-") && RULE.matcher(l).matches()) {
                    closed = true;
                }
            }
            if (!closed && head.lines().size() >= Head.MAX_LINES) {
                return Sniff.unsure("one extended-status table cut at the head's end: another table may follow");
            }
            return Sniff.no("a single extended-status table (a SHOW GLOBAL STATUS snapshot)");
        }
        List<String> nonBlank = head.nonBlank();
        int mext = 0;
        boolean statusNames = false;
        int columns = -1;
        boolean same = true;
        for (String l : nonBlank) {
            char last = Head.lastNonSpace(l);
            Matcher m;
            if (Head.startsWithAsciiLetter(l) && last >= '0' && last <= '9' && (m = MEXT_ROW.matcher(l)).matches()
                    && Character.isUpperCase(m.group(1).charAt(0))) {
                mext++;
                int c = m.group(2).strip().split("\\s+").length;
                same &= columns < 0 || columns == c;
                columns = c;
                statusNames |= m.group(1).equals("Uptime") || m.group(1).startsWith("Aborted_") || m.group(1).startsWith("Com_");
            }
        }
        if (mext >= 3 && mext >= nonBlank.size() * 0.9 && same && statusNames) {
            return Sniff.strong("pt-mext rows: status variable names with " + columns + " sample columns");
        }
        return Sniff.no("no extended-status tables or pt-mext rows");
    }

    /** One sample of every variable: value and line. */
    private static final class Table {
        final int line;
        final Map<String, double[]> values = new LinkedHashMap<>();

        Table(int line) {
            this.line = line;
        }

        double get(String name) {
            double[] v = values.get(name);
            return v == null ? Double.NaN : v[0];
        }

        int lineOf(String name) {
            double[] v = values.get(name);
            return v == null ? line : (int) v[1];
        }
    }

    @Override
    public ImportResult<SeriesSet> parse(ImportContext ctx) throws ImportException, IOException {
        List<Table> tables = new ArrayList<>();
        boolean ptMext = false;
        int nonNumeric = 0;
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            Table current = null;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (l.isBlank() || RULE.matcher(l).matches()) {
                    continue;
                }
                if (HEADER.matcher(l).matches()) {
                    current = new Table(n);
                    tables.add(current);
                    continue;
                }
                Matcher m = ROW.matcher(l);
                if (m.matches() && !ptMext) {
                    if (current == null) {
                        current = new Table(n);
                        tables.add(current);
                    }
                    String v = m.group(2).strip();
                    if (NUMBER.matcher(v).matches()) {
                        current.values.put(m.group(1), new double[] {Double.parseDouble(v), n});
                    } else {
                        nonNumeric++;
                    }
                    continue;
                }
                m = MEXT_ROW.matcher(l);
                if (m.matches() && (ptMext || tables.isEmpty())) {
                    ptMext = true;
                    String[] cols = m.group(2).strip().split("\\s+");
                    while (tables.size() < cols.length) {
                        tables.add(new Table(n));
                    }
                    if (cols.length != tables.size()) {
                        ctx.warn(n, ctx.displayName() + ": " + m.group(1) + " has " + cols.length + " samples, the file " + tables.size()
                                + "; the row was skipped");
                        continue;
                    }
                    for (int i = 0; i < cols.length; i++) {
                        tables.get(i).values.put(m.group(1), new double[] {Double.parseDouble(cols[i]), n});
                    }
                    continue;
                }
                ctx.warn(n, ctx.displayName() + ": line " + n + " is not an extended-status row: " + abbreviate(l));
            }
        }
        tables.removeIf(t -> t.values.isEmpty());
        for (int i = 0; i < tables.size(); i++) {
            if (Double.isNaN(tables.get(i).get("Uptime"))) {
                ctx.warn(tables.get(i).line, ctx.displayName() + ": sample " + (i + 1) + " (line " + tables.get(i).line
                        + ") has no Uptime (cut short?): it was left out");
            }
        }
        tables.removeIf(t -> Double.isNaN(t.get("Uptime")));
        if (tables.size() < 2) {
            throw new ImportException(0, ctx.displayName() + ": " + tables.size()
                    + " extended-status sample(s) with Uptime; a series needs at least two (mysqladmin ext -i N -c M)");
        }
        if (nonNumeric > 0) {
            ctx.info(0, ctx.displayName() + ": " + nonNumeric + " rows with text values (ON, OFF, names) are not series");
        }
        double[] uptime = new double[tables.size()];
        for (int i = 0; i < uptime.length; i++) {
            uptime[i] = tables.get(i).get("Uptime");
        }
        boolean relative = true;
        for (int i = 1; i < uptime.length; i++) {
            relative &= uptime[i] < uptime[0] && uptime[i] >= 0;
        }
        double[] steps = new double[uptime.length - 1];
        for (int i = 1; i < uptime.length; i++) {
            steps[i - 1] = relative ? uptime[i] : uptime[i] - uptime[i - 1];
        }
        double[] sorted = steps.clone();
        Arrays.sort(sorted);
        double interval = Math.max(1, sorted[sorted.length / 2]);
        long intervalMs = Math.round(interval * 1000);
        boolean[] restart = new boolean[tables.size()];
        for (int i = 1; i < uptime.length; i++) {
            if (!relative && uptime[i] < uptime[i - 1]) {
                restart[i] = true;
                ctx.warn(tables.get(i).lineOf("Uptime"), ctx.displayName() + ": Uptime fell from " + fmt(uptime[i - 1]) + " to " + fmt(uptime[i])
                        + " at sample " + (i + 1) + ": the server restarted, no rates across it");
            }
        }
        String file = ctx.displayName();
        Table first = tables.get(0);
        List<TimeSeries> series = new ArrayList<>();
        for (String name : first.values.keySet()) {
            boolean gauge = StatusDelta.isGauge(name);
            Unit unit = gauge ? (name.startsWith("Threads_") ? Unit.THREADS : Unit.COUNT) : Unit.PER_SECOND;
            TimeSeries.Builder b = new TimeSeries.Builder(Metric.of(TOOL, name, "", unit), Clock.OFFSET, file);
            double level = first.get(name);
            for (int k = relative ? 1 : 0; k < tables.size(); k++) {
                Table t = tables.get(k);
                double v = t.get(name);
                if (Double.isNaN(v)) {
                    continue;
                }
                long time = k * intervalMs;
                if (gauge) {
                    level = relative ? level + v : v;
                    b.add(time, level, t.lineOf(name));
                } else if (relative) {
                    b.add(time, v / interval, t.lineOf(name));
                } else if (k > 0 && !restart[k]) {
                    double before = tables.get(k - 1).get(name);
                    if (!Double.isNaN(before)) {
                        b.add(time, v >= before ? (v - before) / interval : Double.NaN, t.lineOf(name));
                    }
                }
            }
            if (b.size() > 0) {
                series.add(b.build());
            }
        }
        Map<String, Double> sinceBoot = new LinkedHashMap<>();
        if (relative) {
            for (var e : first.values.entrySet()) {
                sinceBoot.put(TOOL + "/" + e.getKey(), e.getValue()[0]);
            }
        }
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put("layout", ptMext ? "pt-mext" : "mysqladmin");
        meta.put("relative", Boolean.toString(relative));
        meta.put("interval_source", "Uptime");
        return ctx.result(new SeriesSet(TOOL, Clock.OFFSET, tables.size(), series, sinceBoot, relative ? first.line : 0, intervalMs, meta));
    }

    /** The variables {@code inspect --json} shows the last value of (rates for counters). */
    public static final List<String> USUAL_SUSPECTS = io.tunescope.analysis.server.ServerStep.USUAL_SUSPECTS;

    @Override
    public Map<String, Object> summarize(SeriesSet value) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("counters", value.series().size());
        m.put("samples", value.hasSinceBoot() ? value.reports() - 1 : value.reports());
        m.put("interval_s", value.intervalMs() / 1000.0);
        m.put("relative", Boolean.parseBoolean(value.meta().getOrDefault("relative", "false")));
        m.put("layout", value.meta().getOrDefault("layout", ""));
        Map<String, Object> last = new LinkedHashMap<>();
        for (String name : USUAL_SUSPECTS) {
            TimeSeries s = value.byKey(TOOL + "/" + name);
            if (s != null && !s.isEmpty()) {
                double v = s.value(s.size() - 1);
                last.put(name, Double.isNaN(v) ? null : Math.round(v * 100) / 100.0);
            }
        }
        m.put("values_last", last);
        return m;
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }
}
