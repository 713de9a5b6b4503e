package io.tunescope.rules.concurrency;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.bench.BenchSummary;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * CONC-BENCH-INCONSISTENT: numbers of a sysbench summary that cannot all be true: Little's law (closed
 * loop: average latency ~ threads / TPS) off by more than 10 %, p95 below the average, or a QPS/TPS ratio
 * that the named test cannot produce with its default options.
 */
public final class BenchInconsistentRule extends BaseRule {
    static final Setting LITTLE = Setting.heuristic("littleTolerancePercent", "Little's law deviation above", 10, "%");
    static final Setting RATIO = Setting.source("ratioTolerance", "QPS/TPS off the test's default by more than", 0.5, "", "SYSBENCH-OLTP");

    public BenchInconsistentRule() {
        super("CONC-BENCH-INCONSISTENT", Topic.CONCURRENCY, "Benchmark numbers that cannot all be true", List.of(Need.BENCH),
                List.of("SYSBENCH-OLTP", "SEED-000", "SEED-001"), LITTLE, RATIO);
    }

    private static double expectedRatio(String test) {
        String t = test.toLowerCase(Locale.ROOT);
        if (t.contains("read_write")) {
            return 20;
        }
        if (t.contains("read_only")) {
            return 16;
        }
        if (t.contains("write_only")) {
            return 6;
        }
        return Double.NaN;
    }

    @Override
    protected void check(Run run) {
        List<String> problems = new ArrayList<>();
        boolean little = false;
        boolean mix = false;
        List<Object[]> ev = new ArrayList<>();
        int checked = 0;
        for (BenchRun r : run.e.benchRuns()) {
            BenchSummary s = r.summary();
            if (s == null || Double.isNaN(s.tps()) || s.tps() <= 0 || r.threads() <= 0) {
                continue;
            }
            checked++;
            SourceRef ref = SourceRef.of(r.file(), s.line());
            // Little's law with the thread count holds only in a closed loop: a --rate client leaves threads idle between arrivals
            if (!r.rateLimited() && !Double.isNaN(s.latAvgMs()) && r.reportIntervalS() >= 0) {
                double implied = r.threads() / s.tps() * 1000;
                double dev = Math.abs(s.latAvgMs() - implied) / implied;
                if (dev * 100 > run.get(LITTLE)) {
                    little = true;
                    problems.add(run.t("problem.little", r.threads(), Fmt.num2(s.latAvgMs()), Fmt.num2(implied)));
                    ev.add(new Object[] {run.t("evidence.little", r.threads()), run.t("evidence.little.value", Fmt.num2(s.latAvgMs()),
                            Fmt.num2(implied)), ref});
                }
            }
            if (!Double.isNaN(s.latPctMs()) && !Double.isNaN(s.latAvgMs()) && s.latPctMs() < s.latAvgMs()) {
                problems.add(run.t("problem.percentile", r.threads(), Fmt.num(s.percentile())));
                ev.add(new Object[] {run.t("evidence.percentile", r.threads()), run.t("evidence.percentile.value", Fmt.num(s.percentile()),
                        Fmt.num2(s.latPctMs()), Fmt.num2(s.latAvgMs())), ref});
            }
            double want = expectedRatio(r.test());
            if (!Double.isNaN(want) && !Double.isNaN(s.qps()) && s.qps() > 0) {
                double ratio = s.qps() / s.tps();
                if (Math.abs(ratio - want) > run.get(RATIO)) {
                    mix = true;
                    problems.add(run.t("problem.ratio", r.threads(), Fmt.num2(ratio), r.test(), Fmt.num(want)));
                    ev.add(new Object[] {run.t("evidence.ratio", r.threads()), Fmt.num2(ratio), ref});
                }
            }
        }
        if (checked == 0) {
            run.notApplicable(run.t("noSummary"));
            return;
        }
        if (problems.isEmpty()) {
            run.pass(run.t("pass", checked));
            return;
        }
        var f = run.finding(60, problems.size() > 1 ? run.t("summary.more", problems.get(0), problems.size() - 1)
                        : run.t("summary", problems.get(0)))
                .explain(run.t("explanation", String.join(run.t("separator"), problems)));
        if (little) {
            f.threshold(LITTLE);
        }
        if (mix) {
            f.threshold(RATIO);
        }
        for (Object[] o : ev) {
            f.evidence((String) o[0], (String) o[1], (SourceRef) o[2]);
        }
        f.recommend(Recommendation.of(run.t("action"))
                .text(run.t("text.command"))
                .effect(run.t("effect"), "SEED-000").risk(run.t("risk")).build());
        f.add();
    }
}
