package io.tunescope.rules.concurrency;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.analysis.timeline.ThreadSweep;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;

/** CONC-P95-RISING-FLAT-TPS: doubling threads adds < 10 % TPS but > 50 % p95 latency (queueing). */
public final class LatencyRisingFlatTpsRule extends BaseRule {
    static final Setting TPS_GAIN = Setting.heuristic("maxTpsGain", "TPS(2N) / TPS(N) below", 1.10, "");
    static final Setting LAT_GROWTH = Setting.heuristic("minLatencyGrowth", "p95(2N) / p95(N) above", 1.5, "");

    public LatencyRisingFlatTpsRule() {
        super("CONC-P95-RISING-FLAT-TPS", Topic.CONCURRENCY, "Latency grows, throughput does not (queueing)", List.of(Need.BENCH),
                List.of("SEED-001", "HACKMYSQL-SCALE"), TPS_GAIN, LAT_GROWTH);
    }

    @Override
    protected void check(Run run) {
        ThreadSweep s = Sweep.of(run.e);
        List<ThreadSweep.Point> p = s.points();
        if (p.size() < 2) {
            run.notApplicable("needs sysbench runs at two or more thread counts");
            return;
        }
        ThreadSweep.Point a = null;
        ThreadSweep.Point b = null;
        ThreadSweep.Point lastGood = p.get(0);
        for (int i = 0; i + 1 < p.size(); i++) {
            ThreadSweep.Point x = p.get(i);
            ThreadSweep.Point y = p.get(i + 1);
            if (y.threads() < 2 * x.threads() || Double.isNaN(x.latPctMs()) || Double.isNaN(y.latPctMs())) {
                continue;
            }
            double tg = y.tps() / x.tps();
            double lg = y.latPctMs() / x.latPctMs();
            if (tg < run.get(TPS_GAIN) && lg > run.get(LAT_GROWTH)) {
                a = x;
                b = y;
                break;
            }
            lastGood = y;
        }
        if (a == null) {
            run.pass("no doubling step with flat TPS and growing latency");
            return;
        }
        String pct = Fmt.num(a.percentile() > 0 ? a.percentile() : 95);
        double tg = b.tps() / a.tps() - 1;
        double lg = b.latPctMs() / a.latPctMs() - 1;
        var f = run.finding(scale(lg, run.get(LAT_GROWTH) - 1, 2, 50, 75), "From " + a.threads() + " to " + b.threads() + " threads TPS "
                        + (tg >= 0 ? "gains only " : "changes by ") + Fmt.pct(tg) + " while p" + pct + " latency grows " + Fmt.pct(lg) + " ("
                        + Fmt.num2(a.latPctMs()) + " -> " + Fmt.num2(b.latPctMs()) + " ms): the extra threads only queue.")
                .explain("When a resource is saturated, added clients wait in its queue: latency rises with concurrency while "
                        + "throughput stays flat (Little's law for closed-loop sysbench: average latency ~ threads / TPS). The last "
                        + "step where throughput still grew is the recommended concurrency.")
                .evidence(a.threads() + " threads", Fmt.num(a.tps()) + " TPS, p" + pct + " " + Fmt.num2(a.latPctMs()) + " ms", a.ref())
                .evidence(b.threads() + " threads", Fmt.num(b.tps()) + " TPS, p" + pct + " " + Fmt.num2(b.latPctMs()) + " ms", b.ref())
                .threshold(TPS_GAIN).threshold(LAT_GROWTH);
        f.recommend(Recommendation.of("Run at " + lastGood.threads() + " threads or fewer, and find the saturated resource")
                .text("# CPU >= 85 % -> CPU-* rules; a device at its limit -> IO-* rules; neither -> software contention")
                .effect("Seed 001 64-vCPU VM, 128 -> 256 threads: TPS +4.3 %, p95 +74.8 %.", "SEED-001")
                .risk("None.").build());
        f.add();
    }
}
