package io.tunescope.ui.timeline;

import io.tunescope.ui.Shortcuts;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.Range;
import org.jfree.data.general.DatasetUtils;

/**
 * The timeline chart's keys, listed in F1: Left/Right move the crosshair (the values at that time show above the
 * chart), Shift+Left/Right move it and extend a selection from where it was, Enter zooms to the selection, +/- zoom
 * the time axis around the crosshair, 0 shows the whole time again, Esc drops the selection, Ctrl+N annotates the
 * zoomed range or the crosshair's time. They act while the chart has the keyboard focus (a click on it, or Tab).
 */
final class TimelineKeys {
    /** The crosshair moves this share of the visible time per key press. */
    static final double STEP = 1.0 / 100;

    private final ChartViewer viewer;
    private final TimelineViewModel model;
    private final DoubleConsumer moveCrosshair;
    private final List<IntervalMarker> shown = new ArrayList<>();
    /** Where the selection started (the crosshair when Shift was first pressed with an arrow), NaN for none. */
    private double anchor = Double.NaN;

    TimelineKeys(ChartViewer viewer, TimelineViewModel model, DoubleConsumer moveCrosshair) {
        this.viewer = viewer;
        this.model = model;
        this.moveCrosshair = moveCrosshair;
    }

    /** Registers the keys in the window's registry, acting in {@code scope} while the chart has the focus. */
    void register(Shortcuts keys, Node scope, Runnable resetZoom, Runnable annotate, BooleanSupplier canAnnotate) {
        viewer.setFocusTraversable(true);
        viewer.getCanvas().setFocusTraversable(false);
        // a click on the chart gives it the keys
        viewer.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> viewer.requestFocus());
        // showing the tab gives the chart the keys, unless the user is already working somewhere in the view
        // (a tab pane shows and hides the region around the view, not the view itself)
        javafx.beans.value.ChangeListener<Boolean> shown = (o, a, b) -> {
            if (b) {
                javafx.application.Platform.runLater(() -> focusChart(scope));
            }
        };
        scope.visibleProperty().addListener(shown);
        scope.parentProperty().addListener((o, a, b) -> {
            if (a != null) {
                a.visibleProperty().removeListener(shown);
            }
            if (b != null) {
                b.visibleProperty().addListener(shown);
            }
        });
        scope.sceneProperty().addListener((o, a, b) -> {
            if (b != null) {
                javafx.application.Platform.runLater(() -> focusChart(scope));
            }
        });
        // the chart appears when its data is in, which may be after the tab is shown (a view is shown the capture
        // when its tab is first selected if its turn had not come yet): it gets the keys then, unless the user pressed
        // a key or clicked in the view since it was shown (the window moves the focus into the view by itself when
        // the view that had it is hidden, so where the focus is tells nothing)
        scope.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> userActed = true);
        scope.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> userActed = true);
        viewer.visibleProperty().addListener((o, a, b) -> {
            Node owner = viewer.getScene() == null ? null : viewer.getScene().getFocusOwner();
            if (!b && (owner == viewer || owner == viewer.getCanvas())) {
                // hidden while it has the keys (its data computed again): it takes them back when it reappears
                chartAwaited = true;
                userActed = false;
            } else if (b && chartAwaited) {
                javafx.application.Platform.runLater(this::takeAwaitedKeys);
            }
        });
        // the chart may join the view (and the scene) only when its data is in, after the view was shown
        viewer.sceneProperty().addListener((o, a, b) -> {
            if (b != null && chartAwaited) {
                javafx.application.Platform.runLater(this::takeAwaitedKeys);
            }
        });
        BooleanSupplier focused = () -> viewer.getScene() != null
                && (viewer.getScene().getFocusOwner() == viewer || viewer.getScene().getFocusOwner() == viewer.getCanvas());
        keys.register("timeline.left", KeyCombination.valueOf("Left"), "shortcut.timeline.left", scope, focused, () -> move(-1, false));
        keys.register("timeline.right", KeyCombination.valueOf("Right"), "shortcut.timeline.right", scope, focused, () -> move(1, false));
        keys.register("timeline.extendLeft", KeyCombination.valueOf("Shift+Left"), "shortcut.timeline.extendLeft", scope, focused,
                () -> move(-1, true));
        keys.register("timeline.extendRight", KeyCombination.valueOf("Shift+Right"), "shortcut.timeline.extendRight", scope, focused,
                () -> move(1, true));
        keys.register("timeline.zoomSelection", KeyCombination.valueOf("Enter"), "shortcut.timeline.zoomSelection", scope, focused,
                this::zoomToSelection);
        keys.register("timeline.zoomIn", KeyCombination.valueOf("Plus"), "shortcut.timeline.zoomIn", scope, focused, () -> zoom(0.5));
        // "+" is Shift+= on many keyboards, and the keypad has its own
        keys.alias("timeline.zoomIn", new KeyCodeCombination(KeyCode.EQUALS, KeyCombination.SHIFT_ANY));
        keys.alias("timeline.zoomIn", "Add");
        keys.register("timeline.zoomOut", KeyCombination.valueOf("Minus"), "shortcut.timeline.zoomOut", scope, focused, () -> zoom(2));
        keys.alias("timeline.zoomOut", "Subtract");
        keys.register("timeline.reset", new KeyCodeCombination(KeyCode.DIGIT0), "shortcut.timeline.reset", scope, focused, () -> {
            clearSelection();
            resetZoom.run();
        });
        keys.alias("timeline.reset", new KeyCodeCombination(KeyCode.NUMPAD0));
        keys.register("timeline.clear", KeyCombination.valueOf("Esc"), "shortcut.timeline.clear", scope, focused, this::clearSelection);
        keys.register("timeline.annotate", KeyCombination.valueOf("Shortcut+N"), "shortcut.timeline.annotate", scope,
                () -> focused.getAsBoolean() && canAnnotate.getAsBoolean(), annotate);
    }

    /** The view was shown before its chart was there: the chart takes the keys when it appears (see register). */
    private boolean chartAwaited;
    /** A key pressed or a click in the view since it was shown without its chart. */
    private boolean userActed;

    /** The chart awaited since its view was shown is there: it takes the keys unless the user acted since. */
    private void takeAwaitedKeys() {
        if (!chartAwaited || viewer.getScene() == null || !viewer.isVisible()) {
            return; // not there yet: its scene or visibility listener calls again
        }
        chartAwaited = false;
        if (!userActed && io.tunescope.ui.Shortcuts.isShowing(viewer)) {
            viewer.requestFocus();
        }
    }

    private void focusChart(Node scope) {
        if ((viewer.getScene() == null || !viewer.isVisible()) && io.tunescope.ui.Shortcuts.isShowing(scope)) {
            chartAwaited = true;
            userActed = false;
            return;
        }
        if (viewer.getScene() == null || !viewer.isVisible() || !io.tunescope.ui.Shortcuts.isShowing(viewer)) {
            return;
        }
        for (Node n = viewer.getScene().getFocusOwner(); n != null; n = n.getParent()) {
            if (n == scope) {
                return;
            }
        }
        viewer.requestFocus();
    }

    private CombinedDomainXYPlot plot() {
        JFreeChart chart = viewer.getChart();
        return chart != null && viewer.isVisible() && chart.getPlot() instanceof CombinedDomainXYPlot p ? p : null;
    }

    /** Moves the crosshair one step; with {@code extend}, the selection runs from where it was to where it is now. */
    void move(int direction, boolean extend) {
        CombinedDomainXYPlot p = plot();
        if (p == null) {
            return;
        }
        Range visible = p.getDomainAxis().getRange();
        double x = model.crosshairProperty().get();
        if (Double.isNaN(x) || x < visible.getLowerBound() || x > visible.getUpperBound()) {
            x = visible.getCentralValue();
        }
        if (extend && Double.isNaN(anchor)) {
            anchor = x;
        } else if (!extend) {
            clearSelection();
        }
        double next = Math.max(visible.getLowerBound(), Math.min(visible.getUpperBound(), x + direction * visible.getLength() * STEP));
        moveCrosshair.accept(next);
        if (extend) {
            showSelection(Math.min(anchor, next), Math.max(anchor, next));
        }
    }

    /** The time axis zoomed by {@code factor} around the crosshair (or the middle), never past the data. */
    void zoom(double factor) {
        CombinedDomainXYPlot p = plot();
        if (p == null) {
            return;
        }
        var axis = p.getDomainAxis();
        Range visible = axis.getRange();
        Range data = dataBounds(p);
        double x = model.crosshairProperty().get();
        double centre = Double.isNaN(x) || x < visible.getLowerBound() || x > visible.getUpperBound() ? visible.getCentralValue() : x;
        double length = visible.getLength() * factor;
        if (data != null && length >= data.getLength()) {
            axis.setAutoRange(true);
            return;
        }
        double lo = centre - (centre - visible.getLowerBound()) * factor;
        double hi = lo + length;
        if (data != null) {
            if (lo < data.getLowerBound()) {
                hi += data.getLowerBound() - lo;
                lo = data.getLowerBound();
            }
            if (hi > data.getUpperBound()) {
                lo -= hi - data.getUpperBound();
                hi = data.getUpperBound();
            }
        }
        if (hi > lo) {
            axis.setRange(lo, hi);
        }
    }

    private static Range dataBounds(CombinedDomainXYPlot p) {
        Range out = null;
        for (XYPlot sub : p.getSubplots()) {
            for (int i = 0; i < sub.getDatasetCount(); i++) {
                if (sub.getDataset(i) != null) {
                    out = Range.combine(out, DatasetUtils.findDomainBounds(sub.getDataset(i)));
                }
            }
        }
        return out;
    }

    void zoomToSelection() {
        CombinedDomainXYPlot p = plot();
        double[] s = selection();
        if (p == null || s == null || !(s[1] > s[0])) {
            return;
        }
        clearSelection();
        p.getDomainAxis().setRange(s[0], s[1]);
    }

    /** The selected time range on the chart's axis, or null. */
    double[] selection() {
        if (shown.isEmpty()) {
            return null;
        }
        IntervalMarker m = shown.get(0);
        return new double[] {m.getStartValue(), m.getEndValue()};
    }

    private void showSelection(double from, double to) {
        CombinedDomainXYPlot p = plot();
        if (p == null) {
            return;
        }
        JFreeChart chart = viewer.getChart();
        chart.setNotify(false);
        removeMarkers(p);
        for (XYPlot sub : p.getSubplots()) {
            IntervalMarker m = new IntervalMarker(from, to, new java.awt.Color(255, 170, 0, 50), new java.awt.BasicStroke(1f),
                    new java.awt.Color(255, 140, 0), new java.awt.BasicStroke(1f), 1f);
            sub.addDomainMarker(m, org.jfree.chart.ui.Layer.BACKGROUND);
            shown.add(m);
        }
        chart.setNotify(true);
    }

    void clearSelection() {
        anchor = Double.NaN;
        CombinedDomainXYPlot p = plot();
        if (p != null) {
            removeMarkers(p);
        }
        shown.clear();
    }

    private void removeMarkers(CombinedDomainXYPlot p) {
        for (XYPlot sub : p.getSubplots()) {
            for (IntervalMarker m : shown) {
                sub.removeDomainMarker(m, org.jfree.chart.ui.Layer.BACKGROUND);
            }
        }
        shown.clear();
    }
}
