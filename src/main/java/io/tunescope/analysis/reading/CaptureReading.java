package io.tunescope.analysis.reading;

import io.tunescope.analysis.SnapshotOrder;
import io.tunescope.analysis.config.ConfigDiff;
import io.tunescope.model.bench.RunRole;
import io.tunescope.model.capture.AuxFolder;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.capture.Step;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.config.ConfigSnapshot;
import io.tunescope.model.numa.NumaDatasets;
import io.tunescope.model.numa.NumaSnapshot;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.numa.NumaTable;
import io.tunescope.model.numa.NumaVariant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one reading of a capture: its steps and auxiliary folders, every benchmark run with its role, every
 * file on one clock, snapshot series in time order, configuration changes like with like, and each step
 * compared with the previous one and the baseline like for like, with a noise verdict. Pure: it reads the
 * capture (and the user's corrections in it), nothing else. The app, every command and the PDF read this.
 *
 * @param defaultNoisePct the change below which a difference is within noise when the capture has no
 *                        repeats or interim reports to measure noise from
 *
 * <p>Its sentences are {@link Text}s, keys of the {@link io.tunescope.analysis.ChartText} bundle (English in the code).
 */
public record CaptureReading(String capture, List<AuxFolder> auxiliary, List<StepReading> steps, Clocks clocks,
                             double defaultNoisePct, List<Text> notes) {
    public static final double DEFAULT_NOISE_PCT = 5.0;

    public CaptureReading {
        auxiliary = List.copyOf(auxiliary);
        steps = List.copyOf(steps);
        notes = List.copyOf(notes);
    }

    public static CaptureReading of(Capture c) {
        return of(c, DEFAULT_NOISE_PCT);
    }

    public static CaptureReading of(Capture c, double defaultNoisePct) {
        Clocks clocks = Clocks.of(c);
        List<String> dirs = new ArrayList<>();
        List<Step> steps = c.steps().isEmpty() ? List.of(new Step(0, "", "", "", "")) : c.steps();
        for (Step s : steps) {
            dirs.add(s.dir());
        }
        Map<String, List<ConfigDiff.Row>> changes = ConfigChanges.of(c, dirs);
        List<StepReading> partial = new ArrayList<>();
        for (Step s : steps) {
            List<Text> notes = new ArrayList<>();
            List<ReadRun> runs = RunRoles.of(c, s.dir(), clocks);
            List<ReadRun> repeats = runs.stream().filter(r -> r.role() == RunRole.REPEAT && !Double.isNaN(r.tps())).toList();
            List<ReadRun> mains = runs.stream().filter(r -> r.role() == RunRole.MAIN && !Double.isNaN(r.tps())).toList();
            Headline h = !repeats.isEmpty() ? Headline.of(repeats) : !mains.isEmpty() ? Headline.of(mains.subList(0, 1)) : null;
            List<Snapshot> numa = numastat(c, s.dir(), clocks, notes);
            List<Snapshot> status = status(c, s.dir(), clocks);
            partial.add(new StepReading(s, runs, h, null, null, numa, status, changes.getOrDefault(s.dir(), List.of()), notes,
                    fileClocks(c, s.dir(), clocks)));
        }
        List<StepReading> out = new ArrayList<>();
        for (int i = 0; i < partial.size(); i++) {
            StepReading cur = partial.get(i);
            Comparison prev = null;
            Comparison base = null;
            if (i > 0) {
                base = compare(partial.get(0), cur, defaultNoisePct);
                prev = compare(partial.get(i - 1), cur, defaultNoisePct);
                for (int j = i - 2; j >= 0 && !prev.comparable(); j--) {
                    Comparison earlier = compare(partial.get(j), cur, defaultNoisePct);
                    if (earlier.comparable()) {
                        prev = new Comparison(earlier.against(), earlier.tpsChangePct(), earlier.p95ChangePct(), earlier.thresholdPct(),
                                earlier.significant(), Text.t("reading.cmp.earlier", "{0}; the previous step {1} has nothing comparable",
                                earlier.basis(), partial.get(i - 1).dir()), earlier.points(), earlier.noise(), earlier.before(), earlier.after());
                        break;
                    }
                }
            }
            out.add(new StepReading(cur.step(), cur.runs(), cur.headline(), prev, base, cur.numastat(), cur.status(),
                    cur.configChanges(), cur.notes(), cur.clocks()));
        }
        return new CaptureReading(c.name(), c.auxiliary(), out, clocks, defaultNoisePct, clocks.notes());
    }

    public StepReading step(String dir) {
        for (StepReading s : steps) {
            if (s.dir().equals(dir)) {
                return s;
            }
        }
        return null;
    }

    /** The files of a step whose content happens in time, each with its clock. */
    static List<FileClock> fileClocks(Capture c, String dir, Clocks clocks) {
        List<FileClock> out = new ArrayList<>();
        for (var f : c.files()) {
            if (!f.step().equals(dir) || !f.hasValue()) {
                continue;
            }
            String ds = f.dataset();
            if (ds.startsWith("series.") || ds.startsWith("bench.") || ds.startsWith("cpu.") || ds.equals("numa.numastat")
                    || ds.equals("config.status") || ds.equals("capture.events") || ds.equals("capture.timeline")) {
                out.add(clocks.file(f.path()));
            }
        }
        return out;
    }

    /** Step b against the earlier step a, like for like. */
    static Comparison compare(StepReading a, StepReading b, double dflt) {
        Headline x = a.headline();
        Headline y = b.headline();
        if (x != null && y != null && x.threads() == y.threads() && sameTest(x.test(), y.test())) {
            double change = pct(y.tps(), x.tps());
            double p95 = pct(y.p95Ms(), x.p95Ms());
            double threshold;
            Text noise;
            Comparison.Noise kind;
            if (x.repeats() && y.repeats()) {
                threshold = 2 * Math.hypot(x.noisePct(), y.noisePct());
                noise = Text.t("reading.noise.repeats", "threshold {0} %: twice the combined standard error of the repeats", f("%.1f", threshold));
                kind = Comparison.Noise.REPEATS;
            } else {
                double drift = Math.max(nz(x.noisePct()), nz(y.noisePct()));
                threshold = Math.max(dflt, drift);
                kind = drift > dflt ? Comparison.Noise.HALVES : Comparison.Noise.DEFAULT;
                noise = drift > dflt
                        ? Text.t("reading.noise.halves", "threshold {0} %: the runs' own first and second halves differ by that much", f("%.1f", threshold))
                        : Double.isNaN(x.noisePct()) && Double.isNaN(y.noisePct())
                        ? Text.t("reading.noise.defaultOnly", "threshold {0} % (the default: no repeats or interim reports to measure noise from)",
                                f("%.1f", threshold))
                        : Text.t("reading.noise.default", "threshold {0} % (the default; the runs' own halves differ by at most {1} %)",
                                f("%.1f", threshold), f("%.1f", drift));
            }
            Text basis = Text.t("reading.cmp.basis", "{0} vs {1}, {2} threads; {3}", side(x), side(y), x.threads(), noise);
            return new Comparison(a.dir(), change, p95, threshold, Math.abs(change) > threshold, basis, List.of(), kind, x, y);
        }
        List<ReadRun> sa = a.sweep();
        List<ReadRun> sb = b.sweep();
        if (!sa.isEmpty() && !sb.isEmpty()) {
            Map<Integer, Double> ta = byThreads(sa);
            Map<Integer, Double> tb = byThreads(sb);
            List<Comparison.Point> pts = new ArrayList<>();
            double sum = 0;
            for (var e : ta.entrySet()) {
                Double v = tb.get(e.getKey());
                if (v != null) {
                    double ch = pct(v, e.getValue());
                    pts.add(new Comparison.Point(e.getKey(), e.getValue(), v, ch));
                    sum += ch;
                }
            }
            if (!pts.isEmpty()) {
                double mean = sum / pts.size();
                return new Comparison(a.dir(), mean, Double.NaN, dflt, Math.abs(mean) > dflt,
                        Text.t("reading.cmp.sweeps", "sweeps compared point by point at {0} thread counts (mean change); threshold {1} % (the default)",
                                pts.size(), f("%.1f", dflt)), pts,
                        Comparison.Noise.DEFAULT, null, null);
            }
        }
        Text why;
        if (x == null || y == null) {
            why = Text.t("reading.cmp.noMain", "{0} has no main run or repeats", x == null ? a.dir() : b.dir());
        } else if (x.threads() != y.threads()) {
            why = Text.t("reading.cmp.threads", "the main runs differ in thread count ({0} vs {1} threads)", x.threads(), y.threads());
        } else {
            why = Text.t("reading.cmp.workload", "the main runs ran different workloads ({0} vs {1})", x.test(), y.test());
        }
        return new Comparison(a.dir(), Double.NaN, Double.NaN, dflt, false, Text.t("reading.cmp.none", "not comparable: {0}", why), List.of(),
                Comparison.Noise.DEFAULT, null, null);
    }

    /** One side of a comparison: its main run, or the mean of its repeats. */
    private static Text side(Headline h) {
        return h.repeats() ? Text.t("reading.cmp.repeats", "mean of {0} repeats", h.runs().size())
                : Text.t("reading.cmp.main", "main run {0}", h.first().file());
    }

    private static boolean sameTest(String a, String b) {
        return a.isEmpty() || b.isEmpty() || a.equalsIgnoreCase(b);
    }

    private static Map<Integer, Double> byThreads(List<ReadRun> rs) {
        Map<Integer, List<Double>> m = new TreeMap<>();
        for (ReadRun r : rs) {
            if (!Double.isNaN(r.tps())) {
                m.computeIfAbsent(r.threads(), k -> new ArrayList<>()).add(r.tps());
            }
        }
        Map<Integer, Double> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, v.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN)));
        return out;
    }

    /** The step's numastat counter snapshots in time order (by name words without times), checked for counters that go down. */
    static List<Snapshot> numastat(Capture c, String dir, Clocks clocks, List<Text> notes) {
        List<Snapshot> out = new ArrayList<>();
        List<Loaded<NumaStats>> counters = new ArrayList<>();
        int plain = 0;
        int mb = 0;
        for (Loaded<NumaStats> l : c.inStep(NumaDatasets.NUMASTAT, dir)) {
            NumaTable t = counterTable(l.value());
            if (t != null && t.variant() == NumaVariant.COUNTERS) {
                plain++;
            } else if (t != null) {
                mb++;
            }
        }
        NumaVariant variant = plain >= mb ? NumaVariant.COUNTERS : NumaVariant.COUNTERS_MB;
        for (Loaded<NumaStats> l : c.inStep(NumaDatasets.NUMASTAT, dir)) {
            NumaTable t = counterTable(l.value());
            if (t != null && t.variant() == variant) {
                counters.add(l);
                FileClock fc = clocks.file(l.file().path());
                out.add(new Snapshot(l.file().path(), fc.time(), SnapshotOrder.label(l.file().path()), fc));
            }
        }
        sort(out);
        // a counter that goes down between two snapshots: wrong order or a restart
        for (int i = 1; i < out.size(); i++) {
            NumaTable a = counterTable(find(counters, out.get(i - 1).file()));
            NumaTable b = counterTable(find(counters, out.get(i).file()));
            if (a == null || b == null || a.variant() != b.variant()) {
                continue;
            }
            for (int n : b.nodes()) {
                double da = a.value("numa_hit", n);
                double db = b.value("numa_hit", n);
                if (!Double.isNaN(da) && !Double.isNaN(db) && db < da) {
                    notes.add(Text.t("reading.numa.down", "numa_hit of node {0} goes down from {1} to {2}: the snapshots are out of order or the "
                            + "host restarted between them; no allocation counts are taken from this pair", n, out.get(i - 1).file(), out.get(i).file()));
                    break;
                }
            }
        }
        return out;
    }

    private static NumaStats find(List<Loaded<NumaStats>> ls, String file) {
        for (Loaded<NumaStats> l : ls) {
            if (l.file().path().equals(file)) {
                return l.value();
            }
        }
        return null;
    }

    private static NumaTable counterTable(NumaStats s) {
        if (s == null || s.snapshots().isEmpty()) {
            return null;
        }
        NumaSnapshot first = s.snapshots().get(0);
        NumaTable t = first.table(NumaVariant.COUNTERS);
        return t != null ? t : first.table(NumaVariant.COUNTERS_MB);
    }

    static List<Snapshot> status(Capture c, String dir, Clocks clocks) {
        List<Snapshot> out = new ArrayList<>();
        for (Loaded<ConfigSnapshot> l : c.inStep(ConfigDatasets.STATUS, dir)) {
            FileClock fc = clocks.file(l.file().path());
            out.add(new Snapshot(l.file().path(), fc.time(), SnapshotOrder.label(l.file().path()), fc));
        }
        sort(out);
        return out;
    }

    /** By time when every snapshot has one, else by the words of their names. */
    static void sort(List<Snapshot> s) {
        boolean timed = !s.isEmpty() && s.stream().allMatch(x -> x.time() != null);
        Comparator<Snapshot> words = Comparator.comparing(Snapshot::file, SnapshotOrder.BY_WORDS);
        s.sort(timed ? Comparator.comparing(Snapshot::time).thenComparing(words) : words);
    }

    static double pct(double v, double ref) {
        return Double.isNaN(v) || Double.isNaN(ref) || ref == 0 ? Double.NaN : (v - ref) / ref * 100;
    }

    private static double nz(double d) {
        return Double.isNaN(d) ? 0 : d;
    }

    private static String f(String fmt, Object... args) {
        return String.format(Locale.ROOT, fmt, args);
    }
}
