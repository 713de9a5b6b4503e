package io.tunescope.ui.timeline;

import io.tunescope.analysis.timeline.Anomaly;
import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.analysis.window.MarkerWindow;
import io.tunescope.analysis.window.SampleFilter;
import io.tunescope.analysis.window.Window;
import io.tunescope.model.capture.Capture;
import io.tunescope.render.timeline.TimelineChart;
import io.tunescope.session.CaptureSession;
import io.tunescope.ui.UiContext;
import io.tunescope.ui.WindowSelection;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The timeline's side of the selected time window: shades the window (and the one compared with) on every
 * chart, offers "flame graph of this window vs the seconds before" on the markers (TPS dips, saturation,
 * error bursts), and turns the timeline's zoomed range into a window of samples. Times go from the
 * timeline's wall clock to perf's through the one reading's clock of the profile ({@link io.tunescope.analysis.window.ProfileSamples});
 * when either clock is unknown the user is told, nothing is guessed.
 */
final class WindowOverlay {
    private final UiContext ctx;
    private final ChartViewer viewer;
    private final Supplier<Timeline> timeline;
    private final Supplier<Capture> capture;
    private final WindowSelection windows;
    private final List<IntervalMarker> shading = new ArrayList<>();

    WindowOverlay(UiContext ctx, ChartViewer viewer, Supplier<Timeline> timeline, Supplier<Capture> capture) {
        this.ctx = ctx;
        this.viewer = viewer;
        this.timeline = timeline;
        this.capture = capture;
        this.windows = ctx.windowSelection() != null ? ctx.windowSelection() : new WindowSelection();
        windows.selectedProperty().addListener((o, a, b) -> apply());
        windows.compareProperty().addListener((o, a, b) -> apply());
        installDrag();
    }

    /** Where a Shift-drag on the charts started (screen x on the canvas), or NaN; and its live shading. */
    private double dragFromX = Double.NaN;
    private final List<IntervalMarker> dragShading = new ArrayList<>();

    /**
     * Shift-drag across the charts selects the samples recorded in that range (a plain drag still zooms): the
     * range on the chart's time axis becomes the window of the profile recorded then, as "Select samples" does
     * for the zoomed range.
     */
    private void installDrag() {
        var canvas = viewer.getCanvas();
        canvas.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> {
            if (e.isShiftDown() && e.isPrimaryButtonDown() && valueAt(e.getX()) != null) {
                dragFromX = e.getX();
                e.consume();
            }
        });
        canvas.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_DRAGGED, e -> {
            if (!Double.isNaN(dragFromX)) {
                shadeDrag(valueAt(dragFromX), valueAt(e.getX()));
                e.consume();
            }
        });
        canvas.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_RELEASED, e -> {
            if (Double.isNaN(dragFromX)) {
                return;
            }
            Double a = valueAt(dragFromX);
            Double b = valueAt(e.getX());
            dragFromX = Double.NaN;
            shadeDrag(null, null);
            e.consume();
            if (a != null && b != null && a.doubleValue() != b.doubleValue()) {
                selectRange(Math.min(a, b), Math.max(a, b));
            }
        });
    }

    /** The chart's time-axis value at a canvas x (clamped to the data area), or null without a chart. */
    Double valueAt(double px) {
        JFreeChart chart = viewer.getChart();
        var info = viewer.getCanvas().getRenderingInfo();
        if (chart == null || info == null || !(chart.getPlot() instanceof CombinedDomainXYPlot plot)) {
            return null;
        }
        var pi = info.getPlotInfo();
        java.awt.geom.Rectangle2D area = pi.getSubplotCount() > 0 ? pi.getSubplotInfo(0).getDataArea() : pi.getDataArea();
        if (area.getWidth() <= 0) {
            return null;
        }
        double x = Math.max(area.getMinX(), Math.min(area.getMaxX(), px));
        return plot.getDomainAxis().java2DToValue(x, area, org.jfree.chart.ui.RectangleEdge.BOTTOM);
    }

    /** Where a value of the time axis is on the canvas: {x, the middle of the first chart's height}; null without a chart (tests). */
    double[] canvasPoint(double value) {
        JFreeChart chart = viewer.getChart();
        var info = viewer.getCanvas().getRenderingInfo();
        if (chart == null || info == null || !(chart.getPlot() instanceof CombinedDomainXYPlot plot)) {
            return null;
        }
        var pi = info.getPlotInfo();
        java.awt.geom.Rectangle2D area = pi.getSubplotCount() > 0 ? pi.getSubplotInfo(0).getDataArea() : pi.getDataArea();
        return new double[] {plot.getDomainAxis().valueToJava2D(value, area, org.jfree.chart.ui.RectangleEdge.BOTTOM), area.getCenterY()};
    }

    /** The window of a range of the chart's time axis (the values the chart draws). */
    void selectRange(double fromX, double toX) {
        Timeline t = timeline.get();
        if (t == null) {
            return;
        }
        select(toMs(t, fromX), toMs(t, toX), Long.MIN_VALUE, "timeline");
    }

    private void shadeDrag(Double a, Double b) {
        JFreeChart chart = viewer.getChart();
        if (chart == null || !(chart.getPlot() instanceof CombinedDomainXYPlot plot)) {
            return;
        }
        for (XYPlot sub : plot.getSubplots()) {
            for (IntervalMarker m : dragShading) {
                sub.removeDomainMarker(m, org.jfree.chart.ui.Layer.FOREGROUND);
            }
        }
        dragShading.clear();
        if (a == null || b == null) {
            return;
        }
        for (XYPlot sub : plot.getSubplots()) {
            IntervalMarker m = new IntervalMarker(Math.min(a, b), Math.max(a, b), new java.awt.Color(255, 140, 0, 40));
            m.setOutlinePaint(new java.awt.Color(255, 140, 0));
            sub.addDomainMarker(m, org.jfree.chart.ui.Layer.FOREGROUND);
            dragShading.add(m);
        }
    }

    WindowSelection windows() {
        return windows;
    }

    /** The markers list with its window actions: a context menu per marker and a button for the selected one. */
    VBox markersPane(ListView<Anomaly> markers) {
        ContextMenu menu = new ContextMenu();
        markers.setOnContextMenuRequested(e -> {
            Anomaly a = markers.getSelectionModel().getSelectedItem();
            if (a == null) {
                return;
            }
            MenuItem flame = new MenuItem(ctx.text("timeline.window.marker", beforeSeconds(a)), new FontIcon("fas-fire"));
            flame.setId("timelineMarkerFlame");
            flame.setOnAction(x -> flameOfMarker(a));
            menu.getItems().setAll(flame);
            menu.show(markers, e.getScreenX(), e.getScreenY());
            e.consume();
        });
        Button flame = new Button(ctx.text("timeline.window.markerButton"), new FontIcon("fas-fire"));
        flame.setId("timelineMarkerFlameButton");
        flame.setTooltip(new Tooltip(ctx.text("timeline.window.markerTip")));
        flame.disableProperty().bind(markers.getSelectionModel().selectedItemProperty().isNull());
        flame.setOnAction(e -> {
            Anomaly a = markers.getSelectionModel().getSelectedItem();
            if (a != null) {
                flameOfMarker(a);
            }
        });
        HBox bar = new HBox(8, flame);
        VBox box = new VBox(6, bar, markers);
        VBox.setVgrow(markers, Priority.ALWAYS);
        return box;
    }

    /** "Select these samples": the chart's zoomed range becomes the window of the profile recorded then. */
    Button rangeButton() {
        Button b = new Button(ctx.text("timeline.window.range"), new FontIcon("fas-crop-alt"));
        b.setId("timelineSelectWindow");
        b.setMinWidth(Button.USE_PREF_SIZE);
        b.setTooltip(new Tooltip(ctx.text("timeline.window.rangeTip")));
        b.setOnAction(e -> selectZoomedRange());
        return b;
    }

    private static String beforeSeconds(Anomaly a) {
        return String.valueOf(MarkerWindow.beforeSeconds(a));
    }

    /** The flame graph of a marker's window vs the same length (at least 5 s) just before it (the report's dip pages show the same). */
    void flameOfMarker(Anomaly a) {
        MarkerWindow m = MarkerWindow.of(a);
        select(m.fromMs(), m.toMs(), m.beforeFromMs(), "marker");
    }

    /** The window of the zoomed range (the whole chart when not zoomed). */
    void selectZoomedRange() {
        Timeline t = timeline.get();
        JFreeChart chart = viewer.getChart();
        if (t == null || chart == null || !(chart.getPlot() instanceof CombinedDomainXYPlot plot)) {
            return;
        }
        var r = plot.getDomainAxis().getRange();
        select(toMs(t, r.getLowerBound()), toMs(t, r.getUpperBound()), Long.MIN_VALUE, "timeline");
    }

    private static long toMs(Timeline t, double x) {
        return t.wallClock() ? Math.round(x) : Math.round(x * 1000) + Math.min(0, t.start());
    }

    /**
     * Selects the samples between two wall-clock times (and the ones from {@code beforeFromMs} to
     * {@code fromMs} to compare with, unless MIN_VALUE) of the profile recorded then, and shows its flame graph.
     */
    void select(long fromMs, long toMs, long beforeFromMs, String origin) {
        Timeline t = timeline.get();
        Capture c = capture.get();
        if (t == null || c == null) {
            return;
        }
        if (!t.wallClock()) {
            ctx.status(ctx.text("timeline.window.noWallClock"));
            return;
        }
        ctx.background().submit(() -> {
            try {
                selectNow(c, fromMs, toMs, beforeFromMs, origin);
            } catch (RuntimeException | Error e) {
                Platform.runLater(() -> ctx.status(ctx.text("timeline.window.failed", String.valueOf(e.getMessage()))));
            }
        });
    }

    private void selectNow(Capture c, long fromMs, long toMs, long beforeFromMs, String origin) {
        // the profile and the windows as the core decides them for the app and the report alike
        MarkerWindow m = new MarkerWindow(fromMs, toMs, beforeFromMs);
        CaptureSession.TimedSamples f = CaptureSession.of(c).profileAt(fromMs, toMs);
        Window window = f == null ? null : m.window(f.samples());
        if (window == null) {
            Platform.runLater(() -> ctx.status(ctx.text("timeline.window.noProfile")));
            return;
        }
        WindowSelection.Slice w = WindowSelection.cut(f.entry(), f.samples(), window, SampleFilter.ALL, origin);
        Window plateau = m.before(f.samples(), window);
        WindowSelection.Slice compare = plateau == null ? null : WindowSelection.cut(f.entry(), f.samples(), plateau, SampleFilter.ALL, origin);
        Platform.runLater(() -> {
            windows.select(w, compare);
            ctx.navigate(new io.tunescope.ui.Target.SelectedWindow(f.entry().file().step()));
        });
    }

    /** Shades the selected window (and the one compared with) on every chart; called when either or the chart changes. */
    void apply() {
        JFreeChart chart = viewer.getChart();
        Timeline t = timeline.get();
        if (chart == null || !(chart.getPlot() instanceof CombinedDomainXYPlot plot)) {
            return;
        }
        chart.setNotify(false);
        for (XYPlot sub : plot.getSubplots()) {
            for (IntervalMarker m : shading) {
                sub.removeDomainMarker(m, org.jfree.chart.ui.Layer.BACKGROUND);
            }
        }
        shading.clear();
        if (t != null && t.wallClock()) {
            shade(plot, t, windows.compare(), new java.awt.Color(120, 120, 120, 45), ctx.text("timeline.window.before"));
            shade(plot, t, windows.selected(), new java.awt.Color(255, 140, 0, 60), ctx.text("timeline.window.selected"));
        }
        chart.setNotify(true);
    }

    private void shade(CombinedDomainXYPlot plot, Timeline t, WindowSelection.Slice w, java.awt.Color fill, String label) {
        if (w == null) {
            return;
        }
        Long a = w.samples().wallMs(w.window().fromNs());
        Long b = w.samples().wallMs(w.window().toNs());
        if (a == null || b == null) {
            return;
        }
        List<XYPlot> subs = plot.getSubplots();
        for (int i = 0; i < subs.size(); i++) {
            IntervalMarker m = new IntervalMarker(TimelineChart.x(t, a), TimelineChart.x(t, b), fill);
            if (i == 0) {
                m.setLabel(label);
                m.setLabelFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, 10));
                m.setLabelAnchor(org.jfree.chart.ui.RectangleAnchor.TOP);
                m.setLabelTextAnchor(org.jfree.chart.ui.TextAnchor.TOP_CENTER);
            }
            subs.get(i).addDomainMarker(m, org.jfree.chart.ui.Layer.BACKGROUND);
            shading.add(m);
        }
    }

    /** Markers of a Shift-drag in progress (for tests). */
    int dragShadingCount() {
        return dragShading.size();
    }

    /** The shading on the chart (for tests). */
    List<IntervalMarker> shading() {
        return List.copyOf(shading);
    }
}
