package io.tunescope.ui;

import java.util.ResourceBundle;
import java.util.concurrent.ExecutorService;

/** What views may use from the main window. */
public interface UiContext {
    /** User-visible strings. */
    ResourceBundle bundle();

    /** Background threads for parsing, layout and rule evaluation (never the FX thread). */
    ExecutorService background();

    /** Shows a short message in the status bar. */
    void status(String message);

    /**
     * The window's keyboard shortcuts, where views register theirs (see {@link Shortcuts}). A context
     * without a window (tests, exports) gives a registry of its own that binds nothing.
     */
    default Shortcuts shortcuts() {
        return new Shortcuts();
    }

    /**
     * The chosen look, for views that paint their own background (canvas views): repaint when it changes.
     * Controls follow the theme through CSS by themselves. A context without a window is light.
     */
    default javafx.beans.value.ObservableValue<Theme> theme() {
        return new javafx.beans.property.SimpleObjectProperty<>(Theme.LIGHT);
    }

    /**
     * Jumps to the view that can show the target ("show evidence") and tells whether one could. A context
     * without a window has no other views and does nothing.
     */
    default boolean navigate(Target target) {
        return false;
    }

    /**
     * The annotations of the open capture, where views add notes and read them for markers; null in a
     * context without a window (tests of a single view, exports).
     */
    default io.tunescope.ui.annotate.Annotations annotations() {
        return null;
    }

    /**
     * The selected time window of the samples, shared by the heatmap, the timeline and the flame graph (app
     * state: it survives tab switches). Null in a context without a window; a view then keeps its own.
     */
    default WindowSelection windowSelection() {
        return null;
    }

    /**
     * The language of the UI's words (the bundle's locale: the root locale for English), for the words that the
     * core draws inside charts and heatmaps ({@link io.tunescope.analysis.ChartText}).
     */
    default java.util.Locale locale() {
        return bundle().getLocale();
    }

    /**
     * Opens the capture file a value came from at its line, read-only, in the source viewer, and tells whether
     * it could (the file is part of the open capture). A context without a window does nothing.
     */
    default boolean openSource(io.tunescope.model.capture.SourceRef ref) {
        return false;
    }

    /**
     * Shows a capture derived from the open one without reading it again (the open capture with its perf.data converted).
     * A context without a window does nothing.
     */
    default void adopt(io.tunescope.model.capture.Capture capture) {
    }

    /**
     * Sets every view up to compare two tuning steps (as View &gt; Compare Steps does) and tells which views could. A
     * context without a window compares nothing.
     */
    default java.util.List<String> compare(io.tunescope.model.capture.Step before, io.tunescope.model.capture.Step after) {
        return java.util.List.of();
    }

    /** Reads the open capture again (after its corrections were saved). A context without a window does nothing. */
    default void reload() {
    }

    /**
     * The view model of the type for this window: the same object for every view built in this window and in the
     * window built again in another language (so a view's state outlives its widgets). A context without a window
     * makes a new one each time.
     */
    default <T> T viewModel(Class<T> type, java.util.function.Supplier<T> make) {
        return make.get();
    }

    /**
     * The thresholds the rules run with (the user's settings, in the app): views that show findings evaluate them at
     * these and again when they change. A context without a window has the defaults.
     */
    default javafx.beans.value.ObservableValue<io.tunescope.rules.Settings> thresholds() {
        return new javafx.beans.property.SimpleObjectProperty<>(io.tunescope.rules.Settings.defaults());
    }

    /**
     * Opens the thresholds dialog at the first threshold of the rule ({@code null}: at none). A context without a
     * window does nothing.
     */
    default void editThresholds(String ruleId) {
    }

    /** Formats a bundle string with arguments (MessageFormat, Locale of the bundle). */
    default String text(String key, Object... args) {
        String pattern = bundle().getString(key);
        return args.length == 0 ? pattern : new java.text.MessageFormat(pattern, bundle().getLocale()).format(args);
    }

    /**
     * A view has its content for the capture it was shown (its background work is done and painted in): the window
     * shows the capture in its other views once the visible one is filled (see {@link CaptureView#fillsInBackground}).
     * Called on the FX thread.
     */
    default void viewFilled(CaptureView view) {
    }
}
