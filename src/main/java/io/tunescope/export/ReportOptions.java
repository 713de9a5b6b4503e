package io.tunescope.export;

import java.util.Locale;
import java.util.ResourceBundle;

/**
 * What the report shows and in which language. {@code flameSearch} and {@code flameFocus} carry a
 * search and focus given on the command line; {@code flame}, when exported from the app, the flame graph
 * exactly as it was on screen (colours, transforms, search, zoom), so the report shows what the user saw;
 * {@code settings} the thresholds the rules run with (the report states those changed from their defaults).
 */
public record ReportOptions(Locale locale, String flameSearch, String flameFocus, FlameState flame,
                            io.tunescope.rules.Settings settings) {
    public ReportOptions {
        settings = settings == null ? io.tunescope.rules.Settings.defaults() : settings;
    }

    public ReportOptions(Locale locale, String flameSearch, String flameFocus) {
        this(locale, flameSearch, flameFocus, null, null);
    }

    /** Options with the default thresholds. */
    public ReportOptions(Locale locale, String flameSearch, String flameFocus, FlameState flame) {
        this(locale, flameSearch, flameFocus, flame, null);
    }

    /** These options with the rules run at these thresholds (a settings file's, the user's). */
    public ReportOptions withSettings(io.tunescope.rules.Settings s) {
        return new ReportOptions(locale, flameSearch, flameFocus, flame, s);
    }

    /**
     * The flame graph as the user has it on screen.
     *
     * @param scheme     the colour scheme's slug ({@code module}, {@code warm}, {@code subsystem})
     * @param transforms the transforms applied, in order
     * @param search     the search text ("" for none)
     * @param regex      whether the search is a regular expression
     * @param zoom       the frames from the root to the zoomed frame (empty: not zoomed)
     */
    public record FlameState(String scheme, io.tunescope.analysis.calltree.TransformStack transforms, String search, boolean regex,
                             java.util.List<String> zoom) {
        public FlameState {
            transforms = transforms == null ? io.tunescope.analysis.calltree.TransformStack.EMPTY : transforms;
            search = search == null ? "" : search;
            zoom = zoom == null ? java.util.List.of() : java.util.List.copyOf(zoom);
        }
    }

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
