package io.tunescope.ui;

import io.tunescope.model.capture.Capture;
import javafx.scene.Node;

/**
 * One tab of the main window (flame graph, NUMA, timeline, ...). Created once per window by
 * {@link Views}; {@link #show} is called on the FX thread whenever a capture finished loading (or null
 * when none is open). Heavy work (layout, aggregation) must run through {@link UiContext#background()}
 * and only paint on the FX thread.
 */
public interface CaptureView {

    /** Key of the tab title in {@code messages.properties}. */
    String titleKey();

    /** Ikonli FontAwesome 5 icon literal for the tab, e.g. {@code fas-fire}. */
    String iconLiteral();

    Node node();

    void show(Capture capture);

    /**
     * Shows the target in this view if it can (search a frame, zoom to a time range) and tells whether it
     * did; the main window then selects this view's tab. Views that cannot show the target return false.
     */
    default boolean reveal(Target target) {
        return false;
    }

    /**
     * Sets this view up to compare two tuning steps ({@code before} -> {@code after}): differential flame
     * graph, NUMA difference, configuration diff. Tells whether the view had data of both steps.
     */
    default boolean compare(io.tunescope.model.capture.Step before, io.tunescope.model.capture.Step after) {
        return false;
    }

    /**
     * Whether {@link #show} leaves the filling to background work and calls {@link UiContext#viewFilled} when it is
     * done. The window then shows the capture in its other views only after that (or after a few seconds), so that
     * the visible view is filled first; for a view that says false they follow right after its first frame.
     */
    default boolean fillsInBackground() {
        return false;
    }
}
