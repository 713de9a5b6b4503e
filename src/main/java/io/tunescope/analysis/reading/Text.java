package io.tunescope.analysis.reading;

import io.tunescope.analysis.ChartText;
import java.util.List;
import java.util.Locale;

/**
 * A sentence of the reading (a role's reason, a time's evidence, a comparison's basis), kept as its key,
 * English pattern and arguments so that each reader renders it in its own language
 * ({@code charts_zh_CN.properties}); {@link #toString()} is the English, for the commands' stable output.
 * An argument that is itself a Text is rendered in the same language.
 */
public record Text(String key, String english, List<Object> args) {
    public static final Text NONE = new Text("", "", List.of());

    public Text {
        args = List.copyOf(args);
    }

    /** A sentence: its key in the charts bundle, the English pattern ({@code {0}} ...), the arguments. */
    public static Text t(String key, String english, Object... args) {
        return new Text(key, english, List.of(args));
    }

    /** Data shown as it is (a file's own words): never translated. */
    public static Text raw(String s) {
        return new Text("", s == null ? "" : s, List.of());
    }

    public boolean isEmpty() {
        return english.isEmpty();
    }

    public String in(Locale locale) {
        if (key.isEmpty()) {
            return english;
        }
        Object[] a = new Object[args.size()];
        for (int i = 0; i < a.length; i++) {
            Object o = args.get(i);
            a[i] = o instanceof Text x ? x.in(locale) : o;
        }
        return ChartText.of(locale).t(key, english, a);
    }

    @Override
    public String toString() {
        return in(null);
    }
}
