package io.tunescope.rules;

import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.analysis.evidence.Need;

import java.util.List;
import java.util.Locale;

/**
 * A check over the {@link Evidence} of one step. Rules read only the evidence, declare what they need
 * ({@link #requires()}: missing data makes them not applicable, with the reason) and their thresholds
 * ({@link #settings()}), and never throw for ordinary data (the engine still isolates failures).
 */
public interface Rule {
    /** Stable id from the catalogue, e.g. {@code CFG-DURABILITY-RELAXED}. */
    String id();

    /** The English title, as the catalogue writes it. */
    String title();

    /** The title in the locale; the English one where there is no translation. */
    default String title(Locale locale) {
        return title();
    }

    Topic topic();

    /** Data the rule cannot work without. */
    List<Need> requires();

    /** Thresholds with defaults, [S]ource or [H]euristic. */
    List<Setting> settings();

    /** Citation keys (tuning-rules.md section 4) or URLs. */
    List<String> sources();

    /** Evaluates in the locale: findings and reasons are written in its language (English by default). */
    Result evaluate(Evidence evidence, Settings settings, Locale locale);

    /**
     * Rules whose results this rule reads (JMC-style dependencies): the engine evaluates them first on the
     * same step and hands their results to {@link #evaluate(Evidence, Settings, Locale, java.util.Map)}.
     */
    default List<String> dependsOn() {
        return List.of();
    }

    /** Evaluates with the results, by rule id, of the rules it {@linkplain #dependsOn() depends on}. */
    default Result evaluate(Evidence evidence, Settings settings, Locale locale, java.util.Map<String, Result> prior) {
        return evaluate(evidence, settings, locale);
    }

    /** Evaluates in English. */
    default Result evaluate(Evidence evidence, Settings settings) {
        return evaluate(evidence, settings, Locale.ROOT);
    }
}
