package io.tunescope.rules.config;

import io.tunescope.rules.RuleText;
import io.tunescope.rules.ServerVariables;

import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/**
 * The package's shared words: an option value with the reason of the {@link ServerVariables} verdict on it,
 * and the separator of lists of option names.
 */
final class Reasons {
    private Reasons() {
    }

    /** An option's value followed by the reason of the verdict on it, in the locale. */
    static String valueAndReason(String value, ServerVariables.Verdict v, Locale locale) {
        return text(locale, "valueAndReason", value, v.reason(locale));
    }

    /** Option names (or other items) as a list in the locale. */
    static String list(Iterable<String> items, Locale locale) {
        return String.join(text(locale, "separator"), items);
    }

    /** The package-wide text {@code key} of the config bundle in the locale. */
    static String text(Locale locale, String key, Object... args) {
        ResourceBundle b = RuleText.findings(Reasons.class.getPackageName(), locale).orElseThrow(() ->
                new MissingResourceException("no findings bundle for " + Reasons.class.getPackageName(), Reasons.class.getName(), key));
        return RuleText.format(b.getString(key), args);
    }
}
