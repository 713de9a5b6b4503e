package io.tunescope.rules;

import io.tunescope.analysis.numa.NumaCell;
import io.tunescope.model.capture.SourceRef;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a rule found in one step: a 0-100 score and the severity band it falls in, a one-sentence
 * summary, an explanation, the evidence values with the file and line each came from, the thresholds
 * used, recommendations, citations (keys of tuning-rules.md section 4, or URLs), and optionally the time
 * window, the profile frames and the NUMA heatmap cell the finding is about (for "show evidence").
 *
 * @param withheld recommendations the engine removed because the detected server lacks a variable they set
 * @param cell     the NUMA heatmap cell that shows the finding's main value, or null
 */
public record Finding(
        String ruleId,
        String title,
        Topic topic,
        String step,
        int score,
        Severity severity,
        String summary,
        String explanation,
        List<Observation> evidence,
        List<Threshold> thresholds,
        List<Recommendation> recommendations,
        List<String> citations,
        TimeWindow window,
        List<String> frames,
        List<String> withheld,
        NumaCell cell) {

    /** One evidence value. {@code ref} is null only for values derived from several sources. */
    public record Observation(String label, String value, SourceRef ref) {
        @Override
        public String toString() {
            return label + " = " + value + (ref == null ? "" : " (" + ref + ")");
        }
    }

    /**
     * A threshold as the rule applied it: the setting, the value used, its default, [S]ource or [H]euristic, and
     * who changed it from the default ({@code changedBy}, "" when the default was used).
     */
    public record Threshold(String key, String description, double value, double defaultValue, String unit, Setting.Basis basis,
                            String changedBy) {
        public Threshold {
            changedBy = changedBy == null ? "" : changedBy;
        }

        /** A threshold at its default. */
        public Threshold(String key, String description, double value, String unit, Setting.Basis basis) {
            this(key, description, value, value, unit, basis, "");
        }

        /** True when the value used is not the default. */
        public boolean changed() {
            return !changedBy.isEmpty() && Double.compare(value, defaultValue) != 0;
        }

        /** "mean await on NVMe at least: 5 ms [H]". */
        public String display() {
            return description + ": " + Setting.format(value, unit) + " [" + basis.mark() + "]";
        }

        /** {@link #display()}, and when changed "(changed from 5 ms by settings FILE)" in the locale's language. */
        public String display(java.util.Locale locale) {
            return changed() ? display() + " " + RuleText.engine(locale, "settings.threshold.changed",
                    Setting.format(defaultValue, unit), changedBy) : display();
        }
    }

    /** A time range in the clock of the step's series (milliseconds). */
    /** A time span of the finding; {@code clock} {@link #TIMELINE} when it is already on the step's timeline clock. */
    public record TimeWindow(long fromMs, long toMs, String clock) {
        /** The window's times are those of the step's timeline (the one reading's clock), not of one series as parsed. */
        public static final String TIMELINE = "timeline";
    }

    public Finding {
        Objects.requireNonNull(ruleId);
        Objects.requireNonNull(summary);
        if (severity != Severity.ofScore(score)) {
            throw new IllegalArgumentException("severity " + severity + " does not match score " + score);
        }
        evidence = List.copyOf(evidence);
        thresholds = List.copyOf(thresholds);
        recommendations = List.copyOf(recommendations);
        citations = List.copyOf(citations);
        frames = List.copyOf(frames);
        withheld = List.copyOf(withheld);
        explanation = explanation == null ? "" : explanation;
        step = step == null ? "" : step;
    }

    /** A finding without a NUMA heatmap cell. */
    public Finding(String ruleId, String title, Topic topic, String step, int score, Severity severity, String summary,
                   String explanation, List<Observation> evidence, List<Threshold> thresholds, List<Recommendation> recommendations,
                   List<String> citations, TimeWindow window, List<String> frames, List<String> withheld) {
        this(ruleId, title, topic, step, score, severity, summary, explanation, evidence, thresholds, recommendations, citations,
                window, frames, withheld, null);
    }

    public Optional<TimeWindow> timeWindow() {
        return Optional.ofNullable(window);
    }

    /** The NUMA heatmap cell to outline for "show evidence". */
    public Optional<NumaCell> numaCell() {
        return Optional.ofNullable(cell);
    }

    /** The baseline line: {@code id | severity | summary}. */
    public String line() {
        return ruleId + " | " + severity.slug() + " | " + summary;
    }

    /** A copy without some recommendations, noting why. */
    Finding withRecommendations(List<Recommendation> kept, List<String> withheldNotes) {
        List<String> w = new ArrayList<>(withheld);
        w.addAll(withheldNotes);
        return new Finding(ruleId, title, topic, step, score, severity, summary, explanation, evidence, thresholds,
                kept, citations, window, frames, w, cell);
    }
}
