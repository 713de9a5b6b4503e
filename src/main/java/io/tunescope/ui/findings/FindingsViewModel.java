package io.tunescope.ui.findings;

import io.tunescope.model.capture.Capture;
import io.tunescope.rules.Finding;
import io.tunescope.rules.Topic;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * State of the findings view, testable without a window and kept when the window is built again in another
 * language: the topic and step filters, whether a rule's findings in several steps are one group, the finding
 * selected (by rule and step, which do not change with the language of the texts), the inner tab and the step
 * selected among the tuning steps.
 */
public final class FindingsViewModel {

    /** A finding named by what stays the same in every language: its rule and its step. */
    public record Key(String ruleId, String step) {
        public static Key of(Finding f) {
            return new Key(f.ruleId(), f.step());
        }

        public boolean matches(Finding f) {
            return f != null && ruleId.equals(f.ruleId()) && step.equals(f.step());
        }
    }

    private Capture capture;
    private final ObjectProperty<Topic> topic = new SimpleObjectProperty<>();
    private final ObjectProperty<String> step = new SimpleObjectProperty<>();
    private final BooleanProperty grouped = new SimpleBooleanProperty(true);
    private final ObjectProperty<Key> selected = new SimpleObjectProperty<>();
    private final IntegerProperty tab = new SimpleIntegerProperty(0);
    private final ObjectProperty<String> tuningStep = new SimpleObjectProperty<>();
    private final javafx.beans.property.StringProperty text = new javafx.beans.property.SimpleStringProperty("");

    /**
     * The capture to show. Tells whether it is the one shown before (the window was built again: filters and
     * selection stay); another capture starts with no filter, grouped, nothing selected.
     */
    public boolean show(Capture c) {
        if (c != null && c == capture) {
            return true;
        }
        capture = c;
        topic.set(null);
        step.set(null);
        selected.set(null);
        tab.set(0);
        tuningStep.set(null);
        text.set("");
        return false;
    }

    /**
     * The step (folder) selected in the tuning steps table, whose configuration diff shows; null before the user
     * chose one (the last step is shown then).
     */
    public ObjectProperty<String> tuningStepProperty() {
        return tuningStep;
    }

    /** The row to select among the steps (folders, in table order): the chosen step when listed, else the last. */
    public int tuningStepRow(List<String> dirs) {
        int i = tuningStep.get() == null ? -1 : dirs.indexOf(tuningStep.get());
        return i >= 0 ? i : dirs.size() - 1;
    }

    /** The topic shown; null for every topic. */
    public ObjectProperty<Topic> topicProperty() {
        return topic;
    }

    /** The folder of the step shown; null for every step. */
    public ObjectProperty<String> stepProperty() {
        return step;
    }

    /** Whether one rule's findings in several steps are listed once, with the steps named. */
    public BooleanProperty groupedProperty() {
        return grouped;
    }

    public ObjectProperty<Key> selectedProperty() {
        return selected;
    }

    public IntegerProperty tabProperty() {
        return tab;
    }

    /** The words typed in the filter: a finding is listed when its title, rule id or summary contains them (any case). */
    public javafx.beans.property.StringProperty textProperty() {
        return text;
    }

    /**
     * The findings to list, in the report's order (most severe first), after the filters: with grouping on and all
     * steps shown, one entry per rule (its first, most severe finding stands for the group).
     */
    public List<Finding> visible(List<Finding> all) {
        List<Finding> out = new ArrayList<>();
        Map<String, Boolean> seen = new LinkedHashMap<>();
        boolean group = grouped.get() && step.get() == null;
        for (Finding f : all) {
            if (topic.get() != null && f.topic() != topic.get()) {
                continue;
            }
            if (step.get() != null && !step.get().equals(f.step())) {
                continue;
            }
            if (!matchesText(f)) {
                continue;
            }
            if (group && seen.putIfAbsent(f.ruleId(), Boolean.TRUE) != null) {
                continue;
            }
            out.add(f);
        }
        return out;
    }

    private boolean matchesText(Finding f) {
        String q = text.get() == null ? "" : text.get().strip().toLowerCase(java.util.Locale.ROOT);
        return q.isEmpty() || f.title().toLowerCase(java.util.Locale.ROOT).contains(q) || f.ruleId().toLowerCase(java.util.Locale.ROOT).contains(q)
                || f.summary().toLowerCase(java.util.Locale.ROOT).contains(q);
    }

    /** The findings of the same rule as {@code f} in every step, in the capture's step order. */
    public static List<Finding> sameRule(List<Finding> all, Finding f, Capture c) {
        List<Finding> out = new ArrayList<>();
        for (Finding x : all) {
            if (x.ruleId().equals(f.ruleId())) {
                out.add(x);
            }
        }
        if (c != null) {
            List<String> order = c.steps().stream().map(io.tunescope.model.capture.Step::dir).toList();
            out.sort(java.util.Comparator.comparingInt(x -> {
                int i = order.indexOf(x.step());
                return i < 0 ? Integer.MAX_VALUE : i;
            }));
        }
        return out;
    }

    /** The listed finding that stands for the selected one: itself, or its group's entry. Null when none is listed. */
    public Finding listed(List<Finding> visible) {
        Key k = selected.get();
        if (k == null) {
            return null;
        }
        for (Finding f : visible) {
            if (k.matches(f)) {
                return f;
            }
        }
        for (Finding f : visible) {
            if (Objects.equals(f.ruleId(), k.ruleId()) && grouped.get() && step.get() == null) {
                return f;
            }
        }
        return null;
    }

    /** The selected finding among all of the report (in the report's language), or null. */
    public Finding selected(List<Finding> all) {
        Key k = selected.get();
        if (k == null) {
            return null;
        }
        for (Finding f : all) {
            if (k.matches(f)) {
                return f;
            }
        }
        return null;
    }
}
