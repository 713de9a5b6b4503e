package io.tunescope.analysis.timeline;

import io.tunescope.analysis.ChartText;
import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.capture.SourceRef;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs at several thread counts read as a scaling curve: threads vs TPS and latency, the knee, where
 * throughput falls when threads double, and a Little's-law check (threads ~ TPS x average latency).
 *
 * @param points       one point per thread count, ascending (runs with the same count are averaged)
 * @param knee         scanning up from the fewest threads, the last thread count that still added at least
 *                     {@code minGain} throughput over the previous one (the point before the first smaller
 *                     gain); a later regrowth is reported in the notes; null with fewer than 2 points
 * @param peak         the point with the highest TPS
 * @param fall         the first point where TPS fell while threads (at least) doubled, or null
 * @param notes        sentences for the user, in the locale {@link #of(List, Locale)} was given (English by default)
 */
public record ThreadSweep(List<Point> points, Point knee, Point peak, Point fall, List<String> notes) {

    public ThreadSweep {
        points = List.copyOf(points);
        notes = List.copyOf(notes);
    }

    /**
     * One thread count.
     *
     * @param littleThreads  TPS x average latency (s): the concurrency Little's law implies
     * @param littleRatio    littleThreads / threads
     * @param consistent     littleRatio within the tolerance
     */
    public record Point(int threads, double tps, double latPctMs, double percentile, double latAvgMs, int runs,
                        double littleThreads, double littleRatio, boolean consistent, SourceRef ref) {
    }

    public static final double MIN_GAIN = 0.05;
    public static final double LITTLE_TOLERANCE = 0.20;

    public boolean isSweep() {
        return points.size() >= 2;
    }

    public static ThreadSweep of(List<BenchRun> runs) {
        return of(runs, MIN_GAIN, LITTLE_TOLERANCE);
    }

    /** The sweep with its notes in the locale ({@link ChartText}). */
    public static ThreadSweep of(List<BenchRun> runs, Locale locale) {
        return of(runs, MIN_GAIN, LITTLE_TOLERANCE, locale);
    }

    public static ThreadSweep of(List<BenchRun> runs, double minGain, double tolerance) {
        return of(runs, minGain, tolerance, Locale.ROOT);
    }

    public static ThreadSweep of(List<BenchRun> runs, double minGain, double tolerance, Locale locale) {
        ChartText w = ChartText.of(locale);
        Map<Integer, List<BenchRun>> by = new TreeMap<>();
        for (BenchRun r : runs) {
            if (r.threads() > 0 && !Double.isNaN(r.tps())) {
                by.computeIfAbsent(r.threads(), k -> new ArrayList<>()).add(r);
            }
        }
        List<Point> pts = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (var e : by.entrySet()) {
            List<BenchRun> rs = e.getValue();
            double tps = rs.stream().mapToDouble(BenchRun::tps).average().orElse(Double.NaN);
            double lat = rs.stream().mapToDouble(BenchRun::latencyPctMs).filter(d -> !Double.isNaN(d)).average().orElse(Double.NaN);
            double avg = rs.stream().filter(r -> r.summary() != null).mapToDouble(r -> r.summary().latAvgMs())
                    .filter(d -> !Double.isNaN(d)).average().orElse(Double.NaN);
            double pct = rs.get(0).percentile();
            double little = Double.isNaN(avg) ? Double.NaN : tps * avg / 1000.0;
            double ratio = little / e.getKey();
            boolean ok = Double.isNaN(ratio) || Math.abs(ratio - 1) <= tolerance;
            Point p = new Point(e.getKey(), tps, lat, pct, avg, rs.size(), little, ratio, ok, rs.get(0).ref());
            pts.add(p);
            if (!ok) {
                notes.add(w.t("sweep.little", "{0} threads: TPS x average latency = {1} x {2} ms = {3} busy threads, not {0} ({4}%): "
                                + "the numbers are inconsistent (rate limit, think time, idle threads or a mixed-up log)",
                        e.getKey(), f("%.1f", tps), f("%.2f", avg), f("%.1f", little), f("%.0f", 100 * ratio)));
            }
        }
        if (pts.size() < 2) {
            return new ThreadSweep(pts, null, pts.isEmpty() ? null : pts.get(0), null, notes);
        }
        int k = 0;
        while (k + 1 < pts.size() && pts.get(k + 1).tps() / pts.get(k).tps() - 1 >= minGain) {
            k++;
        }
        Point knee = pts.get(k);
        Point regrowth = null;
        for (int i = k + 2; i < pts.size(); i++) {
            if (pts.get(i).tps() / pts.get(i - 1).tps() - 1 >= minGain) {
                regrowth = pts.get(i);
                break;
            }
        }
        Point peak = pts.stream().max(Comparator.comparingDouble(Point::tps)).orElseThrow();
        Point fall = null;
        for (int i = 1; i < pts.size(); i++) {
            Point a = pts.get(i - 1);
            Point b = pts.get(i);
            if (b.threads() >= 2 * a.threads() && b.tps() < a.tps()) {
                fall = b;
                break;
            }
        }
        notes.add(0, w.t("sweep.knee", "knee at {0} threads ({1} tps): the last thread count that still added {2}% or more",
                knee.threads(), f("%.1f", knee.tps()), f("%.0f", minGain * 100)));
        if (regrowth != null) {
            notes.add(w.t("sweep.regrowth", "after the knee throughput grows by {0}% or more again at {1} threads ({2} tps)",
                    f("%.0f", minGain * 100), regrowth.threads(), f("%.1f", regrowth.tps())));
        }
        if (knee == pts.get(pts.size() - 1)) {
            notes.add(1, w.t("sweep.stillGrows", "throughput still grows at the highest thread count tested ({0}): "
                    + "the knee may lie beyond the sweep", knee.threads()));
        }
        if (fall != null) {
            notes.add(Math.min(notes.size(), 1), w.t("sweep.falls", "throughput falls at {0} threads ({1} tps, peak {2} at {3} threads)",
                    fall.threads(), f("%.1f", fall.tps()), f("%.1f", peak.tps()), peak.threads()));
        }
        return new ThreadSweep(pts, knee, peak, fall, notes);
    }

    private static String f(String format, double v) {
        return String.format(Locale.ROOT, format, v);
    }
}
