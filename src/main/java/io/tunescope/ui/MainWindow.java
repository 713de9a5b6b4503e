package io.tunescope.ui;

import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.FileStatus;
import io.tunescope.model.capture.SourceFile;
import io.tunescope.model.capture.Step;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/**
 * The main window: menu and tool bar, the capture sidebar (steps and files with format and status),
 * the view tabs (a welcome page while no capture is open) and a status bar with progress and cancel.
 */
public final class MainWindow implements UiContext {
    private final Stage stage;
    private final ResourceBundle bundle;
    private final ExecutorService background = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "tunescope-background");
        t.setDaemon(true);
        return t;
    });
    private final Settings settings;
    private final MainViewModel model;
    private final TreeView<Object> sidebar = new TreeView<>();
    /**
     * Stands in for the capture tree until a capture is shown: an empty region with the tree's style class looks the
     * same, and the tree's skin (virtual flow, cells, scroll bars) is then not made for the window's first frame.
     */
    private final Region emptySidebar = new Region();
    private final VBox side = new VBox(6);
    private final TabPane tabs = new TabPane();
    private final Tab welcomeTab = new Tab();
    /**
     * The views, made one at a time after the window's first frame ({@link #makeViewsAfterFirstFrame}), or all at
     * once by {@link #views()} when one is needed sooner; the tabs in the same order.
     */
    private final List<CaptureView> views = new ArrayList<>();
    private final List<Tab> viewTabs = new ArrayList<>();
    private final List<java.util.function.Function<UiContext, CaptureView>> viewMakers = Views.makers();
    /**
     * The views still to be shown the open capture ({@link #showing}): the visible one is shown at once, the others
     * after it is filled, one per FX event, or at once when wanted sooner ({@link #shownViews()}, a tab selected).
     */
    private final ShowOrder showOrder = new ShowOrder();
    /** The capture the views are shown (null when none is open). */
    private Capture showing;
    /** The view whose filling the other views wait for, and the round it belongs to (-1 when none). */
    private CaptureView awaited;
    private int awaitedRound = -1;
    /** How many views were still waiting when the awaited one said it was filled (for tests), -1 before. */
    private int waitingAtFill = -1;
    private final Label statusLabel = new Label();
    private final ProgressBar progress = new ProgressBar(0);
    private final Button cancel = new Button();
    private final Menu recentMenu = new Menu();
    private final VBox recentBox = new VBox(4);
    private final SplitPane split = new SplitPane();
    private final List<String> args;
    private final Shortcuts shortcuts = new Shortcuts();
    private final ViewModels viewModels;
    private final WindowSelection windowSelection = new WindowSelection();
    private final Theme.Switcher themes;
    /** The thresholds the rules run with: the user's settings, kept when the window is built in another language. */
    private io.tunescope.ui.settings.UserThresholds thresholds;
    private final io.tunescope.ui.annotate.AnnotationsModel annotations =
            new io.tunescope.ui.annotate.AnnotationsModel(m -> Platform.runLater(() -> error(m)));

    public MainWindow(Stage stage, List<String> args) {
        this(stage, args, Settings.user());
    }

    public MainWindow(Stage stage, List<String> args, Settings settings) {
        this(stage, args, settings, new ViewModels());
    }

    /** A window whose views take up the models of a window before it (the same window in another language). */
    private MainWindow(Stage stage, List<String> args, Settings settings, ViewModels viewModels) {
        this.stage = stage;
        this.viewModels = viewModels;
        this.bundle = Language.bundle(settings);
        stage.getProperties().put(MainWindow.class, this);
        this.args = args;
        this.settings = settings;
        this.model = new MainViewModel(background, bundle, settings);
        this.themes = new Theme.Switcher(settings);
        build();
    }

    @Override
    public ResourceBundle bundle() {
        return bundle;
    }

    @Override
    public <T> T viewModel(Class<T> type, java.util.function.Supplier<T> make) {
        return viewModels.get(type, make);
    }

    @Override
    public Shortcuts shortcuts() {
        return shortcuts;
    }

    @Override
    public WindowSelection windowSelection() {
        return windowSelection;
    }

    @Override
    public javafx.beans.value.ObservableValue<Theme> theme() {
        return themes.themeProperty();
    }

    @Override
    public javafx.beans.value.ObservableValue<io.tunescope.rules.Settings> thresholds() {
        return userThresholds().settingsProperty();
    }

    /**
     * The user's thresholds, read from the settings file when first needed (by the findings view, made after the
     * window's first frame: reading them loads the JSON library).
     */
    private io.tunescope.ui.settings.UserThresholds userThresholds() {
        if (thresholds == null) {
            thresholds = viewModels.get(io.tunescope.ui.settings.UserThresholds.class, io.tunescope.ui.settings.UserThresholds::new);
            if (!thresholds.problems().isEmpty()) {
                // the user's settings file has entries the rules do not know: said, the rest is in force
                status(String.join("  ", thresholds.problems().stream().map(p -> p.message(bundle.getLocale())).toList()));
            }
        }
        return thresholds;
    }

    @Override
    public void editThresholds(String ruleId) {
        io.tunescope.ui.settings.ThresholdsDialog.show(this, userThresholds(), stage, ruleId);
    }

    @Override
    public io.tunescope.ui.annotate.Annotations annotations() {
        return annotations;
    }

    @Override
    public ExecutorService background() {
        return background;
    }

    @Override
    public void adopt(Capture capture) {
        model.adopt(capture, model.pathProperty().get());
    }

    @Override
    public void reload() {
        model.reload();
    }

    /** The flame graph as it is on screen (colours, transforms, search, zoom), for the PDF report; null before one was shown. */
    private io.tunescope.export.ReportOptions.FlameState flameOnScreen() {
        for (CaptureView v : shownViews()) {
            if (v instanceof io.tunescope.ui.flame.FlameView fv) {
                var vm = fv.viewModel();
                var snap = vm.snapshot();
                java.util.List<String> zoom = snap == null || vm.zoomProperty().get() <= 0 || vm.zoomProperty().get() >= snap.tree().size()
                        ? java.util.List.of() : snap.tree().path(vm.zoomProperty().get());
                return new io.tunescope.export.ReportOptions.FlameState(vm.schemeProperty().get().slug(), vm.transformsProperty().get(),
                        vm.searchTextProperty().get(), vm.regexProperty().get(), zoom);
            }
        }
        return null;
    }

    @Override
    public void status(String message) {
        if (!model.messageProperty().isBound()) {
            model.messageProperty().set(message);
        }
    }

    public MainViewModel model() {
        return model;
    }

    private void build() {
        BorderPane root = new BorderPane();
        root.setTop(new VBox(menuBar(), toolBar()));

        sidebar.setShowRoot(false);
        sidebar.setId("captureSidebar");
        sidebar.setCellFactory(t -> new SidebarCell());
        sidebar.getSelectionModel().selectedItemProperty().addListener((o, a, item) -> {
            if (item != null && item.getValue() instanceof SourceFile f) {
                showFile(f);
            }
        });
        Label sideTitle = new Label(text("sidebar.title"));
        sideTitle.getStyleClass().add("section-title");
        emptySidebar.getStyleClass().add("tree-view");
        side.getChildren().addAll(sideTitle, emptySidebar);
        side.setPadding(new Insets(8));
        VBox.setVgrow(sidebar, Priority.ALWAYS);
        VBox.setVgrow(emptySidebar, Priority.ALWAYS);
        side.setMinWidth(200);
        installAnnotations(side);

        welcomeTab.setText(text("welcome.tab"));
        welcomeTab.setGraphic(Icons.icon("fas-home"));
        welcomeTab.setContent(welcome());
        welcomeTab.setClosable(false);
        tabs.getTabs().add(welcomeTab);
        tabs.setId("viewTabs");
        // a view's content joins the scene when its tab is first selected (CSS and layout of the hidden ones would
        // cost seconds when a capture opens), and a view not shown the capture yet is shown it then
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, t) -> tabSelected(t));

        split.getItems().addAll(side, tabs);
        SplitPane.setResizableWithParent(side, false);
        split.setDividerPositions(settings.getDouble("window.divider", 0.22));
        root.setCenter(split);
        root.setBottom(statusBar());

        root.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        root.setOnDragDropped(e -> {
            List<File> files = e.getDragboard().getFiles();
            boolean ok = files != null && !files.isEmpty();
            if (ok) {
                open(files.get(0).toPath());
            }
            e.setDropCompleted(ok);
            e.consume();
        });

        model.captureProperty().addListener((o, a, c) -> showCapture(c));
        model.problemProperty().addListener((o, a, problem) -> {
            if (problem != null) {
                model.problemProperty().set(null);
                Alert alert = new Alert(Alert.AlertType.WARNING, problem);
                alert.setHeaderText(null);
                alert.setTitle(text("dialog.openProblem"));
                alert.initOwner(stage);
                alert.show();
            }
        });

        Scene scene = new Scene(root, settings.getDouble("window.width", 1280), settings.getDouble("window.height", 800));
        scene.getStylesheets().add(MainWindow.class.getResource("tunescope.css").toExternalForm());
        stage.setScene(scene);
        shortcuts.install(scene);
        shortcuts.tabSwitching(tabs);
        themes.install();
        stage.setTitle(text("app.title"));
        AppIcon.apply(stage);
        double x = settings.getDouble("window.x", Double.NaN);
        double y = settings.getDouble("window.y", Double.NaN);
        if (!Double.isNaN(x) && !Double.isNaN(y)) {
            stage.setX(x);
            stage.setY(y);
        }
        stage.setMaximized(settings.getBoolean("window.maximized", false));
        stage.setOnCloseRequest(e -> saveLayout());
        refreshRecent();
    }

    /**
     * The annotations side panel under the capture tree, loaded when a capture opens (before the views
     * show it, so they can draw markers), and the sidebar's "Annotate..." on a step.
     */
    private void installAnnotations(VBox side) {
        io.tunescope.ui.annotate.AnnotationsPanel panel = new io.tunescope.ui.annotate.AnnotationsPanel(this, annotations);
        side.getChildren().add(panel.node());
        model.captureProperty().addListener((o, a, c) -> annotations.load(c));
        // an archive's unpacked copy goes when its capture is closed or replaced, not at exit
        model.captureProperty().addListener((o, a, c) -> {
            if (a != null && (c == null || !java.util.Objects.equals(a.root(), c.root()))) {
                io.tunescope.importers.CaptureLoader.release(a);
            }
        });
        javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu();
        MenuItem annotate = item("annot.menu", "fas-sticky-note", () -> {
            TreeItem<Object> it = sidebar.getSelectionModel().getSelectedItem();
            if (it != null && it.getValue() instanceof Step s) {
                annotations.annotate(io.tunescope.annotate.AnnotationTarget.step(s.dir()));
            }
        });
        annotate.setId("sidebarAnnotate");
        menu.getItems().add(annotate);
        menu.setOnShowing(e -> {
            setMenuIcons(menu.getItems());
            TreeItem<Object> it = sidebar.getSelectionModel().getSelectedItem();
            annotate.setDisable(it == null || !(it.getValue() instanceof Step));
        });
        sidebar.setContextMenu(menu);
    }

    private MenuBar menuBar() {
        Menu file = new Menu(text("menu.file"));
        MenuItem openFolder = item("menu.openFolder", "fas-folder-open", this::chooseFolder);
        shortcuts.menu("file.openFolder", openFolder, "Shortcut+O", "shortcut.file.openFolder");
        MenuItem openArchive = item("menu.openArchive", "fas-file-archive", this::chooseArchive);
        shortcuts.menu("file.openArchive", openArchive, "Shortcut+Shift+O", "shortcut.file.openArchive");
        MenuItem sample = item("menu.openSample", "fas-flask", this::openSample);
        recentMenu.setText(text("menu.recent"));
        recentMenu.getProperties().put(MENU_ICON, "fas-history");
        MenuItem exportPng = item("menu.exportPng", "fas-image", this::exportPng);
        shortcuts.menu("file.exportPng", exportPng, "Shortcut+E", "shortcut.file.exportPng");
        exportPng.disableProperty().bind(model.captureProperty().isNull());
        MenuItem exportFigure = item("menu.exportFigure", "fas-chart-area", this::exportFigure);
        shortcuts.menu("file.exportFigure", exportFigure, "Shortcut+Shift+E", "shortcut.file.exportFigure");
        exportFigure.disableProperty().bind(model.captureProperty().isNull());
        MenuItem exportPdf = item("menu.exportPdf", "fas-file-pdf", this::exportPdf);
        shortcuts.menu("file.exportPdf", exportPdf, "Shortcut+P", "shortcut.file.exportPdf");
        exportPdf.disableProperty().bind(model.captureProperty().isNull());
        MenuItem reload = item("menu.reload", "fas-sync-alt", model::reload);
        shortcuts.menu("file.reload", reload, "F5", "shortcut.file.reload");
        reload.disableProperty().bind(model.pathProperty().isNull());
        MenuItem close = item("menu.close", "fas-times", model::close);
        close.disableProperty().bind(model.captureProperty().isNull());
        shortcuts.menu("file.close", close, "Shortcut+W", "shortcut.file.close");
        MenuItem quit = item("menu.quit", "fas-power-off", () -> {
            saveLayout();
            Platform.exit();
        });
        shortcuts.menu("file.quit", quit, "Shortcut+Q", "shortcut.file.quit");
        file.getItems().addAll(openFolder, openArchive, sample, recentMenu, new SeparatorMenuItem(), exportFigure, exportPng, exportPdf,
                new SeparatorMenuItem(), reload, close,
                new SeparatorMenuItem(), quit);
        Menu view = new Menu(text("menu.view"));
        MenuItem compare = item("menu.compare", "fas-exchange-alt", this::compareSteps);
        compare.disableProperty().bind(model.captureProperty().isNull());
        shortcuts.menu("view.compare", compare, "Shortcut+D", "shortcut.view.compare");
        MenuItem thresholdsItem = item("menu.thresholds", "fas-sliders-h", () -> editThresholds(null));
        thresholdsItem.setId("menuThresholds");
        shortcuts.menu("view.thresholds", thresholdsItem, "Shortcut+Comma", "shortcut.view.thresholds");
        view.getItems().addAll(compare, thresholdsItem, new SeparatorMenuItem());
        view.getItems().add(Language.menu(bundle, settings, this::rebuildInNewLanguage));
        view.getItems().add(themes.menu(bundle));
        Menu help = new Menu(text("menu.help"));
        MenuItem keys = item("menu.shortcuts", "fas-keyboard", () -> {
            views(); // the views register their own keys
            ShortcutsDialog.create(stage, shortcuts, bundle).show();
        });
        shortcuts.menu("help.shortcuts", keys, "F1", "shortcut.help.shortcuts");
        // the source viewer's keys act in its own window (io.tunescope.ui.source.SourceViewer)
        shortcuts.document("source.open", "Enter", "shortcut.source.open");
        shortcuts.document("source.search", "Shortcut+F", "shortcut.source.search");
        shortcuts.document("source.next", "F3", "shortcut.source.next");
        shortcuts.document("source.previous", "Shift+F3", "shortcut.source.previous");
        shortcuts.document("source.goto", "Shortcut+G", "shortcut.source.goto");
        shortcuts.document("source.copy", "Shortcut+C", "shortcut.source.copy");
        shortcuts.document("source.close", "Esc", "shortcut.source.close");
        help.getItems().addAll(keys, new SeparatorMenuItem(), item("menu.about", "fas-info-circle", this::about));
        iconsWhenShown(file);
        iconsWhenShown(view);
        iconsWhenShown(help);
        MenuBar bar = new MenuBar(file, view, help);
        bar.setUseSystemMenuBar(true);
        return bar;
    }

    private ToolBar toolBar() {
        Button openFolder = toolButton("fas-folder-open", "toolbar.openFolder", this::chooseFolder);
        openFolder.setId("openFolderButton");
        Button openArchive = toolButton("fas-file-archive", "toolbar.openArchive", this::chooseArchive);
        Button reload = toolButton("fas-sync-alt", "toolbar.reload", model::reload);
        reload.disableProperty().bind(model.pathProperty().isNull());
        return new ToolBar(openFolder, openArchive, reload);
    }

    private Button toolButton(String icon, String tooltipKey, Runnable action) {
        Button b = new Button();
        b.setGraphic(Icons.icon(icon, Icons.MEDIUM));
        b.setTooltip(new Tooltip(text(tooltipKey)));
        b.setOnAction(e -> action.run());
        return b;
    }

    private MenuItem item(String key, String icon, Runnable action) {
        MenuItem m = new MenuItem(text(key));
        m.getProperties().put(MENU_ICON, icon);
        m.setOnAction(e -> action.run());
        return m;
    }

    /** Where a menu item keeps the literal of its icon until its menu first shows ({@link #iconsWhenShown}). */
    private static final String MENU_ICON = "tunescope.menuIcon";

    /**
     * The items' icons are made when their menu first shows: two dozen icons made with the window cost a tenth of
     * the time to its first frame, and nobody sees them before a menu is opened.
     */
    private static void iconsWhenShown(Menu menu) {
        menu.addEventHandler(Menu.ON_SHOWING, e -> setMenuIcons(menu.getItems()));
    }

    private static void setMenuIcons(List<MenuItem> items) {
        for (MenuItem m : items) {
            if (m.getGraphic() == null && m.getProperties().remove(MENU_ICON) instanceof String literal) {
                m.setGraphic(Icons.icon(literal));
            }
        }
    }

    private HBox statusBar() {
        statusLabel.textProperty().bind(model.messageProperty());
        statusLabel.setId("statusLabel");
        statusLabel.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(statusLabel, Priority.ALWAYS);
        progress.progressProperty().bind(model.progressProperty());
        progress.visibleProperty().bind(model.loadingProperty());
        progress.setPrefWidth(180);
        cancel.setText(text("status.cancel"));
        cancel.setGraphic(Icons.icon("fas-stop-circle"));
        cancel.visibleProperty().bind(model.loadingProperty());
        cancel.setOnAction(e -> model.cancel());
        cancel.setId("cancelButton");
        // another capture: its samples are not the selected window's
        model.captureProperty().addListener((o, a, b) -> windowSelection.clear());
        HBox bar = new HBox(8, statusLabel, WindowStatus.create(this, windowSelection), progress, cancel);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 8, 4, 8));
        bar.getStyleClass().add("status-bar");
        return bar;
    }

    private Region welcome() {
        Label title = new Label(text("welcome.title"));
        title.getStyleClass().add("welcome-title");
        Label body = new Label(text("welcome.body"));
        body.setWrapText(true);
        body.setMaxWidth(640);
        Button openFolder = new Button(text("welcome.openFolder"), Icons.icon("fas-folder-open", Icons.MEDIUM));
        openFolder.setOnAction(e -> chooseFolder());
        Button openArchive = new Button(text("welcome.openArchive"), Icons.icon("fas-file-archive", Icons.MEDIUM));
        openArchive.setOnAction(e -> chooseArchive());
        Button sample = new Button(text("welcome.openSample"), Icons.icon("fas-flask", Icons.MEDIUM));
        sample.setOnAction(e -> openSample());
        sample.setId("openSampleButton");
        sample.setDefaultButton(true);
        HBox buttons = new HBox(8, sample, openFolder, openArchive);
        Label drop = new Label(text("welcome.drop"));
        drop.getStyleClass().add("hint");
        Label recentTitle = new Label(text("welcome.recent"));
        recentTitle.getStyleClass().add("section-title");
        VBox box = new VBox(14, Icons.icon("fas-chart-area", Icons.LARGE), title, body, buttons, drop, recentTitle, recentBox);
        box.setPadding(new Insets(40));
        box.setAlignment(Pos.TOP_LEFT);
        box.setId("welcomePage");
        return box;
    }

    private void refreshRecent() {
        recentMenu.getItems().clear();
        recentBox.getChildren().clear();
        List<Path> recent = settings.recent();
        if (recent.isEmpty()) {
            MenuItem none = new MenuItem(text("menu.recent.empty"));
            none.setDisable(true);
            recentMenu.getItems().add(none);
            recentBox.getChildren().add(new Label(text("menu.recent.empty")));
        }
        for (Path p : recent) {
            MenuItem m = new MenuItem(p.toString());
            m.setOnAction(e -> open(p));
            recentMenu.getItems().add(m);
            Hyperlink link = new Hyperlink(p.toString());
            link.setOnAction(e -> open(p));
            link.setDisable(!Files.exists(p));
            recentBox.getChildren().add(link);
        }
        if (!recent.isEmpty()) {
            recentMenu.getItems().add(new SeparatorMenuItem());
            MenuItem clear = new MenuItem(text("menu.recent.clear"));
            clear.setOnAction(e -> {
                settings.clearRecent();
                refreshRecent();
            });
            recentMenu.getItems().add(clear);
        }
    }

    private void chooseFolder() {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle(text("dialog.openFolder"));
        Path last = model.pathProperty().get();
        if (last != null && last.getParent() != null && Files.isDirectory(last.getParent())) {
            dc.setInitialDirectory(last.getParent().toFile());
        }
        File f = dc.showDialog(stage);
        if (f != null) {
            open(f.toPath());
        }
    }

    private void chooseArchive() {
        FileChooser fc = new FileChooser();
        fc.setTitle(text("dialog.openArchive"));
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(text("dialog.archives"), "*.tar.gz", "*.tgz", "*.zip", "*.tar"));
        File f = fc.showOpenDialog(stage);
        if (f != null) {
            open(f.toPath());
        }
    }

    /** Where the bundled sample capture is: next to the working directory or the application jar. */
    public static Path sampleCapture() {
        List<Path> candidates = new ArrayList<>();
        String prop = System.getProperty("tunescope.sampleData");
        if (prop != null) {
            candidates.add(Path.of(prop));
        }
        candidates.add(Path.of("sample-data"));
        try {
            Path jar = Path.of(MainWindow.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path dir = Files.isDirectory(jar) ? jar : jar.getParent();
            for (int i = 0; i < 3 && dir != null; i++) {
                candidates.add(dir.resolve("sample-data"));
                dir = dir.getParent();
            }
        } catch (Exception ignored) {
            // no code source: only the working directory is tried
        }
        for (Path c : candidates) {
            Path p = c.resolve("mariadb-oltp");
            if (Files.isDirectory(p)) {
                return p;
            }
        }
        return Path.of("sample-data", "mariadb-oltp");
    }

    private void openSample() {
        Path p = sampleCapture();
        if (!Files.isDirectory(p)) {
            Alert a = new Alert(Alert.AlertType.WARNING, text("welcome.sampleMissing", p.toAbsolutePath()));
            a.setHeaderText(null);
            a.setTitle(text("dialog.error"));
            a.initOwner(stage);
            a.show();
            return;
        }
        open(p);
    }

    public void open(Path p) {
        model.open(p);
    }

    /**
     * Saves the current view as PNG, laid out at a chosen size (the view's size at first) and scale, in the
     * light theme or as on screen; the picture is made here and written in the background.
     */
    private void exportPng() {
        Tab tab = tabs.getSelectionModel().getSelectedItem();
        if (tab == null || tab.getContent() == null) {
            return;
        }
        Node content = tab.getContent();
        var chosen = new ExportDialog(this, settings, content, themes.themeProperty().get()).showAndWait(stage, settings);
        if (chosen.isEmpty()) {
            return;
        }
        FileChooser fc = new FileChooser();
        fc.setTitle(text("export.png.title"));
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("PNG", "*.png"));
        fc.setInitialFileName(model.captureProperty().get().name() + "-" + tab.getText().toLowerCase(Locale.ROOT).replace(' ', '-') + ".png");
        File f = fc.showSaveDialog(stage);
        if (f == null) {
            return;
        }
        java.awt.image.BufferedImage img;
        try {
            img = ViewExport.render(content, chosen.get().options());
        } catch (RuntimeException | OutOfMemoryError e) {
            error(text("export.failed", f.getName(), String.valueOf(e.getMessage())));
            return;
        }
        status(text("export.png.running", f.getName()));
        background.submit(() -> {
            try {
                ViewExport.write(img, f.toPath());
                Platform.runLater(() -> status(text("export.done", f.getName())));
            } catch (java.io.IOException e) {
                Platform.runLater(() -> error(text("export.failed", f.getName(), e.getMessage())));
            }
        });
    }

    /**
     * Saves the figure of the current view (title, picture, legend, caption; made from the view's state) as PNG,
     * SVG or PDF by the file's extension; charts are written here (their chart is the one on screen), the
     * other figures in the background.
     */
    private void exportFigure() {
        Tab tab = tabs.getSelectionModel().getSelectedItem();
        if (tab == null || tab.getContent() == null) {
            return;
        }
        io.tunescope.render.figure.Figure figure = FigureExport.figureOf(tab.getContent(), tab.getText(),
                model.captureProperty().get().name(), bundle.getLocale());
        if (figure == null) {
            status(text("export.figure.none", tab.getText()));
            return;
        }
        FigureExport.Choice[] chosen = new FigureExport.Choice[1];
        String base = model.captureProperty().get().name() + "-" + tab.getText().toLowerCase(Locale.ROOT).replace(' ', '-') + "-figure";
        var file = FigureExport.ask(this, settings, stage, figure, base, chosen);
        if (file.isEmpty()) {
            return;
        }
        java.nio.file.Path out = file.get();
        String name = out.getFileName().toString();
        if (!figure.vector()) {
            try {
                FigureExport.write(figure, chosen[0], out);
                status(text("export.done", name));
            } catch (java.io.IOException | RuntimeException e) {
                error(text("export.failed", name, String.valueOf(e.getMessage())));
            }
            return;
        }
        status(text("export.png.running", name));
        background.submit(() -> {
            try {
                FigureExport.write(figure, chosen[0], out);
                Platform.runLater(() -> status(text("export.done", name)));
            } catch (java.io.IOException | RuntimeException e) {
                Platform.runLater(() -> error(text("export.failed", name, String.valueOf(e.getMessage()))));
            }
        });
    }

    /** Writes the PDF findings report in the background. */
    private void exportPdf() {
        Capture c = model.captureProperty().get();
        FileChooser fc = new FileChooser();
        fc.setTitle(text("export.pdf.title"));
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("PDF", "*.pdf"));
        fc.setInitialFileName(c.name() + "-report.pdf");
        File f = fc.showSaveDialog(stage);
        if (f == null) {
            return;
        }
        io.tunescope.export.ReportOptions.FlameState flame = flameOnScreen();
        // the findings of the report are those on screen: the same thresholds
        io.tunescope.rules.Settings rules = userThresholds().get();
        javafx.concurrent.Task<Void> task = new javafx.concurrent.Task<>() {
            @Override
            protected Void call() throws Exception {
                io.tunescope.export.ReportBuilder.standard().write(c,
                        new io.tunescope.export.ReportOptions(bundle.getLocale(), null, null, flame).withSettings(rules), f.toPath());
                return null;
            }
        };
        status(text("export.pdf.running", f.getName()));
        task.setOnSucceeded(e -> status(text("export.done", f.getName())));
        task.setOnFailed(e -> error(text("export.failed", f.getName(), String.valueOf(task.getException().getMessage()))));
        background.submit(task);
    }

    private void error(String message) {
        status(message);
        Alert a = new Alert(Alert.AlertType.ERROR, message);
        a.setHeaderText(null);
        a.setTitle(text("dialog.error"));
        a.initOwner(stage);
        a.show();
    }

    private void about() {
        Alert a = new Alert(Alert.AlertType.INFORMATION, text("dialog.about", "0.1.0", System.getProperty("java.version"),
                System.getProperty("javafx.runtime.version", "21")));
        a.setHeaderText(null);
        a.setTitle(text("app.title"));
        a.initOwner(stage);
        a.show();
    }

    private void showCapture(Capture c) {
        showOrder.clear();
        awaited = null;
        refreshRecent();
        io.tunescope.ui.source.SourceViewer.closeAll();
        TreeItem<Object> root = new TreeItem<>("root");
        if (c != null) {
            for (Step s : c.steps()) {
                TreeItem<Object> parent = root;
                if (!s.isRoot()) {
                    parent = new TreeItem<>(s);
                    parent.setExpanded(true);
                    root.getChildren().add(parent);
                }
                for (SourceFile f : c.files()) {
                    if (f.step().equals(s.dir())) {
                        parent.getChildren().add(new TreeItem<>(f));
                    }
                }
            }
            // folders that are not steps (a dataset prepare, auxiliary files): listed, collapsed, never a step
            for (io.tunescope.model.capture.AuxFolder a : c.auxiliary()) {
                TreeItem<Object> aux = new TreeItem<>(a);
                for (SourceFile f : c.files()) {
                    if (f.step().equals(a.dir())) {
                        aux.getChildren().add(new TreeItem<>(f));
                    }
                }
                root.getChildren().add(aux);
            }
            if (c.hasSteps()) {
                TreeItem<Object> top = new TreeItem<>(text("sidebar.topLevel"));
                for (SourceFile f : c.files()) {
                    if (f.step().isEmpty()) {
                        top.getChildren().add(new TreeItem<>(f));
                    }
                }
                if (!top.getChildren().isEmpty()) {
                    top.setExpanded(true);
                    root.getChildren().add(0, top);
                }
            }
            StartupLog.mark("capture-loaded");
            stage.setTitle(text("app.titleWithCapture", c.title()));
            if (tabs.getTabs().contains(welcomeTab)) {
                views();
                tabs.getTabs().setAll(viewTabs);
                // -Dtunescope.view=<tab title key> opens a view directly (scripts, screenshots)
                String initial = System.getProperty("tunescope.view");
                for (int i = 0; i < views.size(); i++) {
                    if (views.get(i).titleKey().equals(initial)) {
                        tabs.getSelectionModel().select(viewTabs.get(i));
                    }
                }
                ScreenshotTour.startIfAsked(stage, tabs, viewTabs, views, locale());
            }
        } else {
            stage.setTitle(text("app.title"));
            tabs.getTabs().setAll(welcomeTab);
        }
        int slot = side.getChildren().indexOf(emptySidebar);
        if (slot >= 0 && c != null) {
            side.getChildren().set(slot, sidebar);
        }
        sidebar.setRoot(root);
        showing = c;
        if (c == null) {
            for (CaptureView v : views()) {
                v.show(null);
            }
            return;
        }
        // the visible view first; the others once it is filled (see viewFilled), one per FX event
        int first = viewTabs.indexOf(tabs.getSelectionModel().getSelectedItem());
        int round = showOrder.start(views.size(), first);
        int i = showOrder.next();
        if (i < 0) {
            return;
        }
        attach(i);
        CaptureView visible = views.get(i);
        visible.show(c);
        if (visible.fillsInBackground()) {
            awaited = visible;
            awaitedRound = round;
            // in case the view never says it is filled (its work failed badly): the others are not kept waiting long
            // (the running animation is held by the toolkit's timer: it holds this window weakly, and is stopped once
            // the view is filled, so that a closed or replaced window is not kept for its duration)
            stopRestWait();
            restWait = new javafx.animation.PauseTransition(javafx.util.Duration.seconds(
                    Double.parseDouble(System.getProperty("tunescope.showRestAfterSeconds", SHOW_REST_AFTER_S))));
            java.lang.ref.WeakReference<MainWindow> self = new java.lang.ref.WeakReference<>(this);
            restWait.setOnFinished(e -> {
                MainWindow w = self.get();
                if (w != null) {
                    w.restWait = null;
                    w.showRestAfterPulse(round);
                }
            });
            restWait.play();
        } else {
            showRestAfterPulse(round);
        }
    }

    /**
     * How long the other views wait at most for the visible one to be filled before they are shown the capture, in
     * seconds ({@code -Dtunescope.showRestAfterSeconds}: tests wait for ever).
     */
    private static final String SHOW_REST_AFTER_S = "20";
    /** The wait for the visible view to be filled (see {@link #SHOW_REST_AFTER_S}), while it runs. */
    private javafx.animation.PauseTransition restWait;

    private void stopRestWait() {
        if (restWait != null) {
            restWait.stop();
            restWait = null;
        }
    }

    /**
     * A view has its content. The first time in a round, when it is the one the others wait for, they are shown the
     * capture after the next frame.
     */
    @Override
    public void viewFilled(CaptureView view) {
        StartupLog.viewFilled(tabs);
        if (view == awaited && awaitedRound == showOrder.round()) {
            awaited = null;
            stopRestWait();
            waitingAtFill = showOrder.size();
            showRestAfterPulse(awaitedRound);
        }
    }

    /** After the next frame, the views not shown the capture of this round yet are shown it, one per FX event. */
    private void showRestAfterPulse(int round) {
        Scene scene = stage.getScene();
        if (round != showOrder.round() || scene == null) {
            return;
        }
        Runnable[] afterPulse = new Runnable[1];
        afterPulse[0] = () -> {
            scene.removePostLayoutPulseListener(afterPulse[0]);
            Platform.runLater(() -> showRest(round));
        };
        scene.addPostLayoutPulseListener(afterPulse[0]);
        Platform.requestNextPulse();
    }

    private void showRest(int round) {
        if (round != showOrder.round() || MainWindow.of(stage) != this) {
            return; // another capture since, or the window was rebuilt (another language)
        }
        int i = showOrder.next();
        if (i >= 0) {
            views.get(i).show(showing);
            Platform.runLater(() -> showRest(round));
        }
    }

    /** A tab selected: a view's content joins the scene, and the view is shown the capture if it was not yet. */
    private void tabSelected(Tab t) {
        int i = viewTabs.indexOf(t);
        if (i < 0 || i >= views.size()) {
            return;
        }
        attach(i);
        if (showOrder.take(i)) {
            views.get(i).show(showing);
        }
    }

    /** Puts a view's content in its tab (it is left out until the tab is first selected). */
    private void attach(int i) {
        Tab t = viewTabs.get(i);
        if (t.getContent() == null) {
            t.setContent(views.get(i).node());
        }
    }

    /** Opens a capture file at a line in the source viewer; only files inside the open capture's folder. */
    @Override
    public boolean openSource(io.tunescope.model.capture.SourceRef ref) {
        Capture c = model.captureProperty().get();
        if (c == null || ref == null || c.root() == null) {
            return false;
        }
        java.nio.file.Path root = c.root().toAbsolutePath().normalize();
        java.nio.file.Path p = root.resolve(ref.file()).normalize();
        if (!p.startsWith(root) || !java.nio.file.Files.isRegularFile(p)) {
            status(text("source.missing", ref.file()));
            return false;
        }
        io.tunescope.ui.source.SourceViewer.open(this, stage, p, ref.file(), ref.line());
        return true;
    }

    /** "Show evidence": the first view that can reveal the target gets it, and its tab is selected. */
    @Override
    public boolean navigate(Target target) {
        shownViews();
        for (int i = 0; i < views.size(); i++) {
            if (views.get(i).reveal(target)) {
                tabs.getSelectionModel().select(viewTabs.get(i));
                return true;
            }
        }
        return false;
    }

    private void showFile(SourceFile f) {
        shownViews();
        for (int i = 0; i < views.size(); i++) {
            if (views.get(i) instanceof FilesView fv) {
                tabs.getSelectionModel().select(viewTabs.get(i));
                fv.select(f);
            }
        }
    }

    private void saveLayout() {
        if (!stage.isMaximized()) {
            // the scene's size, which is what the next Scene is created with: the stage's includes the window
            // decorations, and saving it made the window grow by their height at every language switch
            javafx.scene.Scene sc = stage.getScene();
            settings.putDouble("window.width", sc != null ? sc.getWidth() : stage.getWidth());
            settings.putDouble("window.height", sc != null ? sc.getHeight() : stage.getHeight());
            settings.putDouble("window.x", stage.getX());
            settings.putDouble("window.y", stage.getY());
        }
        settings.putBoolean("window.maximized", stage.isMaximized());
        if (!split.getDividers().isEmpty()) {
            settings.putDouble("window.divider", split.getDividers().get(0).getPosition());
        }
        settings.flush();
    }

    /** The views, all made (those not made yet are made now, on the FX thread). */
    private List<CaptureView> views() {
        while (views.size() < viewMakers.size()) {
            makeNextView();
        }
        return views;
    }

    /** The views, all made and all shown the open capture (those not shown it yet are shown it now). */
    private List<CaptureView> shownViews() {
        views();
        for (int i = showOrder.next(); i >= 0; i = showOrder.next()) {
            views.get(i).show(showing);
        }
        return views;
    }

    private void makeNextView() {
        CaptureView v = viewMakers.get(views.size()).apply(this);
        Tab t = new Tab(text(v.titleKey())); // the content is put in when the tab is first selected (attach)
        t.setGraphic(Icons.icon(v.iconLiteral()));
        t.setClosable(false);
        t.setId("tab-" + v.titleKey());
        views.add(v);
        viewTabs.add(t);
        if (views.size() == viewMakers.size()) {
            StartupLog.mark(StartupLog.VIEWS_BUILT);
        }
    }

    /**
     * Makes the views one per FX event after the window's first frame, so that the window is on screen before their
     * classes are loaded and each step leaves the FX thread free for input and painting in between. A view needed
     * sooner (a capture loaded, a shortcut) makes the rest at once through {@link #views()}.
     */
    private void makeViewsAfterFirstFrame() {
        Scene scene = stage.getScene();
        Runnable[] step = new Runnable[1];
        step[0] = () -> {
            if (stage.getScene() != scene || stage.getProperties().get(MainWindow.class) != this) {
                return; // the window was rebuilt (another language): the new one makes its own
            }
            if (views.size() < viewMakers.size()) {
                makeNextView();
                Platform.runLater(step[0]);
            }
        };
        Runnable[] afterPulse = new Runnable[1];
        afterPulse[0] = () -> {
            scene.removePostLayoutPulseListener(afterPulse[0]);
            Platform.runLater(step[0]);
        };
        scene.addPostLayoutPulseListener(afterPulse[0]);
    }

    public void show() {
        if (StartupLog.enabled() && !StartupLog.marked("first-pulse")) {
            Scene scene = stage.getScene();
            Runnable[] once = new Runnable[1];
            once[0] = () -> {
                StartupLog.mark("first-pulse");
                scene.removePostLayoutPulseListener(once[0]);
            };
            scene.addPostLayoutPulseListener(once[0]);
        }
        makeViewsAfterFirstFrame();
        stage.show();
        StartupLog.mark("stage-shown");
        if (!args.isEmpty()) {
            open(Path.of(args.get(0)));
        }
    }

    /** Any two steps side by side: differential flame graph, NUMA difference and configuration diff. */
    private void compareSteps() {
        Capture c = model.captureProperty().get();
        if (c == null || c.steps().size() < 2) {
            status(text("compare.needSteps"));
            return;
        }
        javafx.scene.control.Dialog<javafx.scene.control.ButtonType> d = new javafx.scene.control.Dialog<>();
        d.setTitle(text("compare.title"));
        d.initOwner(stage);
        javafx.scene.control.ComboBox<Step> before = new javafx.scene.control.ComboBox<>();
        javafx.scene.control.ComboBox<Step> after = new javafx.scene.control.ComboBox<>();
        javafx.util.StringConverter<Step> conv = new javafx.util.StringConverter<>() {
            @Override
            public String toString(Step st) {
                return st == null ? "" : st.label() + " (" + st.dir() + ")";
            }

            @Override
            public Step fromString(String x) {
                return null;
            }
        };
        for (var box : List.of(before, after)) {
            box.getItems().setAll(c.steps());
            box.setConverter(conv);
        }
        before.setValue(c.steps().get(0));
        after.setValue(c.steps().get(c.steps().size() - 1));
        javafx.scene.layout.GridPane grid = new javafx.scene.layout.GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(12));
        grid.addRow(0, new Label(text("compare.before")), before);
        grid.addRow(1, new Label(text("compare.after")), after);
        d.getDialogPane().setContent(grid);
        d.getDialogPane().getButtonTypes().addAll(javafx.scene.control.ButtonType.OK, javafx.scene.control.ButtonType.CANCEL);
        if (d.showAndWait().filter(b -> b == javafx.scene.control.ButtonType.OK).isEmpty()
                || before.getValue() == null || after.getValue() == null) {
            return;
        }
        compare(before.getValue(), after.getValue());
    }

    /** Sets every view up to compare the two steps and shows the first that could; tells which views did. */
    @Override
    public List<String> compare(Step before, Step after) {
        List<String> shown = new ArrayList<>();
        Tab first = null;
        shownViews();
        for (int i = 0; i < views.size(); i++) {
            if (views.get(i).compare(before, after)) {
                shown.add(viewTabs.get(i).getText());
                if (first == null) {
                    first = viewTabs.get(i);
                }
            }
        }
        if (first != null) {
            tabs.getSelectionModel().select(first);
        }
        status(shown.isEmpty() ? text("compare.nothing", before.label(), after.label())
                : text("compare.done", before.label(), after.label(), String.join(", ", shown)));
        return shown;
    }

    /**
     * The window again in the chosen language, with the capture already read (not read again from disk: its
     * session, with the reading and everything derived from it, is kept), the same view selected and the same
     * size.
     */
    private void rebuildInNewLanguage() {
        saveLayout();
        Capture open = model.captureProperty().get();
        Path path = model.pathProperty().get();
        int tab = tabs.getSelectionModel().getSelectedIndex();
        MainWindow next = new MainWindow(stage, List.of(), settings, viewModels);
        shutdown();
        next.show();
        if (open != null && path != null) {
            next.model.adopt(open, path);
            if (tab >= 0 && tab < next.tabs.getTabs().size()) {
                next.tabs.getSelectionModel().select(tab);
            }
        }
    }

    /** The window's view of this type, or null (for tests). */
    <T extends CaptureView> T view(Class<T> type) {
        for (CaptureView v : shownViews()) {
            if (type.isInstance(v)) {
                return type.cast(v);
            }
        }
        return null;
    }

    /** The window's view of this type as it is, made or not, shown the capture or not; null (for tests). */
    <T extends CaptureView> T madeView(Class<T> type) {
        for (CaptureView v : views) {
            if (type.isInstance(v)) {
                return type.cast(v);
            }
        }
        return null;
    }

    /** How many views have still to be shown the open capture (for tests). */
    int viewsWaiting() {
        return showOrder.size();
    }

    /** How many views were still waiting to be shown the capture when the visible one was filled, -1 before (for tests). */
    int viewsWaitingAtFill() {
        return waitingAtFill;
    }

    /** How many of the views are made so far (for tests: they are made after the first frame). */
    int viewsMade() {
        return views.size();
    }

    /** The window currently shown on a stage (the last one built for it), or null. */
    static MainWindow of(Stage stage) {
        return stage.getProperties().get(MainWindow.class) instanceof MainWindow w ? w : null;
    }

    public void shutdown() {
        stopRestWait();
        model.cancel();
        themes.uninstall();
        background.shutdownNow();
    }

    private final class SidebarCell extends TreeCell<Object> {
        @Override
        protected void updateItem(Object item, boolean empty) {
            super.updateItem(item, empty);
            setTooltip(null);
            if (empty || item == null) {
                setText(null);
                setGraphic(null);
            } else if (item instanceof Step s) {
                setText(s.label() + (s.change().isEmpty() || s.change().equals(s.label()) ? "" : " \u2014 " + s.change()));
                setGraphic(Icons.icon("fas-layer-group"));
                setTooltip(new Tooltip(text("sidebar.step", s.dir(), s.change().isEmpty() ? s.label() : s.change())));
            } else if (item instanceof io.tunescope.model.capture.AuxFolder a) {
                setText(text("sidebar.auxiliary", a.dir()));
                setGraphic(Icons.icon("fas-folder-minus"));
                setTooltip(new Tooltip(text("sidebar.auxiliaryTip", a.dir(), text("interpret.aux." + a.reasonKey()))));
            } else if (item instanceof SourceFile f) {
                String name = f.step().isEmpty() ? f.path() : f.path().substring(f.step().length() + 1);
                setText(name + "  \u00b7  " + (f.format().isEmpty() ? text("sidebar.unrecognised") : f.format()));
                setGraphic(Icons.status(f.status()));
                String first = f.diagnostics().isEmpty() ? "" : f.diagnostics().get(0).toString();
                setTooltip(new Tooltip(text("sidebar.fileTooltip", f.path(),
                        f.format().isEmpty() ? "\u2014" : f.format(), f.confidence().name().toLowerCase(Locale.ROOT),
                        text("status." + f.status().slug()), first)));
                if (f.status() == FileStatus.ERROR) {
                    getStyleClass().add("file-error");
                } else {
                    getStyleClass().remove("file-error");
                }
            } else {
                setText(item.toString());
                setGraphic(Icons.icon("fas-folder"));
            }
        }
    }
}
