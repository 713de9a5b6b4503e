package io.tunescope.importers.stats;

import io.tunescope.importers.ImportContext;
import io.tunescope.model.series.Clock;
import io.tunescope.model.series.Metric;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.model.series.Unit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the values of a report-structured statistics file (one report per interval, many metrics per
 * report) and builds a {@link SeriesSet} on one clock once the whole file is read: wall clock when every
 * report has a timestamp, else report number x interval. The first report can be set aside as the
 * since-boot average.
 */
public final class SeriesCollector {
    /** The interval assumed when a file gives neither timestamps nor its interval. */
    public static final long DEFAULT_INTERVAL_MS = 1000;

    private final String tool;
    private final String file;
    private final List<Stamp> stamps = new ArrayList<>();
    private final List<Integer> reportLines = new ArrayList<>();
    private final Map<String, Col> cols = new LinkedHashMap<>();
    private final Map<String, Map<String, Col>> byName = new java.util.HashMap<>();
    private final Map<String, String> meta = new LinkedHashMap<>();
    private Stamp bannerDate;
    private int current = -1;
    private int lastDeviceReport = -1;
    private final Map<Integer, Long> offsets = new java.util.HashMap<>();
    /** The rows of each entity (see {@link Track}). */
    private final Map<String, Track> tracks = new java.util.HashMap<>();

    public SeriesCollector(String tool, String file) {
        this.tool = tool;
        this.file = file;
    }

    /** Starts a new report (stamp may be null when the file has no timestamps). Returns its index. */
    public int beginReport(int line, Stamp stamp) {
        stamps.add(stamp);
        reportLines.add(line);
        current = stamps.size() - 1;
        return current;
    }

    /**
     * Makes an earlier report current again: for files that list every report once per activity
     * ({@code sadf -d -A}), values go to the report of their timestamp.
     */
    public void selectReport(int report) {
        if (report >= 0 && report < stamps.size()) {
            current = report;
        }
    }

    /** Starts a new report at a known offset (ms) from the file's start. */
    public int beginReportAt(int line, long offsetMillis) {
        offsets.put(stamps.size(), offsetMillis);
        return beginReport(line, null);
    }

    /** Starts a new report at an epoch time (ms). */
    public int beginReportEpoch(int line, long epochMillis) {
        java.time.LocalDateTime t = java.time.LocalDateTime.ofEpochSecond(Math.floorDiv(epochMillis, 1000L), 0,
                java.time.ZoneOffset.UTC);
        Stamp s = new Stamp(t.getYear(), t.getMonthValue(), t.getDayOfMonth(), '-', t.toLocalTime().toSecondOfDay(),
                (int) Math.floorMod(epochMillis, 1000L));
        return beginReport(line, s);
    }

    /** Sets the current report's timestamp (when it is printed after the report started). */
    public void stampCurrent(Stamp stamp) {
        if (!stamps.isEmpty()) {
            stamps.set(stamps.size() - 1, stamp);
        }
    }

    public int reports() {
        return stamps.size();
    }

    public boolean currentHasValues() {
        int r = stamps.size() - 1;
        for (Col c : cols.values()) {
            if (c.n > 0 && c.reports()[c.n - 1] == r) {
                return true;
            }
        }
        return false;
    }

    public void bannerDate(Stamp date) {
        this.bannerDate = date;
    }

    /**
     * A scalar field of the {@code "hosts"} object of sysstat's JSON output ({@code iostat -o JSON},
     * {@code mpstat -o JSON}): host, kernel, CPU count and the report date.
     */
    public void sysstatHostField(String field, String value) {
        switch (field) {
            case "nodename" -> meta("host", value);
            case "release" -> meta("kernel", value);
            case "number-of-cpus" -> meta("cpus", value);
            case "date" -> {
                meta("date", value);
                bannerDate(Stamp.date(value));
            }
            default -> { }
        }
    }

    /** One way of reading a whole file into a series set. */
    @FunctionalInterface
    public interface Reader {
        SeriesSet read(ImportContext ctx) throws java.io.IOException;
    }

    /**
     * Reads a sysstat file that is JSON ({@code -o JSON}, {@code sadf -j}) when its first non-blank character
     * is <code>{</code> and text otherwise; a file without a single report is an error naming the file.
     */
    public static SeriesSet jsonOrText(ImportContext ctx, String what, Reader json, Reader text)
            throws io.tunescope.importers.ImportException, java.io.IOException {
        io.tunescope.importers.Head head = io.tunescope.importers.Head.read(ctx.path(), 4096);
        SeriesSet set = head.firstNonBlank().startsWith("{") ? json.read(ctx) : text.read(ctx);
        if (set.reports() == 0) {
            throw new io.tunescope.importers.ImportException(0, ctx.displayName() + ": no " + what + " found");
        }
        return set;
    }

    /** One entry of a sysstat JSON {@code statistics} array, with the line it starts on. */
    @FunctionalInterface
    public interface Statistic {
        void accept(com.fasterxml.jackson.databind.JsonNode statistic, int line);
    }

    /**
     * Streams a sysstat JSON document ({@code mpstat}/{@code iostat -o JSON}, {@code sadf -j}) without
     * holding it whole: each entry of a {@code statistics} array goes to {@code onStatistic}, every other
     * scalar field (the host header) to {@code onField}. A document that breaks off is reported with its
     * line ({@link #jsonBroken}); the {@code kept} entries before it stay.
     */
    public static void readSysstatJson(ImportContext ctx, String kept, Statistic onStatistic,
                                       java.util.function.BiConsumer<String, String> onField) throws java.io.IOException {
        // the decoded bytes, not lines: a minified document is one line, longer than the longest line kept
        // (ImportContext.maxLineChars); Jackson counts lines as the line reader does (LF, CRLF, a lone CR)
        java.io.Reader text = new java.io.InputStreamReader(ctx.bytes(), ctx.decoding().charset().newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPLACE)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPLACE));
        try (com.fasterxml.jackson.core.JsonParser p = io.tunescope.importers.JsonTree.factory().createParser(text)) {
            com.fasterxml.jackson.core.JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t != com.fasterxml.jackson.core.JsonToken.FIELD_NAME) {
                    continue;
                }
                String f = p.currentName();
                if ("statistics".equals(f)) {
                    if (p.nextToken() != com.fasterxml.jackson.core.JsonToken.START_ARRAY) {
                        continue;
                    }
                    while (p.nextToken() == com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
                        int line = p.currentTokenLocation().getLineNr();
                        onStatistic.accept(io.tunescope.importers.JsonTree.read(p), line);
                    }
                } else if (p.nextToken().isScalarValue()) {
                    onField.accept(f, p.getValueAsString());
                }
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            jsonBroken(ctx, e, kept);
        }
    }

    /** Reports where a sysstat JSON file breaks off; what was read before it is kept. */
    public static void jsonBroken(io.tunescope.importers.ImportContext ctx, com.fasterxml.jackson.core.JsonProcessingException e,
                                  String kept) {
        int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
        ctx.error(line, ctx.displayName() + ": JSON ends or breaks here (" + e.getOriginalMessage() + "); " + kept + " before it are kept");
    }

    public void meta(String key, String value) {
        if (value != null && !value.isBlank()) {
            meta.put(key, value);
        }
    }

    /** Adds a per-device value to the current report. */
    public void addDevice(String name, String device, Unit unit, double value, int line) {
        add(name, device, unit, value, line);
        lastDeviceReport = current;
    }

    /** True when the current report already has device rows. */
    public boolean currentHasDevices() {
        return !stamps.isEmpty() && lastDeviceReport == stamps.size() - 1;
    }

    /** The lines whose values were not finite (1e309, Infinity, NaN): left out of the series, said in {@link #build}. */
    private final java.util.TreeMap<Integer, String> nonFinite = new java.util.TreeMap<>();
    /** The longest sampling interval taken as one: a day (sysstat's own intervals are seconds to minutes). */
    static final long MAX_INTERVAL_MS = 86_400_000L;

    /** Adds a value to the current report; a value that is not a finite number is left out (and said per line). */
    public void add(String name, String entity, Unit unit, double value, int line) {
        if (!Double.isFinite(value)) {
            nonFinite.putIfAbsent(line, name + (entity == null || entity.isEmpty() ? "" : " of " + entity) + " = " + value);
            return;
        }
        if (stamps.isEmpty()) {
            beginReport(line, null);
        }
        col(name, entity == null ? "" : entity, unit).add(current, value, line);
    }

    /**
     * The column of (name, entity, unit), looked up once: an importer resolves its columns per header (and device)
     * and then adds values through {@link #add(Column, double, int)} without a lookup per value.
     */
    public Column column(String name, String entity, Unit unit) {
        return new Column(col(name, entity == null ? "" : entity, unit), name, entity);
    }

    /** A column resolved by {@link #column}. */
    public static final class Column {
        private final Col col;
        private final String name;
        private final String entity;

        private Column(Col col, String name, String entity) {
            this.col = col;
            this.name = name;
            this.entity = entity;
        }
    }

    /** {@link #add(String, String, Unit, double, int)} to a resolved column. */
    public void add(Column c, double value, int line) {
        if (!Double.isFinite(value)) {
            nonFinite.putIfAbsent(line, c.name + (c.entity == null || c.entity.isEmpty() ? "" : " of " + c.entity) + " = " + value);
            return;
        }
        if (stamps.isEmpty()) {
            beginReport(line, null);
        }
        c.col.add(current, value, line);
    }

    /** {@link #addDevice(String, String, Unit, double, int)} to a resolved column. */
    public void addDevice(Column c, double value, int line) {
        add(c, value, line);
        lastDeviceReport = current;
    }

    /**
     * The column of (name, entity, unit): found through a map by name and entity (the name strings are the
     * importer's own per header, their hashes cached), so a value costs no key string and no metric object.
     */
    private Col col(String name, String entity, Unit unit) {
        Map<String, Col> byEntity = byName.get(name);
        if (byEntity == null) {
            byEntity = new java.util.HashMap<>();
            byName.put(name, byEntity);
        }
        Col c = byEntity.get(entity);
        if (c != null && c.metric.unit() == unit) {
            return c;
        }
        Metric m = Metric.of(tool, name, entity, unit);
        c = cols.computeIfAbsent(m.key(), k -> new Col(m, tracks.computeIfAbsent(entity, e -> new Track())));
        if (c.metric.unit() == unit) {
            byEntity.put(entity, c);
        }
        return c;
    }

    /**
     * Builds the set, once: the collected values go to the series without copies (the collector is empty afterwards).
     *
     * @param firstIsSinceBoot   the first report is the average since boot: kept apart, not plotted
     * @param intervalMs         the interval when the file states it (0 = unknown)
     */
    public SeriesSet build(ImportContext ctx, boolean firstIsSinceBoot, long intervalMs) {
        for (var e : nonFinite.entrySet()) {
            ctx.warn(e.getKey(), ctx.displayName() + ": " + e.getValue() + " is not a finite number; left out");
        }
        if (intervalMs < 0 || intervalMs > MAX_INTERVAL_MS) {
            ctx.warn(0, ctx.displayName() + ": a sampling interval of " + intervalMs / 1000 + " s is not one a collector writes "
                    + "(at most a day); the interval was ignored");
            intervalMs = 0;
        }
        int n = stamps.size();
        boolean allStamped = n > 0 && stamps.stream().allMatch(s -> s != null && s.hasTime());
        long[] times = allStamped ? StampResolver.resolve(stamps, bannerDate) : null;
        Clock clock;
        long interval = intervalMs;
        if (times != null) {
            clock = Clock.WALL;
        } else if (n > 0 && offsets.size() == n) {
            clock = Clock.OFFSET;
            times = new long[n];
            for (int i = 0; i < n; i++) {
                times[i] = offsets.get(i);
            }
        } else if (allStamped) {
            // times of day without any date: offsets from the first report
            clock = Clock.OFFSET;
            times = new long[n];
            long day = 0;
            for (int i = 0; i < n; i++) {
                Stamp s = stamps.get(i);
                if (i > 0 && s.seconds() < stamps.get(i - 1).seconds() - 60) {
                    day += 86_400_000L;
                }
                times[i] = day + s.seconds() * 1000L + s.millis();
            }
            long t0 = times[firstIsSinceBoot && n > 1 ? 1 : 0];
            for (int i = 0; i < n; i++) {
                times[i] -= t0;
            }
            ctx.info(0, ctx.displayName() + ": timestamps have no date; times are offsets from the first report");
        } else {
            clock = intervalMs > 0 ? Clock.OFFSET : Clock.ASSUMED_INTERVAL;
            interval = intervalMs > 0 ? intervalMs : DEFAULT_INTERVAL_MS;
            times = new long[n];
            int first = firstIsSinceBoot ? 1 : 0;
            for (int i = 0; i < n; i++) {
                times[i] = (long) (i - first) * interval;
            }
            if (n > 1 && intervalMs <= 0) {
                ctx.info(0, ctx.displayName() + ": no timestamps; reports are placed " + interval / 1000.0
                        + " s apart (assumed interval), aligned by the file's start");
            }
        }
        if (clock == Clock.WALL && n > 2 && interval <= 0) {
            int a = firstIsSinceBoot ? 1 : 0;
            interval = Math.max(0, (times[n - 1] - times[a]) / Math.max(1, n - 1 - a));
        }
        Map<String, Double> sinceBoot = new LinkedHashMap<>();
        int sinceBootLine = 0;
        boolean skipFirst = firstIsSinceBoot && n > 0;
        if (skipFirst) {
            sinceBootLine = reportLines.get(0);
        }
        List<TimeSeries> series = new ArrayList<>();
        // the columns' arrays go to the series as they are (trimmed), and columns at the same reports (every column
        // of a report) share one times array, those of the same rows (one device's columns) one lines array
        int[] lastReports = null;
        int lastReportsN = -1;
        long[] lastTimes = null;
        int[] lastLinesSource = null;
        int[] lastLines = null;
        // the since-boot report left out of a track's reports and lines once, for all its columns
        int[] cutSource = null;
        int cutSourceN = -1;
        int[] cutReports = null;
        int[] cutLines = null;
        for (Col c : cols.values()) {
            int[] report = c.reports();
            int[] lines = c.lines();
            double[] values = c.values;
            int m = c.n;
            if (skipFirst) {
                int kept = m;
                for (int i = 0; i < m; i++) {
                    if (report[i] == 0) {
                        sinceBoot.put(c.metric.key(), values[i]);
                        kept--;
                    }
                }
                if (kept < m) {
                    // the since-boot report's values are left out (and kept apart): the rest copied without them
                    double[] v2 = new double[kept];
                    for (int i = 0, j = 0; i < m; i++) {
                        if (report[i] != 0) {
                            v2[j++] = values[i];
                        }
                    }
                    if (report != cutSource || m != cutSourceN) {
                        cutReports = new int[kept];
                        cutLines = new int[kept];
                        for (int i = 0, j = 0; i < m; i++) {
                            if (report[i] != 0) {
                                cutReports[j] = report[i];
                                cutLines[j] = lines[i];
                                j++;
                            }
                        }
                        cutSource = report;
                        cutSourceN = m;
                    }
                    report = cutReports;
                    lines = cutLines;
                    values = v2;
                    m = kept;
                }
            }
            if (m == 0) {
                continue;
            }
            long[] t;
            if (lastReports != null && lastReportsN == m
                    && (lastReports == report || Arrays.equals(lastReports, 0, m, report, 0, m))) {
                t = lastTimes;
            } else {
                t = new long[m];
                for (int i = 0; i < m; i++) {
                    t[i] = times[report[i]];
                }
                lastReports = report;
                lastReportsN = m;
                lastTimes = t;
            }
            int[] l;
            if (lastLines != null && lastLines.length == m
                    && (lastLinesSource == lines || Arrays.equals(lastLines, 0, m, lines, 0, m))) {
                l = lastLines;
            } else {
                l = lines.length == m ? lines : Arrays.copyOf(lines, m);
                lastLines = l;
            }
            lastLinesSource = lines;
            double[] v = values.length == m ? values : Arrays.copyOf(values, m);
            series.add(TimeSeries.adopt(c.metric, clock, file, t, v, l));
        }
        cols.clear();
        byName.clear();
        if (skipFirst) {
            ctx.info(sinceBootLine, ctx.displayName() + ": the first report (line " + sinceBootLine
                    + ") is the average since boot; it is kept apart and not plotted");
        }
        return new SeriesSet(tool, clock, n, series, sinceBoot, sinceBootLine, interval, meta);
    }

    /**
     * The rows (report and line) at which the columns of one entity got values: the columns of a row share them (a
     * value costs one double, not a report and a line as well). Appended by the first column of each row.
     */
    private static final class Track {
        int[] report = new int[16];
        int[] lines = new int[16];
        int n;

        void add(int r, int line) {
            if (n == report.length) {
                report = Arrays.copyOf(report, n * 2);
                lines = Arrays.copyOf(lines, n * 2);
            }
            report[n] = r;
            lines[n] = line;
            n++;
        }
    }

    /**
     * One series' values. While it has a value at every row of its entity's {@link Track} (its i-th value at the
     * track's i-th row) only the values are stored; a column that misses a row, gets a value at a row its entity's
     * other columns do not have, or two in one row, goes on with a report and line array of its own, copied from the
     * track so far.
     */
    private static final class Col {
        final Metric metric;
        Track track;
        double[] values = new double[16];
        /** Own reports and lines once off the track, else null. */
        int[] report;
        int[] lines;
        int n;

        Col(Metric metric, Track track) {
            this.metric = metric;
            this.track = track;
        }

        int[] reports() {
            return track != null ? track.report : report;
        }

        int[] lines() {
            return track != null ? track.lines : lines;
        }

        void add(int r, double v, int line) {
            Track t = track;
            if (n == values.length) {
                values = Arrays.copyOf(values, n * 2);
            }
            if (t != null) {
                int tn = t.n;
                if (n == tn) {
                    if (n == 0 || t.report[n - 1] != r || t.lines[n - 1] != line) {
                        t.add(r, line);
                        values[n++] = v;
                        return;
                    }
                } else if (n == tn - 1 && t.report[n] == r && t.lines[n] == line) {
                    values[n++] = v;
                    return;
                }
                report = Arrays.copyOf(t.report, values.length);
                lines = Arrays.copyOf(t.lines, values.length);
                track = null;
            }
            if (n == report.length) {
                report = Arrays.copyOf(report, n * 2);
                lines = Arrays.copyOf(lines, n * 2);
            }
            report[n] = r;
            values[n] = v;
            lines[n] = line;
            n++;
        }
    }
}
