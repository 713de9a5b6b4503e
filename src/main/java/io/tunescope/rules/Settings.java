package io.tunescope.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The threshold values rules run with: each rule's defaults unless overridden under
 * {@code RULE-ID.settingKey}. Immutable; {@link #with} returns a changed copy. Where the overrides came from
 * ({@link #source()}: a settings file given on the command line, or the user's own settings of the app) travels
 * with them so that a report can say who changed a threshold. Equal settings (same overrides, same source) give
 * the same findings, so sessions memoise reports by them.
 */
public final class Settings {
    private static final Settings DEFAULTS = new Settings(Map.of(), "", false);
    private final Map<String, Double> overrides;
    private final String source;
    private final boolean user;

    private Settings(Map<String, Double> overrides, String source, boolean user) {
        this.overrides = Map.copyOf(overrides);
        this.source = source == null ? "" : source;
        this.user = user;
    }

    public static Settings defaults() {
        return DEFAULTS;
    }

    /** A copy with {@code ruleId.key} set to {@code value}. */
    public Settings with(String ruleId, String key, double value) {
        Map<String, Double> m = new HashMap<>(overrides);
        m.put(ruleId + "." + key, value);
        return new Settings(m, source, user);
    }

    /** A copy with {@code ruleId.key} back at its default. */
    public Settings without(String ruleId, String key) {
        Map<String, Double> m = new HashMap<>(overrides);
        m.remove(ruleId + "." + key);
        return new Settings(m, source, user);
    }

    /**
     * A copy that says where its overrides came from: the settings file's path, and whether it is the user's own
     * settings (saved by the app) rather than a file given for one run.
     */
    public Settings from(String file, boolean userSettings) {
        return new Settings(overrides, file, userSettings);
    }

    /** The value of a setting for a rule: the override, else the default. */
    public double get(String ruleId, Setting s) {
        Double v = overrides.get(ruleId + "." + s.key());
        return v == null ? s.defaultValue() : v;
    }

    public boolean isOverridden(String ruleId, Setting s) {
        return overrides.containsKey(ruleId + "." + s.key());
    }

    /** True when the value set for the setting differs from its default. */
    public boolean isChanged(String ruleId, Setting s) {
        Double v = overrides.get(ruleId + "." + s.key());
        return v != null && Double.compare(v, s.defaultValue()) != 0;
    }

    public Map<String, Double> overrides() {
        return overrides;
    }

    /** The settings file the overrides were read from, or "" (defaults, or made in code). */
    public String source() {
        return source;
    }

    /** True when these are the user's own settings (the app's, saved per user), not a file given for one run. */
    public boolean isUser() {
        return user;
    }

    /** Who changed a threshold, in words of the locale: "settings FILE" or "user settings (FILE)". */
    public String by(Locale locale) {
        if (user) {
            return RuleText.engine(locale, "settings.by.user", source);
        }
        return source.isEmpty() ? RuleText.engine(locale, "settings.by.code") : RuleText.engine(locale, "settings.by.file", source);
    }

    /** A threshold changed from its default. */
    public record Change(String ruleId, String key, String description, double defaultValue, double value, String unit,
                         Setting.Basis basis) {
        /** "IO-HIGH-AWAIT awaitNvmeMs (mean await on NVMe at least): changed from 5 ms to 2 ms by settings FILE". */
        public String display(Locale locale, Settings by) {
            return RuleText.engine(locale, "settings.changed", ruleId, key, description, Setting.format(defaultValue, unit),
                    Setting.format(value, unit), by.by(locale));
        }
    }

    /**
     * The thresholds of these rules whose value differs from the default, sorted by rule id and key, described in
     * the locale's language.
     */
    public List<Change> changes(List<Rule> rules, Locale locale) {
        Map<String, Change> out = new TreeMap<>();
        for (Rule r : rules) {
            for (Setting s : r.settings()) {
                if (isChanged(r.id(), s)) {
                    String d = r instanceof BaseRule b ? b.settingDescription(s, locale) : s.description();
                    out.put(r.id() + "." + s.key(), new Change(r.id(), s.key(), d, s.defaultValue(), get(r.id(), s),
                            RuleText.unit(s.unit(), locale), s.basis()));
                }
            }
        }
        return new ArrayList<>(out.values());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Settings s && s.user == user && s.source.equals(source) && s.overrides.equals(overrides);
    }

    @Override
    public int hashCode() {
        return Objects.hash(overrides, source, user);
    }

    @Override
    public String toString() {
        return "Settings" + new TreeMap<>(overrides) + (source.isEmpty() ? "" : " from " + source);
    }
}
