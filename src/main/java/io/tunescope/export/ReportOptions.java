package io.tunescope.export;

import java.util.Locale;
import java.util.ResourceBundle;

/**
 * What the report shows and in which language. {@code flameSearch} and {@code flameFocus} carry the
 * user's flame graph state so the report shows what they saw.
 */
public record ReportOptions(Locale locale, String flameSearch, String flameFocus) {
    public static ReportOptions defaults() {
        return new ReportOptions(Locale.getDefault(), null, null);
    }

    public ResourceBundle bundle() {
        // no fallback to the JVM's default locale: an English report on a Chinese desktop stays English
        return io.tunescope.text.Messages.bundle("io.tunescope.export.report", locale)
                .orElseThrow(() -> new java.util.MissingResourceException("no report bundle", "ReportOptions", ""));
    }

    public String text(String key, Object... args) {
        String p = bundle().getString(key);
        return args.length == 0 ? p : new java.text.MessageFormat(p, locale).format(args);
    }
}
