package io.tunescope.rules;

import io.tunescope.analysis.config.OptionLines;
import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.model.config.ConfigEntry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Option-file edits that never fight another line: a recommended value goes on the line that takes effect
 * ("change FILE:N"), every other line that sets the option is named for deletion (it is overridden, or
 * would override the change), and a new {@code [mysqld]} line is written only when no line the server
 * reads sets the option. Built on {@link OptionLines} through {@link Evidence#optionLines()}.
 */
public final class OptionEdit {
    private OptionEdit() {
    }

    /** The ini lines that make {@code name = value} take effect. */
    public static List<String> set(Evidence e, Locale locale, String name, String value) {
        Map<String, String> one = new LinkedHashMap<>();
        one.put(name, value);
        return set(e, locale, one);
    }

    /** The ini lines that make every {@code name = value} take effect; new lines share one {@code [mysqld]} header. */
    public static List<String> set(Evidence e, Locale locale, Map<String, String> values) {
        Locale loc = locale == null ? Locale.ROOT : locale;
        List<String> edits = new ArrayList<>();
        List<String> added = new ArrayList<>();
        for (var kv : values.entrySet()) {
            Optional<OptionLines.Occurrences> o = e.optionLines().lookup(kv.getKey());
            String line = kv.getKey() + " = " + kv.getValue();
            if (o.isEmpty()) {
                added.add(line);
                continue;
            }
            ConfigEntry eff = o.get().effective();
            edits.add(RuleText.engine(loc, "edit.change", eff.source(), shown(eff)));
            edits.add(line);
            edits.addAll(deletions(loc, o.get()));
        }
        List<String> out = new ArrayList<>(edits);
        if (!added.isEmpty()) {
            out.add("[mysqld]");
            out.addAll(added);
        }
        return out;
    }

    /** {@code name, value, name, value...} in that order, for {@link #set(Evidence, Locale, Map)}. */
    public static Map<String, String> values(String... pairs) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            out.put(pairs[i], pairs[i + 1]);
        }
        return out;
    }

    /** Comment lines that delete every line setting {@code name} (empty when none does). */
    public static List<String> remove(Evidence e, Locale locale, String name) {
        Locale loc = locale == null ? Locale.ROOT : locale;
        List<String> out = new ArrayList<>();
        e.optionLines().lookup(name).ifPresent(o -> {
            for (ConfigEntry en : o.lines()) {
                out.add(RuleText.engine(loc, "edit.remove", en.source(), shown(en)));
            }
        });
        return out;
    }

    /**
     * Where the option file takes {@code name = value}, in words: "change FILE:N (...) to name = value" when a
     * line sets it (and the lines it overrides are to be deleted), else "name = value under [mysqld]".
     */
    public static String where(Evidence e, Locale locale, String name, String value) {
        Locale loc = locale == null ? Locale.ROOT : locale;
        Optional<OptionLines.Occurrences> o = e.optionLines().lookup(name);
        String line = name + " = " + value;
        if (o.isEmpty()) {
            return RuleText.engine(loc, "edit.where.add", line);
        }
        ConfigEntry eff = o.get().effective();
        String s = RuleText.engine(loc, "edit.where.change", eff.source(), line);
        if (!o.get().overridden().isEmpty()) {
            s += RuleText.engine(loc, "edit.where.delete", String.join(", ", o.get().overridden().stream().map(x -> x.source().toString()).toList()));
        }
        return s;
    }

    /** The other lines of {@code o} (overridden by its effective line), each as a deletion. */
    public static List<String> deletions(Locale locale, OptionLines.Occurrences o) {
        List<String> out = new ArrayList<>();
        for (ConfigEntry en : o.overridden()) {
            out.add(RuleText.engine(locale, "edit.delete", en.source(), shown(en), o.effective().source()));
        }
        return out;
    }

    private static String shown(ConfigEntry en) {
        return en.value().isEmpty() ? en.name() : en.name() + " = " + en.value();
    }
}
