package io.tunescope.analysis.numa;

import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.numa.NumaRow;
import io.tunescope.model.numa.NumaSnapshot;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.numa.NumaTable;
import io.tunescope.model.numa.NumaVariant;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * numastat counter snapshots of one variant (pages or MB; never mixed) in time order, from one file with
 * several runs and/or several files, with the deltas and per-second rates between consecutive snapshots.
 *
 * <p>Order: when every snapshot has a time (a timestamp in the file, else the file's time from the
 * collector's timeline.log, an event log or the file's modification time) the snapshots are sorted by time;
 * otherwise by the words of their names ({@code before} &lt; {@code tNN} &lt; {@code after}, never alphabetically,
 * see {@link io.tunescope.analysis.SnapshotOrder}) and position in the file, and rates are unknown (NaN).
 */
public final class NumaSeries {

    /** One numastat file with the time it was taken when known from outside the file (else null). */
    public record Input(String file, Instant fileTime, NumaStats stats) {
    }

    /** One snapshot of the series. */
    public record Sample(String file, int index, Instant time, NumaTable counters) {
        /** "numastat-before.txt" or "numastat.txt #2" for a file of several runs. */
        public String label() {
            return index == 0 ? file : file + " #" + (index + 1);
        }
    }

    /**
     * Between two samples: the counter increase ({@code to - from}) as a table, the seconds between them
     * (NaN when unknown) and whether a counter went down (reboot or reset: rates are then NaN).
     */
    public record Interval(Sample from, Sample to, double seconds, NumaTable delta, boolean reset) {
        public double rate(String counter, int node) {
            if (reset || !(seconds > 0)) {
                return Double.NaN;
            }
            return delta.value(counter, node) / seconds;
        }

        /** The remote-allocation ratio of the allocations made in this interval. */
        public double remoteRatio(int node) {
            return RemoteAllocation.ratio(delta, node);
        }
    }

    private final NumaVariant variant;
    private final List<Sample> samples;
    private final boolean timed;

    private NumaSeries(NumaVariant variant, List<Sample> samples, boolean timed) {
        this.variant = variant;
        this.samples = List.copyOf(samples);
        this.timed = timed;
    }

    /** The series of the counter variant with the most snapshots (plain numastat wins a tie). */
    public static NumaSeries counters(List<Input> inputs) {
        Map<NumaVariant, Integer> count = new HashMap<>();
        for (Input in : inputs) {
            for (NumaSnapshot s : in.stats().snapshots()) {
                NumaTable c = s.counters();
                if (c != null) {
                    count.merge(c.variant(), 1, Integer::sum);
                }
            }
        }
        NumaVariant best = count.getOrDefault(NumaVariant.COUNTERS, 0) >= count.getOrDefault(NumaVariant.COUNTERS_MB, 0)
                ? NumaVariant.COUNTERS : NumaVariant.COUNTERS_MB;
        return of(inputs, best);
    }

    public static NumaSeries of(List<Input> inputs, NumaVariant variant) {
        List<Sample> out = new ArrayList<>();
        for (Input in : inputs) {
            List<NumaSnapshot> snaps = in.stats().snapshots();
            for (NumaSnapshot s : snaps) {
                NumaTable t = s.table(variant);
                if (t == null) {
                    continue;
                }
                Instant time = s.time();
                if (time == null && snaps.size() == 1) {
                    time = in.fileTime();
                }
                out.add(new Sample(in.file(), s.index(), time, t));
            }
        }
        boolean timed = !out.isEmpty() && out.stream().allMatch(s -> s.time() != null);
        Comparator<Sample> byName = Comparator.comparing(Sample::file, io.tunescope.analysis.SnapshotOrder.BY_WORDS)
                .thenComparingInt(Sample::index);
        out.sort(timed ? Comparator.comparing(Sample::time).thenComparing(byName) : byName);
        return new NumaSeries(variant, out, timed);
    }

    public NumaVariant variant() {
        return variant;
    }

    public List<Sample> samples() {
        return samples;
    }

    /** True when every sample has a time (so rates are known). */
    public boolean timed() {
        return timed;
    }

    public List<Interval> intervals() {
        List<Interval> out = new ArrayList<>();
        for (int i = 1; i < samples.size(); i++) {
            out.add(between(samples.get(i - 1), samples.get(i)));
        }
        return out;
    }

    /** The interval from the first to the last sample (the whole benchmark window), or null with fewer than 2. */
    public Interval overall() {
        return samples.size() < 2 ? null : between(samples.get(0), samples.get(samples.size() - 1));
    }

    public static Interval between(Sample a, Sample b) {
        NumaTable ta = a.counters();
        NumaTable tb = b.counters();
        List<Integer> nodes = new ArrayList<>(tb.nodes());
        for (int n : ta.nodes()) {
            if (!nodes.contains(n)) {
                nodes.add(n);
            }
        }
        boolean reset = false;
        List<NumaRow> rows = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (NumaRow r : tb.rows()) {
            labels.add(r.label());
        }
        for (NumaRow r : ta.rows()) {
            if (labels.stream().noneMatch(x -> x.equalsIgnoreCase(r.label()))) {
                labels.add(r.label());
            }
        }
        for (String label : labels) {
            List<Double> vals = new ArrayList<>();
            double total = 0;
            for (int n : nodes) {
                double d = tb.value(label, n) - ta.value(label, n);
                if (d < 0) {
                    reset = true;
                }
                vals.add(d);
                total += d;
            }
            rows.add(new NumaRow(label.toLowerCase(java.util.Locale.ROOT), vals, total, 0));
        }
        double secs = a.time() != null && b.time() != null
                ? Duration.between(a.time(), b.time()).toMillis() / 1000.0 : Double.NaN;
        NumaTable delta = new NumaTable(tb.variant(), "delta " + a.label() + " -> " + b.label(), -1, "", nodes, rows,
                tb.compact(), SourceRef.of(b.file(), 0));
        return new Interval(a, b, secs, delta, reset);
    }
}
