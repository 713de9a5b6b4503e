package io.tunescope.analysis.timeline;

import io.tunescope.analysis.ChartText;

import io.tunescope.model.series.TimeSeries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Finds saturation and anomaly markers on a {@link Timeline}. Pure functions. */
public final class AnomalyDetector {

    /**
     * Thresholds.
     *
     * @param utilPct        device %util at or above which a device counts as saturated
     * @param iowaitPct      CPU iowait at or above which a marker is set
     * @param dipFraction    a throughput sample at most (1 - dipFraction) x the moving median is a dip
     * @param window         samples in the moving median (the ones before the sample)
     * @param errorFactor    err/s at least this times the moving median (or above 0 when the median is 0)
     * @param minErrorRate   err/s below this never counts as a burst (1/s: an isolated error in a 2 s
     *                       interval, 0.5/s, is not a burst)
     */
    public record Thresholds(double utilPct, double iowaitPct, double dipFraction, int window, double errorFactor,
                             double minErrorRate) {
        public static Thresholds defaults() {
            return new Thresholds(90, 20, 0.30, 10, 3, 1.0);
        }
    }

    private AnomalyDetector() {
    }

    public static List<Anomaly> detect(Timeline t) {
        return detect(t, Thresholds.defaults());
    }

    public static List<Anomaly> detect(Timeline t, Thresholds th) {
        return detect(t, th, Locale.ROOT);
    }

    /** The markers with their messages in the locale's language ({@link ChartText}). */
    public static List<Anomaly> detect(Timeline t, Locale locale) {
        return detect(t, Thresholds.defaults(), locale);
    }

    public static List<Anomaly> detect(Timeline t, Thresholds th, Locale locale) {
        ChartText w = ChartText.of(locale);
        List<Anomaly> out = new ArrayList<>();
        out.addAll(saturation(t, th, w));
        out.addAll(iowait(t, th, w));
        for (Track tr : t.find("sysbench", "tps")) {
            out.addAll(dips(tr.series(), th, w));
        }
        for (Track tr : t.find("sysbench", "err/s")) {
            out.addAll(errorBursts(tr.series(), th, w));
        }
        out.sort(Comparator.comparingLong(Anomaly::start).thenComparing(a -> a.kind().ordinal()));
        return out;
    }

    /** Device %util >= threshold while await or queue size rises (vs the previous sample). */
    static List<Anomaly> saturation(Timeline t, Thresholds th, ChartText w) {
        List<Anomaly> out = new ArrayList<>();
        for (Track ut : t.named("util")) {
            TimeSeries util = ut.series();
            String dev = util.metric().entity();
            TimeSeries await = sibling(t, ut, "await");
            TimeSeries queue = sibling(t, ut, "aqu-sz");
            boolean[] flag = new boolean[util.size()];
            for (int i = 0; i < util.size(); i++) {
                if (util.value(i) < th.utilPct()) {
                    continue;
                }
                flag[i] = rising(await, util.time(i)) || rising(queue, util.time(i));
            }
            for (int[] span : spans(flag)) {
                int peak = argMax(util, span[0], span[1]);
                out.add(new Anomaly(Anomaly.Kind.DEVICE_SATURATED, util.time(span[0]), util.time(span[1]), dev,
                        util.value(peak), w.t("anomaly.saturated", "{0} at {1}% util with rising await/queue ({2} samples)",
                        dev, String.format(Locale.ROOT, "%.0f", util.value(peak)), span[1] - span[0] + 1), util.ref(peak),
                        util.medianSpacingMs()));
            }
        }
        return out;
    }

    private static TimeSeries sibling(Timeline t, Track of, String name) {
        for (Track x : t.tracks()) {
            TimeSeries s = x.series();
            if (s.metric().name().equals(name) && s.metric().entity().equals(of.series().metric().entity())
                    && s.file().equals(of.series().file())) {
                return s;
            }
        }
        return null;
    }

    /** True when the sample at time {@code at} is above the one before it, or above 1.2 x the median of the window before. */
    private static boolean rising(TimeSeries s, long at) {
        if (s == null) {
            return false;
        }
        int i = indexAt(s, at);
        if (i <= 0) {
            return false;
        }
        if (s.value(i) > s.value(i - 1)) {
            return true;
        }
        double med = median(s, Math.max(0, i - 5), i - 1);
        return !Double.isNaN(med) && s.value(i) > med * 1.2;
    }

    private static int indexAt(TimeSeries s, long at) {
        for (int i = 0; i < s.size(); i++) {
            if (s.time(i) == at) {
                return i;
            }
        }
        return -1;
    }

    /** CPU iowait at or above the threshold, from mpstat (all), else iostat avg-cpu, else sadf, else sar, else vmstat wa. */
    static List<Anomaly> iowait(Timeline t, Thresholds th, ChartText w) {
        TimeSeries s = null;
        for (String src : List.of("mpstat", "iostat", "sadf", "sar")) {
            for (Track tr : t.find(src, "iowait")) {
                if (tr.series().metric().entity().equals("all")) {
                    s = tr.series();
                    break;
                }
            }
            if (s != null) {
                break;
            }
        }
        if (s == null) {
            List<Track> wa = t.find("vmstat", "wa");
            s = wa.isEmpty() ? null : wa.get(0).series();
        }
        List<Anomaly> out = new ArrayList<>();
        if (s == null) {
            return out;
        }
        boolean[] flag = new boolean[s.size()];
        for (int i = 0; i < s.size(); i++) {
            flag[i] = s.value(i) >= th.iowaitPct();
        }
        for (int[] span : spans(flag)) {
            int peak = argMax(s, span[0], span[1]);
            out.add(new Anomaly(Anomaly.Kind.CPU_IOWAIT, s.time(span[0]), s.time(span[1]), "cpu",
                    s.value(peak), w.t("anomaly.iowait", "CPU iowait up to {0}% ({1})", String.format(Locale.ROOT, "%.1f", s.value(peak)),
                            s.metric().source()),
                    s.ref(peak), s.medianSpacingMs()));
        }
        return out;
    }

    /**
     * Throughput samples at least {@code dipFraction} below the median of the {@code window} samples before them;
     * once a dip has begun, below the median before the dip (so a stall longer than half the window stays one dip).
     */
    public static List<Anomaly> dips(TimeSeries tps, Thresholds th) {
        return dips(tps, th, ChartText.ENGLISH);
    }

    static List<Anomaly> dips(TimeSeries tps, Thresholds th, ChartText w) {
        boolean[] flag = new boolean[tps.size()];
        double frozen = Double.NaN;
        for (int i = 1; i < tps.size(); i++) {
            // inside a dip the reference stays the median before it: a long stall does not become its own normal
            double med = flag[i - 1] ? frozen : median(tps, Math.max(0, i - th.window()), i - 1);
            double v = tps.value(i);
            flag[i] = !Double.isNaN(med) && !Double.isNaN(v) && med > 0 && v <= med * (1 - th.dipFraction());
            if (flag[i] && !flag[i - 1]) {
                frozen = med;
            }
        }
        List<Anomaly> out = new ArrayList<>();
        for (int[] span : spans(flag)) {
            int low = argMin(tps, span[0], span[1]);
            double med = median(tps, Math.max(0, span[0] - th.window()), span[0] - 1);
            out.add(new Anomaly(Anomaly.Kind.THROUGHPUT_DIP, tps.time(span[0]), tps.time(span[1]), runName(tps),
                    tps.value(low), w.t("anomaly.dip", "throughput dip to {0} tps ({1}% below the moving median {2})",
                    String.format(Locale.ROOT, "%.1f", tps.value(low)), String.format(Locale.ROOT, "%.0f", 100 * (1 - tps.value(low) / med)),
                    String.format(Locale.ROOT, "%.1f", med)), tps.ref(low), tps.medianSpacingMs()));
        }
        return out;
    }

    /**
     * The worst of the throughput dips the timeline marks on this series ({@link #dips}): the one reaching the
     * lowest throughput, the longer one on a tie. The same span as the marker, so a rule and the timeline
     * speak of the same seconds.
     */
    public static java.util.Optional<Anomaly> worstDip(TimeSeries tps, Thresholds th) {
        Anomaly worst = null;
        for (Anomaly a : dips(tps, th, ChartText.ENGLISH)) {
            if (worst == null || a.peak() < worst.peak() || (a.peak() == worst.peak() && a.end() - a.start() > worst.end() - worst.start())) {
                worst = a;
            }
        }
        return java.util.Optional.ofNullable(worst);
    }

    /** The moving median a dip whose first sample is {@code first} is measured against: the window of samples before it. */
    public static double baselineBefore(TimeSeries tps, int first, Thresholds th) {
        return median(tps, Math.max(0, first - th.window()), first - 1);
    }

    /** Error rates above {@code errorFactor} x the moving median (or above 0 when the median is 0). */
    public static List<Anomaly> errorBursts(TimeSeries err, Thresholds th) {
        return errorBursts(err, th, ChartText.ENGLISH);
    }

    static List<Anomaly> errorBursts(TimeSeries err, Thresholds th, ChartText w) {
        boolean[] flag = new boolean[err.size()];
        // the first interval has no history to compare with
        for (int i = 1; i < err.size(); i++) {
            double v = err.value(i);
            if (Double.isNaN(v) || v < th.minErrorRate()) {
                continue;
            }
            double med = median(err, Math.max(0, i - th.window()), i - 1);
            flag[i] = Double.isNaN(med) || med <= 0 ? true : v >= med * th.errorFactor();
        }
        List<Anomaly> out = new ArrayList<>();
        for (int[] span : spans(flag)) {
            int peak = argMax(err, span[0], span[1]);
            out.add(new Anomaly(Anomaly.Kind.ERROR_BURST, err.time(span[0]), err.time(span[1]), runName(err),
                    err.value(peak), w.t("anomaly.errors", "error burst up to {0} err/s", String.format(Locale.ROOT, "%.2f", err.value(peak))),
                    err.ref(peak), err.medianSpacingMs()));
        }
        return out;
    }

    private static String runName(TimeSeries s) {
        return s.metric().entity().isEmpty() ? s.file() : s.file() + " " + s.metric().entity();
    }

    /** Median of samples a..b inclusive (NaN when empty). */
    static double median(TimeSeries s, int a, int b) {
        if (b < a) {
            return Double.NaN;
        }
        double[] v = new double[b - a + 1];
        int n = 0;
        for (int i = a; i <= b; i++) {
            if (!Double.isNaN(s.value(i))) {
                v[n++] = s.value(i);
            }
        }
        if (n == 0) {
            return Double.NaN;
        }
        Arrays.sort(v, 0, n);
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** Runs of consecutive true flags as [first, last] index pairs. */
    static List<int[]> spans(boolean[] flag) {
        List<int[]> out = new ArrayList<>();
        int i = 0;
        while (i < flag.length) {
            if (!flag[i]) {
                i++;
                continue;
            }
            int j = i;
            while (j + 1 < flag.length && flag[j + 1]) {
                j++;
            }
            out.add(new int[] {i, j});
            i = j + 1;
        }
        return out;
    }

    private static int argMax(TimeSeries s, int a, int b) {
        int best = a;
        for (int i = a; i <= b; i++) {
            if (s.value(i) > s.value(best)) {
                best = i;
            }
        }
        return best;
    }

    private static int argMin(TimeSeries s, int a, int b) {
        int best = a;
        for (int i = a; i <= b; i++) {
            if (s.value(i) < s.value(best)) {
                best = i;
            }
        }
        return best;
    }
}
