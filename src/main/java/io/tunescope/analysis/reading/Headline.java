package io.tunescope.analysis.reading;

import java.util.List;

/**
 * A step's headline figures: its main run, or the mean of its repeats with their spread.
 *
 * @param runs     the runs behind it (one main run, or the repeats)
 * @param threads  their thread count
 * @param durationS their length (the mean for repeats)
 * @param tps      TPS (mean of the repeats)
 * @param qps      QPS (mean)
 * @param p95Ms    latency at the printed percentile (mean)
 * @param percentile the percentile printed (e.g. 95)
 * @param tpsStd   standard deviation of the repeats' TPS, NaN for one run
 * @param noisePct the run's own noise in % of TPS: for repeats their relative standard error, for one run
 *                 the difference between the means of its two halves (NaN without interim reports)
 */
public record Headline(List<ReadRun> runs, int threads, double durationS, double tps, double qps, double p95Ms,
                       double percentile, double tpsStd, double noisePct) {
    public Headline {
        runs = List.copyOf(runs);
    }

    public ReadRun first() {
        return runs.get(0);
    }

    public boolean repeats() {
        return runs.size() > 1;
    }

    /** A workload name from the logs, or "". */
    public String test() {
        return first().test();
    }

    static Headline of(List<ReadRun> rs) {
        int n = rs.size();
        double tps = rs.stream().mapToDouble(ReadRun::tps).average().orElse(Double.NaN);
        double qps = rs.stream().mapToDouble(ReadRun::qps).filter(d -> !Double.isNaN(d)).average().orElse(Double.NaN);
        double p95 = rs.stream().mapToDouble(ReadRun::latPctMs).filter(d -> !Double.isNaN(d)).average().orElse(Double.NaN);
        double dur = rs.stream().mapToDouble(ReadRun::durationS).average().orElse(0);
        double std = Double.NaN;
        double noise;
        if (n > 1) {
            double ss = 0;
            for (ReadRun r : rs) {
                ss += (r.tps() - tps) * (r.tps() - tps);
            }
            std = Math.sqrt(ss / (n - 1));
            noise = std / Math.sqrt(n) / tps * 100;
        } else {
            noise = halvesDriftPct(rs.get(0));
        }
        return new Headline(rs, rs.get(0).threads(), dur, tps, qps, p95, rs.get(0).run().percentile(), std, noise);
    }

    /** |mean TPS of the first half - of the second half| / mean, in %, from the interim reports (NaN with fewer than 6). */
    static double halvesDriftPct(ReadRun r) {
        var iv = r.run().intervals().stream().mapToDouble(i -> i.tps()).filter(d -> !Double.isNaN(d)).toArray();
        if (iv.length < 6) {
            return Double.NaN;
        }
        int h = iv.length / 2;
        double a = 0;
        double b = 0;
        for (int i = 0; i < h; i++) {
            a += iv[i];
        }
        for (int i = h; i < iv.length; i++) {
            b += iv[i];
        }
        a /= h;
        b /= iv.length - h;
        double m = (a + b) / 2;
        return m == 0 ? Double.NaN : Math.abs(a - b) / m * 100;
    }
}
