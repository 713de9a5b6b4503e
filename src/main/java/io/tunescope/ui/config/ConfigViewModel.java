package io.tunescope.ui.config;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.model.capture.Capture;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * State of the configuration view, testable without a window and kept when the window is built again in another
 * language: the step, the two steps compared, the filter text, which status variables are listed (counters as
 * rates, or gauges as levels: never mixed in one ranking) and whether those that did not change are hidden, and the
 * inner tab. The status rows are ranked by magnitude, the busiest first, as pt-mext is read.
 */
public final class ConfigViewModel {

    /** Which status variables the status table lists. */
    public enum StatusKind {
        /** Counters (monotonic since start): ranked by their rate over the step's window. */
        COUNTERS,
        /** Gauges (levels that go up and down): ranked by their last value. */
        GAUGES
    }

    private Capture capture;
    private final ObjectProperty<String> step = new SimpleObjectProperty<>();
    private final ObjectProperty<String> diffFrom = new SimpleObjectProperty<>();
    private final ObjectProperty<String> diffTo = new SimpleObjectProperty<>();
    private final StringProperty filter = new SimpleStringProperty("");
    private final ObjectProperty<StatusKind> statusKind = new SimpleObjectProperty<>(StatusKind.COUNTERS);
    private final BooleanProperty hideUnchanged = new SimpleBooleanProperty(true);
    private final IntegerProperty tab = new SimpleIntegerProperty(0);

    /**
     * The capture to show. Tells whether it is the one shown before (the window was built again: every choice
     * stays); another capture starts at its first step, comparing its first two steps, with no filter.
     */
    public boolean show(Capture c) {
        if (c != null && c == capture) {
            return true;
        }
        capture = c;
        List<io.tunescope.model.capture.Step> steps = c == null ? List.of() : c.steps();
        step.set(steps.isEmpty() ? null : steps.get(0).dir());
        diffFrom.set(steps.isEmpty() ? null : steps.get(0).dir());
        diffTo.set(steps.size() < 2 ? null : steps.get(1).dir());
        filter.set("");
        tab.set(0);
        return false;
    }

    public ObjectProperty<String> stepProperty() {
        return step;
    }

    public ObjectProperty<String> diffFromProperty() {
        return diffFrom;
    }

    public ObjectProperty<String> diffToProperty() {
        return diffTo;
    }

    public StringProperty filterProperty() {
        return filter;
    }

    public ObjectProperty<StatusKind> statusKindProperty() {
        return statusKind;
    }

    public BooleanProperty hideUnchangedProperty() {
        return hideUnchanged;
    }

    public IntegerProperty tabProperty() {
        return tab;
    }

    /** Whether a row is listed under the current kind, "hide unchanged" and filter. */
    public boolean shows(StatusDelta.Row r) {
        if (r.gauge() != (statusKind.get() == StatusKind.GAUGES)) {
            return false;
        }
        if (hideUnchanged.get() && unchanged(r)) {
            return false;
        }
        String q = filter.get() == null ? "" : filter.get().trim().toLowerCase(Locale.ROOT);
        return q.isEmpty() || r.name().toLowerCase(Locale.ROOT).contains(q);
    }

    /**
     * A counter that did not move over the window, or a gauge at the same level in both snapshots. A counter whose
     * delta is unknown (a restart in between, one snapshot) is not called unchanged.
     */
    public static boolean unchanged(StatusDelta.Row r) {
        if (r.gauge()) {
            return Double.compare(r.before(), r.after()) == 0;
        }
        return r.delta() == 0;
    }

    /** The magnitude a row is ranked by: a counter's rate per second, a gauge's last value; NaN ranks last. */
    public static double magnitude(StatusDelta.Row r) {
        double v = r.gauge() ? r.after() : r.perSecond();
        if (Double.isNaN(v) && !r.gauge()) {
            v = r.delta();
        }
        return Double.isNaN(v) ? Double.NEGATIVE_INFINITY : Math.abs(v);
    }

    /** Largest magnitude first (unknown last), then by name. */
    public static final Comparator<StatusDelta.Row> BY_MAGNITUDE = Comparator
            .comparingDouble(ConfigViewModel::magnitude).reversed().thenComparing(StatusDelta.Row::name);

    /** The rows listed, busiest first. */
    public List<StatusDelta.Row> status(List<StatusDelta.Row> all) {
        List<StatusDelta.Row> out = new ArrayList<>();
        for (StatusDelta.Row r : all) {
            if (shows(r)) {
                out.add(r);
            }
        }
        out.sort(BY_MAGNITUDE);
        return out;
    }
}
