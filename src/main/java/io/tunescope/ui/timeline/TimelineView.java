package io.tunescope.ui.timeline;

import static io.tunescope.ui.Controls.col;

import io.tunescope.ui.Controls;
import io.tunescope.analysis.timeline.Anomaly;
import io.tunescope.analysis.timeline.AnomalyDetector;
import io.tunescope.analysis.timeline.RunSummary;
import io.tunescope.analysis.timeline.RunWindow;
import io.tunescope.analysis.timeline.ThreadSweep;
import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.analysis.timeline.TimelineBuilder;
import io.tunescope.model.bench.BenchLog;
import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.capture.Step;
import io.tunescope.model.series.SeriesDatasets;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.render.timeline.StepOverlayChart;
import io.tunescope.render.timeline.ThreadSweepChart;
import io.tunescope.render.timeline.TimelineChart;
import io.tunescope.ui.CaptureView;
import io.tunescope.ui.UiContext;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javafx.application.Platform;
import javafx.beans.property.DoubleProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.controlsfx.control.CheckComboBox;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.ChartMouseEventFX;
import org.jfree.chart.fx.interaction.ChartMouseListenerFX;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleEdge;

/**
 * The timeline tab: stacked charts of every time series of the capture (or one step) on one clock with
 * one crosshair and one zoom (a {@link CombinedDomainXYPlot} in a {@link ChartViewer}), the choice of
 * charts, anomaly markers, the per-run summary table and the thread-sweep chart. The timeline is built
 * off the FX thread.
 */
public final class TimelineView implements CaptureView {
    private final UiContext ctx;
    private final BorderPane root = new BorderPane();
    private final ComboBox<Step> step = new ComboBox<>();
    private final CheckComboBox<String> panels = new CheckComboBox<>();
    private final Label note = new Label();
    private final Label readout = new Label();
    private final ChartViewer viewer = new ChartViewer();
    private final ChartViewer sweepViewer = new ChartViewer();
    private final Label sweepNote = new Label();
    private final TableView<RunSummary> runs = new TableView<>();
    private final ListView<Anomaly> markers = new ListView<>();
    private final Tab markersTab = new Tab();
    private final Label empty = new Label();
    /** What the user chose (step, charts, zoom, crosshair, tab): kept when the window is built in another language. */
    private final TimelineViewModel model;
    /** Panel ids by their titles in the UI's language (the charts box lists titles; the model keeps ids). */
    private final Map<String, String> panelIds = new LinkedHashMap<>();
    private final TabPane tabs = new TabPane();
    private final javafx.scene.control.CheckBox overlay = new javafx.scene.control.CheckBox();
    /** Whether the chart shown is the steps overlaid on run-start time (not the capture's clock). */
    private boolean overlayShown;
    /** The "all steps" choice of the step box. */
    private final Step allSteps = new Step(-1, "\u0000all", "*", "", "");
    private Capture capture;
    private Timeline timeline;
    private List<Anomaly> anomalies = List.of();
    private boolean updatingPanels;
    private int generation;
    /** The selected time window on the charts, and the markers' "flame graph of this window" (issue 13). */
    private final WindowOverlay windowOverlay;

    public TimelineView(UiContext ctx) {
        this.ctx = ctx;
        this.model = ctx.viewModel(TimelineViewModel.class, TimelineViewModel::new);
        this.windowOverlay = new WindowOverlay(ctx, viewer, () -> timeline, () -> capture);
        build();
        // the chart's keys: crosshair, zoom, selection, note
        new TimelineKeys(viewer, model, this::moveCrosshair).register(ctx.shortcuts(), root, this::resetZoom, this::annotateRange,
                () -> ctx.annotations() != null);
    }

    @Override
    public String titleKey() {
        return "timeline.tab";
    }

    @Override
    public String iconLiteral() {
        return "fas-chart-line";
    }

    @Override
    public Node node() {
        return root;
    }

    /** The crosshair's position on the domain axis (epoch millis or seconds), NaN before the first move. */
    public DoubleProperty crosshairProperty() {
        return model.crosshairProperty();
    }

    /** The view's state (step, charts, zoom, crosshair, tab). */
    public TimelineViewModel viewModel() {
        return model;
    }

    /** The timeline shown, or null while none is built. */
    public Timeline timeline() {
        return timeline;
    }

    private void build() {
        step.setId("timelineStep");
        // wide enough for "All steps" and a step folder's name; never squeezed to an empty box by the toolbar
        step.setPrefWidth(180);
        step.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        step.setConverter(new StringConverter<>() {
            @Override
            public String toString(Step s) {
                return s == null || s == allSteps ? ctx.text("timeline.allSteps") : s.label();
            }

            @Override
            public Step fromString(String s) {
                return null;
            }
        });
        step.valueProperty().addListener((o, a, s) -> {
            if (s != null) {
                model.stepProperty().set(s == allSteps ? null : s.dir());
            }
            refresh();
        });
        panels.setId("timelinePanels");
        panels.getCheckModel().getCheckedItems().addListener((ListChangeListener<String>) ch -> {
            if (updatingPanels) {
                return;
            }
            Set<String> hide = new HashSet<>();
            for (String p : panels.getItems()) {
                if (!panels.getCheckModel().isChecked(p)) {
                    hide.add(panelIds.getOrDefault(p, p));
                }
            }
            model.hide(hide);
            rebuildChart();
        });
        Button reset = new Button(ctx.text("timeline.resetZoom"));
        reset.setId("timelineResetZoom");
        reset.setOnAction(e -> resetZoom());
        panels.setMaxWidth(420);
        Label stepLabel = new Label(ctx.text("timeline.step"));
        Label panelsLabel = new Label(ctx.text("timeline.panels"));
        for (Label l : List.of(stepLabel, panelsLabel)) {
            l.setMinWidth(Label.USE_PREF_SIZE);
        }
        reset.setMinWidth(Button.USE_PREF_SIZE);
        Button annotate = new Button(ctx.text("annot.menu"), new org.kordamp.ikonli.javafx.FontIcon("fas-sticky-note"));
        annotate.setId("timelineAnnotate");
        annotate.setMinWidth(Button.USE_PREF_SIZE);
        annotate.setTooltip(new javafx.scene.control.Tooltip(ctx.text("timeline.annotate.tip")));
        annotate.setOnAction(e -> annotateRange());
        annotate.setVisible(ctx.annotations() != null);
        annotate.setManaged(ctx.annotations() != null);
        if (ctx.annotations() != null) {
            ctx.annotations().addListener(this::applyAnnotationMarkers);
        }
        overlay.setText(ctx.text("timeline.overlay"));
        overlay.setId("timelineOverlay");
        overlay.setMinWidth(javafx.scene.control.CheckBox.USE_PREF_SIZE);
        overlay.setTooltip(new javafx.scene.control.Tooltip(ctx.text("timeline.overlay.tip")));
        overlay.setSelected(model.clockProperty().get() == TimelineViewModel.Clock.RUN_START);
        overlay.selectedProperty().addListener((o, a, on) -> {
            TimelineViewModel.Clock want = on ? TimelineViewModel.Clock.RUN_START : TimelineViewModel.Clock.CAPTURE;
            if (model.clockProperty().get() != want) {
                model.clockProperty().set(want);
                refresh();
            }
        });
        step.disableProperty().bind(overlay.selectedProperty());
        HBox top = new HBox(8, stepLabel, step, panelsLabel, panels, overlay, reset, windowOverlay.rangeButton(), annotate);
        top.setAlignment(Pos.CENTER_LEFT);
        note.setId("timelineNote");
        note.setWrapText(true);
        readout.setId("timelineCrosshair");
        readout.setText(ctx.text("timeline.hint"));

        viewer.setId("timelineChart");
        viewer.addChartMouseListener(new ChartMouseListenerFX() {
            @Override
            public void chartMouseClicked(ChartMouseEventFX event) {
                moveTo(event);
            }

            @Override
            public void chartMouseMoved(ChartMouseEventFX event) {
                moveTo(event);
            }
        });
        viewer.setVisible(false);
        sweepViewer.setVisible(false);
        ctx.theme().addListener((o, a, t) -> {
            io.tunescope.ui.ChartStyle.apply(viewer.getChart(), t);
            io.tunescope.ui.ChartStyle.apply(sweepViewer.getChart(), t);
        });
        empty.setText(ctx.text("timeline.empty"));
        empty.setWrapText(true);
        StackPane chartPane = new StackPane(viewer, empty);
        // every panel keeps a readable height: with many panels the charts scroll instead of shrinking to strips
        javafx.scene.control.ScrollPane chartScroll = new javafx.scene.control.ScrollPane(chartPane);
        chartScroll.setId("timelineScroll");
        chartScroll.setFitToWidth(true);
        chartScroll.setFitToHeight(true);
        chartScroll.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        VBox chartBox = new VBox(6, noteLine(), readout, chartScroll);
        VBox.setVgrow(chartScroll, Priority.ALWAYS);
        chartBox.setPadding(new Insets(6, 0, 0, 0));

        sweepViewer.setId("timelineSweepChart");
        sweepNote.setWrapText(true);
        VBox sweepBox = new VBox(6, sweepNote, sweepViewer);
        VBox.setVgrow(sweepViewer, Priority.ALWAYS);

        runs.setId("timelineRuns");
        runs.getColumns().add(col(ctx.text("timeline.col.step"), RunSummary::step, 120));
        runs.getColumns().add(col(ctx.text("timeline.col.run"), r -> r.file() + " #" + (r.run() + 1), 260));
        runs.getColumns().add(col(ctx.text("timeline.col.role"), this::role, 80));
        runs.getColumns().add(col(ctx.text("timeline.col.threads"), r -> Integer.toString(r.threads()), 70));
        runs.getColumns().add(col(ctx.text("timeline.col.tps"), r -> num(r.tps()), 90));
        runs.getColumns().add(col(ctx.text("timeline.col.qps"), r -> num(r.qps()), 90));
        runs.getColumns().add(col(ctx.text("timeline.col.latency"), r -> num(r.latPctMs())
                + (r.percentile() > 0 ? " (p" + (int) r.percentile() + ")" : ""), 110));
        runs.getColumns().add(col(ctx.text("timeline.col.errors"), r -> r.errors() < 0 ? "-" : Long.toString(r.errors()), 70));
        runs.getColumns().add(col(ctx.text("timeline.col.cpu"), r -> num(r.cpuBusyPct()), 90));
        runs.getColumns().add(col(ctx.text("timeline.col.iowait"), r -> num(r.iowaitPct()), 80));
        runs.getColumns().add(col(ctx.text("timeline.col.device"), RunSummary::busiestDevice, 100));
        runs.getColumns().add(col(ctx.text("timeline.col.util"), r -> num(r.deviceUtilPct()), 90));
        runs.getColumns().add(col(ctx.text("timeline.col.await"), r -> num(r.deviceAwaitMs()), 90));
        runs.getColumns().add(col(ctx.text("timeline.col.alignment"), r -> ctx.text("alignment." + r.alignment().name().toLowerCase(Locale.ROOT)), 140));
        runs.getSelectionModel().selectedIndexProperty().addListener((o, a, i) -> zoomToRun(i.intValue()));

        markers.setId("timelineMarkers");
        markers.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(Anomaly a, boolean emptyCell) {
                super.updateItem(a, emptyCell);
                setText(emptyCell || a == null ? null : a.message() + "   [" + a.ref() + "]");
            }
        });
        markers.getSelectionModel().selectedItemProperty().addListener((o, a, m) -> {
            if (m != null && timeline != null) {
                moveCrosshair(TimelineChart.x(timeline, m.start()));
            }
        });

        tabs.getTabs().setAll(Controls.tab(ctx, "timeline.tab.chart", chartBox), Controls.tab(ctx, "timeline.tab.runs", runs),
                Controls.tab(ctx, "timeline.tab.sweep", sweepBox), markersTab);
        tabs.setId("timelineTabs");
        tabs.getSelectionModel().select(Math.max(0, Math.min(tabs.getTabs().size() - 1, model.tabProperty().get())));
        tabs.getSelectionModel().selectedIndexProperty().addListener((o, a, i) -> model.tabProperty().set(i.intValue()));
        markersTab.setText(ctx.text("timeline.tab.markers", 0));
        markersTab.setContent(windowOverlay.markersPane(markers));
        markersTab.setClosable(false);
        VBox box = new VBox(8, top, tabs);
        VBox.setVgrow(tabs, Priority.ALWAYS);
        box.setPadding(new Insets(8));
        root.setCenter(box);
    }

    /** The run's role in the capture's one reading, in the UI's language. */
    private String role(RunSummary r) {
        Capture c = capture;
        io.tunescope.model.bench.RunRole role = c == null ? null : io.tunescope.session.CaptureSession.of(c).role(r.file(), r.run());
        return role == null ? "" : ctx.text("role." + role.slug());
    }

    @Override
    public void show(Capture c) {
        capture = c;
        timeline = null;
        // the same capture again (the window built in another language): the model's step, charts and zoom stay
        boolean kept = model.show(c);
        List<Step> steps = new ArrayList<>();
        steps.add(allSteps);
        if (c != null && c.hasSteps()) {
            steps.addAll(c.steps());
        }
        step.getItems().setAll(steps);
        boolean several = c != null && c.steps().size() > 1;
        overlay.setVisible(several);
        overlay.setManaged(several);
        overlay.setSelected(several && model.clockProperty().get() == TimelineViewModel.Clock.RUN_START);
        Step want = allSteps;
        String dir = kept ? model.stepProperty().get() : null;
        for (Step s : steps) {
            if (dir != null && s != allSteps && s.dir().equals(dir)) {
                want = s;
            }
        }
        if (step.getValue() == want) {
            refresh();
        } else {
            step.setValue(want);
        }
        tabs.getSelectionModel().select(Math.max(0, Math.min(tabs.getTabs().size() - 1, model.tabProperty().get())));
    }

    /** A time range waiting for the chart of its step, from "show evidence". */
    private io.tunescope.ui.Target.TimeRange pendingRange;

    /** "Show evidence" for a time range: shows the range's step and zooms the chart to the range. */
    @Override
    public boolean reveal(io.tunescope.ui.Target target) {
        if (!(target instanceof io.tunescope.ui.Target.TimeRange r) || capture == null) {
            return false;
        }
        pendingRange = r;
        // a time range is on the capture's clock: the steps' overlay gives way to the capture's timeline
        overlay.setSelected(false);
        Step want = allSteps;
        for (Step s : step.getItems()) {
            if (s != allSteps && s.dir().equals(r.step())) {
                want = s;
            }
        }
        if (step.getValue() == want) {
            zoomToPending();
        } else {
            step.setValue(want);
        }
        return true;
    }

    private void zoomToPending() {
        io.tunescope.ui.Target.TimeRange r = pendingRange;
        if (r == null || overlayShown || viewer.getChart() == null
                || !(viewer.getChart().getPlot() instanceof org.jfree.chart.plot.XYPlot p)) {
            return;
        }
        Timeline t = timeline;
        if (t == null) {
            return;
        }
        // a series without wall-clock times sits at the start of a wall-clock timeline
        long shift = !r.wallClock() && t.wallClock() ? t.start() : 0;
        long pad = Math.max(1000, (r.toMs() - r.fromMs()) / 10);
        double from = TimelineChart.x(t, r.fromMs() + shift - pad);
        double to = TimelineChart.x(t, r.toMs() + shift + pad);
        var axis = p.getDomainAxis();
        var bounds = axis.getRange();
        if (to > bounds.getLowerBound() && from < bounds.getUpperBound() && to > from) {
            axis.setRange(from, to);
        }
        pendingRange = null;
    }

    private void refresh() {
        Capture c = capture;
        int gen = ++generation;
        if (c == null) {
            viewer.setVisible(false);
            empty.setVisible(true);
            return;
        }
        Step s = step.getValue() == allSteps ? null : step.getValue();
        String dir = s == null ? null : s.dir();
        note.setText(ctx.text("timeline.loading"));
        Set<String> hide = Set.copyOf(new HashSet<>(model.hidden()));
        boolean wantOverlay = model.clockProperty().get() == TimelineViewModel.Clock.RUN_START && c.steps().size() > 1;
        ctx.background().submit(() -> {
            Timeline t = io.tunescope.session.CaptureSession.of(c).timeline(dir, ctx.locale());
            List<Anomaly> an = AnomalyDetector.detect(t, ctx.locale());
            List<RunSummary> rows = RunSummary.of(t);
            List<ThreadSweepChart.Curve> sweeps = sweeps(c, dir, ctx.locale());
            List<TimelineChart.Panel> ps = TimelineChart.panels(t, ctx.locale());
            List<StepOverlayChart.StepRun> over = wantOverlay ? overlaySteps(c, ctx.locale()) : List.of();
            JFreeChart chart = over.size() > 1 ? overlayChart(c, over, hide)
                    : t.isEmpty() && t.runs().isEmpty() ? null : TimelineChart.build(t, an, c.title()
                    + (s == null ? "" : " / " + s.label()), p -> !hide.contains(p.id()), ctx.locale());
            JFreeChart sweepChart = sweeps.isEmpty() ? null : ThreadSweepChart.build(sweeps, c.title()
                    + (sweeps.size() == 1 && !sweeps.get(0).label().isEmpty() ? " / " + sweeps.get(0).label() : ""), ctx.locale());
            Platform.runLater(() -> {
                if (gen != generation) {
                    return;
                }
                timeline = t;
                anomalies = an;
                overlayShown = over.size() > 1;
                updatingPanels = true;
                panelIds.clear();
                for (TimelineChart.Panel p : ps) {
                    panelIds.put(p.title(), p.id());
                }
                panels.getItems().setAll(panelIds.keySet());
                for (String p : panels.getItems()) {
                    if (!model.hidden().contains(panelIds.get(p))) {
                        panels.getCheckModel().check(p);
                    }
                }
                updatingPanels = false;
                if (chart != null) {
                    setChart(chart);
                }
                viewer.setVisible(chart != null);
                empty.setVisible(chart == null);
                note.setText(overlayShown ? ctx.text("timeline.overlay.note", over.size())
                        : wantOverlay ? ctx.text("timeline.overlay.none") + " " + alignmentNote(t) : alignmentNote(t));
                runs.getItems().setAll(rows);
                markers.getItems().setAll(an);
                markersTab.setText(ctx.text("timeline.tab.markers", an.size()));
                if (sweepChart != null) {
                    io.tunescope.ui.ChartStyle.apply(sweepChart, ctx.theme().getValue());
                    sweepViewer.setChart(sweepChart);
                }
                sweepViewer.setVisible(sweepChart != null);
                sweepNote.setText(sweeps.isEmpty() ? ctx.text("timeline.noSweep") : sweepNotes(sweeps));
                double x = model.crosshairProperty().get();
                if (!Double.isNaN(x)) {
                    moveCrosshair(x);
                } else {
                    readout.setText(ctx.text("timeline.hint"));
                }
                zoomToPending();
            });
        });
    }

    /**
     * Shows a chart built for the model's step: styled for the theme, zoomed to the model's range, its zoom
     * written back to the model whenever the user zooms or resets.
     */
    private void setChart(JFreeChart chart) {
        io.tunescope.ui.ChartStyle.apply(chart, ctx.theme().getValue());
        if (chart.getPlot() instanceof CombinedDomainXYPlot plot) {
            var axis = plot.getDomainAxis();
            TimelineViewModel.Range z = model.zoomProperty().get();
            if (z != null) {
                axis.setRange(z.from(), z.to());
            }
            axis.addChangeListener(e -> {
                if (viewer.getChart() == chart) {
                    model.zoomProperty().set(axis.isAutoRange() || !(axis.getUpperBound() > axis.getLowerBound()) ? null
                            : new TimelineViewModel.Range(axis.getLowerBound(), axis.getUpperBound()));
                }
            });
        }
        viewer.setChart(chart);
        fitHeight(chart);
        applyAnnotationMarkers();
        windowOverlay.apply();
    }

    /** Height of one panel below which its axis labels collide and its line becomes a strip. */
    static final double MIN_PANEL_HEIGHT = 110;

    /** The chart is at least as tall as its panels need; the scroll pane shows the rest. */
    private void fitHeight(JFreeChart chart) {
        int panels = chart.getPlot() instanceof CombinedDomainXYPlot plot ? plot.getSubplots().size() : 1;
        viewer.setMinHeight(panels * MIN_PANEL_HEIGHT + 90);
    }

    private void rebuildChart() {
        Timeline t = timeline;
        Capture c = capture;
        if (t == null || c == null) {
            return;
        }
        int gen = ++generation;
        List<Anomaly> an = anomalies;
        Set<String> hide = Set.copyOf(new HashSet<>(model.hidden()));
        Step s = step.getValue() == allSteps ? null : step.getValue();
        boolean over = overlayShown;
        ctx.background().submit(() -> {
            JFreeChart chart = over ? overlayChart(c, overlaySteps(c, ctx.locale()), hide)
                    : TimelineChart.build(t, an, c.title() + (s == null ? "" : " / " + s.label()),
                    p -> !hide.contains(p.id()), ctx.locale());
            Platform.runLater(() -> {
                if (gen == generation) {
                    setChart(chart);
                    double x = model.crosshairProperty().get();
                    if (!Double.isNaN(x)) {
                        moveCrosshair(x);
                    }
                }
            });
        });
    }

    /**
     * Each step's timeline and main run (its first run whose role in the capture's one reading is main), in step
     * order; steps without a main run on their timeline are left out.
     */
    static List<StepOverlayChart.StepRun> overlaySteps(Capture c, Locale locale) {
        io.tunescope.session.CaptureSession session = io.tunescope.session.CaptureSession.of(c);
        List<StepOverlayChart.StepRun> out = new ArrayList<>();
        for (Step st : c.steps()) {
            if (st.isRoot()) {
                continue;
            }
            Timeline t = session.timeline(st.dir(), locale);
            for (RunWindow w : t.runs()) {
                if (session.role(w.run().file(), w.run().index()) == io.tunescope.model.bench.RunRole.MAIN && w.end() > w.start()) {
                    out.add(new StepOverlayChart.StepRun(st.label(), t, w));
                    break;
                }
            }
        }
        return out;
    }

    private JFreeChart overlayChart(Capture c, List<StepOverlayChart.StepRun> over, Set<String> hide) {
        return StepOverlayChart.build(over, ctx.text("timeline.overlay.title", c.title()), id -> !hide.contains(id), ctx.locale());
    }

    /**
     * The sweeps to draw: the selected step's, or (all steps) every step's that has one, in step order, each named by
     * its step's label: one curve per step on one chart, the picture a tuner compares steps by.
     */
    static List<ThreadSweepChart.Curve> sweeps(Capture c, String dir, Locale locale) {
        Map<String, List<BenchRun>> byStep = io.tunescope.session.CaptureSession.of(c).sweeps(dir);
        List<ThreadSweepChart.Curve> out = new ArrayList<>();
        for (var e : byStep.entrySet()) {
            ThreadSweep s = ThreadSweep.of(e.getValue(), locale);
            if (s.isSweep()) {
                Step st = c.step(e.getKey());
                out.add(new ThreadSweepChart.Curve(st == null || e.getKey().isEmpty() ? e.getKey() : st.label(), s));
            }
        }
        return out;
    }

    /** The sweeps' notes, each named by its step when there are several. */
    private static String sweepNotes(List<ThreadSweepChart.Curve> sweeps) {
        List<String> lines = new ArrayList<>();
        for (ThreadSweepChart.Curve c : sweeps) {
            for (String n : c.sweep().notes()) {
                lines.add(sweeps.size() > 1 && !c.label().isEmpty() ? c.label() + ": " + n : n);
            }
        }
        return String.join("\n", lines);
    }

    /**
     * One line: the clock, and how many files were aligned by their start; their list is behind the "Details" link
     * beside the note (on a real multi-step capture it runs to dozens of lines that pushed every chart out of view).
     */
    private String alignmentNote(Timeline t) {
        List<String> byStart = t.alignedByStart();
        String base = t.wallClock() ? ctx.text("timeline.wallClock") : ctx.text("timeline.relative");
        noteDetails = byStart.isEmpty() ? "" : ctx.text("timeline.byStart", String.join("\n", byStart));
        return byStart.isEmpty() ? base : base + " " + ctx.text("timeline.byStartCount", byStart.size());
    }

    /** The full list behind the one-line note ("" for none). */
    private String noteDetails = "";
    private final javafx.scene.control.Hyperlink noteLink = new javafx.scene.control.Hyperlink();

    /** The note on one line, with a "Details" link that opens the whole list in a popover. */
    private Node noteLine() {
        note.setWrapText(false);
        note.setTextOverrun(javafx.scene.control.OverrunStyle.ELLIPSIS);
        note.setMinWidth(0);
        noteLink.setText(ctx.text("timeline.noteDetails"));
        noteLink.setId("timelineNoteDetails");
        noteLink.setMinWidth(javafx.scene.control.Hyperlink.USE_PREF_SIZE);
        noteLink.setOnAction(e -> {
            noteLink.setVisited(false);
            javafx.scene.control.TextArea text = new javafx.scene.control.TextArea(noteDetails);
            text.setEditable(false);
            text.setWrapText(true);
            text.setPrefSize(560, 260);
            text.setId("timelineNoteDetailsText");
            org.controlsfx.control.PopOver pop = new org.controlsfx.control.PopOver(text);
            pop.setArrowLocation(org.controlsfx.control.PopOver.ArrowLocation.TOP_LEFT);
            pop.setTitle(ctx.text("timeline.noteDetails.title"));
            pop.setHeaderAlwaysVisible(true);
            pop.setDetachable(false);
            pop.show(noteLink);
        });
        note.textProperty().addListener((o, a, b) -> {
            boolean any = !noteDetails.isEmpty() && b != null && !b.equals(ctx.text("timeline.loading"));
            noteLink.setVisible(any);
            noteLink.setManaged(any);
        });
        noteLink.setVisible(false);
        noteLink.setManaged(false);
        HBox line = new HBox(6, note, noteLink);
        line.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(note, Priority.SOMETIMES);
        return line;
    }

    private void moveTo(ChartMouseEventFX e) {
        JFreeChart chart = viewer.getChart();
        ChartRenderingInfo info = viewer.getCanvas().getRenderingInfo();
        if (chart == null || info == null || !(chart.getPlot() instanceof CombinedDomainXYPlot plot)) {
            return;
        }
        PlotRenderingInfo pi = info.getPlotInfo();
        java.awt.geom.Rectangle2D area = pi.getSubplotCount() > 0 ? pi.getSubplotInfo(0).getDataArea() : pi.getDataArea();
        double px = e.getTrigger().getX();
        if (px < area.getMinX() || px > area.getMaxX()) {
            return;
        }
        moveCrosshair(plot.getDomainAxis().java2DToValue(px, area, RectangleEdge.BOTTOM));
    }

    /**
     * The time range to annotate: the zoomed range when the user zoomed in, else the crosshair's time,
     * else the whole run. Null without a chart.
     */
    io.tunescope.annotate.AnnotationTarget rangeTarget() {
        Timeline t = timeline;
        JFreeChart chart = viewer.getChart();
        if (t == null || chart == null || !(chart.getPlot() instanceof CombinedDomainXYPlot plot)) {
            return null;
        }
        String dir = step.getValue() == null || step.getValue() == allSteps ? "" : step.getValue().dir();
        var axis = plot.getDomainAxis();
        long from;
        long to;
        if (!axis.isAutoRange()) {
            from = toMs(t, axis.getLowerBound());
            to = toMs(t, axis.getUpperBound());
        } else if (!Double.isNaN(model.crosshairProperty().get())) {
            from = toMs(t, model.crosshairProperty().get());
            to = from;
        } else {
            from = toMs(t, axis.getRange().getLowerBound());
            to = toMs(t, axis.getRange().getUpperBound());
        }
        return io.tunescope.annotate.AnnotationTarget.timeRange(dir, Math.min(from, to), Math.max(from, to));
    }

    /** The inverse of {@link TimelineChart#x}: a domain value back to the series clock in milliseconds. */
    private static long toMs(Timeline t, double x) {
        return t.wallClock() ? Math.round(x) : Math.round(x * 1000) + Math.min(0, t.start());
    }

    private void annotateRange() {
        io.tunescope.annotate.AnnotationTarget target = rangeTarget();
        if (target != null && ctx.annotations() != null) {
            ctx.annotations().annotate(target);
        }
    }

    private final List<org.jfree.chart.plot.IntervalMarker> annotationMarkers = new ArrayList<>();

    /** Shows the annotated time ranges of the shown step as shaded intervals (a line for a single time). */
    private void applyAnnotationMarkers() {
        JFreeChart chart = viewer.getChart();
        Timeline t = timeline;
        if (chart == null || t == null || !(chart.getPlot() instanceof CombinedDomainXYPlot plot)) {
            return;
        }
        String dir = step.getValue() == null || step.getValue() == allSteps ? null : step.getValue().dir();
        if (overlayShown) {
            return; // the annotations' times are on the capture's clock, not on each step's run-start time
        }
        chart.setNotify(false);
        for (XYPlot sub : plot.getSubplots()) {
            for (org.jfree.chart.plot.IntervalMarker m : annotationMarkers) {
                sub.removeDomainMarker(m, org.jfree.chart.ui.Layer.BACKGROUND);
            }
        }
        annotationMarkers.clear();
        if (ctx.annotations() != null) {
            for (io.tunescope.annotate.Annotation a : ctx.annotations().list()) {
                var tg = a.target();
                if (tg.kind() != io.tunescope.annotate.AnnotationTarget.Kind.TIME_RANGE || (dir != null && !dir.equals(tg.step()))) {
                    continue;
                }
                double x0 = TimelineChart.x(t, tg.fromMs());
                double x1 = TimelineChart.x(t, tg.toMs());
                if (x1 - x0 < 1e-9) {
                    double w = (plot.getDomainAxis().getRange().getLength()) / 400;
                    x0 -= w;
                    x1 += w;
                }
                List<XYPlot> subs = plot.getSubplots();
                for (int i = 0; i < subs.size(); i++) {
                    org.jfree.chart.plot.IntervalMarker m = new org.jfree.chart.plot.IntervalMarker(x0, x1,
                            new java.awt.Color(31, 111, 235, 40), new java.awt.BasicStroke(1f), new java.awt.Color(31, 111, 235),
                            new java.awt.BasicStroke(1f), 1f);
                    if (i == 0) {
                        m.setLabel(a.note().length() > 40 ? a.note().substring(0, 39) + "\u2026" : a.note());
                        m.setLabelFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, 10));
                        m.setLabelAnchor(org.jfree.chart.ui.RectangleAnchor.TOP_LEFT);
                        m.setLabelTextAnchor(org.jfree.chart.ui.TextAnchor.TOP_LEFT);
                    }
                    subs.get(i).addDomainMarker(m, org.jfree.chart.ui.Layer.BACKGROUND);
                    annotationMarkers.add(m);
                }
            }
        }
        // the new markers' labels in the theme's text colour
        io.tunescope.ui.ChartStyle.apply(chart, ctx.theme().getValue());
        chart.setNotify(true);
    }

    WindowOverlay windowOverlay() {
        return windowOverlay;
    }

    /** The annotation markers on the chart (for tests). */
    List<org.jfree.chart.plot.IntervalMarker> annotationMarkers() {
        return List.copyOf(annotationMarkers);
    }

    /** Puts the one crosshair of every chart at {@code x} and shows the values there. */
    public void moveCrosshair(double x) {
        JFreeChart chart = viewer.getChart();
        if (chart == null || !(chart.getPlot() instanceof CombinedDomainXYPlot plot)) {
            return;
        }
        // one repaint for all charts, not one per chart
        chart.setNotify(false);
        for (XYPlot sub : plot.getSubplots()) {
            sub.setDomainCrosshairVisible(true);
            sub.setDomainCrosshairLockedOnData(false);
            sub.setDomainCrosshairValue(x, false);
        }
        chart.setNotify(true);
        model.crosshairProperty().set(x);
        readout.setText(readout(x));
    }

    private String readout(double x) {
        Timeline t = timeline;
        if (t == null) {
            return "";
        }
        if (overlayShown) {
            return ctx.text("timeline.overlay.readout", String.format(Locale.ROOT, "%.1f", x));
        }
        StringBuilder sb = new StringBuilder(t.wallClock()
                ? DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC).format(Instant.ofEpochMilli((long) x))
                : String.format(Locale.ROOT, "%.1f s", x));
        int shown = 0;
        for (TimelineChart.Panel p : TimelineChart.panels(t, ctx.locale())) {
            if (model.hidden().contains(p.id())) {
                continue;
            }
            for (var tr : p.tracks()) {
                TimeSeries s = tr.series();
                int i = nearest(t, s, x);
                if (i >= 0 && shown < 8) {
                    sb.append("   ").append(s.metric().label()).append(' ')
                            .append(num(s.value(i))).append(' ').append(s.metric().unit().label());
                    shown++;
                    break;
                }
            }
        }
        return sb.toString();
    }

    /** Index of the sample of {@code s} nearest to x, or -1 when x is more than two intervals away. */
    private static int nearest(Timeline t, TimeSeries s, double x) {
        int best = -1;
        double bd = Double.MAX_VALUE;
        for (int i = 0; i < s.size(); i++) {
            double d = Math.abs(TimelineChart.x(t, s.time(i)) - x);
            if (d < bd) {
                bd = d;
                best = i;
            }
        }
        double tolerance = t.wallClock() ? 5_000 : 5;
        return bd <= tolerance ? best : -1;
    }

    private void resetZoom() {
        JFreeChart chart = viewer.getChart();
        if (chart != null && chart.getPlot() instanceof CombinedDomainXYPlot plot) {
            plot.getDomainAxis().setAutoRange(true);
            for (XYPlot sub : plot.getSubplots()) {
                sub.getRangeAxis().setAutoRange(true);
            }
        }
    }

    private void zoomToRun(int index) {
        JFreeChart chart = viewer.getChart();
        Timeline t = timeline;
        if (index < 0 || t == null || index >= t.runs().size() || chart == null
                || !(chart.getPlot() instanceof CombinedDomainXYPlot plot)) {
            return;
        }
        if (overlayShown) {
            return;
        }
        RunWindow w = t.runs().get(index);
        double a = TimelineChart.x(t, w.start());
        double b = TimelineChart.x(t, w.end());
        double pad = (b - a) * 0.05 + (t.wallClock() ? 1000 : 1);
        plot.getDomainAxis().setRange(a - pad, b + pad);
    }

    private static String num(double d) {
        if (Double.isNaN(d)) {
            return "-";
        }
        return String.format(Locale.ROOT, Math.abs(d) >= 100 ? "%.1f" : "%.2f", d);
    }
}
