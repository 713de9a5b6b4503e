package io.tunescope.ui.timeline;

import io.tunescope.model.capture.Capture;
import java.util.Set;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableSet;

/**
 * State of the timeline view, testable without a window and kept when the window is built again in another
 * language: the step shown (its folder; null for all steps), the charts hidden (by panel id, which does not
 * change with the language), the zoomed time range, the crosshair, the clock the steps are drawn on and the
 * inner tab. Opening another capture starts afresh; showing the same capture again keeps everything.
 */
public final class TimelineViewModel {

    /** The clock of the chart. */
    public enum Clock {
        /** Every series on the capture's own clock (wall clock, or seconds from the start). */
        CAPTURE,
        /** Each step's main run from its own start (t = 0 at run start), the steps drawn over one another. */
        RUN_START
    }

    /** A zoomed domain range, in the chart's x units (epoch millis on a wall clock, else seconds). */
    public record Range(double from, double to) {
        public Range {
            if (!(to > from)) {
                throw new IllegalArgumentException("empty range " + from + ".." + to);
            }
        }
    }

    private Capture capture;
    private final ObjectProperty<String> step = new SimpleObjectProperty<>();
    private final ObservableSet<String> hidden = FXCollections.observableSet();
    private final ObjectProperty<Range> zoom = new SimpleObjectProperty<>();
    private final DoubleProperty crosshair = new SimpleDoubleProperty(Double.NaN);
    private final ObjectProperty<Clock> clock = new SimpleObjectProperty<>(Clock.CAPTURE);
    private final IntegerProperty tab = new SimpleIntegerProperty(0);

    public TimelineViewModel() {
        // another step or clock is another x axis: its zoom and crosshair mean nothing there
        step.addListener((o, a, b) -> clearPosition());
        clock.addListener((o, a, b) -> clearPosition());
    }

    private void clearPosition() {
        zoom.set(null);
        crosshair.set(Double.NaN);
    }

    /**
     * The capture to show. Tells whether it is the one shown before (its state is kept: the window was built again);
     * another capture (or none) starts from all steps, every chart, no zoom, the capture's clock.
     */
    public boolean show(Capture c) {
        if (c != null && c == capture) {
            return true;
        }
        capture = c;
        step.set(null);
        hidden.clear();
        clock.set(Clock.CAPTURE);
        clearPosition();
        tab.set(0);
        return false;
    }

    public Capture capture() {
        return capture;
    }

    /** The folder of the step shown; null for all steps. */
    public ObjectProperty<String> stepProperty() {
        return step;
    }

    /** Ids of the charts the user hid ({@link io.tunescope.render.timeline.TimelineChart.Panel#id()}). */
    public ObservableSet<String> hidden() {
        return hidden;
    }

    /** Replaces the hidden charts (a changed choice in the charts box). */
    public void hide(Set<String> ids) {
        if (!hidden.equals(ids)) {
            hidden.retainAll(ids);
            hidden.addAll(ids);
        }
    }

    /** The zoomed time range; null when the whole time is shown. */
    public ObjectProperty<Range> zoomProperty() {
        return zoom;
    }

    public DoubleProperty crosshairProperty() {
        return crosshair;
    }

    public ObjectProperty<Clock> clockProperty() {
        return clock;
    }

    /** The inner tab shown (chart, runs, sweep, markers). */
    public IntegerProperty tabProperty() {
        return tab;
    }
}
