package io.tunescope.ui.numa;

import io.tunescope.analysis.numa.NumaCell;
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
 * show the same picture; hovering a cell shows its row, column, value and note. "Show evidence" of a
 * finding with a {@link NumaCell} selects the cell's heatmap, outlines the cell and shows its value and the
 * finding's source below the heatmap.
 */
public final class NumaView implements CaptureView {
    private final UiContext ctx;
    private final NumaViewModel model;
    private final BorderPane root = new BorderPane();
    private final Canvas canvas = new Canvas(800, 500);
    private final Pane canvasPane = new Pane(canvas);
    /** Scrolls the heatmap when its rows need more height than the pane has (numastat -m, many processes). */
    private final javafx.scene.control.ScrollPane scroll = new javafx.scene.control.ScrollPane(canvasPane);
    private static final double MIN_HEIGHT = 150;
    private boolean scrollToHighlight;
    private final ComboBox<NumaStep> stepBox = new ComboBox<>();
    private final ComboBox<NumaViewModel.Kind> kindBox = new ComboBox<>();
    private final ComboBox<NumaViewModel.Window> windowBox = new ComboBox<>();
    private final ComboBox<NumaStep> compareBox = new ComboBox<>();
    private final ToggleGroup modeGroup = new ToggleGroup();
    private final Label hover = new Label();
    private final Label empty = new Label();
    private final Label placement = new Label();
    private final Tooltip tip = new Tooltip();
    private final HeatmapPainter painter;
    private final TrendPainter trend;
    /** The outline of a revealed cell: orange between two dark lines, visible on light and dark cells. */
    static final javafx.scene.paint.Color OUTLINE = javafx.scene.paint.Color.web("#ff9800");
    private HeatmapPainter.Layout layout;
    private Capture capture;
    /** The cell "show evidence" asked for, and the step it is in; outlined while its heatmap is shown. */
    private NumaCell highlight;
    private String highlightStep;

    public NumaView(UiContext ctx) {
        this.ctx = ctx;
        this.model = new NumaViewModel(ctx.locale());
        this.painter = new HeatmapPainter(ctx.locale());
        this.trend = new TrendPainter(ctx.locale());
        build();
        registerKeys();
    }

    /**
     * The heatmap's keys, listed in F1: arrows move the outlined cell (its value shows below the heatmap), Enter opens
     * the line a finding read the cell's value from, Ctrl+N puts a note on the cell. They act while the heatmap has the focus.
     */
    private void registerKeys() {
        canvas.setFocusTraversable(true);
        canvas.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> canvas.requestFocus());
        var keys = ctx.shortcuts();
        java.util.function.BooleanSupplier focused = () -> canvas.getScene() != null && canvas.getScene().getFocusOwner() == canvas;
        keys.register("numa.up", javafx.scene.input.KeyCombination.valueOf("Up"), "shortcut.numa.up", root, focused, () -> moveCell(-1, 0));
        keys.register("numa.down", javafx.scene.input.KeyCombination.valueOf("Down"), "shortcut.numa.down", root, focused, () -> moveCell(1, 0));
        keys.register("numa.left", javafx.scene.input.KeyCombination.valueOf("Left"), "shortcut.numa.left", root, focused, () -> moveCell(0, -1));
        keys.register("numa.right", javafx.scene.input.KeyCombination.valueOf("Right"), "shortcut.numa.right", root, focused, () -> moveCell(0, 1));
        keys.register("numa.evidence", javafx.scene.input.KeyCombination.valueOf("Enter"), "shortcut.numa.evidence", root, focused,
                this::openCellEvidence);
        keys.register("numa.annotate", javafx.scene.input.KeyCombination.valueOf("Shortcut+N"), "shortcut.numa.annotate", root,
                () -> focused.getAsBoolean() && ctx.annotations() != null, this::annotateCell);
    }

    private static NumaCell.Heatmap heatmapOf(NumaViewModel.Kind k) {
        return switch (k) {
            case ALLOCATIONS -> NumaCell.Heatmap.ALLOCATIONS;
            case DISTANCES -> NumaCell.Heatmap.DISTANCES;
            case PROCESSES -> NumaCell.Heatmap.PROCESSES;
            case MEMORY -> NumaCell.Heatmap.MEMORY;
            case MEASURED -> NumaCell.Heatmap.MEASURED;
            case TREND -> null;
        };
    }

    /** Moves the outlined cell (the first cell when none is outlined) and shows its value. */
    void moveCell(int dr, int dc) {
        NumaMatrix m = model.matrixProperty().get();
        NumaStep s = model.stepProperty().get();
        NumaCell.Heatmap h = heatmapOf(model.kindProperty().get());
        if (m == null || s == null || h == null || m.rows().isEmpty() || m.columns().isEmpty()) {
            return;
        }
        int[] rc = highlightedIndex(m);
        int r = rc == null ? 0 : Math.max(0, Math.min(m.rows().size() - 1, rc[0] + dr));
        int c = rc == null ? 0 : Math.max(0, Math.min(m.columns().size() - 1, rc[1] + dc));
        // a finding's cell keeps where its value was read while the outline stays on it
        io.tunescope.model.capture.SourceRef keep = rc != null && rc[0] == r && rc[1] == c ? highlight.ref() : null;
        highlight = new NumaCell(h, m.rows().get(r), m.columns().get(c), keep);
        highlightStep = s.step().dir();
        scrollToHighlight = true;
        redraw();
        String t = cellText(m, r, c);
        hover.setText(t);
        tip.setText(t);
    }

    /** Enter on the outlined cell: the line a finding read its value from, else its value in the status bar. */
    private void openCellEvidence() {
        NumaMatrix m = model.matrixProperty().get();
        int[] rc = highlightedIndex(m);
        if (rc == null) {
            moveCell(0, 0);
            return;
        }
        if (highlight.ref() != null && ctx.openSource(highlight.ref())) {
            return;
        }
        ctx.status(ctx.text("numa.noEvidenceLine", cellText(m, rc[0], rc[1])));
    }

    private void annotateCell() {
        NumaMatrix m = model.matrixProperty().get();
        NumaStep s = model.stepProperty().get();
        int[] rc = highlightedIndex(m);
        if (rc != null && s != null && ctx.annotations() != null) {
            ctx.annotations().annotate(io.tunescope.annotate.AnnotationTarget.heatmapCell(s.step().dir(), heatmapName(),
                    m.rows().get(rc[0]), m.columns().get(rc[1])));
        }
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
                if (n.cell() != null) {
                    highlight = n.cell();
                    highlightStep = st.step().dir();
                    compareBox.setValue(null);
                }
                stepBox.setValue(st);
                if (n.cell() != null) {
                    NumaViewModel.Kind k = NumaViewModel.Kind.of(n.cell().heatmap());
                    if (NumaViewModel.available(st).contains(k)) {
                        model.kindProperty().set(k);
                    }
                    NumaViewModel.Window w = NumaViewModel.windowFor(st, n.cell(), ctx.locale());
                    if (k == NumaViewModel.Kind.ALLOCATIONS && w != null) {
                        // the counters the finding was measured on
                        windowBox.setValue(w);
                    }
                    scrollToHighlight = true;
                    redraw();
                    String t = highlightText();
                    hover.setText(t);
                    tip.setText(t.isEmpty() ? ctx.text("numa.hoverHint") : t);
                }
                return true;
            }
        }
        return !stepBox.getItems().isEmpty();
    }

    /** The revealed cell, while it is outlined. */
    public NumaCell highlightedCell() {
        return highlightedIndex(model.matrixProperty().get()) == null ? null : highlight;
    }

    /** {row, column} of the revealed cell in the matrix shown, or null when it is not on screen. */
    int[] highlightedIndex(NumaMatrix m) {
        NumaStep s = model.stepProperty().get();
        if (highlight == null || m == null || s == null || !s.step().dir().equals(highlightStep)
                || model.compareWithProperty().get() != null
                || model.kindProperty().get() != NumaViewModel.Kind.of(highlight.heatmap())) {
            return null;
        }
        int r = m.rowIndex(highlight.row());
        int c = m.columnIndex(highlight.column());
        return r < 0 || c < 0 ? null : new int[] {r, c};
    }

    /** The revealed cell's value and note, and where the finding read it; "" when it is not shown. */
    String highlightText() {
        NumaMatrix m = model.matrixProperty().get();
        int[] rc = highlightedIndex(m);
        if (rc == null) {
            return "";
        }
        String t = cellText(m, rc[0], rc[1]);
        return highlight.ref() == null ? ctx.text("numa.evidence", t) : ctx.text("numa.evidenceSource", t, highlight.ref().toString());
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
            windowBox.getItems().setAll(NumaViewModel.windows(s, ctx.locale()));
            windowBox.setValue(model.windowProperty().get());
            placement.setText(s == null || s.placement() == null || s.placement().describe().isEmpty() ? ""
                    : ctx.text("numa.placement", s.placement().describe(ctx.locale())));
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
        model.matrixProperty().addListener((o, a, m) -> {
            // a new heatmap asks for the height it needs again (redraw grows the pane when rows overflow)
            canvasPane.setMinHeight(MIN_HEIGHT);
            redraw();
        });

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
        canvasPane.setMinSize(200, MIN_HEIGHT);
        canvasPane.setPrefSize(900, 520);
        scroll.setFitToWidth(true);
        scroll.setFitToHeight(true);
        scroll.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setId("numaScroll");
        scroll.getStyleClass().add("edge-to-edge");
        canvas.setId("numaCanvas");
        io.tunescope.ui.ViewExport.sharpLayer(canvas, this::exportLayer);
        io.tunescope.ui.FigureExport.register(canvas, this::figure);
        tip.setShowDelay(Duration.millis(150));
        Tooltip.install(canvas, tip);
        canvas.setOnMouseMoved(e -> hoverAt(e.getX(), e.getY()));
        canvas.setOnMouseExited(e -> {
            // a tooltip opening under the pointer also "exits" the canvas: keep the cell's text then
            if (!canvas.getLayoutBounds().contains(e.getX(), e.getY())) {
                hover.setText(highlightText());
            }
        });
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
        root.setCenter(scroll);
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
        return cellText(m, rc[0], rc[1]);
    }

    /** "node 1 · other_node: 125.0k pages/s — 85.2% remote allocation". */
    private String cellText(NumaMatrix m, int r, int c) {
        double v = m.value(r, c);
        StringBuilder b = new StringBuilder();
        b.append(m.rows().get(r)).append(" \u00b7 ").append(m.columns().get(c)).append(": ")
                .append(HeatmapPainter.format(v, m.unit()));
        if (!m.unit().isBlank() && !m.unit().startsWith("share")) {
            b.append(' ').append(io.tunescope.analysis.numa.NumaMatrices.unitWords(m.unit(),
                    io.tunescope.analysis.ChartText.of(ctx.locale())));
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
        hover.setText(t.isEmpty() ? highlightText() : t);
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
        if (root.getCenter() != scroll) {
            root.setCenter(scroll);
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
        outlineHighlight(g, m);
        // rows at their smallest still overflow: grow the pane (the scroll pane scrolls), then paint again
        double need = Math.ceil(layout.legendY() + layout.legendH() + 28);
        if (need > h + 1) {
            canvasPane.setMinHeight(need);
            return;
        }
        if (scrollToHighlight) {
            scrollToHighlight = false;
            Platform.runLater(this::scrollToHighlight);
        }
    }

    /** Scrolls the revealed cell into the middle of the visible part of the heatmap. */
    private void scrollToHighlight() {
        int[] rc = highlightedIndex(model.matrixProperty().get());
        double content = canvasPane.getHeight();
        double viewport = scroll.getViewportBounds().getHeight();
        if (rc == null || layout == null || content <= viewport + 1) {
            return;
        }
        double y = layout.cellCenterY(rc[0]) - viewport / 2;
        scroll.setVvalue(Math.max(0, Math.min(1, y / (content - viewport))));
    }

    /** Outlines the revealed cell: an orange band between dark edges, inside the cell's border. */
    private void outlineHighlight(javafx.scene.canvas.GraphicsContext g, NumaMatrix m) {
        int[] rc = highlightedIndex(m);
        if (rc == null || layout == null) {
            return;
        }
        double x0 = layout.cellCenterX(rc[1]) - layout.cellW() / 2;
        double y0 = layout.cellCenterY(rc[0]) - layout.cellH() / 2;
        double inset = 4;
        g.setStroke(javafx.scene.paint.Color.web("#202020"));
        g.setLineWidth(7);
        g.strokeRect(x0 + inset, y0 + inset, layout.cellW() - 2 * inset, layout.cellH() - 2 * inset);
        g.setStroke(OUTLINE);
        g.setLineWidth(5);
        g.strokeRect(x0 + inset, y0 + inset, layout.cellW() - 2 * inset, layout.cellH() - 2 * inset);
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

    /**
     * The heatmap (or the remote-ratio trend) on screen as a figure (File > Export Figure): the step and the
     * snapshot window in the caption.
     */
    private io.tunescope.render.figure.Figure figure() {
        NumaStep s = model.stepProperty().get();
        java.util.Locale loc = ctx.locale();
        String step = s == null ? null : s.step().dir();
        NumaViewModel.Window win = model.windowProperty().get();
        var caption = io.tunescope.render.figure.FigureCaption.today(capture == null ? null : capture.name(), step,
                win == null ? null : win.label(), null, -1);
        if (model.kindProperty().get() == NumaViewModel.Kind.TREND && s != null) {
            boolean perInterval = s.series().samples().size() >= 2;
            return io.tunescope.render.figure.Figures.trend(loc, ctx.text(perInterval ? "numa.trend.ratio" : "numa.trend.ratioSinceBoot"),
                    "", true, model.ratioTrend(), 360, caption);
        }
        NumaMatrix m = model.matrixProperty().get();
        if (m == null) {
            return null;
        }
        double cells = Math.max(1, m.rows().size());
        return io.tunescope.render.figure.Figures.numa(loc, m, Math.min(900, 90 + cells * 70), caption);
    }

    private void drawTrend() {
        layout = null;
        if (root.getCenter() != scroll) {
            root.setCenter(scroll);
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
        highlight = null;
        highlightStep = null;
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
