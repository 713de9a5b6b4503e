package io.tunescope.ui.settings;

import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Rule;
import io.tunescope.rules.RuleText;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Settings;
import io.tunescope.rules.catalog.RuleCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableMap;
import javafx.collections.transformation.FilteredList;

/**
 * The model of the thresholds dialog, testable without a window: one row per threshold of every rule of the
 * catalogue (rule, threshold, default, unit, [S]ource or [H]euristic basis, the value being edited), a filter by
 * rule id or words, and the values typed so far. {@link #result()} is the settings to apply: only the values that
 * differ from their defaults.
 */
public final class ThresholdsEditor {
    /** One threshold of one rule, with its words in the dialog's language. */
    public record Row(Rule rule, Setting setting, String title, String description, String unit) {
        /** {@code RULE-ID.key}, as the settings file names it. */
        public String id() {
            return rule.id() + "." + setting.key();
        }

        /** What the filter searches: id, key, title, description, in lower case. */
        String haystack() {
            return (rule.id() + " " + setting.key() + " " + title + " " + description + " " + rule.title() + " " + setting.description())
                    .toLowerCase(Locale.ROOT);
        }
    }

    private final List<Row> rows = new ArrayList<>();
    private final FilteredList<Row> visible;
    private final ObservableMap<String, Double> values = FXCollections.observableHashMap();
    private final StringProperty filter = new SimpleStringProperty("");
    private final Locale locale;
    private final Settings start;

    /** An editor starting from {@code current} (the user's settings), its words in the locale. */
    public ThresholdsEditor(Settings current, Locale locale) {
        this.locale = locale;
        this.start = current;
        for (Rule r : RuleCatalog.rules()) {
            for (Setting s : r.settings()) {
                String d = r instanceof BaseRule b ? b.settingDescription(s, locale) : s.description();
                rows.add(new Row(r, s, r.title(locale), d, RuleText.unit(s.unit(), locale)));
                if (current.isChanged(r.id(), s)) {
                    values.put(r.id() + "." + s.key(), current.get(r.id(), s));
                }
            }
        }
        visible = new FilteredList<>(FXCollections.observableArrayList(rows));
        filter.addListener((o, a, b) -> visible.setPredicate(matcher(b)));
    }

    private static java.util.function.Predicate<Row> matcher(String query) {
        String q = query == null ? "" : query.trim().toLowerCase(Locale.ROOT);
        if (q.isEmpty()) {
            return r -> true;
        }
        String[] words = q.split("\\s+");
        return r -> {
            String h = r.haystack();
            for (String w : words) {
                if (!h.contains(w)) {
                    return false;
                }
            }
            return true;
        };
    }

    /** Every row, in catalogue order (topic, then rule id). */
    public List<Row> rows() {
        return List.copyOf(rows);
    }

    /** The rows the filter lets through. */
    public ObservableList<Row> visible() {
        return visible;
    }

    /** Words (all must occur) or a rule id; "" shows every row. */
    public StringProperty filterProperty() {
        return filter;
    }

    /** The values changed from the default so far, by {@link Row#id()}; the dialog's cells follow it. */
    public ObservableMap<String, Double> changed() {
        return values;
    }

    public Locale locale() {
        return locale;
    }

    /** The value the row has now: the one typed, else the default. */
    public double value(Row r) {
        Double v = values.get(r.id());
        return v == null ? r.setting().defaultValue() : v;
    }

    public boolean isChanged(Row r) {
        return values.containsKey(r.id());
    }

    /** The first row of a rule, or null. */
    public Row firstOf(String ruleId) {
        return rows.stream().filter(r -> r.rule().id().equals(ruleId)).findFirst().orElse(null);
    }

    /**
     * Sets a row's value from what the user typed (a number, "." or "," as decimal mark); a value equal to the
     * default resets it. Returns null when taken, else the range the value must lie in (the value is not taken).
     */
    public String set(Row r, String typed) {
        String t = typed == null ? "" : typed.trim().replace(',', '.');
        double v;
        try {
            v = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            return io.tunescope.session.SettingsFile.range(r.setting());
        }
        if (!r.setting().allows(v)) {
            return io.tunescope.session.SettingsFile.range(r.setting());
        }
        if (Double.compare(v, r.setting().defaultValue()) == 0) {
            values.remove(r.id());
        } else {
            values.put(r.id(), v);
        }
        return null;
    }

    /** Back to the default. */
    public void reset(Row r) {
        values.remove(r.id());
    }

    /** Every threshold back to its default. */
    public void resetAll() {
        values.clear();
    }

    /** The settings to apply: the values changed from the default, said to come from where the start came from. */
    public Settings result() {
        Settings s = Settings.defaults().from(start.source(), start.isUser());
        for (Row r : rows) {
            Double v = values.get(r.id());
            if (v != null) {
                s = s.with(r.rule().id(), r.setting().key(), v);
            }
        }
        return s;
    }
}
