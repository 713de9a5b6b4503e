package io.tunescope.rules;

import java.util.Locale;

/**
 * How much a finding matters, from its 0-100 score, in the bands of JDK Mission Control's rules: below
 * {@link #REPORT_FROM} nothing is reported (the rule passes and says what it read), below {@link #WARNING_FROM}
 * info, below {@link #CRITICAL_FROM} warning, else critical.
 */
public enum Severity {
    INFO, WARNING, CRITICAL;

    /** Scores below this are "checked and fine": the rule passes instead of reporting. */
    public static final int REPORT_FROM = 25;
    public static final int WARNING_FROM = 75;
    public static final int CRITICAL_FROM = 90;

    public static Severity ofScore(int score) {
        if (score < 0 || score > 100) {
            throw new IllegalArgumentException("score must be 0..100: " + score);
        }
        if (score >= CRITICAL_FROM) {
            return CRITICAL;
        }
        return score >= WARNING_FROM ? WARNING : INFO;
    }

    public boolean atLeast(Severity other) {
        return compareTo(other) >= 0;
    }

    /** The slug in the locale's language ({@code severity.<slug>} of the engine bundle; the slug where none). */
    public String label(java.util.Locale locale) {
        return RuleText.translation(locale, "severity." + slug()).orElse(slug());
    }

    public String slug() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code info}, {@code warning} or {@code critical} (any case). */
    public static Severity parse(String s) {
        return valueOf(s.strip().toUpperCase(Locale.ROOT));
    }
}
