package io.tunescope.analysis.timeline;

import io.tunescope.model.series.TimeSeries;
import java.util.ArrayList;
import java.util.List;

/**
 * One benchmark run with the system's state during it: the run summary table row.
 *
 * @param cpuBusyPct     mean CPU busy (100 - idle) over the run, NaN without CPU data
 * @param iowaitPct      mean CPU iowait over the run, NaN without CPU data
 * @param busiestDevice  the device with the highest mean %util over the run, "" without disk data
 * @param deviceUtilPct  its mean %util
 * @param deviceMaxUtilPct its max %util
 * @param deviceAwaitMs  its mean await over the run, NaN when absent
 */
public record RunSummary(String step, String file, int run, int threads, double tps, double qps, double latPctMs,
                         double percentile, long errors, double cpuBusyPct, double iowaitPct, String busiestDevice,
                         double deviceUtilPct, double deviceMaxUtilPct, double deviceAwaitMs, Alignment alignment) {

    /** One row per run of the timeline, with CPU and disk taken from the samples inside the run's window. */
    public static List<RunSummary> of(Timeline t) {
        List<RunSummary> out = new ArrayList<>();
        for (RunWindow w : t.runs()) {
            var r = w.run();
            var s = r.summary();
            double qps = s != null && !Double.isNaN(s.qps()) ? s.qps()
                    : r.intervals().stream().mapToDouble(i -> i.qps()).filter(d -> !Double.isNaN(d)).average().orElse(Double.NaN);
            long errors = s == null ? -1 : s.errors();
            double idle = meanIn(cpuSeries(t, w.step(), "idle"), w);
            double busy = Double.isNaN(idle) ? Double.NaN : 100 - idle;
            double iowait = meanIn(cpuSeries(t, w.step(), "iowait"), w);
            if (Double.isNaN(busy)) {
                TimeSeries vid = first(t.find("vmstat", "id"), w.step());
                double v = meanIn(vid, w);
                busy = Double.isNaN(v) ? Double.NaN : 100 - v;
                if (Double.isNaN(iowait)) {
                    iowait = meanIn(first(t.find("vmstat", "wa"), w.step()), w);
                }
            }
            String dev = "";
            double devUtil = Double.NaN;
            double devMax = Double.NaN;
            double devAwait = Double.NaN;
            for (Track tr : t.named("util")) {
                if (!tr.step().equals(w.step()) || tr.series().metric().entity().equals("all")) {
                    continue;
                }
                double m = meanIn(tr.series(), w);
                if (!Double.isNaN(m) && (Double.isNaN(devUtil) || m > devUtil)) {
                    devUtil = m;
                    dev = tr.series().metric().entity();
                    devMax = tr.series().window(w.start(), w.end()).max();
                    TimeSeries aw = null;
                    for (Track a : t.named("await")) {
                        if (a.series().file().equals(tr.series().file()) && a.series().metric().entity().equals(dev)) {
                            aw = a.series();
                        }
                    }
                    devAwait = meanIn(aw, w);
                }
            }
            out.add(new RunSummary(w.step(), r.file(), r.index(), r.threads(), r.tps(), qps, r.latencyPctMs(),
                    r.percentile(), errors, busy, iowait, dev, devUtil, devMax, devAwait, w.alignment()));
        }
        return out;
    }

    private static TimeSeries cpuSeries(Timeline t, String step, String name) {
        for (String src : List.of("mpstat", "iostat", "sadf", "sar")) {
            for (Track tr : t.find(src, name)) {
                if (tr.step().equals(step) && tr.series().metric().entity().equals("all")) {
                    return tr.series();
                }
            }
        }
        return null;
    }

    private static TimeSeries first(List<Track> ts, String step) {
        for (Track t : ts) {
            if (t.step().equals(step)) {
                return t.series();
            }
        }
        return null;
    }

    static double meanIn(TimeSeries s, RunWindow w) {
        if (s == null) {
            return Double.NaN;
        }
        return s.window(w.start(), w.end()).mean();
    }
}
