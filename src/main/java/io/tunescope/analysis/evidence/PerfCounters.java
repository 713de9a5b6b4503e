package io.tunescope.analysis.evidence;

import io.tunescope.model.capture.Loaded;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.perfstat.PerfEvents;
import io.tunescope.model.perfstat.PerfStat;
import io.tunescope.model.series.TimeSeries;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One {@code perf stat} output of a step as the rules read it: what it counted (the server's process or the whole
 * host), which hardware events it has, and ratios of two events computed like for like: from the same run, and for
 * interval output only over the intervals where both were counted.
 */
public final class PerfCounters {
    private final Loaded<PerfStat> loaded;
    private final boolean arm;

    private PerfCounters(Loaded<PerfStat> loaded, boolean arm) {
        this.loaded = loaded;
        this.arm = arm;
    }

    /** The outputs, those that counted one process ({@code -p PID} or a server command) first. */
    public static List<PerfCounters> of(List<Loaded<PerfStat>> files, boolean arm64) {
        List<PerfCounters> out = new ArrayList<>();
        for (Loaded<PerfStat> l : files) {
            boolean arm = arm64 || l.value().counters().stream().anyMatch(c -> PerfEvents.armPmu(c.event()));
            out.add(new PerfCounters(l, arm));
        }
        out.sort(Comparator.comparingInt(p -> p.process() ? 0 : 1));
        return out;
    }

    public String file() {
        return loaded.file().path();
    }

    public PerfStat stat() {
        return loaded.value();
    }

    public SourceRef ref(int line) {
        return loaded.ref(line);
    }

    /** True when perf counted one process or command rather than the whole host. */
    public boolean process() {
        String t = stat().target().toLowerCase(Locale.ROOT);
        return t.startsWith("process id") || t.startsWith("thread id") || t.contains("mysqld") || t.contains("mariadbd");
    }

    /** True when perf counted every CPU ({@code -a}: "system wide", or a CPU list). */
    public boolean systemWide() {
        String t = stat().target().toLowerCase(Locale.ROOT);
        return t.equals("system wide") || t.startsWith("cpu");
    }

    /** What was counted, in perf's words ({@code process id '2871'}, {@code system wide}); "" when perf did not say (CSV). */
    public String target() {
        return stat().target();
    }

    /** The counters of hardware events (every event that is not one of perf's software events). */
    public List<PerfStat.Counter> hardware() {
        return stat().totals().stream().filter(c -> !PerfEvents.software(c.event())).toList();
    }

    /** True when at least one hardware event was counted. */
    public boolean hasHardwareCounts() {
        return hardware().stream().anyMatch(PerfStat.Counter::counted);
    }

    /** The first counter of a canonical event, or empty. */
    public Optional<PerfStat.Counter> counter(String canonical) {
        return Optional.ofNullable(stat().total(canonical, arm));
    }

    /**
     * CPUs the target kept busy: task-clock (or cpu-clock) msec over elapsed msec, or NaN when the output gives no elapsed
     * time (interval and CSV output: then over the intervals' span).
     */
    public double cpusUtilized() {
        PerfStat.Counter clock = counter("task-clock").filter(PerfStat.Counter::counted)
                .or(() -> counter("cpu-clock").filter(PerfStat.Counter::counted)).orElse(null);
        if (clock == null) {
            return Double.NaN;
        }
        double elapsedMs = stat().elapsedS() * 1000;
        if (Double.isNaN(elapsedMs) && stat().series() != null) {
            elapsedMs = stat().series().end();
        }
        return Double.isNaN(elapsedMs) || elapsedMs <= 0 ? Double.NaN : clock.value() / elapsedMs;
    }

    /**
     * numerator / denominator of two events of the same output.
     *
     * @param num          the numerator's count (summed over the paired intervals for interval output)
     * @param den          the denominator's count
     * @param running      the smaller multiplexing share of the two (perf scaled the counts from that share of the
     *                     time), NaN when neither was multiplexed
     * @param intervals    interval output: the intervals where both were counted (0 for plain output)
     * @param skipped      interval output: intervals left out because one of the two was not counted
     */
    public record Ratio(double value, PerfStat.Counter numerator, PerfStat.Counter denominator, double num, double den,
                        double running, int intervals, int skipped) {
        public boolean multiplexed() {
            return !Double.isNaN(running) && running < 99.995;
        }
    }

    /** The ratio of two canonical events, when both were counted; empty otherwise. */
    public Optional<Ratio> ratio(String numerator, String denominator) {
        PerfStat.Counter n = stat().total(numerator, arm);
        PerfStat.Counter d = stat().total(denominator, arm);
        if (n == null || d == null || !n.counted() || !d.counted()) {
            return Optional.empty();
        }
        double running = minPct(n.runningPercent(), d.runningPercent());
        if (stat().series() != null && !stat().perEntity()) {
            TimeSeries ns = stat().series().of("", n.event());
            TimeSeries ds = stat().series().of("", d.event());
            if (ns == null || ds == null) {
                return Optional.empty();
            }
            double a = 0;
            double b = 0;
            int paired = 0;
            int j = 0;
            for (int i = 0; i < ns.size(); i++) {
                while (j < ds.size() && ds.time(j) < ns.time(i)) {
                    j++;
                }
                if (j < ds.size() && ds.time(j) == ns.time(i)) {
                    a += ns.value(i);
                    b += ds.value(j);
                    paired++;
                }
            }
            int all = stat().intervals();
            if (paired == 0 || b <= 0) {
                return Optional.empty();
            }
            return Optional.of(new Ratio(a / b, n, d, a, b, running, paired, all - paired));
        }
        if (d.value() <= 0) {
            return Optional.empty();
        }
        return Optional.of(new Ratio(n.value() / d.value(), n, d, n.value(), d.value(), running, 0, 0));
    }

    private static double minPct(double a, double b) {
        if (Double.isNaN(a)) {
            return b;
        }
        return Double.isNaN(b) ? a : Math.min(a, b);
    }

    /** True when the events are read with ARM PMUv3 numbering (an arm64 host, or armv8 PMU names in the file). */
    public boolean arm() {
        return arm;
    }
}
