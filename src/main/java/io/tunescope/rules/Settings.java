package io.tunescope.rules;

import java.util.HashMap;
import java.util.Map;

/**
 * The threshold values rules run with: each rule's defaults unless overridden under
 * {@code RULE-ID.settingKey}. Immutable; {@link #with} returns a changed copy.
 */
public final class Settings {
    private static final Settings DEFAULTS = new Settings(Map.of());
    private final Map<String, Double> overrides;

    private Settings(Map<String, Double> overrides) {
        this.overrides = Map.copyOf(overrides);
    }

    public static Settings defaults() {
        return DEFAULTS;
    }

    /** A copy with {@code ruleId.key} set to {@code value}. */
    public Settings with(String ruleId, String key, double value) {
        Map<String, Double> m = new HashMap<>(overrides);
        m.put(ruleId + "." + key, value);
        return new Settings(m);
    }

    /** The value of a setting for a rule: the override, else the default. */
    public double get(String ruleId, Setting s) {
        Double v = overrides.get(ruleId + "." + s.key());
        return v == null ? s.defaultValue() : v;
    }

    public boolean isOverridden(String ruleId, Setting s) {
        return overrides.containsKey(ruleId + "." + s.key());
    }

    public Map<String, Double> overrides() {
        return overrides;
    }
}
