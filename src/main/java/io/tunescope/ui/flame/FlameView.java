package io.tunescope.ui.flame;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.calltree.DiffTree;
import io.tunescope.analysis.calltree.Hotspot;
import io.tunescope.analysis.calltree.Modules;
import io.tunescope.analysis.calltree.Transform;
import io.tunescope.analysis.calltree.TransformStack;
import io.tunescope.analysis.flame.FlameLayout;
import io.tunescope.analysis.flame.Orientation;
import io.tunescope.analysis.flame.Subsystems;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Step;
import io.tunescope.render.flame.ColorScheme;
import io.tunescope.ui.CaptureView;
import io.tunescope.ui.UiContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import io.tunescope.annotate.Annotation;
import io.tunescope.annotate.AnnotationTarget;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Separator;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import javafx.util.StringConverter;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The flame graph tab: one canvas for the flame graph (or icicle, or differential flame graph) with hover
 * tooltips, click to zoom, breadcrumb, back/forward/reset, search with regex toggle, match share and
 * next/previous, colour schemes, transforms with undo (context menu), a hotspot table linked both ways with
 * the picture, and the caller/callee sandwich of the selected function. All tree work runs in the
 * background through {@link FlameViewModel}.
 */
public final class FlameView implements CaptureView {
    private final UiContext ctx;
    private final FlameViewModel vm;
    private final BorderPane root = new BorderPane();
    private final FlameCanvasPane flame = new FlameCanvasPane();
    private final FlameCanvasPane callers = new FlameCanvasPane();
    private final FlameCanvasPane callees = new FlameCanvasPane();
    private final Label sandwichTitle = new Label();
    private final Tooltip tooltip = new Tooltip();
    private final HBox breadcrumb = new HBox(2);
    private final Label transformsLabel = new Label();
    private final Label matchLabel = new Label();
    private final Label emptyLabel = new Label();
    private final Label statsLabel = new Label();
    /** The keyboard cursor's frame in words (what the tooltip says for the mouse). */
    private final Label cursorLabel = new Label();
    /** What each colour of the scheme means (modules, subsystems, grew/shrank), in the UI's language. */
    private final HBox legendBox = new HBox(10);
    private List<io.tunescope.render.flame.FlameColors.Legend> shownLegend = List.of();
    /** In a diff, what the colours mean, in words naming both sides. */
    private final Label diffLegend = new Label();
    private final TextField search = new TextField();
    private final ToggleButton regex = new ToggleButton(".*");
    private final ComboBox<CaptureProfiles.Entry> profileBox = new ComboBox<>();
    private final ComboBox<CaptureProfiles.Entry> beforeBox = new ComboBox<>();
    private final ComboBox<String> eventBox = new ComboBox<>();
    private final CheckBox diffBox = new CheckBox();
    private final ToggleButton reverse = new ToggleButton();
    private final Spinner<Double> threshold = new Spinner<>(0.0, 10.0, 0.1, 0.05);
    private final ComboBox<ColorScheme> schemeBox = new ComboBox<>(FXCollections.observableArrayList(ColorScheme.values()));
    private final ToggleButton icicle = new ToggleButton();
    private final CheckBox shorten = new CheckBox();
    private final Button undo = new Button();
    private final Button rulesButton = new Button();
    private final ObservableList<Hotspot> hotspots = FXCollections.observableArrayList();
    private final FilteredList<Hotspot> filteredHotspots = new FilteredList<>(hotspots);
    private final TableView<Hotspot> table = new TableView<>();
    private final TextField tableFilter = new TextField();
    private final TabPane sideTabs = new TabPane();
    /** The app's selected time window (the window's state; a view of its own in a context without one). */
    private final io.tunescope.ui.WindowSelection windows;
    /** What the flame graph shows when it is of a time window: the window, its samples, the window compared with. */
    private final Label windowTitle = new Label();
    /** Switches between a window's CPU samples and the off-CPU time of the same window. */
    private final Hyperlink windowSwitch = new Hyperlink();
    /** What the weights are when they are not samples (off-CPU time, and its unit). */
    private final Label unitLabel = new Label();
    private Capture capture;
    private boolean syncingSelection;
    private boolean swallowTyped;

    public FlameView(UiContext ctx) {
        this.ctx = ctx;
        // the flame graph's own worker: a window picked in the heatmap or the timeline must not wait behind the
        // other views' work on the shared pool (findings, NUMA, ... right after a capture is opened); seen under
        // Xvfb: the flame graph showed the whole profile for seconds after a heatmap drag had opened it
        this.vm = new FlameViewModel(ownWorker(ctx.background()), io.tunescope.session.UserFiles.defaultSubsystems());
        this.windows = ctx.windowSelection() != null ? ctx.windowSelection() : new io.tunescope.ui.WindowSelection();
        build();
        vm.windowProperty().bind(windows.selectedProperty());
        vm.compareWindowProperty().bind(windows.compareProperty());
    }

    /**
     * One thread that ends when idle (views are built again with the window, e.g. on a language switch); the
     * work falls back to the shared pool when it cannot be queued.
     */
    private static java.util.concurrent.Executor ownWorker(java.util.concurrent.Executor shared) {
        java.util.concurrent.ThreadPoolExecutor t = new java.util.concurrent.ThreadPoolExecutor(0, 1, 30, java.util.concurrent.TimeUnit.SECONDS,
                new java.util.concurrent.LinkedBlockingQueue<>(), r -> {
                    Thread th = new Thread(r, "flame-graph");
                    th.setDaemon(true);
                    return th;
                });
        return task -> {
            try {
                t.execute(task);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                shared.execute(task);
            }
        };
    }

    public FlameViewModel viewModel() {
        return vm;
    }

    @Override
    public boolean compare(io.tunescope.model.capture.Step before, io.tunescope.model.capture.Step after) {
        CaptureProfiles.Entry a = null;
        CaptureProfiles.Entry b = null;
        for (CaptureProfiles.Entry e : profileBox.getItems()) {
            if (a == null && e.file().step().equals(before.dir())) {
                a = e;
            }
            if (b == null && e.file().step().equals(after.dir())) {
                b = e;
            }
        }
        if (a == null || b == null) {
            return false;
        }
        profileBox.setValue(b);
        beforeBox.setValue(a);
        diffBox.setSelected(true);
        return true;
    }

    @Override
    public String titleKey() {
        return "flame.tab";
    }

    @Override
    public String iconLiteral() {
        return "fas-fire";
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void show(Capture c) {
        capture = c;
        List<CaptureProfiles.Entry> list = c == null ? List.of() : CaptureProfiles.of(c);
        profileBox.getItems().setAll(list);
        beforeBox.getItems().setAll(list);
        var session = c == null ? null : io.tunescope.session.CaptureSession.of(c);
        vm.setTimes(session == null ? null : e -> session.timed(e.file().path(), e.profile()));
        vm.setProfiles(list);
        emptyLabel.setText(ctx.text(c == null ? "flame.noCapture" : "flame.noProfile"));
    }

    /** "Show evidence" for a profile frame: searches the frame by its exact name. */
    @Override
    public boolean reveal(io.tunescope.ui.Target target) {
        if (target instanceof io.tunescope.ui.Target.SelectedWindow) {
            return vm.activeWindow() != null || vm.activeOffCpuWindow() != null;
        }
        if (!(target instanceof io.tunescope.ui.Target.Frame f) || capture == null || profileBox.getItems().isEmpty()) {
            return false;
        }
        vm.regexProperty().set(false);
        vm.searchTextProperty().set(f.frame());
        return true;
    }

    // ---- construction

    private void build() {
        io.tunescope.ui.FigureExport.register(flame, this::figure);
        flame.setId("flame-canvas");
        search.setId("flame-search");
        matchLabel.setId("flame-match");
        table.setId("flame-hotspots");
        breadcrumb.setId("flame-breadcrumb");

        windowTitle.setId("flame-window");
        windowTitle.getStyleClass().add("section-title");
        windowTitle.setWrapText(true);
        windowTitle.setPadding(new Insets(2, 8, 0, 8));
        windowTitle.managedProperty().bind(windowTitle.visibleProperty());
        windowTitle.setVisible(false);
        windowSwitch.setId("flame-window-switch");
        windowSwitch.managedProperty().bind(windowSwitch.visibleProperty());
        windowSwitch.setVisible(false);
        windowSwitch.setOnAction(e -> {
            if (windowSwitch.getUserData() instanceof CaptureProfiles.Entry target) {
                vm.profileProperty().set(target);
            }
        });
        unitLabel.setId("flame-unit");
        unitLabel.getStyleClass().add("hint");
        unitLabel.setWrapText(true);
        unitLabel.setPadding(new Insets(0, 8, 0, 8));
        unitLabel.managedProperty().bind(unitLabel.visibleProperty());
        unitLabel.setVisible(false);
        windowSwitch.setPadding(new Insets(0, 8, 0, 8));
        VBox windowBar = new VBox(0, windowTitle, windowSwitch);
        root.setTop(new VBox(toolbar(), compareBar(), windowBar, unitLabel, crumbBar()));
        StackPane centre = new StackPane(flame, emptyLabel);
        emptyLabel.setText(ctx.text("flame.noCapture"));
        emptyLabel.visibleProperty().bind(vm.snapshotProperty().isNull());
        emptyLabel.setMouseTransparent(true);
        SplitPane split = new SplitPane(centre, side());
        split.setDividerPositions(0.70);
        root.setCenter(split);

        tooltip.setShowDelay(Duration.millis(250));
        tooltip.setHideDelay(Duration.millis(100));
        tooltip.setId("flame-tooltip");
        Tooltip.install(flame.canvas(), tooltip);
        flame.setOnHover(this::hovered);
        flame.setOnClick(this::clicked);
        flame.setOnPainted(st -> statsLabel.setText(st.hiddenFrames() == 0 ? ctx.text("flame.stats", st.frames())
                : ctx.text("flame.stats.merged", st.frames(), st.hiddenFrames())));
        ContextMenu menu = new ContextMenu();
        flame.canvas().setOnContextMenuRequested(e -> {
            int n = flame.nodeAt(e.getX(), e.getY());
            menu.getItems().setAll(contextItems(n));
            menu.show(flame.canvas(), e.getScreenX(), e.getScreenY());
            e.consume();
        });
        callers.setHiddenRootRows(1);
        callees.setHiddenRootRows(1);

        vm.snapshotProperty().addListener((o, a, s) -> showSnapshot(s));
        // until the window's flame graph is computed, the title says so (the picture is still the previous one)
        vm.windowProperty().addListener((o, a, w) -> {
            if (w != null && vm.activeWindow() != null) {
                windowTitle.setText(ctx.text("flame.window.computing", w.range(), w.sampleCount()));
                windowTitle.setVisible(true);
            }
        });
        vm.snapshotProperty().addListener((o, a, s) -> refreshMarks());
        if (ctx.annotations() != null) {
            ctx.annotations().addListener(this::refreshMarks);
        }
        vm.selectedFrameProperty().addListener((o, a, b) -> selectionChanged(b.intValue()));
        vm.sandwichProperty().addListener((o, a, s) -> showSandwich(s));
        vm.cursorProperty().addListener((o, a, b) -> showCursor());
        vm.snapshotProperty().addListener((o, a, b) -> showCursor());
        registerKeys();
        vm.transformsProperty().addListener((o, a, t) -> showTransforms(t));
        showTransforms(TransformStack.EMPTY);
        ctx.theme().addListener((o, a, t) -> applyTheme(t));
        applyTheme(ctx.theme().getValue());
    }

    /** The canvases paint on the theme's background (frame colours stay, their labels keep their contrast). */
    private void applyTheme(io.tunescope.ui.Theme t) {
        for (FlameCanvasPane p : List.of(flame, callers, callees)) {
            p.setPalette(t.palette());
        }
    }

    private ToolBar toolbar() {
        profileBox.setConverter(entryConverter());
        profileBox.setPrefWidth(260);
        profileBox.valueProperty().bindBidirectional(vm.profileProperty());
        profileBox.setTooltip(new Tooltip(ctx.text("flame.profile.tip")));

        eventBox.setItems(vm.events());
        eventBox.valueProperty().bindBidirectional(vm.eventProperty());
        eventBox.setTooltip(new Tooltip(ctx.text("flame.event.tip")));
        eventBox.setId("flame-event");
        eventBox.visibleProperty().bind(javafx.beans.binding.Bindings.size(vm.events()).greaterThan(1));
        eventBox.managedProperty().bind(eventBox.visibleProperty());
        Button back = iconButton("fas-arrow-left", "flame.back");
        back.setOnAction(e -> vm.back());
        back.disableProperty().bind(vm.canGoBackProperty().not());
        Button fwd = iconButton("fas-arrow-right", "flame.forward");
        fwd.setOnAction(e -> vm.forward());
        fwd.disableProperty().bind(vm.canGoForwardProperty().not());
        Button reset = iconButton("fas-compress-arrows-alt", "flame.reset");
        reset.setId("flame-reset");
        reset.setOnAction(e -> vm.resetZoom());

        search.setPromptText(ctx.text("flame.search.prompt"));
        search.setPrefColumnCount(16);
        search.textProperty().bindBidirectional(vm.searchTextProperty());
        regex.setTooltip(new Tooltip(ctx.text("flame.search.regex")));
        regex.setId("flame-regex");
        regex.selectedProperty().bindBidirectional(vm.regexProperty());
        Button prev = iconButton("fas-chevron-up", "flame.search.previous");
        prev.setOnAction(e -> vm.nextMatch(false));
        Button next = iconButton("fas-chevron-down", "flame.search.next");
        next.setId("flame-next");
        next.setOnAction(e -> vm.nextMatch(true));
        search.setOnAction(e -> vm.nextMatch(true));

        schemeBox.setConverter(new StringConverter<>() {
            @Override
            public String toString(ColorScheme c) {
                return c == null ? "" : ctx.text("flame.scheme." + c.slug());
            }

            @Override
            public ColorScheme fromString(String s) {
                return null;
            }
        });
        schemeBox.valueProperty().bindBidirectional(vm.schemeProperty());
        schemeBox.setTooltip(new Tooltip(ctx.text("flame.scheme.tip")));
        schemeBox.disableProperty().bind(vm.diffModeProperty());
        icicle.setGraphic(new FontIcon("fas-sort-amount-down"));
        icicle.setTooltip(new Tooltip(ctx.text("flame.icicle")));
        icicle.setId("flame-icicle");
        icicle.selectedProperty().addListener((o, a, b) -> vm.orientationProperty().set(b ? Orientation.ICICLE : Orientation.FLAME));
        shorten.setText(ctx.text("flame.shorten"));
        shorten.selectedProperty().bindBidirectional(vm.shortenTemplatesProperty());
        shorten.selectedProperty().addListener((o, a, b) -> {
            flame.setShortenTemplates(b);
            callers.setShortenTemplates(b);
            callees.setShortenTemplates(b);
        });
        rulesButton.setGraphic(new FontIcon("fas-file-import"));
        rulesButton.setTooltip(new Tooltip(ctx.text("flame.rules.tip")));
        rulesButton.setOnAction(e -> chooseRules());
        rulesButton.disableProperty().bind(vm.diffModeProperty().or(schemeBox.valueProperty().isNotEqualTo(ColorScheme.SUBSYSTEM)));
        undo.setGraphic(new FontIcon("fas-undo"));
        undo.setText(ctx.text("flame.undo"));
        undo.setId("flame-undo");
        undo.setOnAction(e -> vm.undoTransform());
        return new ToolBar(profileBox, eventBox, back, fwd, reset, search, regex, prev, next, matchLabel);
    }

    private FlowPane compareBar() {
        diffBox.setText(ctx.text("flame.diff"));
        diffBox.setId("flame-diff");
        diffBox.selectedProperty().bindBidirectional(vm.diffModeProperty());
        beforeBox.setConverter(entryConverter());
        beforeBox.setPrefWidth(260);
        beforeBox.valueProperty().bindBidirectional(vm.beforeProperty());
        beforeBox.disableProperty().bind(vm.diffModeProperty().not());
        reverse.setText(ctx.text("flame.diff.reverse"));
        reverse.setTooltip(new Tooltip(ctx.text("flame.diff.reverse.tip")));
        reverse.selectedProperty().bindBidirectional(vm.reverseProperty());
        reverse.disableProperty().bind(vm.diffModeProperty().not());
        threshold.setEditable(true);
        threshold.setPrefWidth(90);
        threshold.valueProperty().addListener((o, a, b) -> {
            if (b != null) {
                vm.thresholdPctProperty().set(b);
            }
        });
        threshold.disableProperty().bind(vm.diffModeProperty().not());
        Label thr = new Label(ctx.text("flame.diff.threshold"));
        FlowPane bar = new FlowPane(8, 4, schemeBox, rulesButton, icicle, shorten, undo, new Separator(javafx.geometry.Orientation.VERTICAL),
                diffBox, beforeBox, reverse, thr, threshold);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 8, 2, 8));
        return bar;
    }

    private VBox crumbBar() {
        breadcrumb.setAlignment(Pos.CENTER_LEFT);
        breadcrumb.setPadding(new Insets(0, 8, 0, 8));
        transformsLabel.setId("flame-transforms");
        statsLabel.setId("flame-stats");
        statsLabel.getStyleClass().add("hint");
        diffLegend.setId("flame-diff-legend");
        diffLegend.setWrapText(true);
        diffLegend.visibleProperty().bind(diffLegend.textProperty().isNotEmpty());
        diffLegend.managedProperty().bind(diffLegend.visibleProperty());
        legendBox.setId("flame-legend");
        legendBox.setAlignment(Pos.CENTER_LEFT);
        cursorLabel.setId("flame-cursor");
        cursorLabel.getStyleClass().add("hint");
        HBox info = new HBox(16, transformsLabel, statsLabel, legendBox, diffLegend, cursorLabel);
        info.setPadding(new Insets(0, 8, 2, 8));
        return new VBox(breadcrumb, info);
    }

    private Node side() {
        TableColumn<Hotspot, Long> self = numberCol("flame.col.self", Hotspot::self);
        TableColumn<Hotspot, String> selfPct = pctCol("flame.col.selfPct", Hotspot::selfShare);
        TableColumn<Hotspot, Long> total = numberCol("flame.col.total", Hotspot::total);
        TableColumn<Hotspot, String> totalPct = pctCol("flame.col.totalPct", Hotspot::totalShare);
        TableColumn<Hotspot, String> fn = new TableColumn<>(ctx.text("flame.col.function"));
        fn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().function()));
        fn.setPrefWidth(260);
        TableColumn<Hotspot, String> mod = new TableColumn<>(ctx.text("flame.col.module"));
        mod.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().moduleLabel()));
        mod.setPrefWidth(110);
        TableColumn<Hotspot, String> delta = new TableColumn<>(ctx.text("flame.col.delta"));
        delta.setCellValueFactory(v -> {
            FlameViewModel.Snapshot snap = vm.snapshot();
            double d = snap == null ? Double.NaN : snap.totalShareDelta(v.getValue());
            return new ReadOnlyObjectWrapper<>(Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%+.2f", d * 100));
        });
        delta.setComparator((a, b) -> Double.compare(parsePct(a), parsePct(b)));
        delta.setPrefWidth(62);
        delta.setStyle("-fx-alignment: CENTER-RIGHT;");
        delta.visibleProperty().bind(vm.diffModeProperty());
        table.getColumns().add(self);
        table.getColumns().add(selfPct);
        table.getColumns().add(total);
        table.getColumns().add(totalPct);
        table.getColumns().add(delta);
        table.getColumns().add(fn);
        table.getColumns().add(mod);
        SortedList<Hotspot> sorted = new SortedList<>(filteredHotspots);
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        table.setPlaceholder(new Label(ctx.text("flame.hotspots.empty")));
        table.getSelectionModel().selectedItemProperty().addListener((o, a, h) -> {
            if (!syncingSelection) {
                vm.selectedFrameProperty().set(h == null ? -1 : h.frameId());
            }
        });
        tableFilter.setPromptText(ctx.text("flame.hotspots.filter"));
        tableFilter.setId("flame-hotspot-filter");
        tableFilter.textProperty().addListener((o, a, b) -> {
            String f = b == null ? "" : b.strip().toLowerCase(Locale.ROOT);
            filteredHotspots.setPredicate(f.isEmpty() ? null
                    : h -> h.function().toLowerCase(Locale.ROOT).contains(f) || h.moduleLabel().toLowerCase(Locale.ROOT).contains(f));
        });
        // Enter (or a double click) zooms the picture to the function's heaviest call path; type to filter, Esc clears
        io.tunescope.ui.Controls.onActivate(table, this::openHotspot);
        io.tunescope.ui.Controls.filterKeys(table, tableFilter);
        VBox.setVgrow(table, Priority.ALWAYS);
        VBox hot = new VBox(4, tableFilter, table);
        hot.setPadding(new Insets(4));
        Tab hotTab = new Tab(ctx.text("flame.hotspots"), hot);
        hotTab.setClosable(false);

        sandwichTitle.setText(ctx.text("flame.sandwich.none"));
        sandwichTitle.setWrapText(true);
        callers.setOnClick(n -> selectByName(callers, n));
        callees.setOnClick(n -> selectByName(callees, n));
        Label callersLabel = new Label(ctx.text("flame.sandwich.callers"));
        Label calleesLabel = new Label(ctx.text("flame.sandwich.callees"));
        VBox.setVgrow(callers, Priority.ALWAYS);
        VBox.setVgrow(callees, Priority.ALWAYS);
        VBox sw = new VBox(4, sandwichTitle, callersLabel, callers, calleesLabel, callees);
        sw.setPadding(new Insets(4));
        Tab swTab = new Tab(ctx.text("flame.sandwich"), sw);
        swTab.setClosable(false);
        sideTabs.getTabs().addAll(hotTab, swTab);
        return sideTabs;
    }

    private TableColumn<Hotspot, Long> numberCol(String key, java.util.function.ToLongFunction<Hotspot> f) {
        TableColumn<Hotspot, Long> c = new TableColumn<>(ctx.text(key));
        c.setCellValueFactory(v -> new ReadOnlyObjectWrapper<>(f.applyAsLong(v.getValue())));
        // off-CPU time is shown as time (ms, s) and the header says so; samples as counts
        c.setCellFactory(col -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(Long item, boolean empty) {
                super.updateItem(item, empty);
                FlameViewModel.Snapshot snap = vm.snapshot();
                setText(empty || item == null ? null : snap != null && snap.unit().isTime() ? snap.unit().format(item) : String.valueOf(item));
            }
        });
        vm.snapshotProperty().addListener((o, a, b) -> c.setText(ctx.text(b != null && b.unit().isTime() ? key + ".time" : key)));
        c.setPrefWidth(58);
        c.setStyle("-fx-alignment: CENTER-RIGHT;");
        return c;
    }

    private TableColumn<Hotspot, String> pctCol(String key, java.util.function.ToDoubleFunction<Hotspot> f) {
        TableColumn<Hotspot, String> c = new TableColumn<>(ctx.text(key));
        c.setCellValueFactory(v -> new ReadOnlyObjectWrapper<>(pct(f.applyAsDouble(v.getValue()))));
        c.setComparator((a, b) -> Double.compare(parsePct(a), parsePct(b)));
        c.setPrefWidth(62);
        c.setStyle("-fx-alignment: CENTER-RIGHT;");
        return c;
    }

    private static double parsePct(String s) {
        try {
            return s.isBlank() ? 0 : Double.parseDouble(s.replace("%", "").replace("+", "").strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    static String pct(double share) {
        return String.format(Locale.ROOT, "%.2f %%", share * 100);
    }

    private Button iconButton(String icon, String tipKey) {
        Button b = new Button();
        b.setGraphic(new FontIcon(icon));
        b.setTooltip(new Tooltip(ctx.text(tipKey)));
        return b;
    }

    private StringConverter<CaptureProfiles.Entry> entryConverter() {
        return new StringConverter<>() {
            @Override
            public String toString(CaptureProfiles.Entry e) {
                if (e == null) {
                    return "";
                }
                Step s = capture == null ? null : capture.step(e.file().step());
                String step = s == null || s.isRoot() ? "" : s.label() + ": ";
                return step + e.file().fileName();
            }

            @Override
            public CaptureProfiles.Entry fromString(String s) {
                return null;
            }
        };
    }

    /** Lets the user add their own "REGEX = subsystem" rules (tried before the built-in ones). */
    private void chooseRules() {
        javafx.stage.FileChooser fc = new javafx.stage.FileChooser();
        fc.setTitle(ctx.text("flame.rules.tip"));
        java.io.File f = fc.showOpenDialog(root.getScene() == null ? null : root.getScene().getWindow());
        if (f == null) {
            return;
        }
        try {
            Subsystems s = io.tunescope.session.UserFiles.subsystems(f.toPath());
            vm.subsystemsProperty().set(s);
            ctx.status(s.problems().isEmpty() ? ctx.text("flame.rules.loaded", f.getName(), s.rules().size())
                    : ctx.text("flame.rules.problems", f.getName(), s.problems().size(), s.problems().get(0)));
        } catch (java.io.IOException ex) {
            ctx.status(ctx.text("flame.rules.failed", f.getName(), ex.getMessage()));
        }
    }

    /**
     * The flame graph as a figure (File > Export Figure): the zoomed layout, search and colours on screen, the
     * diff's sides named in the title and the legend, the capture, step, window and samples in the caption.
     */
    private io.tunescope.render.figure.Figure figure() {
        FlameViewModel.Snapshot s = vm.snapshot();
        CaptureProfiles.Entry e = profileBox.getValue();
        if (s == null || s.layout() == null || s.colors() == null || e == null) {
            return null;
        }
        java.util.Locale loc = ctx.locale();
        io.tunescope.ui.WindowSelection.Slice w = vm.activeWindow();
        io.tunescope.ui.WindowSelection.Slice wb = vm.activeCompareWindow();
        CaptureProfiles.Entry[] sides = vm.diffSides();
        String title;
        List<String> notes = List.of();
        if (s.diff() != null) {
            String before = wb != null ? wb.range() : sides != null ? sides[0].label() : "";
            String after = w != null && wb != null ? w.range() : sides != null ? sides[1].label() : e.label();
            title = io.tunescope.render.figure.Figures.diffTitle(loc, before, after, s.diff().reversed());
            notes = io.tunescope.render.figure.Figures.diffNotes(loc, before, after, vm.thresholdPctProperty().get(), s.diff().reversed());
        } else {
            title = io.tunescope.render.figure.Figures.flameTitle(loc, e.label(), e.offCpu());
        }
        String subtitle = s.search() == null ? null
                : io.tunescope.render.figure.Figures.searchLine(loc, vm.searchTextProperty().get(), s.search());
        String unit = e.profile().unit().slug() + (e.profile().event().isEmpty() ? "" : " (" + e.profile().event() + ")");
        long samples = w != null ? w.sampleCount() : e.profile().samples();
        var caption = io.tunescope.render.figure.FigureCaption.today(capture == null ? null : capture.name(),
                e.file().step(), w == null ? null : w.range(), unit, samples);
        return io.tunescope.render.figure.Figures.flame(loc, title, subtitle, s.layout(), s.colors(),
                new io.tunescope.render.figure.Figures.FlameState(0, s.layout().span(), s.search(), vm.shortenTemplatesProperty().get()),
                notes, caption);
    }

    // ---- reacting to the model

    private void showSnapshot(FlameViewModel.Snapshot s) {
        if (s == null) {
            flame.setContent(null, null, null);
            hotspots.clear();
            breadcrumb.getChildren().clear();
            matchLabel.setText("");
            return;
        }
        io.tunescope.ui.StartupLog.mark("flame-snapshot");
        flame.setContent(s.layout(), s.colors(), s.search());
        showLegend(s.colors().legend());
        CaptureProfiles.Entry[] sides = vm.diffSides();
        io.tunescope.ui.WindowSelection.Slice w = vm.activeWindow();
        io.tunescope.ui.WindowSelection.Slice wb = vm.activeCompareWindow();
        FlameViewModel.OffCpuWindow ow = vm.activeOffCpuWindow();
        showWindowTitle(s, w, wb, ow);
        showUnit(s);
        if (s.diff() != null && ow != null && ow.compare() != null) {
            diffLegend.setText(ctx.text(s.diff().reversed() ? "flame.diff.legend.reversed" : "flame.diff.legend", ow.compare().range(),
                    ow.slice().range(), pct(vm.thresholdPctProperty().get() / 100.0)));
        } else if (s.diff() != null && w != null && wb != null) {
            diffLegend.setText(ctx.text(s.diff().reversed() ? "flame.diff.legend.reversed" : "flame.diff.legend", wb.range(), w.range(),
                    pct(vm.thresholdPctProperty().get() / 100.0)));
        } else if (s.diff() != null && sides != null) {
            String before = sides[0].label();
            String after = sides[1].label();
            diffLegend.setText(ctx.text(s.diff().reversed() ? "flame.diff.legend.reversed" : "flame.diff.legend", before, after,
                    pct(vm.thresholdPctProperty().get() / 100.0)));
        } else {
            diffLegend.setText("");
        }
        if (!hotspots.equals(s.hotspots())) {
            syncingSelection = true;
            hotspots.setAll(s.hotspots());
            syncingSelection = false;
        }
        selectionChanged(vm.selectedFrameProperty().get());
        showBreadcrumb(s);
        if (s.searchError() != null) {
            matchLabel.setText(ctx.text("flame.search.error", s.searchError()));
        } else if (s.search() == null) {
            matchLabel.setText("");
        } else {
            matchLabel.setText(ctx.text("flame.search.matched", s.search().count(), pct(s.search().share())));
        }
        io.tunescope.ui.StartupLog.afterPulse("flame-painted", root);
    }

    /**
     * The title of a windowed flame graph: the window, its samples (or, for an off-CPU recording, its off-CPU
     * time by state), the window compared with; and the link to the other kind of profile of the same window.
     */
    private void showWindowTitle(FlameViewModel.Snapshot s, io.tunescope.ui.WindowSelection.Slice w,
                                 io.tunescope.ui.WindowSelection.Slice wb, FlameViewModel.OffCpuWindow ow) {
        String text;
        if (ow != null) {
            String file = vm.profileProperty().get().file().fileName();
            io.tunescope.model.stack.WeightUnit u = s.unit();
            text = ow.compare() == null || s.before() == null
                    ? ctx.text("flame.window.offcpu.title", ow.slice().range(), ow.slice().seconds(), file, s.weight(s.after().totalWeight()),
                            s.after().samples(), byState(s.after()))
                    : ctx.text("flame.window.offcpu.diffTitle", file, ow.slice().range(), u.format(s.after().totalWeight()),
                            ow.compare().range(), u.format(s.before().totalWeight()), byState(s.after()));
        } else if (vm.offCpuWindowUnplaced()) {
            boolean intervals = vm.profileProperty().get().profile() instanceof io.tunescope.model.stack.OffCpuProfile o && o.intervals() != null;
            text = ctx.text(intervals ? "flame.window.offcpu.unplaced" : "flame.window.offcpu.noTimes", vm.windowProperty().get().range());
        } else if (w != null) {
            text = wb == null ? ctx.text("flame.window.title", w.range(), w.seconds(), w.sampleCount(),
                    w.entry().file().fileName(), io.tunescope.ui.WindowStatus.filterText(ctx, w.filter()))
                    : ctx.text("flame.window.diffTitle", w.range(), w.sampleCount(), wb.range(), wb.sampleCount(), w.entry().file().fileName());
        } else {
            text = "";
        }
        windowTitle.setText(text);
        windowTitle.setVisible(!text.isEmpty());
        // the other kind of profile of the same window: the off-CPU recording of the window's step, or back to its samples
        CaptureProfiles.Entry target = null;
        String link = "";
        io.tunescope.ui.WindowSelection.Slice sel = vm.windowProperty().get();
        if (sel != null && w != null) {
            target = offCpuFor(sel);
            link = target == null ? "" : ctx.text("flame.window.toOffcpu", target.file().fileName());
        } else if (sel != null && vm.profileProperty().get() != null && vm.profileProperty().get().offCpu()
                && profileBox.getItems().contains(sel.entry())) {
            target = sel.entry();
            link = ctx.text("flame.window.toCpu", target.file().fileName());
        }
        windowSwitch.setUserData(target);
        windowSwitch.setText(link);
        windowSwitch.setVisible(target != null);
    }

    /** The off-CPU recording (with intervals) for a window: of the window's step first, else any. */
    private CaptureProfiles.Entry offCpuFor(io.tunescope.ui.WindowSelection.Slice w) {
        CaptureProfiles.Entry any = null;
        for (CaptureProfiles.Entry e : profileBox.getItems()) {
            if (e.offCpu() && e.profile() instanceof io.tunescope.model.stack.OffCpuProfile o && o.intervals() != null) {
                if (e.file().step().equals(w.entry().file().step())) {
                    return e;
                }
                any = any == null ? e : any;
            }
        }
        return any;
    }

    /** "I/O (D) 0.12 s, sleeping (S) 3.40 s, preempted (R) 0.05 s": an off-CPU window's time by prev_state. */
    private String byState(io.tunescope.model.stack.StackProfile p) {
        if (!(p instanceof io.tunescope.model.stack.OffCpuProfile o) || o.accounting() == null) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (var e : o.accounting().byState().entrySet()) {
            if (e.getValue() > 0) {
                parts.add(ctx.text("flame.offcpu.state." + e.getKey().name().toLowerCase(Locale.ROOT), o.unit().format(e.getValue())));
            }
        }
        return String.join(", ", parts);
    }

    /** Says what the weights are when they are time (an off-CPU profile), and in which unit the input gave them. */
    private void showUnit(FlameViewModel.Snapshot s) {
        io.tunescope.model.stack.WeightUnit u = s.unit();
        unitLabel.setVisible(u.isTime());
        unitLabel.setText(u.isTime() ? ctx.text("flame.unit.time", ctx.text("flame.unit." + u.slug()), s.weight(s.grandTotal())) : "");
    }

    private void showLegend(List<io.tunescope.render.flame.FlameColors.Legend> legend) {
        if (legend.equals(shownLegend)) {
            return;
        }
        shownLegend = legend;
        legendBox.getChildren().clear();
        for (io.tunescope.render.flame.FlameColors.Legend l : io.tunescope.render.flame.FlameColors.localized(legend, ctx.locale())) {
            javafx.scene.shape.Rectangle swatch = new javafx.scene.shape.Rectangle(12, 12,
                    javafx.scene.paint.Color.rgb(l.color().r(), l.color().g(), l.color().b()));
            swatch.setStroke(javafx.scene.paint.Color.gray(0.5));
            Label text = new Label(l.label(), swatch);
            text.getStyleClass().add("hint");
            legendBox.getChildren().add(text);
        }
    }

    private void showBreadcrumb(FlameViewModel.Snapshot s) {
        breadcrumb.getChildren().clear();
        FlameLayout l = s.layout();
        CallTree t = s.tree();
        List<Integer> path = new ArrayList<>();
        for (int n = l.zoom(); n >= 0; n = t.parent(n)) {
            path.add(0, n);
        }
        // the root, then at most the last six frames of the zoom path
        int skipFrom = path.size() > 7 ? 1 : path.size();
        int skipTo = path.size() > 7 ? path.size() - 6 : path.size();
        for (int i = 0; i < path.size(); i++) {
            if (i >= skipFrom && i < skipTo) {
                if (i == skipFrom) {
                    Label gap = new Label("\u203a \u2026");
                    gap.setTooltip(new Tooltip(String.join(" \u203a ", t.path(path.get(skipTo - 1)))));
                    breadcrumb.getChildren().add(gap);
                }
                continue;
            }
            int n = path.get(i);
            if (i > 0) {
                breadcrumb.getChildren().add(new Label("\u203a"));
            }
            String name = n == 0 ? ctx.text("flame.all") : flame.readableName(t.frame(n));
            if (n == l.zoom()) {
                Label cur = new Label(name);
                cur.setStyle("-fx-font-weight: bold;");
                cur.setMinWidth(Region.USE_PREF_SIZE);
                breadcrumb.getChildren().add(cur);
            } else {
                Hyperlink h = new Hyperlink(name);
                h.setOnAction(e -> vm.zoomTo(n));
                h.setMinWidth(name.length() > 40 ? 80 : Region.USE_PREF_SIZE);
                breadcrumb.getChildren().add(h);
            }
        }
    }

    private void showTransforms(TransformStack t) {
        undo.setDisable(t.isEmpty());
        transformsLabel.setText(t.isEmpty() ? "" : ctx.text("flame.transforms",
                String.join(" \u2192 ", t.transforms().stream().map(Transform::describe).toList())));
    }

    private void selectionChanged(int frameId) {
        FlameViewModel.Snapshot s = vm.snapshot();
        flame.setHighlight(frameId < 0 ? null : f -> f == frameId);
        syncingSelection = true;
        try {
            Hotspot h = frameId < 0 ? null : vm.hotspotOf(frameId);
            if (h == null) {
                table.getSelectionModel().clearSelection();
            } else if (table.getSelectionModel().getSelectedItem() != h) {
                table.getSelectionModel().select(h);
                table.scrollTo(h);
            }
        } finally {
            syncingSelection = false;
        }
        if (s == null || frameId < 0) {
            sandwichTitle.setText(ctx.text("flame.sandwich.none"));
        }
    }

    private void showSandwich(FlameViewModel.SandwichSnapshot s) {
        if (s == null) {
            callers.setContent(null, null, null);
            callees.setContent(null, null, null);
            return;
        }
        FlameViewModel.Snapshot snap = vm.snapshot();
        long grand = snap == null ? 0 : snap.grandTotal();
        boolean time = snap != null && snap.unit().isTime();
        sandwichTitle.setText(ctx.text(time ? "flame.sandwich.titleTime" : "flame.sandwich.title", s.sandwich().function(),
                time ? snap.weight(s.callees().span()) : s.callees().span(), grand == 0 ? "" : pct((double) s.callees().span() / grand)));
        callers.setContent(s.callers(), s.callerColors(), null);
        callees.setContent(s.callees(), s.calleeColors(), null);
    }

    private void hovered(int node) {
        FlameViewModel.Snapshot s = vm.snapshot();
        if (s == null || node < 0) {
            tooltip.setText("");
            return;
        }
        tooltip.setText(describe(s, node));
    }

    /** The tree whose frame modules are in {@link #frameModules} (the tooltip's cache). */
    private CallTree moduleTree;
    private io.tunescope.analysis.calltree.FrameModule[] frameModules;

    /** The tooltip text of a node: name, module, total and self samples and shares (diff: before, after, delta). */
    public String describe(FlameViewModel.Snapshot s, int node) {
        CallTree t = s.tree();
        int f = t.frame(node);
        StringBuilder sb = new StringBuilder();
        sb.append(node == 0 ? ctx.text("flame.all") : flame.readableName(f)).append('\n');
        if (f >= 0) {
            if (moduleTree != t) {
                moduleTree = t;
                frameModules = Modules.forFrames(t);
            }
            String dso = t.module(f);
            String module = frameModules[f].label();
            sb.append(ctx.text("flame.tip.module", dso.isEmpty() ? module : dso + " (" + module + ")")).append('\n');
        }
        DiffTree d = s.diff();
        if (d != null) {
            sb.append(ctx.text("flame.tip.before", s.unit().isTime() ? s.weight(d.before(node)) : d.before(node), pct(d.beforeShare(node))))
                    .append('\n');
            sb.append(ctx.text("flame.tip.after", s.unit().isTime() ? s.weight(d.after(node)) : d.after(node), pct(d.afterShare(node))))
                    .append('\n');
            sb.append(ctx.text("flame.tip.delta", String.format(Locale.ROOT, "%+.2f", d.delta(node) * 100)));
            if (d.isNew(node)) {
                sb.append('\n').append(ctx.text("flame.tip.new"));
            } else if (d.isGone(node)) {
                sb.append('\n').append(ctx.text("flame.tip.gone"));
            }
        } else {
            long g = s.grandTotal();
            long total = t.total(s.column(), node);
            long self = t.self(s.column(), node);
            if (s.unit().isTime()) {
                sb.append(ctx.text("flame.tip.totalTime", s.weight(total), pct(g == 0 ? 0 : (double) total / g))).append('\n');
                sb.append(ctx.text("flame.tip.selfTime", s.weight(self), pct(g == 0 ? 0 : (double) self / g)));
            } else {
                sb.append(ctx.text("flame.tip.total", total, pct(g == 0 ? 0 : (double) total / g))).append('\n');
                sb.append(ctx.text("flame.tip.self", self, pct(g == 0 ? 0 : (double) self / g)));
            }
        }
        return sb.toString();
    }

    /** The hotspots table with the keys, its first (heaviest) row selected when none is. */
    private void focusHotspots() {
        sideTabs.getSelectionModel().select(0);
        table.requestFocus();
        if (table.getSelectionModel().getSelectedIndex() < 0 && !table.getItems().isEmpty()) {
            table.getSelectionModel().select(0);
        }
        table.getFocusModel().focus(Math.max(0, table.getSelectionModel().getSelectedIndex()));
    }

    /** The selected hotspot in the picture: the heaviest frame of its function, outlined and zoomed to, with the keys. */
    private void openHotspot() {
        Hotspot h = table.getSelectionModel().getSelectedItem();
        FlameViewModel.Snapshot s = vm.snapshot();
        if (h == null || s == null) {
            return;
        }
        io.tunescope.analysis.calltree.CallTree t = s.tree();
        int best = -1;
        for (int n = 0; n < t.size(); n++) {
            if (t.frame(n) == h.frameId() && (best < 0 || t.total(s.column(), n) > t.total(s.column(), best))) {
                best = n;
            }
        }
        if (best >= 0) {
            clicked(best);
            flame.requestFocus();
        }
    }

    private void clicked(int node) {
        FlameViewModel.Snapshot s = vm.snapshot();
        if (s == null) {
            return;
        }
        vm.setCursor(node);
        vm.zoomTo(node);
    }

    /**
     * The flame graph's keys, listed in F1. They act while the picture has the keyboard focus (a click on it,
     * or showing the tab), so that the tables, lists and fields of the view keep their own arrows and letters.
     */
    private void registerKeys() {
        flame.setFocusTraversable(true);
        io.tunescope.ui.Shortcuts keys = ctx.shortcuts();
        // the scene's focus owner, not isFocused(): that one is also false while a tooltip window is up
        java.util.function.BooleanSupplier focused = () -> flame.getScene() != null && flame.getScene().getFocusOwner() == flame;
        keyed(keys, "flame.up", "Up", focused, () -> vm.moveCursor(io.tunescope.analysis.flame.FlameNavigation.Move.UP, flame.weightPerPixel()));
        keys.alias("flame.up", "W");
        keyed(keys, "flame.down", "Down", focused, () -> vm.moveCursor(io.tunescope.analysis.flame.FlameNavigation.Move.DOWN, flame.weightPerPixel()));
        keys.alias("flame.down", "S");
        keyed(keys, "flame.left", "Left", focused, () -> vm.moveCursor(io.tunescope.analysis.flame.FlameNavigation.Move.LEFT, flame.weightPerPixel()));
        keys.alias("flame.left", "A");
        keyed(keys, "flame.right", "Right", focused, () -> vm.moveCursor(io.tunescope.analysis.flame.FlameNavigation.Move.RIGHT, flame.weightPerPixel()));
        keys.alias("flame.right", "D");
        keyed(keys, "flame.zoomIn", "Plus", focused, () -> vm.zoomIn(flame.weightPerPixel()));
        // "+" is Shift+= on many keyboards, and the keypad has its own
        keys.alias("flame.zoomIn", new javafx.scene.input.KeyCodeCombination(javafx.scene.input.KeyCode.EQUALS,
                javafx.scene.input.KeyCombination.SHIFT_ANY));
        keys.alias("flame.zoomIn", "Add");
        keyed(keys, "flame.zoomOut", "Minus", focused, vm::zoomOut);
        keys.alias("flame.zoomOut", "Subtract");
        keyed(keys, "flame.focus", "Enter", focused, vm::focusCursor);
        keyed(keys, "flame.back", "Backspace", focused, vm::back);
        keyed(keys, "flame.search", "Slash", focused, () -> {
            swallowTyped = true;
            search.requestFocus();
            search.selectAll();
        });
        // the "/" that opened the search is typed after it was pressed: it must not land in the field
        search.addEventFilter(javafx.scene.input.KeyEvent.KEY_TYPED, e -> {
            if (swallowTyped) {
                swallowTyped = false;
                if ("/".equals(e.getCharacter())) {
                    e.consume();
                }
            }
        });
        search.addEventFilter(javafx.scene.input.KeyEvent.KEY_RELEASED, e -> swallowTyped = false);
        keys.alias("flame.search", "Divide");
        keyed(keys, "flame.next", "N", focused, () -> vm.nextMatch(true));
        keyed(keys, "flame.previous", "Shift+N", focused, () -> vm.nextMatch(false));
        // F3 and Ctrl+F act anywhere in the view, the search field included
        keys.register("flame.findNext", javafx.scene.input.KeyCombination.valueOf("F3"), "shortcut.flame.findNext", root, null,
                () -> vm.nextMatch(true));
        keys.register("flame.findPrevious", javafx.scene.input.KeyCombination.valueOf("Shift+F3"), "shortcut.flame.findPrevious", root, null,
                () -> vm.nextMatch(false));
        keys.register("flame.find", javafx.scene.input.KeyCombination.valueOf("Shortcut+F"), "shortcut.flame.find", root, null, () -> {
            search.requestFocus();
            search.selectAll();
        });
        keys.register("flame.hotspots", javafx.scene.input.KeyCombination.valueOf("Shortcut+H"), "shortcut.flame.hotspots", root, null,
                this::focusHotspots);
        keys.document("flame.hotspotOpen", "Enter", "shortcut.flame.hotspotOpen");
        keyed(keys, "flame.clear", "Esc", focused, () -> {
            if (!vm.clearSelection()) {
                windows.clear();
            }
        });
        // from the search field: Esc hands the keys back to the picture (the text stays)
        search.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE) {
                flame.requestFocus();
                e.consume();
            }
        });
        // showing the tab gives the picture the keys, unless the user is typing somewhere in the view
        root.visibleProperty().addListener((o, a, b) -> {
            if (b) {
                javafx.application.Platform.runLater(this::focusPicture);
            }
        });
        root.sceneProperty().addListener((o, a, b) -> {
            if (b != null) {
                javafx.application.Platform.runLater(this::focusPicture);
            }
        });
    }

    private void keyed(io.tunescope.ui.Shortcuts keys, String id, String combination, java.util.function.BooleanSupplier enabled,
            Runnable action) {
        keys.register(id, javafx.scene.input.KeyCombination.valueOf(combination), "shortcut." + id, root, enabled, action);
    }

    private void focusPicture() {
        javafx.scene.Scene scene = root.getScene();
        if (scene == null || !root.isVisible()) {
            return;
        }
        Node owner = scene.getFocusOwner();
        if (owner instanceof javafx.scene.control.TextInputControl && isInside(owner)) {
            return;
        }
        flame.requestFocus();
    }

    private boolean isInside(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p == root) {
                return true;
            }
        }
        return false;
    }

    /** Outlines the cursor's frame and says what it is. */
    private void showCursor() {
        int c = vm.cursorProperty().get();
        flame.setCurrent(c);
        FlameViewModel.Snapshot s = vm.snapshot();
        cursorLabel.setText(s == null || c < 0 || c >= s.tree().size() ? "" : describe(s, c).strip().replace("\n", " \u00b7 "));
    }

    private void selectByName(FlameCanvasPane pane, int node) {
        FlameLayout l = pane.flameLayout();
        FlameViewModel.Snapshot s = vm.snapshot();
        if (l == null || s == null || node <= 0) {
            return;
        }
        String name = l.tree().name(node);
        String module = l.tree().module(l.tree().frame(node));
        for (int f = 0; f < s.tree().frames().size(); f++) {
            if (s.tree().frames().get(f).equals(name) && s.tree().module(f).equals(module)) {
                vm.selectedFrameProperty().set(f);
                return;
            }
        }
    }

    /** The context-menu items for a node (-1: outside any frame). */
    List<MenuItem> contextItems(int node) {
        List<MenuItem> items = new ArrayList<>();
        FlameViewModel.Snapshot s = vm.snapshot();
        if (s != null && node > 0) {
            CallTree t = s.tree();
            String name = t.name(node);
            List<String> path = t.path(node);
            items.add(item("flame.menu.zoom", "fas-search-plus", () -> vm.zoomTo(node)));
            items.add(item("flame.menu.focusSubtree", "fas-compress", () -> vm.pushTransform(new Transform.FocusSubtree(path))));
            items.add(item("flame.menu.focusFunction", "fas-bullseye", () -> vm.pushTransform(new Transform.FocusFunction(name))));
            items.add(item("flame.menu.merge", "fas-compress-alt", () -> vm.pushTransform(new Transform.MergeFunction(name))));
            items.add(item("flame.menu.drop", "fas-cut", () -> vm.pushTransform(new Transform.DropSubtree(path))));
            items.add(item("flame.menu.callers", "fas-level-up-alt", () -> vm.pushTransform(new Transform.CallersOf(name))));
            items.add(item("flame.menu.collapseRecursion", "fas-redo", () -> vm.pushTransform(new Transform.CollapseRecursion(name))));
            items.add(item("flame.menu.sandwich", "fas-layer-group", () -> {
                vm.selectedFrameProperty().set(t.frame(node));
                sideTabs.getSelectionModel().select(1);
            }));
            CaptureProfiles.Entry profile = vm.profileProperty().get();
            if (ctx.annotations() != null && profile != null) {
                MenuItem annotate = item("annot.menu", "fas-sticky-note", () -> ctx.annotations().annotate(
                        AnnotationTarget.flameFrame(profile.file().step(), profile.file().path(), path)));
                annotate.setId("flame-annotate");
                items.add(annotate);
            }
            items.add(new SeparatorMenuItem());
        }
        items.add(item("flame.menu.invertAll", "fas-exchange-alt", () -> vm.pushTransform(new Transform.InvertAll())));
        MenuItem u = item("flame.undo", "fas-undo", vm::undoTransform);
        u.setDisable(vm.transformsProperty().get().isEmpty());
        items.add(u);
        return items;
    }

    /** Outlines the frames of the shown profile that carry an annotation. */
    private void refreshMarks() {
        FlameViewModel.Snapshot s = vm.snapshot();
        CaptureProfiles.Entry profile = vm.profileProperty().get();
        if (s == null || profile == null || ctx.annotations() == null) {
            flame.setMarked(new int[0]);
            return;
        }
        List<Integer> nodes = new ArrayList<>();
        for (Annotation a : ctx.annotations().list()) {
            AnnotationTarget t = a.target();
            if (t.kind() == AnnotationTarget.Kind.FLAME_FRAME && t.view().equals(profile.file().path())) {
                int n = s.tree().nodeByPath(t.frames());
                if (n > 0) {
                    nodes.add(n);
                }
            }
        }
        flame.setMarked(nodes.stream().mapToInt(Integer::intValue).toArray());
    }

    private MenuItem item(String key, String icon, Runnable action) {
        MenuItem m = new MenuItem(ctx.text(key), new FontIcon(icon));
        m.setOnAction(e -> action.run());
        return m;
    }

    /** The flame graph's picture (it takes the keyboard focus for the flame graph's keys). */
    public Node flameCanvasNode() {
        return flame;
    }

    // for tests
    FlameCanvasPane flameCanvas() {
        return flame;
    }

    TableView<Hotspot> hotspotTable() {
        return table;
    }

    String cursorText() {
        return cursorLabel.getText();
    }

    String tooltipText() {
        return tooltip.getText();
    }

    String breadcrumbText() {
        StringBuilder sb = new StringBuilder();
        for (Node n : breadcrumb.getChildren()) {
            if (n instanceof javafx.scene.control.Labeled l) {
                sb.append(l.getText()).append(' ');
            }
        }
        return sb.toString().strip();
    }
}
