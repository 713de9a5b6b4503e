package io.tunescope.importers.sysbench;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.bench.BenchInterval;
import io.tunescope.model.bench.BenchLog;
import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.bench.BenchSummary;
import io.tunescope.model.bench.HistogramBucket;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.series.SeriesDatasets;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * sysbench run logs: 1.0 / 1.1 ({@code [ 10s ] thds: 64 tps: ...}, SQL/General statistics, Latency,
 * {@code --histogram}) and legacy 0.5 ({@code [  2s] threads: 16, tps: ..., response time: 4.00ms (95%)},
 * OLTP test statistics). Several runs in one file are split at each version banner; {@code prepare}
 * and {@code cleanup} output is recognised and skipped with a note.
 */
public final class SysbenchImporter implements Importer<BenchLog> {
    static final Pattern VERSION = Pattern.compile("^sysbench (\\d+\\.\\d+(?:\\.\\d+)?(?:-[0-9A-Za-z.]+)?)[: ].*");
    static final Pattern INTERIM = Pattern.compile("^\\[\\s*(\\d+(?:\\.\\d+)?)s\\s*]\\s*(.*)$");
    private static final Pattern THREADS_HDR = Pattern.compile("^Number of threads:\\s*(\\d+)");
    /** sysbench --rate prints, after each interim report, {@code [ 1s ] queue length: 5, concurrency: 1}. */
    private static final Pattern QUEUE = Pattern.compile("^queue length:\\s*(\\d+),\\s*concurrency:\\s*(\\d+)\\s*$");
    private static final Pattern RATE_HDR = Pattern.compile("^Target transaction rate:\\s*(\\d+(?:\\.\\d+)?)/sec");
    private static final Pattern REPORT_HDR = Pattern.compile("^Report intermediate results every (\\d+(?:\\.\\d+)?) second");
    private static final Pattern KV = Pattern.compile("^\\s+([A-Za-z0-9][A-Za-z0-9 ./,()]*?):\\s+(.*)$");
    private static final Pattern COUNT_RATE = Pattern.compile("^(\\d+)\\s*\\(([\\d.]+) per sec");
    private static final Pattern PERCENTILE_KEY = Pattern.compile("^(?:approx\\.\\s+)?(\\d+(?:\\.\\d+)?)(?:th)? percentile$");
    private static final Pattern HIST_ROW = Pattern.compile("^\\s*([\\d.]+)\\s+\\|\\**\\s+(\\d+)\\s*$");
    private static final Pattern TOTAL_OPS = Pattern.compile("^Total operations:\\s*(\\d+)\\s*\\(([\\d.]+) per second\\)");
    private static final Pattern NUMBER_MS = Pattern.compile("^([\\d.]+)\\s*(ms|s)?$");

    @Override
    public String format() {
        return "sysbench";
    }

    @Override
    public String description() {
        return "sysbench run log (1.0/1.1 and legacy 0.5)";
    }

    @Override
    public Dataset<BenchLog> dataset() {
        return SeriesDatasets.SYSBENCH;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        boolean banner = false;
        int interim = 0;
        int stats = 0;
        boolean options = false;
        for (String l : head.lines()) {
            if (l.startsWith("sysbench ") && VERSION.matcher(l).matches()) {
                banner = true;
            } else if (l.startsWith("Running the test with following options:")) {
                options = true;
            } else if (l.startsWith("[")) {
                Matcher m = INTERIM.matcher(l);
                if (m.matches() && Interim.looksLikeReport(m.group(2))) {
                    interim++;
                }
            } else if (l.startsWith("SQL statistics:") || l.startsWith("OLTP test statistics:")
                    || l.startsWith("General statistics:") || l.strip().startsWith("total number of events:")) {
                stats++;
            }
        }
        if (banner && (options || interim > 0 || stats > 0)) {
            return Sniff.certain("sysbench version banner with run output");
        }
        if (interim >= 2 || (interim >= 1 && stats >= 1)) {
            return Sniff.strong(interim + " sysbench interim report lines");
        }
        if (stats >= 2) {
            return Sniff.strong("sysbench final statistics");
        }
        if (banner) {
            return Sniff.strong("sysbench version banner");
        }
        return Sniff.no("no sysbench banner, interim reports or statistics");
    }

    @Override
    public ImportResult<BenchLog> parse(ImportContext ctx) throws ImportException, IOException {
        Parser p = new Parser(ctx);
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                try {
                    p.line(l, (int) lines.number());
                } catch (NumberFormatException | ArithmeticException e) {
                    ctx.skipLine(lines.number(), e);
                }
            }
            p.finish((int) lines.number());
        }
        if (p.runs.isEmpty() && p.skipped.isEmpty()) {
            throw new ImportException(0, ctx.displayName() + ": no sysbench run found");
        }
        return ctx.result(new BenchLog(ctx.displayName(), p.runs, p.skipped));
    }

    /** The streaming state machine; one per file. */
    private static final class Parser {
        private final ImportContext ctx;
        final List<BenchRun> runs = new ArrayList<>();
        final List<String> skipped = new ArrayList<>();
        private RunBuilder cur;

        Parser(ImportContext ctx) {
            this.ctx = ctx;
        }

        void line(String raw, int n) {
            String l = raw.stripTrailing();
            Matcher m = l.startsWith("sysbench ") ? VERSION.matcher(l) : null;
            if (m != null && m.matches()) {
                close(n - 1);
                cur = new RunBuilder(m.group(1), n);
                return;
            }
            if (l.startsWith("[")) {
                Matcher im = INTERIM.matcher(l);
                if (im.matches()) {
                    ensureRun(n);
                    interim(im, n);
                    return;
                }
            }
            if (l.startsWith("Running the test with following options:")) {
                if (cur != null && (!cur.intervals.isEmpty() || cur.summaryStarted)) {
                    String version = cur.version;
                    close(n - 1);
                    cur = new RunBuilder(version, n);
                } else {
                    ensureRun(n);
                }
                cur.isRun = true;
                return;
            }
            if (cur == null) {
                if (startsSummary(l)) {
                    ensureRun(n);
                } else {
                    return;
                }
            }
            cur.endLine = n;
            if (l.isBlank()) {
                if (cur.section == Section.HISTOGRAM && !cur.histogram.isEmpty()) {
                    cur.section = Section.NONE;
                }
                return;
            }
            Matcher t = THREADS_HDR.matcher(l);
            if (t.find()) {
                cur.threads = Integer.parseInt(t.group(1));
                cur.isRun = true;
                return;
            }
            Matcher rate = RATE_HDR.matcher(l);
            if (rate.find()) {
                cur.targetRate = Double.parseDouble(rate.group(1));
                return;
            }
            Matcher r = REPORT_HDR.matcher(l);
            if (r.find()) {
                cur.reportInterval = Double.parseDouble(r.group(1));
                return;
            }
            if (l.startsWith("Threads started!")) {
                cur.isRun = true;
                return;
            }
            if (l.startsWith("Creating table") || l.startsWith("Inserting ") || l.startsWith("Creating a secondary index")
                    || l.startsWith("Creating files for the test") || l.startsWith("Creating file ")
                    || l.contains("bytes written in")) {
                cur.prepare = true;
                return;
            }
            if (l.startsWith("Dropping table") || l.startsWith("Removing test files")) {
                cur.cleanup = true;
                return;
            }
            if (l.startsWith("FATAL:") || l.startsWith("ALERT:") || l.startsWith("Error")) {
                cur.fatal++;
                if (cur.fatal <= 3) {
                    cur.notes.add("line " + n + ": " + l);
                    ctx.warn(n, ctx.displayName() + ": " + l);
                }
                return;
            }
            if (l.startsWith("Running ") && l.contains(" test")) {
                String[] w = l.split("\\s+");
                if (w.length > 1 && cur.test.isEmpty()) {
                    cur.test = w[1];
                }
                return;
            }
            if (l.startsWith("Prime numbers limit:")) {
                cur.test = "cpu";
                return;
            }
            if (l.startsWith("Extra file open flags:")) {
                cur.test = "fileio";
                return;
            }
            summaryLine(l, n);
        }

        private boolean startsSummary(String l) {
            return l.startsWith("SQL statistics:") || l.startsWith("OLTP test statistics:") || l.startsWith("General statistics:");
        }

        private void ensureRun(int n) {
            if (cur == null) {
                cur = new RunBuilder("", n);
                cur.isRun = true;
            }
        }

        private void interim(Matcher im, int n) {
            double sec = Double.parseDouble(im.group(1));
            String rest = im.group(2);
            cur.endLine = n;
            cur.isRun = true;
            Matcher q = QUEUE.matcher(rest);
            if (q.matches()) {
                // --rate: the client's event queue each interval (arrivals not yet served), beside the usual report
                cur.queueReports++;
                cur.maxQueue = Math.max(cur.maxQueue, Integer.parseInt(q.group(1)));
                return;
            }
            Interim v = Interim.parse(rest);
            if (v == null) {
                ctx.warn(n, ctx.displayName() + ": unreadable number in interim report: " + rest);
                return;
            }
            if (v.extra.containsKey("reads_mib_s") && cur.test.isEmpty()) {
                cur.test = "fileio";
            }
            if (v.extra.containsKey("mib_s") && cur.test.isEmpty()) {
                cur.test = "memory";
            }
            if (Double.isNaN(v.tps) && v.extra.isEmpty() && Double.isNaN(v.lat)) {
                ctx.warn(n, ctx.displayName() + ": interim report without tps, eps, throughput or latency: " + rest);
                return;
            }
            int threads = v.threads > 0 ? v.threads : cur.threads;
            if (threads > 0 && cur.threads <= 0) {
                cur.threads = threads;
            }
            cur.intervals.add(new BenchInterval(sec, threads, v.tps, v.qps, v.reads, v.writes, v.other, v.lat, v.pct,
                    v.err, v.reconn, v.extra, n));
        }

        private void summaryLine(String l, int n) {
            if (l.startsWith("SQL statistics:") || l.startsWith("OLTP test statistics:")) {
                cur.startSummary(n);
                cur.section = Section.SQL;
                return;
            }
            if (l.startsWith("General statistics:")) {
                cur.startSummary(n);
                cur.section = Section.GENERAL;
                return;
            }
            if (l.startsWith("CPU speed:") || l.startsWith("File operations:") || l.startsWith("Throughput:")) {
                cur.startSummary(n);
                cur.section = Section.OTHER;
                return;
            }
            if (l.startsWith("Latency (ms):")) {
                cur.startSummary(n);
                cur.section = Section.LATENCY;
                return;
            }
            if (l.startsWith("Threads fairness:")) {
                cur.section = Section.FAIRNESS;
                return;
            }
            if (l.startsWith("Latency histogram")) {
                cur.startSummary(n);
                cur.section = Section.HISTOGRAM;
                return;
            }
            Matcher to = TOTAL_OPS.matcher(l);
            if (to.find()) {
                cur.startSummary(n);
                cur.summary.transactions = Long.parseLong(to.group(1));
                cur.summary.tps = num(to.group(2));
                return;
            }
            if (cur.section == Section.HISTOGRAM) {
                Matcher h = HIST_ROW.matcher(l);
                if (h.matches()) {
                    cur.histogram.add(new HistogramBucket(num(h.group(1)), Long.parseLong(h.group(2)), n));
                }
                return;
            }
            Matcher kv = KV.matcher(l);
            if (!kv.matches() || cur.section == Section.NONE || cur.section == Section.FAIRNESS) {
                return;
            }
            String key = kv.group(1).strip().toLowerCase(Locale.ROOT);
            String val = kv.group(2).strip();
            Sum s = cur.summary;
            try {
                switch (key) {
                    case "read" -> s.reads = Long.parseLong(val);
                    case "write" -> s.writes = Long.parseLong(val);
                    case "other" -> s.other = Long.parseLong(val);
                    case "total" -> s.total = Long.parseLong(val);
                    case "transactions" -> {
                        Matcher c = COUNT_RATE.matcher(val);
                        if (c.find()) {
                            s.transactions = Long.parseLong(c.group(1));
                            s.tps = num(c.group(2));
                        }
                    }
                    case "queries" -> {
                        Matcher c = COUNT_RATE.matcher(val);
                        if (c.find()) {
                            s.queries = Long.parseLong(c.group(1));
                            s.qps = num(c.group(2));
                        }
                    }
                    case "ignored errors" -> s.errors = leadingLong(val);
                    case "reconnects" -> s.reconnects = leadingLong(val);
                    case "total time", "time elapsed" -> s.totalTime = seconds(val);
                    case "events/s (eps)" -> {
                        if (Double.isNaN(s.tps)) {
                            s.tps = num(val);
                        }
                    }
                    case "total number of events" -> s.events = Long.parseLong(val);
                    case "events per second" -> s.tps = num(val);
                    case "min" -> s.min = ms(val);
                    case "avg" -> s.avg = ms(val);
                    case "max" -> s.max = ms(val);
                    case "sum" -> s.sum = ms(val);
                    default -> {
                        Matcher pk = PERCENTILE_KEY.matcher(key);
                        if (pk.matches()) {
                            s.pct = num(pk.group(1));
                            s.pctMs = ms(val);
                        }
                    }
                }
            } catch (NumberFormatException e) {
                ctx.warn(n, ctx.displayName() + ": unreadable number in '" + l.strip() + "'");
            }
        }

        void finish(int lastLine) {
            close(lastLine);
        }

        private void close(int endLine) {
            if (cur == null) {
                return;
            }
            RunBuilder b = cur;
            cur = null;
            boolean hasData = !b.intervals.isEmpty() || b.summaryStarted;
            if (!hasData && (b.prepare || b.cleanup)) {
                String what = b.prepare ? "prepare" : "cleanup";
                String msg = "sysbench " + what + " output at line " + b.startLine + " recognised and skipped (no benchmark run)";
                skipped.add(msg);
                ctx.info(b.startLine, ctx.displayName() + ": " + msg);
                return;
            }
            if (!hasData) {
                if (b.fatal > 0) {
                    b.notes.add("run failed before any report");
                    runs.add(b.build(runs.size(), ctx.displayName(), null, Math.max(b.endLine, b.startLine)));
                    ctx.warn(b.startLine, ctx.displayName() + ": sysbench run at line " + b.startLine + " failed before any report");
                } else {
                    ctx.info(b.startLine, ctx.displayName() + ": sysbench banner at line " + b.startLine + " without a run");
                }
                return;
            }
            BenchSummary summary = null;
            if (b.summaryStarted) {
                summary = b.summary.build(b.histogram);
            }
            boolean complete = summary != null && !Double.isNaN(summary.totalTimeS());
            if (!complete) {
                double last = b.intervals.isEmpty() ? 0 : b.intervals.get(b.intervals.size() - 1).seconds();
                String msg = "run stopped before its final statistics (last report at " + fmt(last) + " s)";
                b.notes.add(msg);
                ctx.warn(b.endLine, ctx.displayName() + ": " + msg);
            }
            if (b.fatal > 3) {
                b.notes.add(b.fatal + " error lines in all");
            }
            if (summary != null && summary.errors() > 0) {
                b.notes.add(summary.errors() + " ignored errors");
            }
            runs.add(b.build(runs.size(), ctx.displayName(), summary, Math.max(b.endLine, b.startLine)));
        }

    }

    private enum Section { NONE, SQL, GENERAL, OTHER, LATENCY, FAIRNESS, HISTOGRAM }

    private static final class RunBuilder {
        final String version;
        final int startLine;
        int endLine;
        int threads;
        double reportInterval;
        double targetRate;
        int queueReports;
        int maxQueue;
        String test = "";
        boolean isRun;
        boolean prepare;
        boolean cleanup;
        boolean summaryStarted;
        int fatal;
        Section section = Section.NONE;
        final List<BenchInterval> intervals = new ArrayList<>();
        final List<HistogramBucket> histogram = new ArrayList<>();
        final List<String> notes = new ArrayList<>();
        final Sum summary = new Sum();

        RunBuilder(String version, int startLine) {
            this.version = version;
            this.startLine = startLine;
            this.endLine = startLine;
        }

        void startSummary(int n) {
            if (!summaryStarted) {
                summaryStarted = true;
                summary.line = n;
            }
        }

        BenchRun build(int index, String file, BenchSummary s, int end) {
            if (queueReports > 0) {
                notes.add("rate-limited to " + (targetRate == Math.rint(targetRate) ? Long.toString((long) targetRate) : Double.toString(targetRate)) + " transactions/s: " + queueReports + " queue reports, the longest queue "
                        + maxQueue + " transactions waiting");
            }
            return new BenchRun(index, file, "sysbench", version, test, threads, reportInterval, intervals, s,
                    s != null && !Double.isNaN(s.totalTimeS()), notes, startLine, end, targetRate);
        }
    }

    private static final class Sum {
        long transactions = -1;
        double tps = Double.NaN;
        long queries = -1;
        double qps = Double.NaN;
        long reads = -1;
        long writes = -1;
        long other = -1;
        long total = -1;
        long errors = -1;
        long reconnects = -1;
        double totalTime = Double.NaN;
        long events = -1;
        double min = Double.NaN;
        double avg = Double.NaN;
        double max = Double.NaN;
        double pctMs = Double.NaN;
        double pct;
        double sum = Double.NaN;
        int line;

        BenchSummary build(List<HistogramBucket> histogram) {
            long tx = transactions;
            double t = tps;
            if (tx < 0 && events >= 0) {
                tx = events;
            }
            if (Double.isNaN(t) && tx >= 0 && totalTime > 0) {
                t = tx / totalTime;
            }
            long q = queries;
            double qr = qps;
            if (q < 0 && total >= 0) {
                q = total;
            }
            if (Double.isNaN(qr) && q >= 0 && totalTime > 0) {
                qr = q / totalTime;
            }
            return new BenchSummary(tx, t, q, qr, reads, writes, other, errors, reconnects, totalTime, events,
                    min, avg, max, pctMs, pct, sum, histogram, line);
        }
    }

    /** A number of the log; one too large to be finite is refused (the line is then skipped and said). */
    static double num(String s) {
        double v = Double.parseDouble(s);
        if (!Double.isFinite(v)) {
            throw new NumberFormatException("not a finite number: " + (s.length() > 40 ? s.substring(0, 37) + "..." : s));
        }
        return v;
    }

    private static long leadingLong(String s) {
        int i = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
            i++;
        }
        return Long.parseLong(s.substring(0, i));
    }

    private static double seconds(String s) {
        String v = s.endsWith("s") ? s.substring(0, s.length() - 1) : s;
        return num(v.strip());
    }

    private static double ms(String s) {
        Matcher m = NUMBER_MS.matcher(s.strip());
        if (!m.matches()) {
            throw new NumberFormatException(s);
        }
        double v = Double.parseDouble(m.group(1));
        return "s".equals(m.group(2)) ? v * 1000 : v;
    }

    static String fmt(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    private static void putNum(Map<String, Object> m, String key, double v) {
        if (!Double.isNaN(v)) {
            m.put(key, v);
        }
    }

    @Override
    public Map<String, Object> summarize(BenchLog value) {
        List<Map<String, Object>> runs = new ArrayList<>();
        for (BenchRun r : value.runs()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("threads", r.threads());
            BenchSummary s = r.summary();
            if (s != null) {
                m.put("transactions", s.transactions());
                putNum(m, "tps", s.tps());
                if (s.queries() >= 0) {
                    m.put("queries", s.queries());
                    putNum(m, "qps", s.qps());
                }
                Map<String, Object> lat = new LinkedHashMap<>();
                putNum(lat, "min", s.latMinMs());
                putNum(lat, "avg", s.latAvgMs());
                putNum(lat, "max", s.latMaxMs());
                if (s.percentile() > 0) {
                    putNum(lat, "p" + fmt(s.percentile()), s.latPctMs());
                }
                m.put("latency_ms", lat);
                if (s.errors() >= 0) {
                    m.put("errors", s.errors());
                }
                if (s.reconnects() >= 0) {
                    m.put("reconnects", s.reconnects());
                }
            }
            m.put("intervals", r.intervals().size());
            m.put("report_interval_s", r.reportIntervalS() == Math.rint(r.reportIntervalS())
                    ? (Object) (long) r.reportIntervalS() : (Object) r.reportIntervalS());
            if (!r.complete()) {
                m.put("complete", false);
            }
            runs.add(m);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("runs", runs);
        if (!value.skipped().isEmpty()) {
            out.put("skipped", value.skipped());
        }
        return out;
    }
}
