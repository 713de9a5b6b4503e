package io.tunescope.rules;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.text.Messages;

import java.util.Locale;
import java.util.MissingResourceException;
import java.util.Optional;
import java.util.ResourceBundle;

/**
 * The words of the rules in the reader's language. Each rule package has a bundle {@code findings}
 * ({@code findings.properties} in English, {@code findings_zh_CN.properties} in Simplified Chinese) with
 * keys {@code <RULE-ID>.<name>}, or {@code <name>} for text the package's rules share; the engine's own
 * words are in {@code io.tunescope.rules.engine}.
 *
 * <p>Rule titles and setting descriptions stay in the code, in English (they are also the catalogue's
 * words); their translations are the keys {@code <RULE-ID>.title} and {@code <RULE-ID>.setting.<key>}.
 *
 * <p>Patterns take {@code {0}}, {@code {1}}... and nothing else: quotes and braces are literal, so an
 * English apostrophe needs no escaping. Arguments are formatted before they come here ({@link Fmt}).
 */
public final class RuleText {

    private RuleText() {
    }

    /** The bundle {@code baseName} for the locale, never falling back to the JVM's default locale. */
    public static Optional<ResourceBundle> bundle(String baseName, Locale locale) {
        return Messages.bundle(baseName, locale);
    }

    /** The findings bundle of a rule package, e.g. {@code io.tunescope.rules.cpu}. */
    public static Optional<ResourceBundle> findings(String rulePackage, Locale locale) {
        return bundle(rulePackage + ".findings", locale);
    }

    /** {@link Messages#format}: {@code {n}} by the n-th argument, nothing else special. */
    public static String format(String pattern, Object... args) {
        return Messages.format(pattern, args);
    }

    /** What to capture for a need, in the locale (the English is {@link Need#description()}). */
    public static String need(Need n, Locale locale) {
        return translation(locale, "need." + n.name()).orElse(n.description());
    }

    /** A key of the engine bundle that exists only as a translation of code-side English. */
    static Optional<String> translation(Locale locale, String key) {
        return bundle("io.tunescope.rules.engine", locale).filter(b -> b.containsKey(key)).map(b -> b.getString(key));
    }

    /**
     * A threshold unit in the locale: {@code unit.<letters of the unit>} of the engine bundle (e.g.
     * {@code unit.ofRAM} for "% of RAM"), translated only where words need it; the unit itself otherwise.
     */
    public static String unit(String unit, Locale locale) {
        String key = "unit." + unit.replaceAll("[^A-Za-z]", "");
        return unit.isEmpty() ? unit : bundle("io.tunescope.rules.engine", locale).filter(b -> b.containsKey(key))
                .map(b -> b.getString(key)).orElse(unit);
    }

    /** The engine's own words ({@code io.tunescope.rules.engine}). */
    public static String engine(Locale locale, String key, Object... args) {
        ResourceBundle b = bundle("io.tunescope.rules.engine", locale)
                .orElseThrow(() -> new MissingResourceException("no rules engine bundle", RuleText.class.getName(), key));
        return format(b.getString(key), args);
    }
}
