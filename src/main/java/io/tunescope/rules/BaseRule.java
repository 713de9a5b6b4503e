package io.tunescope.rules;

import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.capture.SourceRef;

import java.util.ArrayList;
import java.util.List;

/**
 * Common frame of the built-in rules: checks {@link #requires()} before {@link #check(Run)}, collects
 * findings and the pass or not-applicable reason, and offers a finding builder that records the
 * thresholds the rule used.
 */
public abstract class BaseRule implements Rule {
    private final String id;
    private final Topic topic;
    private final String title;
    private final List<Need> needs;
    private final List<String> sources;
    private final List<Setting> settings;

    protected BaseRule(String id, Topic topic, String title, List<Need> needs, List<String> sources, Setting... settings) {
        this.id = id;
        this.topic = topic;
        this.title = title;
        this.needs = List.copyOf(needs);
        this.sources = List.copyOf(sources);
        this.settings = List.of(settings);
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String title() {
        return title;
    }

    @Override
    public final Topic topic() {
        return topic;
    }

    @Override
    public final List<Need> requires() {
        return needs;
    }

    @Override
    public final List<Setting> settings() {
        return settings;
    }

    @Override
    public final List<String> sources() {
        return sources;
    }

    @Override
    public final Result evaluate(Evidence evidence, Settings settings) {
        List<String> missing = new ArrayList<>();
        for (Need n : needs) {
            if (!evidence.has(n)) {
                missing.add(n.description());
            }
        }
        if (!missing.isEmpty()) {
            return Result.notApplicable(id, evidence.step(), "needs " + String.join("; ", missing));
        }
        Run run = new Run(evidence, settings);
        check(run);
        if (!run.findings.isEmpty()) {
            return Result.fired(id, evidence.step(), run.findings);
        }
        if (run.notApplicable != null) {
            return Result.notApplicable(id, evidence.step(), run.notApplicable);
        }
        return Result.passed(id, evidence.step(), run.passed == null ? "no condition met" : run.passed);
    }

    /** Looks at the evidence; adds findings, or says why it passed or does not apply. */
    protected abstract void check(Run run);

    /** Linear score: {@code lo} at {@code at}, {@code hi} at {@code worst}, clamped to [lo, hi]. */
    protected static int scale(double value, double at, double worst, int lo, int hi) {
        if (worst == at) {
            return hi;
        }
        double t = (value - at) / (worst - at);
        t = Math.max(0, Math.min(1, t));
        return (int) Math.round(lo + t * (hi - lo));
    }

    /** One evaluation: the evidence, the settings and what the rule concluded. */
    public final class Run {
        public final Evidence e;
        private final Settings settings;
        private final List<Finding> findings = new ArrayList<>();
        private String passed;
        private String notApplicable;

        Run(Evidence e, Settings settings) {
            this.e = e;
            this.settings = settings;
        }

        /** The value of one of the rule's settings. */
        public double get(Setting s) {
            return settings.get(id, s);
        }

        public void pass(String reason) {
            this.passed = reason;
        }

        public void notApplicable(String reason) {
            this.notApplicable = reason;
        }

        public FindingBuilder finding(int score, String summary) {
            return new FindingBuilder(this, score, summary);
        }
    }

    /** Builds one finding of this rule. */
    public final class FindingBuilder {
        private final Run run;
        private final int score;
        private final String summary;
        private String explanation = "";
        private final List<Finding.Observation> evidence = new ArrayList<>();
        private final List<Finding.Threshold> thresholds = new ArrayList<>();
        private final List<Recommendation> recs = new ArrayList<>();
        private final List<String> citations = new ArrayList<>(sources);
        private final List<String> frames = new ArrayList<>();
        private Finding.TimeWindow window;

        FindingBuilder(Run run, int score, String summary) {
            this.run = run;
            this.score = Math.max(0, Math.min(100, score));
            this.summary = summary;
        }

        public FindingBuilder explain(String text) {
            this.explanation = text;
            return this;
        }

        public FindingBuilder evidence(String label, String value, SourceRef ref) {
            evidence.add(new Finding.Observation(label, value, ref));
            return this;
        }

        public FindingBuilder evidence(Fact f) {
            return evidence(f.name(), f.value(), f.ref());
        }

        public FindingBuilder threshold(Setting s) {
            thresholds.add(new Finding.Threshold(s.key(), s.description(), run.get(s), s.unit(), s.basis()));
            return this;
        }

        public FindingBuilder recommend(Recommendation r) {
            recs.add(r);
            return this;
        }

        public FindingBuilder window(long fromMs, long toMs, String clock) {
            this.window = new Finding.TimeWindow(fromMs, toMs, clock);
            return this;
        }

        public FindingBuilder frames(List<String> names) {
            frames.addAll(names);
            return this;
        }

        public FindingBuilder cite(String source) {
            if (!citations.contains(source)) {
                citations.add(source);
            }
            return this;
        }

        /** Adds the finding to the run. */
        public void add() {
            run.findings.add(new Finding(id, title, topic, run.e.step(), score, Severity.ofScore(score), summary,
                    explanation, evidence, thresholds, recs, citations, window, frames, List.of()));
        }
    }
}
