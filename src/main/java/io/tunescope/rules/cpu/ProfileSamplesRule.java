package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.analysis.evidence.CpuHotspots;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Map;

/**
 * BUILD-PROFILE-SAMPLES: the CPU profile has too few samples for its shares to be read to the point: the top
 * function's share carries a 95 % sampling error of 1.96 x sqrt(p(1 - p) / n) (binomial), said in percentage
 * points, and a hotspot threshold of a few per cent is within it. The recommendation scales the recording by
 * the factor the capture's own count falls short by.
 */
public final class ProfileSamplesRule extends BaseRule {
    static final Setting MIN = Setting.heuristic("minSamples", "samples in the profile at least", 2000, "");

    public ProfileSamplesRule() {
        super("BUILD-PROFILE-SAMPLES", Topic.BUILD, "Too few samples in the CPU profile", List.of(Need.CPU_PROFILE), List.of("BGREGG-PERF"), MIN);
    }

    @Override
    protected void check(Run run) {
        CpuHotspots h = run.e.cpuHotspots().orElseThrow();
        long n = h.samples();
        // the top function the profile names: an unresolved [binary] bucket is not a function
        List<Map.Entry<String, Double>> top = h.top(20).stream().filter(e -> !CpuHotspots.unresolved(e.getKey())).limit(1).toList();
        if (n <= 0 || top.isEmpty()) {
            run.notApplicable(run.t("noSamples", h.file()));
            return;
        }
        double p = top.get(0).getValue();
        double error = 1.96 * Math.sqrt(p * (1 - p) / n) * 100;
        if (n >= run.get(MIN)) {
            run.pass(run.t("pass", Fmt.num(n), top.get(0).getKey(), Fmt.pct(p), Fmt.num(error)));
            return;
        }
        long factor = (long) Math.ceil(run.get(MIN) / n);
        run.finding(30, run.t("summary", h.file(), Fmt.num(n), top.get(0).getKey(), Fmt.pct(p), Fmt.num(error)))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.samples"), Fmt.num(n), SourceRef.of(h.file(), 0))
                .evidence(run.t("evidence.error", top.get(0).getKey()), run.t("evidence.errorValue", Fmt.pct(p), Fmt.num(error), Fmt.num(n)),
                        h.ref(top.get(0).getKey()))
                .threshold(MIN)
                .recommend(Recommendation.of(run.t("action", factor))
                        .text(run.t("derivation", Fmt.num(n), Fmt.num(run.get(MIN)), factor, h.event().isEmpty() ? "cpu-clock" : h.event()))
                        .effect(run.t("effect"), "BGREGG-PERF").risk(run.t("risk")).build())
                .add();
    }
}
