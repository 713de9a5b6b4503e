package io.tunescope.rules;

import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.analysis.numa.NumaCell;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.capture.SourceRef;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.Optional;
import java.util.ResourceBundle;

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
    private List<String> dependsOn = List.of();

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
    public final String title(Locale locale) {
        return translation(locale, id + ".title").orElse(title);
    }

    /** A setting's description in the locale ({@code <id>.setting.<key>}); English where there is none. */
    public final String settingDescription(Setting s, Locale locale) {
        return translation(locale, id + ".setting." + s.key()).orElse(s.description());
    }

    private Optional<String> translation(Locale locale, String key) {
        return RuleText.findings(getClass().getPackageName(), locale).filter(b -> b.containsKey(key)).map(b -> b.getString(key));
    }

    /**
     * The text {@code <id>.<key>} of this rule's package bundle, or the package-wide {@code <key>}, in the
     * locale, with the arguments put in ({@link RuleText#format}).
     *
     * @throws java.util.MissingResourceException when neither key exists: a bug the tests catch
     */
    protected final String text(Locale locale, String key, Object... args) {
        ResourceBundle b = RuleText.findings(getClass().getPackageName(), locale).orElseThrow(() ->
                new MissingResourceException("no findings bundle for " + getClass().getPackageName(), getClass().getName(), key));
        String own = id + "." + key;
        return RuleText.format(b.getString(b.containsKey(own) ? own : key), args);
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

    /** Declares the rules whose findings this one reads through {@link Run#prior(String)}; call from the constructor. */
    protected final void dependsOn(String... ruleIds) {
        this.dependsOn = List.of(ruleIds);
    }

    @Override
    public final List<String> dependsOn() {
        return dependsOn;
    }

    @Override
    public final Result evaluate(Evidence evidence, Settings settings, Locale locale) {
        return evaluate(evidence, settings, locale, java.util.Map.of());
    }

    @Override
    public final Result evaluate(Evidence evidence, Settings settings, Locale locale, java.util.Map<String, Result> prior) {
        Locale loc = locale == null ? Locale.ROOT : locale;
        List<String> missing = new ArrayList<>();
        for (Need n : needs) {
            if (!evidence.has(n)) {
                missing.add(RuleText.need(n, loc));
            }
        }
        if (!missing.isEmpty()) {
            return Result.notApplicable(id, evidence.step(), RuleText.engine(loc, "needs", String.join("; ", missing)));
        }
        Run run = new Run(evidence, settings, loc, prior == null ? java.util.Map.of() : prior);
        check(run);
        List<Finding> reported = run.findings.stream().filter(f -> f.score() >= Severity.REPORT_FROM).toList();
        if (!reported.isEmpty()) {
            return Result.fired(id, evidence.step(), reported);
        }
        if (!run.findings.isEmpty()) {
            Finding low = run.findings.get(0);
            return Result.passed(id, evidence.step(), RuleText.engine(loc, "belowReport", low.summary(), low.score(), Severity.REPORT_FROM));
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
        /** The language the findings and reasons are written in. */
        public final Locale locale;
        private final List<Finding> findings = new ArrayList<>();
        private String passed;
        private String notApplicable;
        private final java.util.Map<String, Result> prior;

        Run(Evidence e, Settings settings, Locale locale, java.util.Map<String, Result> prior) {
            this.e = e;
            this.settings = settings;
            this.locale = locale;
            this.prior = prior;
        }

        /**
         * The most severe finding, at warning or above, of a rule this one {@linkplain #dependsOn(String...) depends on}
         * on the same step: the mechanism that explains this rule's symptom. Empty when that rule did not run (a
         * single-rule evaluation), passed or only informed.
         */
        public Optional<Finding> prior(String ruleId) {
            if (!dependsOn.contains(ruleId)) {
                throw new IllegalStateException(id + " reads " + ruleId + " without declaring the dependency");
            }
            Result r = prior.get(ruleId);
            if (r == null || r.status() != Result.Status.FIRED) {
                return Optional.empty();
            }
            return r.findings().stream().filter(f -> f.severity().atLeast(Severity.WARNING)).max(java.util.Comparator.comparingInt(Finding::score));
        }

        /** This rule's text {@code key} in the run's language; see {@link BaseRule#text}. */
        public String t(String key, Object... args) {
            return text(locale, key, args);
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
        private int score;
        private String summary;
        private String explanation = "";
        private final List<Finding.Observation> evidence = new ArrayList<>();
        private final List<Finding.Threshold> thresholds = new ArrayList<>();
        private final List<Recommendation> recs = new ArrayList<>();
        private final List<String> citations = new ArrayList<>(sources);
        private final List<String> frames = new ArrayList<>();
        private Finding.TimeWindow window;
        private NumaCell cell;

        FindingBuilder(Run run, int score, String summary) {
            this.run = run;
            this.score = Math.max(0, Math.min(100, score));
            this.summary = summary;
        }

        /** Adds a sentence to the summary (knob attribution, a dependency's mechanism). */
        public FindingBuilder appendSummary(String sentence) {
            this.summary = summary + " " + sentence;
            return this;
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
            boolean changed = run.settings.isChanged(id, s);
            thresholds.add(new Finding.Threshold(s.key(), settingDescription(s, run.locale), run.get(s), s.defaultValue(),
                    RuleText.unit(s.unit(), run.locale), s.basis(), changed ? run.settings.by(run.locale) : ""));
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

        /** The NUMA heatmap cell that shows the finding ("show evidence" outlines it). */
        public FindingBuilder cell(NumaCell c) {
            this.cell = c;
            return this;
        }

        /**
         * This finding is a consequence of {@code cause} (a finding of a rule this one depends on): the summary
         * gains {@code sentence}, the cause is listed first in the evidence, and the score stays below warning so
         * the report raises the mechanism, not its symptom.
         */
        public FindingBuilder explainedBy(Finding cause, String sentence) {
            this.summary = summary + " " + sentence;
            this.score = Math.min(score, Severity.WARNING_FROM - 5);
            evidence.add(0, new Finding.Observation(cause.ruleId(), cause.summary(), cause.evidence().isEmpty() ? null
                    : cause.evidence().get(0).ref()));
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
            run.findings.add(new Finding(id, title(run.locale), topic, run.e.step(), score, Severity.ofScore(score), summary,
                    explanation, evidence, thresholds, recs, citations, window, frames, List.of(), cell));
        }
    }
}
