package io.tunescope.rules.concurrency;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.analysis.timeline.ThreadSweep;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.cpu.HostSaturatedRule;
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
        dependsOn(HostSaturatedRule.ID, io.tunescope.rules.cpu.CgroupThrottledRule.ID);
    }

    @Override
    protected void check(Run run) {
        ThreadSweep s = Sweep.of(run.e);
        List<ThreadSweep.Point> p = s.points();
        if (p.size() < 2) {
            run.notApplicable(run.t("needsSweep"));
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
            run.pass(run.t("pass"));
            return;
        }
        String pct = Fmt.num(a.percentile() > 0 ? a.percentile() : 95);
        double tg = b.tps() / a.tps() - 1;
        double lg = b.latPctMs() / a.latPctMs() - 1;
        var f = run.finding(scale(lg, run.get(LAT_GROWTH) - 1, 4, 40, 80), tg >= 0
                        ? run.t("summary", a.threads(), b.threads(), Fmt.pct(tg), pct, Fmt.pct(lg), Fmt.num2(a.latPctMs()), Fmt.num2(b.latPctMs()))
                        : run.t("summary.change", a.threads(), b.threads(), Fmt.pct(tg), pct, Fmt.pct(lg), Fmt.num2(a.latPctMs()),
                                Fmt.num2(b.latPctMs())))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.threads", a.threads()), Fmt.num(a.tps()) + " TPS, p" + pct + " " + Fmt.num2(a.latPctMs()) + " ms", a.ref())
                .evidence(run.t("evidence.threads", b.threads()), Fmt.num(b.tps()) + " TPS, p" + pct + " " + Fmt.num2(b.latPctMs()) + " ms", b.ref())
                .threshold(TPS_GAIN).threshold(LAT_GROWTH);
        f.recommend(Recommendation.of(run.t("action", lastGood.threads()))
                .text(run.t("text.route"))
                .effect(run.t("effect"), "SEED-001")
                .risk(run.t("risk")).build());
        io.tunescope.rules.cpu.CgroupThrottledRule.cpuCause(run, () -> run.t("saturated")).ifPresent(cause -> f.explainedBy(cause.finding(), cause.sentence()));
        f.add();
    }
}
