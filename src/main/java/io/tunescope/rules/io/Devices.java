package io.tunescope.rules.io;

import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;

import java.util.ArrayList;
import java.util.List;

/** Per-device iostat figures of a step. */
final class Devices {
    private Devices() {
    }

    /** One device: its series (null when the iostat version did not print them). */
    record Device(String name, TimeSeries util, TimeSeries rAwait, TimeSeries wAwait, TimeSeries await, TimeSeries queue) {
        boolean nvme() {
            return name.startsWith("nvme");
        }

        /** Fraction of intervals with %util at or above the limit. */
        double busyFraction(double limit) {
            if (util == null || util.isEmpty()) {
                return 0;
            }
            int n = 0;
            for (int i = 0; i < util.size(); i++) {
                if (util.value(i) >= limit) {
                    n++;
                }
            }
            return (double) n / util.size();
        }

        /** Mean of the larger of r_await/w_await (or await) per interval. */
        double meanAwait() {
            TimeSeries a = rAwait != null ? rAwait : await;
            TimeSeries b = wAwait;
            if (a == null && b == null) {
                return Double.NaN;
            }
            int n = Math.max(a == null ? 0 : a.size(), b == null ? 0 : b.size());
            double s = 0;
            for (int i = 0; i < n; i++) {
                double x = a != null && i < a.size() ? a.value(i) : 0;
                double y = b != null && i < b.size() ? b.value(i) : 0;
                s += Math.max(x, y);
            }
            return n == 0 ? Double.NaN : s / n;
        }

        double meanQueue() {
            return queue == null || queue.isEmpty() ? Double.NaN : queue.mean();
        }

        TimeSeries anySeries() {
            return util != null ? util : rAwait != null ? rAwait : wAwait != null ? wAwait : await;
        }
    }

    static List<Device> of(Evidence e) {
        List<Device> out = new ArrayList<>();
        for (SeriesSet s : e.deviceSeries()) {
            for (String dev : s.entities()) {
                Device d = new Device(dev, s.of(dev, "util"), s.of(dev, "r_await"), s.of(dev, "w_await"), s.of(dev, "await"),
                        s.of(dev, "aqu-sz"));
                if (d.anySeries() != null && !d.anySeries().isEmpty()) {
                    out.add(d);
                }
            }
        }
        return out;
    }
}
