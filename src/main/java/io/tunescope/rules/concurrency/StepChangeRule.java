package io.tunescope.rules.concurrency;

import io.tunescope.analysis.config.ConfigDiff;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.analysis.reading.CaptureReading;
import io.tunescope.analysis.reading.Comparison;
import io.tunescope.analysis.reading.Headline;
import io.tunescope.analysis.reading.ReadRun;
import io.tunescope.analysis.reading.StepReading;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.cpu.HostSaturatedRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * CONC-STEP-CHANGE: what the step's change did to throughput, from the capture's one reading: the step's
 * main run (or the mean of its repeats) against the previous comparable step's at the same thread count,
 * or two sweeps point by point; significant or within noise, with the configuration changes between them.
 * The same numbers as {@code tunescope steps}, the Tuning steps table and the PDF summary.
 */
public final class StepChangeRule extends BaseRule {
    public StepChangeRule() {
        super("CONC-STEP-CHANGE", Topic.CONCURRENCY, "Throughput change against the previous step", List.of(Need.BENCH),
                List.of("SYSBENCH"));
        dependsOn(HostSaturatedRule.ID, io.tunescope.rules.cpu.CgroupThrottledRule.ID);
    }

    @Override
    protected void check(Run run) {
        StepReading s = run.e.stepReading();
        Comparison c = s == null ? null : s.vsPrevious();
        if (c == null) {
            run.notApplicable(run.t("first"));
            return;
        }
        if (!c.comparable()) {
            run.notApplicable(run.t("notComparable", c.against()));
            return;
        }
        Headline rateA = c.before();
        Headline rateB = c.after();
        if (rateA != null && rateB != null && rateA.first().run().rateLimited() && rateB.first().run().rateLimited()) {
            // both clients sent a fixed rate: throughput is what the client asked for, not what the server could do
            run.notApplicable(run.t("rateLimited", Fmt.num(rateB.first().run().targetRate())));
            return;
        }
        String change = String.format(Locale.ROOT, "%+.1f", c.tpsChangePct());
        String threshold = Fmt.num(c.thresholdPct());
        Headline a = c.before();
        Headline b = c.after();
        int score;
        String summary;
        if (a != null && b != null) {
            String before = Fmt.num2(a.tps());
            String after = Fmt.num2(b.tps());
            if (!c.significant()) {
                score = 25;
                summary = run.t("summary.noise", change, c.against(), before, after, b.threads(), threshold);
            } else if (c.tpsChangePct() < 0) {
                score = 75;
                summary = run.t("summary.down", abs(c), c.against(), before, after, b.threads(), threshold);
            } else {
                score = 40;
                summary = run.t("summary.up", abs(c), c.against(), before, after, b.threads(), threshold);
            }
        } else {
            score = c.significant() && c.tpsChangePct() < 0 ? 75 : c.significant() ? 40 : 25;
            summary = c.significant() ? run.t("summary.sweep", change, c.points().size(), c.against(), threshold)
                    : run.t("summary.sweepNoise", change, c.points().size(), c.against(), threshold);
        }
        var f = run.finding(score, summary).explain(run.t("explanation", Fmt.num(CaptureReading.DEFAULT_NOISE_PCT)));
        if (a != null && b != null) {
            f.evidence(run.t("evidence.before", c.against()), Fmt.num2(a.tps()) + " TPS", ref(a));
            f.evidence(run.t("evidence.after", s.dir()), Fmt.num2(b.tps()) + " TPS", ref(b));
        }
        for (Comparison.Point p : c.points()) {
            f.evidence(run.t("evidence.point", p.threads()), Fmt.num2(p.before()) + " -> " + Fmt.num2(p.after()) + " TPS ("
                    + String.format(Locale.ROOT, "%+.1f %%", p.changePct()) + ")", null);
        }
        String noiseLabel = switch (c.noise()) {
            case REPEATS -> run.t("evidence.noiseRepeats");
            case HALVES -> run.t("evidence.noiseHalves");
            case DEFAULT -> run.t("evidence.noiseDefault");
        };
        f.evidence(noiseLabel, threshold + " %", null);
        List<String> changes = new ArrayList<>();
        SourceRef first = null;
        int changed = 0;
        boolean partial = false;
        for (ConfigDiff.Row r : s.configChanges()) {
            if (r.change() == ConfigDiff.Change.NOT_CAPTURED) {
                partial = true;
                continue;
            }
            changed++;
            if (changes.size() < 6) {
                changes.add(r.key() + " " + value(r.key(), r.before()) + " -> " + value(r.key(), r.after()));
                if (first == null) {
                    first = r.afterRef() != null ? r.afterRef() : r.beforeRef();
                }
            }
        }
        if (!changes.isEmpty()) {
            f.evidence(run.t("evidence.changes"), String.join("; ", changes), first);
        }
        // knob attribution: which configuration change between the two steps the difference (or its absence) belongs to
        String list = String.join("; ", changes) + (changed > changes.size() ? "; ..." : "");
        if (c.significant()) {
            f.appendSummary(changed == 1 ? run.t("attribution.one", list)
                    : changed > 1 ? run.t("attribution.many", changed, list)
                    : partial ? run.t("attribution.partial") : run.t("attribution.none"));
        } else if (changed > 0) {
            f.appendSummary(changed == 1 ? run.t("attribution.noneMattered.one", list) : run.t("attribution.noneMattered", changed, list));
        }
        if (!c.significant() && c.noise() != Comparison.Noise.REPEATS) {
            f.recommend(Recommendation.of(run.t("action.repeat")).effect(run.t("effect.repeat"), "SYSBENCH").risk(run.t("risk.repeat")).build());
        }
        if (!c.significant()) {
            io.tunescope.rules.cpu.CgroupThrottledRule.cpuCause(run, () -> run.t("saturated")).ifPresent(cause -> f.explainedBy(cause.finding(), cause.sentence()));
        }
        f.add();
    }

    /** A changed value as a reader writes it: sizes in bytes as KiB/MiB/GiB, the rest as captured. */
    private static String value(String key, String v) {
        return v == null || v.isEmpty() ? "-" : io.tunescope.analysis.config.ConfigValues.readable(key, v);
    }

    private static String abs(Comparison c) {
        return String.format(Locale.ROOT, "%.1f", Math.abs(c.tpsChangePct()));
    }

    private static SourceRef ref(Headline h) {
        ReadRun r = h.first();
        if (r.run() == null) {
            return null;
        }
        return r.run().summary() != null ? SourceRef.of(r.file(), r.run().summary().line()) : r.run().ref();
    }
}
