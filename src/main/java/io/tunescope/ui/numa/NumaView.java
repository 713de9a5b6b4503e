package io.tunescope.ui.numa;

import io.tunescope.analysis.numa.NumaMatrices;
import io.tunescope.analysis.numa.NumaMatrix;
import io.tunescope.analysis.numa.NumaStep;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Step;
import io.tunescope.render.HeatmapPainter;
import io.tunescope.render.TrendPainter;
import io.tunescope.ui.CaptureView;
import io.tunescope.ui.FxPainter;
import io.tunescope.ui.UiContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import javafx.util.StringConverter;

/**
 * NUMA heatmaps of a capture: allocations per node and counter (absolute, per second, or share), node
 * distances, process memory per node, or a measured node matrix; optionally as the difference to another
 * step. The heatmap is painted on a canvas through the shared {@link HeatmapPainter}, so PNG/PDF exports
 * show the same picture; hovering a cell shows its row, column, value and note.
 */
public final class NumaView implements CaptureView {
    private final UiContext ctx;
    private final NumaViewModel model = new NumaViewModel();
    private final BorderPane root = new BorderPane();
    private final Canvas canvas = new Canvas(800, 500);
    private final Pane canvasPane = new Pane(canvas);
    private final ComboBox<NumaStep> stepBox = new ComboBox<>();
    private final ComboBox<NumaViewModel.Kind> kindBox = new ComboBox<>();
    private final ComboBox<NumaViewModel.Window> windowBox = new ComboBox<>();
    private final ComboBox<NumaStep> compareBox = new ComboBox<>();
    private final ToggleGroup modeGroup = new ToggleGroup();
    private final Label hover = new Label();
    private final Label empty = new Label();
    private final Label placement = new Label();
    private final Tooltip tip = new Tooltip();
    private final HeatmapPainter painter = new HeatmapPainter();
    private final TrendPainter trend = new TrendPainter();
    private HeatmapPainter.Layout layout;
    private Capture capture;

    public NumaView(UiContext ctx) {
        this.ctx = ctx;
        build();
    }

    public NumaViewModel model() {
        return model;
    }

    @Override
    public boolean reveal(io.tunescope.ui.Target target) {
        if (!(target instanceof io.tunescope.ui.Target.Numa n)) {
            return false;
        }
        for (NumaStep st : stepBox.getItems()) {
            if (st != null && st.step().dir().equals(n.step())) {
                stepBox.setValue(st);
                return true;
            }
        }
        return !stepBox.getItems().isEmpty();
    }

    @Override
    public boolean compare(io.tunescope.model.capture.Step before, io.tunescope.model.capture.Step after) {
        NumaStep a = null;
        NumaStep b = null;
        for (NumaStep n : stepBox.getItems()) {
            if (n != null && n.step().dir().equals(before.dir())) {
                a = n;
            }
            if (n != null && n.step().dir().equals(after.dir())) {
                b = n;
            }
        }
        if (a == null || b == null) {
            return false;
        }
        stepBox.setValue(b);
        for (NumaStep n : compareBox.getItems()) {
            if (n != null && n.step().dir().equals(before.dir())) {
                compareBox.setValue(n);
            }
        }
        return true;
    }

    @Override
    public String titleKey() {
        return "numa.tab";
    }

    @Override
    public String iconLiteral() {
        return "fas-th";
    }

    @Override
    public Node node() {
        return root;
    }

    private void build() {
        StringConverter<NumaStep> stepText = new StringConverter<>() {
            @Override
            public String toString(NumaStep s) {
                return s == null ? ctx.text("numa.compare.none") : s.step().isRoot() ? ctx.text("numa.allFiles") : s.step().label();
            }

            @Override
            public NumaStep fromString(String s) {
                return null;
            }
        };
        stepBox.setConverter(stepText);
        compareBox.setConverter(stepText);
        stepBox.setId("numaStep");
        compareBox.setId("numaCompare");
        kindBox.setId("numaKind");
        windowBox.setId("numaWindow");
        kindBox.setConverter(new StringConverter<>() {
            @Override
            public String toString(NumaViewModel.Kind k) {
                return k == null ? "" : ctx.text("numa.kind." + k.name().toLowerCase(Locale.ROOT));
            }

            @Override
            public NumaViewModel.Kind fromString(String s) {
                return null;
            }
        });
        HBox modes = new HBox();
        for (NumaMatrices.Mode m : NumaMatrices.Mode.values()) {
            ToggleButton b = new ToggleButton(ctx.text("numa.mode." + m.name().toLowerCase(Locale.ROOT)));
            b.setId("numaMode" + m.name().charAt(0) + m.name().substring(1).toLowerCase(Locale.ROOT));
            b.setUserData(m);
            b.setToggleGroup(modeGroup);
            b.setSelected(m == NumaMatrices.Mode.ABSOLUTE);
            modes.getChildren().add(b);
        }
        modeGroup.selectedToggleProperty().addListener((o, a, t) -> {
            if (t == null) {
                a.setSelected(true);
            } else {
                model.modeProperty().set((NumaMatrices.Mode) t.getUserData());
            }
        });

        stepBox.valueProperty().addListener((o, a, s) -> {
            if (s != model.stepProperty().get()) {
                model.stepProperty().set(s);
            }
        });
        model.stepProperty().addListener((o, a, s) -> {
            stepBox.setValue(s);
            kindBox.getItems().setAll(NumaViewModel.available(s));
            kindBox.setValue(model.kindProperty().get());
            windowBox.getItems().setAll(NumaViewModel.windows(s));
            windowBox.setValue(model.windowProperty().get());
            placement.setText(s == null || s.placement() == null || s.placement().describe().isEmpty() ? ""
                    : ctx.text("numa.placement", s.placement().describe()));
        });
        kindBox.valueProperty().addListener((o, a, k) -> {
            if (k != null) {
                model.kindProperty().set(k);
            }
        });
        model.kindProperty().addListener((o, a, k) -> {
            kindBox.setValue(k);
            boolean counters = k == NumaViewModel.Kind.ALLOCATIONS;
            windowBox.setDisable(!counters);
            modes.setDisable(!counters);
            redraw();
        });
        windowBox.valueProperty().addListener((o, a, w) -> {
            if (w != null) {
                model.windowProperty().set(w);
            }
        });
        compareBox.valueProperty().addListener((o, a, c) -> model.compareWithProperty().set(c));
        model.matrixProperty().addListener((o, a, m) -> redraw());

        Label stepLabel = new Label(ctx.text("numa.step"));
        Label kindLabel = new Label(ctx.text("numa.heatmap"));
        Label windowLabel = new Label(ctx.text("numa.window"));
        Label compareLabel = new Label(ctx.text("numa.compare"));
        HBox bar1 = new HBox(8, stepLabel, stepBox, kindLabel, kindBox, modes);
        placement.setId("numaPlacement");
        HBox bar2 = new HBox(8, windowLabel, windowBox, compareLabel, compareBox);
        bar1.setAlignment(Pos.CENTER_LEFT);
        bar2.setAlignment(Pos.CENTER_LEFT);
        VBox top = new VBox(6, bar1, bar2, placement);
        top.setPadding(new Insets(8));

        canvas.widthProperty().bind(canvasPane.widthProperty());
        canvas.heightProperty().bind(canvasPane.heightProperty());
        canvas.widthProperty().addListener((o, a, b) -> redraw());
        canvas.heightProperty().addListener((o, a, b) -> redraw());
        ctx.theme().addListener((o, a, t) -> redraw());
        canvasPane.setMinSize(200, 150);
        canvasPane.setPrefSize(900, 520);
        canvas.setId("numaCanvas");
        io.tunescope.ui.ViewExport.sharpLayer(canvas, this::exportLayer);
        tip.setShowDelay(Duration.millis(150));
        Tooltip.install(canvas, tip);
        canvas.setOnMouseMoved(e -> hoverAt(e.getX(), e.getY()));
        canvas.setOnMouseExited(e -> hover.setText(""));
        javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu();
        canvas.setOnContextMenuRequested(e -> {
            io.tunescope.annotate.AnnotationTarget t = cellTarget(e.getX(), e.getY());
            if (t == null || ctx.annotations() == null) {
                return;
            }
            javafx.scene.control.MenuItem annotate = new javafx.scene.control.MenuItem(ctx.text("annot.menu"),
                    new org.kordamp.ikonli.javafx.FontIcon("fas-sticky-note"));
            annotate.setId("numaAnnotate");
            annotate.setOnAction(a -> ctx.annotations().annotate(t));
            menu.getItems().setAll(annotate);
            menu.show(canvas, e.getScreenX(), e.getScreenY());
            e.consume();
        });
        if (ctx.annotations() != null) {
            ctx.annotations().addListener(this::redraw);
        }
        hover.setId("numaHover");
        hover.setPadding(new Insets(4, 8, 6, 8));
        empty.setId("numaEmpty");
        empty.setWrapText(true);
        empty.setPadding(new Insets(16));

        root.setTop(top);
        root.setCenter(canvasPane);
        root.setBottom(hover);
        showEmpty(ctx.text("numa.noCapture"));
    }

    private void showEmpty(String text) {
        empty.setText(text);
        root.setCenter(empty);
    }

    /** Text of the cell under a canvas point, or "" (also shown in the tooltip). */
    String hoverText(double x, double y) {
        NumaMatrix m = model.matrixProperty().get();
        if (m == null || layout == null) {
            return "";
        }
        int[] rc = layout.cellAt(x, y);
        if (rc == null) {
            return "";
        }
        int r = rc[0];
        int c = rc[1];
        double v = m.value(r, c);
        StringBuilder b = new StringBuilder();
        b.append(m.rows().get(r)).append(" \u00b7 ").append(m.columns().get(c)).append(": ")
                .append(HeatmapPainter.format(v, m.unit()));
        if (!m.unit().isBlank() && !m.unit().startsWith("share")) {
            b.append(' ').append(m.unit());
        }
        if (m.nodeByNode() && r == c) {
            b.append(" (").append(ctx.text("numa.local")).append(')');
        }
        if (r < m.rowNotes().size() && !m.rowNotes().get(r).isBlank()) {
            b.append(" \u2014 ").append(m.rowNotes().get(r));
        }
        return b.toString();
    }

    /** The heatmap cell under a canvas point as an annotation target, or null. */
    io.tunescope.annotate.AnnotationTarget cellTarget(double x, double y) {
        NumaMatrix m = model.matrixProperty().get();
        NumaStep s = model.stepProperty().get();
        if (m == null || layout == null || s == null) {
            return null;
        }
        int[] rc = layout.cellAt(x, y);
        if (rc == null) {
            return null;
        }
        return io.tunescope.annotate.AnnotationTarget.heatmapCell(s.step().dir(), heatmapName(),
                m.rows().get(rc[0]), m.columns().get(rc[1]));
    }

    private String heatmapName() {
        return "numa/" + model.kindProperty().get().name().toLowerCase(java.util.Locale.ROOT);
    }

    /** A small triangle in the top-right corner of every cell that has a note. */
    private void markAnnotatedCells(javafx.scene.canvas.GraphicsContext g, NumaMatrix m) {
        NumaStep s = model.stepProperty().get();
        if (ctx.annotations() == null || layout == null || s == null) {
            return;
        }
        g.setFill(javafx.scene.paint.Color.web("#1f6feb"));
        double size = Math.max(5, Math.min(12, Math.min(layout.cellW(), layout.cellH()) / 5));
        for (io.tunescope.annotate.Annotation a : ctx.annotations().list()) {
            var t = a.target();
            if (t.kind() != io.tunescope.annotate.AnnotationTarget.Kind.HEATMAP_CELL || !t.step().equals(s.step().dir())
                    || !t.view().equals(heatmapName())) {
                continue;
            }
            int r = m.rows().indexOf(t.row());
            int c = m.columns().indexOf(t.column());
            if (r < 0 || c < 0) {
                continue;
            }
            double x1 = layout.cellCenterX(c) + layout.cellW() / 2 - 1;
            double y0 = layout.cellCenterY(r) - layout.cellH() / 2 + 1;
            g.fillPolygon(new double[] {x1 - size, x1, x1}, new double[] {y0, y0, y0 + size}, 3);
        }
    }

    private void hoverAt(double x, double y) {
        String t = hoverText(x, y);
        hover.setText(t);
        tip.setText(t.isEmpty() ? ctx.text("numa.hoverHint") : t);
    }

    private void redraw() {
        if (model.kindProperty().get() == NumaViewModel.Kind.TREND && model.stepProperty().get() != null) {
            drawTrend();
            return;
        }
        NumaMatrix m = model.matrixProperty().get();
        if (m == null) {
            layout = null;
            showEmpty(ctx.text(capture == null ? "numa.noCapture" : "numa.noData"));
            return;
        }
        if (root.getCenter() != canvasPane) {
            root.setCenter(canvasPane);
        }
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        if (w < 10 || h < 10) {
            return;
        }
        var g = graphics();
        g.clearRect(0, 0, w, h);
        layout = painter.paint(new FxPainter(g), m, 0, 0, w, h, palette());
        markAnnotatedCells(g, m);
    }

    /** Where redraw paints: the canvas, or while a PNG export paints the view again, the export's canvas. */
    private javafx.scene.canvas.GraphicsContext exportGraphics;

    /** The theme's colours for the canvas, or the export's while it paints. */
    private io.tunescope.render.Palette exportPalette;

    private javafx.scene.canvas.GraphicsContext graphics() {
        return exportGraphics != null ? exportGraphics : canvas.getGraphicsContext2D();
    }

    private io.tunescope.render.Palette palette() {
        return exportPalette != null ? exportPalette : ctx.theme().getValue().palette();
    }

    /** The canvas painted again at a scale for a PNG export (its size is the export's layout). */
    private java.awt.image.BufferedImage exportLayer(double scale, io.tunescope.ui.Theme theme) {
        return io.tunescope.ui.ViewExport.paintCanvas(canvas.getWidth(), canvas.getHeight(), scale, g -> {
            exportGraphics = g;
            exportPalette = theme.palette();
            try {
                redraw();
            } finally {
                exportGraphics = null;
                exportPalette = null;
            }
        });
    }

    private void drawTrend() {
        layout = null;
        if (root.getCenter() != canvasPane) {
            root.setCenter(canvasPane);
        }
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        if (w < 10 || h < 10) {
            return;
        }
        var g = graphics();
        g.clearRect(0, 0, w, h);
        FxPainter p = new FxPainter(g);
        List<io.tunescope.analysis.numa.NumaTrend.Point> memory = model.memoryTrend();
        double split = memory.isEmpty() ? h : h * 0.55;
        boolean perInterval = model.stepProperty().get().series().samples().size() >= 2;
        trend.paint(p, ctx.text(perInterval ? "numa.trend.ratio" : "numa.trend.ratioSinceBoot"), "", true,
                model.ratioTrend(), 0, 0, w, split, palette());
        if (!memory.isEmpty()) {
            trend.paint(p, ctx.text("numa.trend.memory"), "MB", false, memory, 0, split, w, h - split, palette());
        }
    }

    @Override
    public void show(Capture c) {
        this.capture = c;
        hover.setText("");
        if (c == null) {
            model.setSteps(List.of());
            stepBox.getItems().clear();
            compareBox.getItems().clear();
            showEmpty(ctx.text("numa.noCapture"));
            return;
        }
        ctx.background().submit(() -> {
            List<NumaStep> steps = new ArrayList<>();
            for (Step s : c.steps()) {
                steps.add(NumaStep.of(c, s));
            }
            Platform.runLater(() -> {
                if (capture != c) {
                    return;
                }
                List<NumaStep> withData = steps.stream().filter(s -> !s.isEmpty()).toList();
                stepBox.getItems().setAll(withData);
                List<NumaStep> compare = new ArrayList<>();
                compare.add(null);
                compare.addAll(withData);
                compareBox.getItems().setAll(compare);
                compareBox.setValue(null);
                model.setSteps(withData);
                if (withData.isEmpty()) {
                    showEmpty(ctx.text("numa.noData"));
                }
            });
            return null;
        });
    }
}
