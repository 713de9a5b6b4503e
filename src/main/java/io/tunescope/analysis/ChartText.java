package io.tunescope.analysis;

import io.tunescope.text.Messages;

import java.util.Locale;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The words drawn inside charts and heatmaps (panel titles, axis labels, legends, heatmap titles and row notes,
 * thread-sweep notes) in the reader's language. The English stays in the code, where it is drawn; a translation
 * is the key of the bundle {@code io.tunescope.analysis.charts} for the locale ({@code charts_zh_CN.properties}),
 * keyed by a stable id, never by the English sentence. A locale without a bundle, or a key the bundle lacks,
 * gets the English given in the code: an English report on a JVM whose default locale is Chinese stays English
 * (the bundle is looked up without falling back to the default locale, like {@code io.tunescope.rules.RuleText}).
 *
 * <p>It lives in {@code analysis} rather than {@code render} because the analysis builds some of these words
 * (heatmap titles and notes, the sweep's notes) and may not depend on {@code render}; render, export and the UI
 * use it too.
 *
 * <p>Patterns take {@code {0}}, {@code {1}}... and nothing else: quotes and braces are literal. Numbers are
 * formatted before they come here (with {@link Locale#ROOT}, as the English always was).
 *
 * <p>Use it as {@code ChartText w = ChartText.of(locale); w.t("key", "English {0}", arg)}: keys must be
 * literals in a call {@code t("key", ...)} so that {@code ChartTextBundleTest} can check every key is used and exists.
 */
public final class ChartText {
    /** The bundle's base name. */
    public static final String BUNDLE = "io.tunescope.analysis.charts";
    /** English: the words of the code. */
    public static final ChartText ENGLISH = new ChartText(null);

    private static final Map<Locale, ChartText> BY_LOCALE = new ConcurrentHashMap<>();

    private final ResourceBundle bundle;

    private ChartText(ResourceBundle bundle) {
        this.bundle = bundle;
    }

    /** The words for a locale (null: English). */
    public static ChartText of(Locale locale) {
        if (locale == null) {
            return ENGLISH;
        }
        return BY_LOCALE.computeIfAbsent(locale, l -> Messages.bundle(BUNDLE, l).map(ChartText::new).orElse(ENGLISH));
    }

    /** Whether this speaks the English of the code (no bundle for the locale). */
    public boolean english() {
        return bundle == null;
    }

    /** The translation of {@code key} with the arguments put in, or the English pattern with them. */
    public String t(String key, String english, Object... args) {
        String pattern = bundle != null && bundle.containsKey(key) ? bundle.getString(key) : english;
        return format(pattern, args);
    }

    /** {@link Messages#format}. */
    public static String format(String pattern, Object... args) {
        return Messages.format(pattern, args);
    }
}
