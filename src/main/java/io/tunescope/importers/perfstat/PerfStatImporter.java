package io.tunescope.importers.perfstat;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.importers.stats.SeriesCollector;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.perfstat.PerfEvents;
import io.tunescope.model.perfstat.PerfStat;
import io.tunescope.model.perfstat.PerfStatDatasets;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.Unit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code perf stat} output: the text layout (with its {@code Performance counter stats for ...} banner), {@code -x SEP}
 * CSV with any separator, {@code -I} interval output in both, {@code -a}, {@code -p PID}, {@code -A} and
 * {@code --per-core}/{@code --per-socket}/{@code --per-node} aggregation and {@code -r N} (the {@code +- x%} column).
 * {@code <not supported>} and {@code <not counted>} stay what they are, never zero; the multiplexing column is kept.
 * Interval counts become series on the file's own clock (seconds since perf started, the end of each interval).
 */
public final class PerfStatImporter implements Importer<PerfStat> {
    static final String SOURCE = "perf-stat";
    private static final Pattern BANNER = Pattern.compile("^\\s*Performance counter stats for (.*?)(?: \\((\\d+) runs\\))?:\\s*$");
    private static final Pattern ELAPSED = Pattern.compile("^\\s*(\\d+(?:\\.\\d+)?)\\s+(?:\\+-\\s+(\\d+(?:\\.\\d+)?)\\s+)?seconds time elapsed.*$");
    private static final Pattern USER_SYS = Pattern.compile("^\\s*(\\d+(?:\\.\\d+)?)\\s+seconds (user|sys)\\s*$");

    @Override
    public String format() {
        return "perf-stat";
    }

    @Override
    public String description() {
        return "perf stat (text, -x CSV, -I intervals)";
    }

    @Override
    public Dataset<PerfStat> dataset() {
        return PerfStatDatasets.PERF_STAT;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        for (String l : head.lines()) {
            if (l.contains("Performance counter stats for ") && BANNER.matcher(l).matches()) {
                return Sniff.certain("perf stat banner 'Performance counter stats for'");
            }
            if (intervalHeader(l)) {
                return Sniff.certain("perf stat -I header '# time counts unit events'");
            }
        }
        List<String> nonBlank = head.nonBlank();
        if (nonBlank.isEmpty()) {
            return Sniff.no("empty");
        }
        int[] best = PerfStatLine.separatorAndCount(nonBlank);
        char sep = (char) best[0];
        if (sep == 0) {
            return Sniff.no("no perf stat counter lines");
        }
        int n = best[1]; // the lines that parse with sep
        if (n >= 2 && n * 10 >= nonBlank.size() * 6 || n == 1 && nonBlank.size() == 1 && head.complete()) {
            return Sniff.strong("perf stat -x '" + printable(sep) + "' counter lines (value, unit, event, run time, percent)");
        }
        return n > 0 ? Sniff.weak(n + " perf stat -x lines among " + nonBlank.size()) : Sniff.no("no perf stat counter lines");
    }

    /**
     * perf stat -I's column header: {@code #           time             counts unit events}, with aggregation columns
     * between ({@code # time CPU counts unit events}, {@code # time core cpus counts unit events}). Word by word, not one
     * regular expression: a repeated group would recurse once per word of a long line.
     */
    static boolean intervalHeader(String l) {
        if (l.indexOf('#') < 0) {
            return false;
        }
        String s = l.strip();
        if (!s.startsWith("#") || s.length() > 200) {
            return false;
        }
        String[] w = s.substring(1).strip().split("\\s+");
        return w.length >= 3 && w[0].equals("time") && w[w.length - 1].equals("events") && java.util.Arrays.asList(w).contains("counts");
    }

    static String printable(char sep) {
        return sep == '\t' ? "\\t" : String.valueOf(sep);
    }

    @Override
    public ImportResult<PerfStat> parse(ImportContext ctx) throws ImportException, IOException {
        Head head = Head.read(ctx.path(), 64 * 1024);
        boolean text = false;
        for (String l : head.lines()) {
            if (BANNER.matcher(l).matches() || intervalHeader(l)) {
                text = true;
                break;
            }
        }
        char sep = text ? 0 : PerfStatLine.detectSeparator(head.nonBlank());
        if (!text && sep == 0) {
            text = true;
        }
        Reading r = new Reading(ctx);
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (n % 4096 == 0) {
                    ctx.checkCancelled();
                }
                if (l.isBlank()) {
                    continue;
                }
                if (text ? !r.text(l, n) : !r.csv(l, sep, n)) {
                    break;
                }
            }
        }
        return ctx.result(r.finish(text ? "" : String.valueOf(sep)));
    }

    /** The state of one read. */
    private static final class Reading {
        private final ImportContext ctx;
        private final SeriesCollector series;
        private final Map<String, Acc> counters = new LinkedHashMap<>();
        private String target = "";
        private int runs = 1;
        private boolean banner;
        private boolean interval;
        private double currentTime = Double.NaN;
        private int intervals;
        private double elapsed = Double.NaN;
        private int elapsedLine;
        private double user = Double.NaN;
        private double sys = Double.NaN;
        private Acc last;
        private int skipped;
        private int firstSkipped;
        private final Map<String, Double> reportIpc = new LinkedHashMap<>();
        private int reportLine;

        Reading(ImportContext ctx) {
            this.ctx = ctx;
            this.series = new SeriesCollector(SOURCE, ctx.displayName());
        }

        /** One text line; false to stop reading. */
        boolean text(String l, int n) {
            Matcher b = BANNER.matcher(l);
            if (b.matches()) {
                if (banner || !counters.isEmpty()) {
                    ctx.warn(n, ctx.displayName() + ": a second perf stat report starts here; only the first (up to line " + (n - 1)
                            + ") is read");
                    return false;
                }
                banner = true;
                target = unquote(b.group(1).strip());
                runs = 1;
                if (b.group(2) != null) {
                    try {
                        runs = Integer.parseInt(b.group(2));
                    } catch (NumberFormatException e) {
                        ctx.warn(n, ctx.displayName() + ": the run count " + ImportContext.excerpt(b.group(2)) + " is not a number of runs; read as one run");
                    }
                }
                return true;
            }
            if (intervalHeader(l)) {
                interval = true;
                return true;
            }
            Matcher e = ELAPSED.matcher(l);
            if (e.matches()) {
                elapsed = Double.parseDouble(e.group(1));
                elapsedLine = n;
                return true;
            }
            Matcher us = USER_SYS.matcher(l);
            if (us.matches()) {
                if (us.group(2).equals("user")) {
                    user = Double.parseDouble(us.group(1));
                } else {
                    sys = Double.parseDouble(us.group(1));
                }
                return true;
            }
            String s = l.strip();
            if (s.startsWith("#") && last != null) {
                // a further derived metric of the counter above ("#  1.23  stalled cycles per insn")
                last.comment(s.substring(1).strip().replaceAll("\\s+", " "));
                return true;
            }
            if (interval) {
                String[] t = s.split("\\s+", 2);
                if (t.length == 2 && t[0].matches("\\d+\\.\\d+") && t[1].startsWith("#") && last != null) {
                    last.comment(t[1].substring(1).strip().replaceAll("\\s+", " "));
                    return true;
                }
            }
            PerfStatLine p = PerfStatLine.text(l, interval);
            if (p == null) {
                skip(n);
                return true;
            }
            add(p, n);
            return true;
        }

        /** One -x line; false to stop reading. */
        boolean csv(String l, char sep, int n) {
            PerfStatLine p = PerfStatLine.csv(l, sep);
            if (p == null) {
                skip(n);
                return true;
            }
            if (!Double.isNaN(p.time())) {
                interval = true;
            }
            add(p, n);
            return true;
        }

        private void skip(int n) {
            if (skipped++ == 0) {
                firstSkipped = n;
            }
        }

        private void add(PerfStatLine p, int n) {
            if (interval && !Double.isNaN(p.time()) && p.time() != currentTime) {
                endReport();
                currentTime = p.time();
                series.beginReportAt(n, Math.round(p.time() * 1000));
                reportLine = n;
                intervals++;
            }
            String key = p.event() + '\u0000' + p.entity();
            Acc a = counters.get(key);
            if (a == null) {
                a = new Acc(p, n);
                counters.put(key, a);
            } else if (interval) {
                a.add(p);
            } else {
                ctx.warn(n, ctx.displayName() + ": " + p.event() + (p.entity().isEmpty() ? "" : " of " + p.entity())
                        + " is listed again (first on line " + a.line + "); the first is kept");
                return;
            }
            last = a;
            if (interval && p.status() == PerfStat.Status.COUNTED) {
                series.add(p.event(), p.entity(), "msec".equals(p.unit()) ? Unit.MILLISECONDS : Unit.COUNT, p.value(), n);
                if (p.entity().isEmpty()) {
                    String c = PerfEvents.canonical(p.event(), PerfEvents.armPmu(p.event()));
                    if (c.equals(PerfEvents.CYCLES) || c.equals(PerfEvents.INSTRUCTIONS)) {
                        reportIpc.put(c, p.value());
                    }
                }
            }
        }

        /** The instructions-per-cycle of the interval just read, as its own series (both counts of the same interval). */
        private void endReport() {
            Double cyc = reportIpc.get(PerfEvents.CYCLES);
            Double ins = reportIpc.get(PerfEvents.INSTRUCTIONS);
            if (cyc != null && ins != null && cyc > 0) {
                series.add("IPC", "", Unit.COUNT, ins / cyc, reportLine);
            }
            reportIpc.clear();
        }

        PerfStat finish(String separator) throws ImportException {
            endReport();
            if (counters.isEmpty()) {
                throw new ImportException(0, ctx.displayName() + ": no perf stat counter lines found");
            }
            if (skipped > 0) {
                ctx.info(firstSkipped, ctx.displayName() + ": " + skipped + (skipped == 1 ? " line is" : " lines are")
                        + " not perf stat counter lines (program output or perf's notes) and " + (skipped == 1 ? "was" : "were")
                        + " skipped; the first is line " + firstSkipped);
            }
            List<PerfStat.Counter> out = new ArrayList<>();
            for (Acc a : counters.values()) {
                out.add(a.counter());
            }
            SeriesSet set = null;
            if (interval) {
                set = series.build(ctx, false, 0);
                ctx.info(0, ctx.displayName() + ": " + intervals + " perf stat -I intervals; times are seconds since perf started "
                        + "(the end of each interval), placed on the capture's clock by its one reading");
            }
            return new PerfStat(target, runs, separator, out, intervals, set, elapsed, elapsedLine, user, sys);
        }
    }

    private static String unquote(String s) {
        if (s.length() >= 2 && s.startsWith("'") && s.endsWith("'")) {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }

    /** One counter summed over intervals (or as printed once). */
    private static final class Acc {
        final String event;
        final String entity;
        final String unit;
        final int line;
        double sum;
        boolean counted;
        PerfStat.Status firstStatus;
        double minPct = Double.NaN;
        double variance;
        String comment;
        int uncounted;
        int seen;

        Acc(PerfStatLine p, int line) {
            this.event = p.event();
            this.entity = p.entity();
            this.unit = p.unit();
            this.line = line;
            this.firstStatus = p.status();
            this.variance = p.variance();
            this.comment = p.comment();
            add(p);
        }

        void add(PerfStatLine p) {
            seen++;
            if (p.status() == PerfStat.Status.COUNTED) {
                counted = true;
                sum += p.value();
            } else {
                uncounted++;
            }
            if (!Double.isNaN(p.percent())) {
                minPct = Double.isNaN(minPct) ? p.percent() : Math.min(minPct, p.percent());
            }
        }

        void comment(String more) {
            comment = comment.isEmpty() ? more : comment + "; " + more;
        }

        PerfStat.Counter counter() {
            PerfStat.Status st = counted ? PerfStat.Status.COUNTED
                    : firstStatus == PerfStat.Status.COUNTED ? PerfStat.Status.NOT_COUNTED : firstStatus;
            // an interval's derived metric describes that interval, not the sum
            String c = seen > 1 ? "" : comment;
            return new PerfStat.Counter(event, entity, counted ? sum : Double.NaN, st, unit, minPct, variance, c, line,
                    seen > 1 && counted ? uncounted : 0);
        }
    }

    @Override
    public Map<String, Object> summarize(PerfStat v) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (!v.target().isEmpty()) {
            out.put("target", v.target());
        }
        out.put("layout", v.separator().isEmpty() ? "text" : "-x '" + (v.separator().equals("\t") ? "\\t" : v.separator()) + "'");
        if (v.runs() > 1) {
            out.put("runs", v.runs());
        }
        if (v.interval()) {
            out.put("intervals", v.intervals());
        }
        out.put("events", v.counters().stream().map(PerfStat.Counter::event).distinct().count());
        long counted = v.counters().stream().filter(PerfStat.Counter::counted).map(PerfStat.Counter::event).distinct().count();
        out.put("counted", counted);
        List<String> notSupported = v.counters().stream().filter(c -> c.status() == PerfStat.Status.NOT_SUPPORTED)
                .map(PerfStat.Counter::event).distinct().toList();
        if (!notSupported.isEmpty()) {
            out.put("not supported", String.join(" ", notSupported));
        }
        List<String> notCounted = v.counters().stream().filter(c -> c.status() == PerfStat.Status.NOT_COUNTED)
                .map(PerfStat.Counter::event).distinct().toList();
        if (!notCounted.isEmpty()) {
            out.put("not counted", String.join(" ", notCounted));
        }
        List<String> mux = v.counters().stream().filter(PerfStat.Counter::multiplexed)
                .map(c -> c.event() + " " + String.format(Locale.ROOT, "%.2f%%", c.runningPercent())).distinct().toList();
        if (!mux.isEmpty()) {
            out.put("multiplexed", String.join(", ", mux));
        }
        if (!Double.isNaN(v.elapsedS())) {
            out.put("elapsed s", v.elapsedS());
        }
        return out;
    }
}
