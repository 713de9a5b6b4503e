package io.tunescope.rules.concurrency;

import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.analysis.reading.ReadRun;
import io.tunescope.analysis.reading.StepReading;
import io.tunescope.analysis.timeline.Anomaly;
import io.tunescope.analysis.timeline.AnomalyDetector;
import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.analysis.timeline.Track;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.processlist.Processlist;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Finding;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Severity;
import io.tunescope.rules.Topic;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * CONC-WORST-WINDOW: the worst window of a measured run (never a warm-up or a sweep point): the throughput dip
 * the timeline marks with the lowest TPS, judged against the run's own second-to-second noise, with the series
 * on the same clock that moved in it against the plateau just before (server counter rates and Threads_running
 * from mysqladmin ext, iostat latency and utilisation, vmstat r/b, mpstat iowait/steal) and the process list
 * states of snapshots taken in it. The mechanism is named only when the evidence shows it: threads waiting for
 * the global read lock, an I/O stall, or CPU saturation ({@code CPU-HOST-SATURATED}).
 */
public final class WorstWindowRule extends BaseRule {
    public static final String ID = "CONC-WORST-WINDOW";
    static final Setting NOISE = Setting.heuristic("noiseFactor", "dip depth, in standard deviations of the run's second-to-second noise, at least", 3, "");
    static final Setting WARN_LOST = Setting.heuristic("warnLostPercent", "share of the run's transactions lost in the window, warning from", 10, "%");
    static final Setting MIN_MOVE = Setting.heuristic("minMoveSigma", "a series moved when its window mean is this many plateau standard deviations away", 3, "");

    /** How many event-log lines of the window the finding lists. */
    static final int MAX_EVENTS = 6;
    /** How many moved series the finding lists. */
    static final int MAX_LISTED = 8;
    /** Process list states that wait for the global read lock: MySQL's two, and MariaDB's (FTWRL takes backup locks since 10.4). */
    static final Set<String> GLOBAL_LOCK_STATES = Set.of("waiting for global read lock", "waiting for commit lock", "waiting for backup lock");
    /** Sources and names of the series compared; status counters (source mysqladmin) are all compared. */
    private static final Map<String, Set<String>> OS_SERIES = Map.of(
            "iostat", Set.of("await", "r_await", "w_await", "util", "aqu-sz"),
            "vmstat", Set.of("r", "b"),
            "mpstat", Set.of("iowait", "steal"),
            // sar text: iostat's device names, mpstat's CPU names, vmstat's b (blocked)
            "sar", Set.of("await", "r_await", "w_await", "util", "aqu-sz", "iowait", "steal", "b"));
    private static final DateTimeFormatter HMS_MS = DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter HMS = DateTimeFormatter.ofPattern("HH:mm:ss.S", Locale.ROOT).withZone(ZoneOffset.UTC);

    public WorstWindowRule() {
        super("CONC-WORST-WINDOW", Topic.CONCURRENCY, "Worst window of the run: a throughput dip and what moved in it", List.of(Need.BENCH),
                List.of("SYSBENCH", "MYSQL-STATUS-VARS", "MARIADB-STATUS-VARS", "MYSQL-THREAD-STATES", "BGREGG-USE"),
                NOISE, WARN_LOST, MIN_MOVE);
        dependsOn(io.tunescope.rules.cpu.HostSaturatedRule.ID);
    }

    /** The dip of one measured run, judged. */
    record Dip(ReadRun run, TimeSeries tps, Anomaly marker, int first, int last, double baseline, double low, double noise,
               long intervalMs, double lost, double total) {
        double depthSigmas() {
            return noise > 0 ? (baseline - low) / noise : Double.POSITIVE_INFINITY;
        }

        double lostShare() {
            return lost / (total + lost);
        }

        /** The time the window starts: the beginning of its first report's interval. */
        long from() {
            return marker.start() - intervalMs;
        }

        long to() {
            return marker.end();
        }
    }

    /** A series that moved in the window. */
    record Move(TimeSeries series, double before, double during, double sigmas, boolean appeared, SourceRef ref) {
        boolean rose() {
            return during > before;
        }
    }

    @Override
    protected void check(Run run) {
        StepReading s = run.e.stepReading();
        List<ReadRun> measured = s == null ? List.of() : s.measured();
        if (measured.isEmpty()) {
            run.notApplicable(run.t("noMain"));
            return;
        }
        Timeline t = run.e.timeline();
        AnomalyDetector.Thresholds th = AnomalyDetector.Thresholds.defaults();
        Dip worst = null;
        Dip quiet = null;
        Dip caught = null;
        int caughtAfter = 0;
        int withReports = 0;
        for (ReadRun r : measured) {
            TimeSeries tps = tpsOf(t, r);
            if (tps == null || tps.size() < 3) {
                continue;
            }
            withReports++;
            Optional<Anomaly> a = AnomalyDetector.worstDip(tps, th);
            if (a.isEmpty()) {
                continue;
            }
            Dip d = judge(r, tps, a.get(), th);
            if (d == null) {
                continue;
            }
            if (r.run() != null && r.run().rateLimited()) {
                int back = caughtUp(d, th.window());
                if (back >= 0) {
                    // an open-loop client queues what it could not send and sends it after: delayed, not lost
                    if (caught == null) {
                        caught = d;
                        caughtAfter = back;
                    }
                    continue;
                }
            }
            if (d.depthSigmas() >= run.get(NOISE)) {
                if (worst == null || d.lost > worst.lost) {
                    worst = d;
                }
            } else if (quiet == null || d.depthSigmas() > quiet.depthSigmas()) {
                quiet = d;
            }
        }
        if (withReports == 0) {
            run.notApplicable(run.t("noReports"));
            return;
        }
        if (worst == null && caught != null && quiet == null) {
            run.pass(run.t("pass.caughtUp", Fmt.num(caught.low), Fmt.num(caught.baseline), caught.tps.ref(lowest(caught.tps, caught.first, caught.last)).toString(),
                    Fmt.num(caught.run.run().targetRate()), Integer.toString(caughtAfter)));
            return;
        }
        if (worst == null) {
            run.pass(quiet == null ? run.t("pass.noDip")
                    : run.t("pass.noise", Fmt.num(quiet.low), Fmt.num(quiet.baseline), Fmt.num(quiet.noise), Fmt.num(run.get(NOISE)),
                            quiet.tps.ref(lowest(quiet.tps, quiet.first, quiet.last)).toString()));
            return;
        }
        report(run, t, worst);
    }

    /**
     * For a rate-limited run: how many reports after the window the client had sent what the dip held back (the
     * running deficit against the plateau back to zero), or -1 when it did not within {@code window} reports.
     */
    static int caughtUp(Dip d, int window) {
        double deficit = 0;
        for (int i = d.first; i < d.tps.size() && i <= d.last + window; i++) {
            double v = d.tps.value(i);
            if (Double.isNaN(v)) {
                continue;
            }
            deficit += d.baseline - v;
            if (i > d.last && deficit <= 0) {
                return i - d.last;
            }
        }
        return -1;
    }

    /** The per-second TPS series of a run as the timeline placed it, or null. */
    static TimeSeries tpsOf(Timeline t, ReadRun r) {
        for (Track tr : t.find("sysbench", "tps")) {
            if (tr.series().file().equals(r.file()) && (tr.runIndex() == r.run().index() || tr.runIndex() < 0)) {
                return tr.series();
            }
        }
        return null;
    }

    /** Depth, noise and cost of a marked dip; null when the run has too few reports outside it to know its noise. */
    static Dip judge(ReadRun r, TimeSeries tps, Anomaly a, AnomalyDetector.Thresholds th) {
        int first = indexOf(tps, a.start());
        int last = indexOf(tps, a.end());
        if (first < 1 || last < first) {
            return null;
        }
        double baseline = AnomalyDetector.baselineBefore(tps, first, th);
        double low = tps.value(lowest(tps, first, last));
        // second-to-second noise: successive differences outside the dip and its edges (robust, trend-free)
        List<Double> diffs = new ArrayList<>();
        for (int i = 1; i < tps.size(); i++) {
            if (i >= first && i <= last + 1) {
                continue;
            }
            double d = tps.value(i) - tps.value(i - 1);
            if (!Double.isNaN(d)) {
                diffs.add(Math.abs(d));
            }
        }
        if (diffs.size() < 4) {
            return null;
        }
        double[] v = diffs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double mad = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        // median |x(i) - x(i-1)| of independent noise is 0.954 sigma: sigma = median / 0.954
        double noise = mad / 0.954;
        long interval = interval(tps);
        double seconds = interval / 1000.0;
        double lost = 0;
        for (int i = first; i <= last; i++) {
            lost += Math.max(0, baseline - tps.value(i)) * seconds;
        }
        double total = 0;
        for (int i = 0; i < tps.size(); i++) {
            if (!Double.isNaN(tps.value(i))) {
                total += tps.value(i) * seconds;
            }
        }
        return new Dip(r, tps, a, first, last, baseline, low, noise, interval, lost, total);
    }

    private void report(Run run, Timeline t, Dip d) {
        AnomalyDetector.Thresholds th = AnomalyDetector.Thresholds.defaults();
        // series placed by their command's start (an event log) can lag by up to one sample (the tool's start-up):
        // the window takes one sample more on each side, the plateau ends one sample before it
        long tol = d.intervalMs;
        long beforeFrom = d.from() - tol - th.window() * d.intervalMs + 1;
        long beforeTo = d.from() - tol + 1;
        long duringFrom = d.from() - tol + 1;
        long duringTo = d.to() + tol + 1;
        List<Move> moves = moves(t, beforeFrom, beforeTo, duringFrom, duringTo, run.get(MIN_MOVE));
        List<Move> rose = moves.stream().filter(Move::rose).toList();
        // what fell: the largest relative drop first (a counter that stopped), then by plateau deviations
        List<Move> fell = moves.stream().filter(m -> !m.rose())
                .sorted(Comparator.comparingDouble((Move m) -> m.during / m.before).thenComparingDouble(m -> -m.sigmas)).toList();

        String when = span(t, d);
        String reports = Fmt.num((d.tps.time(d.first) - d.tps.time(0)) / 1000.0 + firstOffset(d)) + "–"
                + Fmt.num((d.tps.time(d.last) - d.tps.time(0)) / 1000.0 + firstOffset(d)) + " s";
        double seconds = (d.to() - d.from()) / 1000.0;
        SourceRef lowRef = d.tps.ref(lowest(d.tps, d.first, d.last));

        // the process list inside the window
        Processlist.Snapshot snap = null;
        Evidence.ProcesslistSnapshot snapOf = null;
        String topState = null;
        int topCount = 0;
        if (t.wallClock()) {
            for (Evidence.ProcesslistSnapshot p : run.e.processlistSnapshots()) {
                long at = p.snapshot().epochMs();
                if (at <= 0 || at < duringFrom || at >= duringTo) {
                    continue;
                }
                Map<String, Integer> states = p.snapshot().activeByState();
                for (var e : states.entrySet()) {
                    if (e.getKey().isBlank()) {
                        continue;
                    }
                    if (e.getValue() > topCount) {
                        topCount = e.getValue();
                        topState = e.getKey();
                        snap = p.snapshot();
                        snapOf = p;
                    }
                    break;
                }
            }
        }
        String mechanism;
        String lockState = null;
        if (topState != null && GLOBAL_LOCK_STATES.contains(topState.toLowerCase(Locale.ROOT)) && topCount * 2 >= snap.activeThreads().size()) {
            mechanism = "globalLock";
            lockState = topState;
        } else if (topState != null && isLockWait(snap, topState) && topCount * 2 >= snap.activeThreads().size()) {
            mechanism = "lockWait";
            lockState = topState;
        } else if (ioStall(rose)) {
            mechanism = "io";
        } else {
            mechanism = "";
        }
        Optional<Finding> cpu = mechanism.isEmpty() ? run.prior(io.tunescope.rules.cpu.HostSaturatedRule.ID) : Optional.empty();
        if (cpu.isPresent() && !cpuInWindow(rose)) {
            cpu = Optional.empty();
        }

        int score = d.lostShare() * 100 >= run.get(WARN_LOST)
                ? scale(d.lostShare() * 100, run.get(WARN_LOST), 50, Severity.WARNING_FROM, 85)
                : scale(d.lostShare() * 100, 0, run.get(WARN_LOST), 35, Severity.WARNING_FROM - 5);
        String summary = run.t("summary", d.run.file(), Fmt.num(d.low), when, reports, Fmt.num(d.baseline), Fmt.num(d.noise),
                Fmt.num(d.depthSigmas()), Fmt.num(Math.rint(d.lost)), Fmt.pct(d.lostShare()));
        var f = run.finding(score, summary).explain(run.t("explanation"))
                .window(d.from(), d.to(), Finding.TimeWindow.TIMELINE)
                .evidence(run.t("evidence.low"), Fmt.num(d.low) + " TPS", lowRef)
                .evidence(run.t("evidence.plateau", Integer.toString(Math.min(d.first, th.window()))), Fmt.num(d.baseline) + " TPS",
                        d.tps.ref(Math.max(0, d.first - 1)))
                .evidence(run.t("evidence.noise"), Fmt.num(d.noise) + " TPS", SourceRef.of(d.tps.file(), 0))
                .evidence(run.t("evidence.lost"), Fmt.num(Math.rint(d.lost)) + " (" + Fmt.pct(d.lostShare()) + ")", lowRef)
                .threshold(NOISE).threshold(WARN_LOST).threshold(MIN_MOVE);
        if (snap != null) {
            f.evidence(run.t("evidence.processlist", snap.stamp().isEmpty() ? HMS.format(Instant.ofEpochMilli(snap.epochMs())) : snap.stamp()),
                    topCount + " / " + snap.activeThreads().size() + " '" + topState + "'", snapOf.ref(snap.line()));
        }
        // what the capture's own event log says happened in the window (on the same clock)
        if (t.wallClock()) {
            for (var l : run.e.inStepOrRoot(io.tunescope.model.series.SeriesDatasets.EVENT_LOG)) {
                int shown = 0;
                for (io.tunescope.model.series.EventLog.Entry en : l.value().entries()) {
                    if (en.time() >= duringFrom && en.time() < duringTo && shown++ < MAX_EVENTS) {
                        f.evidence(run.t("evidence.event", HMS_MS.format(Instant.ofEpochMilli(en.time()))), en.text(), SourceRef.of(l.file().path(), en.line()));
                    }
                }
            }
        }
        int listed = 0;
        for (Move m : rose) {
            if (listed++ >= MAX_LISTED) {
                break;
            }
            f.evidence(label(run, m), Counters.show(m.before) + " -> " + Counters.show(m.during) + unit(m), m.ref);
        }
        int fellListed = 0;
        for (Move m : fell) {
            if (fellListed++ >= 3) {
                break;
            }
            f.evidence(label(run, m), Counters.show(m.before) + " -> " + Counters.show(m.during) + unit(m), m.ref);
        }
        String movedList = String.join(", ", rose.stream().limit(MAX_LISTED).map(m -> name(m) + " " + Counters.show(m.before) + " -> "
                + Counters.show(m.during) + unit(m)).toList());
        if (!rose.isEmpty()) {
            f.appendSummary(run.t("summary.rose", Integer.toString(rose.size()), movedList));
        } else if (moves.isEmpty()) {
            f.appendSummary(run.t("summary.nothingMoved"));
        }
        if (!fell.isEmpty()) {
            f.appendSummary(run.t("summary.fell", Integer.toString(fell.size()), name(fell.get(0)) + " " + Counters.show(fell.get(0).before)
                    + " -> " + Counters.show(fell.get(0).during) + unit(fell.get(0))));
        }
        Move flush = rose.stream().filter(m -> m.series.metric().name().equalsIgnoreCase("Com_flush")).findFirst().orElse(null);
        switch (mechanism) {
            case "globalLock" -> {
                f.appendSummary(run.t("mechanism.globalLock", Integer.toString(topCount), Integer.toString(snap.activeThreads().size()),
                        lockState, flush == null ? "" : run.t("mechanism.flush", Counters.show(flush.during))));
                f.cite("MYSQL-FTWRL").cite("MARIADB-BACKUP-STAGE");
                f.recommend(Recommendation.of(run.t("action.globalLock"))
                        .sql(List.of("SHOW FULL PROCESSLIST;    -- the session that ran FLUSH TABLES WITH READ LOCK, or a backup tool's"))
                        .effect(run.t("effect.globalLock"), "MYSQL-FTWRL").risk(run.t("risk.globalLock")).build());
            }
            case "lockWait" -> {
                f.appendSummary(run.t("mechanism.lockWait", Integer.toString(topCount), Integer.toString(snap.activeThreads().size()), lockState));
                f.recommend(sampling(run));
            }
            case "io" -> {
                Move io = rose.stream().filter(WorstWindowRule::ioMove).findFirst().orElseThrow();
                f.appendSummary(run.t("mechanism.io", name(io), Counters.show(io.before), Counters.show(io.during) + unit(io)));
                f.recommend(sampling(run));
            }
            default -> {
                if (cpu.isPresent()) {
                    f.explainedBy(cpu.get(), run.t("mechanism.cpu"));
                } else {
                    f.appendSummary(run.t("mechanism.unknown"));
                }
                f.recommend(sampling(run));
            }
        }
        f.add();
    }

    private Recommendation sampling(Run run) {
        return Recommendation.of(run.t("action.sample"))
                .bash("pt-stalk --no-stalk --iterations=1 --run-time=30 --dest /tmp/stalk -- --user=root    # during the next dip",
                        "mysqladmin ext -r -i1 > mysqladmin-ext.txt &    # with the benchmark, --report-interval=1")
                .effect(run.t("effect.sample"), "PT-STALK").risk(run.t("risk.sample")).build();
    }

    /** Series on the clock whose window mean moved at least {@code minSigma} plateau deviations, most moved first. */
    static List<Move> moves(Timeline t, long beforeFrom, long beforeTo, long duringFrom, long duringTo, double minSigma) {
        List<Move> out = new ArrayList<>();
        for (Track tr : t.tracks()) {
            TimeSeries s = tr.series();
            String src = s.metric().source();
            boolean status = src.equals("mysqladmin");
            Set<String> names = OS_SERIES.get(src);
            if (!status && (names == null || !names.contains(s.metric().name()))) {
                continue;
            }
            if ((src.equals("mpstat") || src.equals("sar") && (s.metric().name().equals("iowait") || s.metric().name().equals("steal")))
                    && !s.metric().entity().equals("all")) {
                continue;
            }
            double sb = 0;
            double sb2 = 0;
            int nb = 0;
            double sd = 0;
            int nd = 0;
            int extreme = -1;
            for (int i = 0; i < s.size(); i++) {
                long at = s.time(i);
                double v = s.value(i);
                if (Double.isNaN(v)) {
                    continue;
                }
                if (at >= beforeFrom && at < beforeTo) {
                    sb += v;
                    sb2 += v * v;
                    nb++;
                } else if (at >= duringFrom && at < duringTo) {
                    sd += v;
                    nd++;
                }
            }
            if (nb < 3 || nd < 1) {
                continue;
            }
            double before = sb / nb;
            double during = sd / nd;
            double sdev = Math.sqrt(Math.max(0, sb2 / nb - before * before));
            boolean appeared = before == 0 && during > 0;
            boolean gone = during == 0 && before > 0 && sdev < before;
            // a deviation floor: 5 % of the level, so a flat plateau does not make every wiggle infinite
            double scale = Math.max(sdev, 0.05 * Math.abs(before));
            double sigmas = scale > 0 ? Math.abs(during - before) / scale : (during != before ? Double.POSITIVE_INFINITY : 0);
            if (!(appeared || gone || sigmas >= minSigma) || Math.abs(during - before) < 1e-9) {
                continue;
            }
            // the ratio must move too: half again or half down, so a steady counter's small drift is not news
            if (!appeared && !gone && during < before * 1.5 && during > before * 0.5) {
                continue;
            }
            for (int i = 0; i < s.size(); i++) {
                if (s.time(i) >= duringFrom && s.time(i) < duringTo && !Double.isNaN(s.value(i))
                        && (extreme < 0 || (during > before ? s.value(i) > s.value(extreme) : s.value(i) < s.value(extreme)))) {
                    extreme = i;
                }
            }
            out.add(new Move(s, before, during, sigmas, appeared, s.ref(extreme)));
        }
        out.sort(Comparator.comparingInt(WorstWindowRule::watched).thenComparingDouble((Move m) -> -rank(m))
                .thenComparing(m -> m.series.metric().name()));
        return out;
    }

    /** The series an engineer looks at first (Threads_running, disks, run queue, iowait/steal) come before the other counters: 0, else 1. */
    private static int watched(Move m) {
        return !m.series.metric().source().equals("mysqladmin") || m.series.metric().name().equals("Threads_running") ? 0 : 1;
    }

    /** How far a series moved: plateau deviations, with appearances (zero on the plateau) first. */
    private static double rank(Move m) {
        return m.appeared ? 1e12 + m.during : Math.min(m.sigmas, 1e11);
    }

    private static boolean ioMove(Move m) {
        String src = m.series.metric().source();
        String n = m.series.metric().name();
        return (src.equals("iostat") || src.equals("sar")) && n.endsWith("await") || (src.equals("vmstat") || src.equals("sar")) && n.equals("b")
                || src.equals("mysqladmin") && n.toLowerCase(Locale.ROOT).contains("pending_fsyncs");
    }

    /**
     * An I/O stall: a device's await at least doubled and rose by {@link #STALL_AWAIT_MS} or more, the threads
     * blocked on I/O (vmstat b) doubled to at least one on average, or fsyncs were pending in the window.
     */
    static boolean ioStall(List<Move> rose) {
        return rose.stream().anyMatch(m -> ioMove(m) && m.during >= 2 * m.before && switch (m.series.metric().source()) {
            case "iostat" -> m.during - m.before >= STALL_AWAIT_MS;
            case "vmstat" -> m.during >= 1;
            case "sar" -> m.series.metric().name().equals("b") ? m.during >= 1 : m.during - m.before >= STALL_AWAIT_MS;
            default -> true;
        });
    }

    /** The rise of a device's await that counts as a stall, with its doubling. */
    static final double STALL_AWAIT_MS = 5;

    /** CPU saturation in the window: the run queue or steal rose with it. */
    static boolean cpuInWindow(List<Move> rose) {
        return rose.stream().anyMatch(m -> m.series.metric().source().equals("vmstat") && m.series.metric().name().equals("r")
                || (m.series.metric().source().equals("mpstat") || m.series.metric().source().equals("sar"))
                && m.series.metric().name().equals("steal"));
    }

    private static boolean isLockWait(Processlist.Snapshot snap, String state) {
        return snap.activeThreads().stream().anyMatch(th -> th.stateLabel().equals(state) && th.lockWait());
    }

    private static String name(Move m) {
        String e = m.series.metric().entity();
        return m.series.metric().name() + (e.isEmpty() ? "" : " " + e);
    }

    private String label(Run run, Move m) {
        if (m.appeared) {
            return run.t("evidence.appeared", name(m), m.series.metric().source());
        }
        return m.rose() ? run.t("evidence.rose", name(m), m.series.metric().source()) : run.t("evidence.fell", name(m), m.series.metric().source());
    }

    private static String unit(Move m) {
        String u = m.series.metric().unit().label();
        return u.isEmpty() || u.equals("threads") ? "" : u.startsWith("/") ? u : " " + u;
    }

    /** The window as clock times ({@code 04:46:19.0–04:46:23.0}) or offsets from the timeline's start. */
    private static String span(Timeline t, Dip d) {
        if (t.wallClock()) {
            return HMS.format(Instant.ofEpochMilli(d.from())) + "–" + HMS.format(Instant.ofEpochMilli(d.to()));
        }
        return "+" + Fmt.num((d.from() - t.start()) / 1000.0) + "–" + Fmt.num((d.to() - t.start()) / 1000.0) + " s";
    }

    /** Seconds of the run at its first report (sysbench's "[ 1s ]"): one interval. */
    private static double firstOffset(Dip d) {
        return d.intervalMs / 1000.0;
    }

    static int indexOf(TimeSeries s, long at) {
        for (int i = 0; i < s.size(); i++) {
            if (s.time(i) == at) {
                return i;
            }
        }
        return -1;
    }

    static int lowest(TimeSeries s, int a, int b) {
        int best = a;
        for (int i = a; i <= b; i++) {
            if (s.value(i) < s.value(best)) {
                best = i;
            }
        }
        return best;
    }

    /** The median spacing of a series' samples (its report interval), at least 1 ms. */
    static long interval(TimeSeries s) {
        return s.medianSpacingMs();
    }

    /** Number shown for a counter rate or gauge. */
    static final class Counters {
        private Counters() {
        }

        static String show(double v) {
            return Math.abs(v) < 10 ? Fmt.num2(v) : Math.abs(v) < 1000 ? Fmt.num(v) : Fmt.num(Math.rint(v));
        }
    }
}
