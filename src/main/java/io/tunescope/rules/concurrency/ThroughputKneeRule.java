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

/** CONC-THROUGHPUT-KNEE: TPS at 2N threads below 0.97 x TPS at N: retrograde throughput past the knee. */
public final class ThroughputKneeRule extends BaseRule {
    static final Setting FALL = Setting.heuristic("fallRatio", "TPS(2N) / TPS(N) below", 0.97, "");
    static final Setting MIN_POINTS = Setting.heuristic("minThreadCounts", "thread counts needed", 3, "");

    public ThroughputKneeRule() {
        super("CONC-THROUGHPUT-KNEE", Topic.CONCURRENCY, "Throughput falls when threads double", List.of(Need.BENCH),
                List.of("SEED-001", "PERCONA-USL", "HACKMYSQL-SCALE"), FALL, MIN_POINTS);
        dependsOn(HostSaturatedRule.ID, io.tunescope.rules.cpu.CgroupThrottledRule.ID);
    }

    @Override
    protected void check(Run run) {
        ThreadSweep s = Sweep.of(run.e);
        if (s.points().size() < run.get(MIN_POINTS)) {
            run.notApplicable(run.t("needsSweep", Fmt.num(run.get(MIN_POINTS)), s.points().size()));
            return;
        }
        ThreadSweep.Point peak = s.peak();
        ThreadSweep.Point from = null;
        ThreadSweep.Point to = null;
        List<ThreadSweep.Point> p = s.points();
        for (int i = 0; i < p.size() && to == null; i++) {
            for (int j = i + 1; j < p.size(); j++) {
                if (p.get(j).threads() >= 2 * p.get(i).threads()) {
                    if (p.get(j).tps() < run.get(FALL) * p.get(i).tps()) {
                        from = p.get(i);
                        to = p.get(j);
                    }
                    break;
                }
            }
        }
        if (to == null) {
            run.pass(run.t("pass", Fmt.num(peak.tps()), peak.threads()));
            return;
        }
        double loss = 1 - to.tps() / from.tps();
        var f = run.finding(scale(loss, 1 - run.get(FALL), 0.35, 45, 85), run.t("summary", peak.threads(), Fmt.num(peak.tps()),
                        Fmt.pct(loss), from.threads(), to.threads()))
                .explain(run.t("explanation"))
                .threshold(FALL).threshold(MIN_POINTS);
        for (ThreadSweep.Point pt : p) {
            f.evidence(run.t("evidence.threads", pt.threads()), Fmt.num(pt.tps()) + " TPS", pt.ref());
        }
        f.recommend(Recommendation.of(run.t("action"))
                .text(run.t("text.pool", peak.threads()), run.t("text.threadPool"))
                .effect(run.t("effect"), "SEED-001")
                .risk(run.t("risk")).build());
        int cpus = run.e.logicalCpus().orElse(0);
        io.tunescope.rules.cpu.CgroupThrottledRule.cpuCause(run, () -> cpus > 0 && peak.threads() <= 2 * cpus
                ? run.t("saturated.cpus", cpus) : run.t("saturated")).ifPresent(cause -> f.explainedBy(cause.finding(), cause.sentence()));
        f.add();
    }
}
