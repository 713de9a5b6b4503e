package io.tunescope.rules;

import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Step;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs every rule on every step. A rule that throws becomes a {@link Result.Status#FAILED} result and
 * does not stop the others. Recommendations that set a variable the detected server does not have are
 * withheld (and noted on the finding). Findings come out sorted by severity and score, highest first.
 */
public final class RuleEngine {
    private final List<Rule> rules;

    /** The rules in evaluation order: each after the rules it depends on, otherwise as given. */
    private final List<Rule> order;

    public RuleEngine(List<Rule> rules) {
        this.rules = List.copyOf(rules);
        Map<String, Rule> ids = new HashMap<>();
        for (Rule r : rules) {
            if (ids.put(r.id(), r) != null) {
                throw new IllegalArgumentException("duplicate rule id " + r.id());
            }
        }
        List<Rule> sorted = new ArrayList<>();
        java.util.Set<String> done = new java.util.HashSet<>();
        for (Rule r : rules) {
            place(r, ids, sorted, done, new java.util.HashSet<>());
        }
        this.order = List.copyOf(sorted);
    }

    private static void place(Rule r, Map<String, Rule> ids, List<Rule> sorted, java.util.Set<String> done, java.util.Set<String> visiting) {
        if (done.contains(r.id())) {
            return;
        }
        if (!visiting.add(r.id())) {
            throw new IllegalArgumentException("rule dependencies form a cycle through " + r.id());
        }
        for (String d : r.dependsOn()) {
            Rule dep = ids.get(d);
            if (dep != null) {
                place(dep, ids, sorted, done, visiting);
            }
        }
        done.add(r.id());
        sorted.add(r);
    }

    public List<Rule> rules() {
        return rules;
    }

    /** Every result of every rule on every step of the capture, in English. */
    public Report run(Capture capture, Settings settings) {
        return run(capture, settings, Locale.ROOT);
    }

    /** Every result of every rule on every step of the capture, written in the locale's language. */
    public Report run(Capture capture, Settings settings, Locale locale) {
        return run(capture, io.tunescope.analysis.reading.CaptureReading.of(capture), settings, locale);
    }

    /** Every result of every rule on every step, all reading the capture's one reading. */
    public Report run(Capture capture, io.tunescope.analysis.reading.CaptureReading reading, Settings settings, Locale locale) {
        List<Result> all = new ArrayList<>();
        for (Evidence e : Evidence.perStep(capture, reading)) {
            all.addAll(run(e, settings, locale));
        }
        List<String> order = new ArrayList<>();
        for (Step s : capture.steps()) {
            order.add(s.dir());
        }
        return new Report(all, order, settings, settings.changes(rules, locale));
    }

    /** Every rule on one step, in English. */
    public List<Result> run(Evidence evidence, Settings settings) {
        return run(evidence, settings, Locale.ROOT);
    }

    /** Every rule on one step, written in the locale's language. */
    public List<Result> run(Evidence evidence, Settings settings, Locale locale) {
        List<Result> out = new ArrayList<>();
        Map<String, Result> prior = new HashMap<>();
        for (Rule r : order) {
            Result res;
            try {
                Map<String, Result> deps = new HashMap<>();
                for (String d : r.dependsOn()) {
                    if (prior.containsKey(d)) {
                        deps.put(d, prior.get(d));
                    }
                }
                res = r.evaluate(evidence, settings, locale, deps);
                if (res == null) {
                    res = Result.failed(r.id(), evidence.step(), RuleText.engine(locale, "noResult"));
                }
            } catch (RuntimeException | StackOverflowError ex) {
                res = Result.failed(r.id(), evidence.step(), ex.getClass().getSimpleName()
                        + (ex.getMessage() == null ? "" : ": " + ex.getMessage()));
            }
            if (res.status() == Result.Status.FIRED) {
                List<Finding> checked = new ArrayList<>();
                for (Finding f : res.findings()) {
                    checked.add(serverAware(f, evidence, locale));
                }
                res = Result.fired(res.ruleId(), res.step(), checked);
            }
            prior.put(r.id(), res);
            out.add(res);
        }
        Map<String, Integer> given = new HashMap<>();
        for (int i = 0; i < rules.size(); i++) {
            given.put(rules.get(i).id(), i);
        }
        out.sort(Comparator.comparingInt(res -> given.get(res.ruleId())));
        return out;
    }

    /** Removes recommendations that set variables the server does not have. */
    static Finding serverAware(Finding f, Evidence e, Locale locale) {
        List<Recommendation> kept = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Recommendation r : f.recommendations()) {
            String lacking = null;
            for (String v : r.variables()) {
                ServerVariables.Verdict verdict = ServerVariables.check(e, v);
                if (verdict.status() == ServerVariables.Status.MISSING) {
                    lacking = v + " (" + verdict.reason(locale) + ")";
                    break;
                }
            }
            if (lacking == null) {
                kept.add(r);
            } else {
                notes.add(RuleText.engine(locale, "withheld", r.action(), e.server().display(), lacking));
            }
        }
        return notes.isEmpty() ? f : f.withRecommendations(kept, notes);
    }

    /** Orders findings: severity, score (both descending), then rule id and step. */
    public static final Comparator<Finding> ORDER = Comparator.comparing(Finding::severity).reversed()
            .thenComparing(Comparator.comparingInt(Finding::score).reversed())
            .thenComparing(Finding::ruleId)
            .thenComparing(Finding::step);

    /**
     * The results of one engine run over a capture, with the settings it ran with and the thresholds among them
     * changed from their defaults (which a report states, as they change what is found).
     */
    public record Report(List<Result> results, List<String> stepOrder, Settings settings, List<Settings.Change> changed) {
        public Report {
            results = List.copyOf(results);
            stepOrder = List.copyOf(stepOrder);
            settings = settings == null ? Settings.defaults() : settings;
            changed = List.copyOf(changed);
        }

        /** A report made with the default thresholds. */
        public Report(List<Result> results, List<String> stepOrder) {
            this(results, stepOrder, Settings.defaults(), List.of());
        }

        /** Every finding, most severe first. */
        public List<Finding> findings() {
            List<Finding> out = new ArrayList<>();
            for (Result r : results) {
                out.addAll(r.findings());
            }
            out.sort(ORDER);
            return out;
        }

        /** Findings of one step, most severe first. */
        public List<Finding> findings(String step) {
            return findings().stream().filter(f -> f.step().equals(step)).toList();
        }

        public List<Result> withStatus(Result.Status status) {
            return results.stream().filter(r -> r.status() == status).toList();
        }

        /** True when a finding at or above the severity exists. */
        public boolean any(Severity atLeast) {
            return findings().stream().anyMatch(f -> f.severity().atLeast(atLeast));
        }
    }
}
