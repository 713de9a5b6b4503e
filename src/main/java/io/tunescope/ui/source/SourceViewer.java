package io.tunescope.ui.source;

import io.tunescope.session.SourceText;
import io.tunescope.ui.Icons;
import io.tunescope.ui.UiContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import javafx.application.Platform;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * A capture file shown read-only at a line: the place behind every {@code file:line} on screen. The file is
 * indexed once in the background ({@link SourceText}) and only the pages on screen are read, so a
 * gigabyte-sized {@code perf script} opens as fast as a {@code my.cnf}. The target line is selected and
 * highlighted; Ctrl+F searches (Enter / F3 next, Shift+F3 previous, case-insensitive, wrapping), Ctrl+G goes
 * to a line, Ctrl+C copies the selected lines, Esc closes. One window per file: asking again for the same
 * file moves it to the new line.
 */
public final class SourceViewer {
    private static final int PAGE = 512;
    private static final int PAGES_KEPT = 64;
    private static final Map<Path, SourceViewer> OPEN = new LinkedHashMap<>();

    private final UiContext ctx;
    private final Path file;
    private final String shownName;
    private final Stage stage = new Stage();
    private final ListView<Integer> list = new ListView<>();
    private final Label info = new Label();
    private final TextField search = new TextField();
    private final TextField gotoLine = new TextField();
    private final ProgressBar progress = new ProgressBar();
    private final Map<Integer, List<String>> pages = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, List<String>> e) {
            return size() > PAGES_KEPT;
        }
    };
    private final java.util.Set<Integer> loading = new java.util.HashSet<>();
    private SourceText text;
    private int target;
    private int match;

    private SourceViewer(UiContext ctx, Window owner, Path file, String shownName) {
        this.ctx = ctx;
        this.file = file;
        this.shownName = shownName;
        stage.initOwner(owner);
        stage.setTitle(ctx.text("source.title", shownName));
        list.setId("sourceLines");
        list.setFixedCellSize(20);
        list.getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
        list.setCellFactory(l -> new LineCell());
        list.setPlaceholder(new Label(ctx.text("source.loading")));

        search.setId("sourceSearch");
        search.setPromptText(ctx.text("source.search.prompt"));
        search.setTooltip(new Tooltip(ctx.text("source.search.tooltip")));
        search.setOnAction(e -> find(true));
        Button next = new Button(null, Icons.icon("fas-chevron-down"));
        next.setTooltip(new Tooltip(ctx.text("source.search.next")));
        next.setOnAction(e -> find(true));
        Button prev = new Button(null, Icons.icon("fas-chevron-up"));
        prev.setTooltip(new Tooltip(ctx.text("source.search.previous")));
        prev.setOnAction(e -> find(false));
        gotoLine.setId("sourceGoto");
        gotoLine.setPromptText(ctx.text("source.goto.prompt"));
        gotoLine.setPrefColumnCount(8);
        gotoLine.setTooltip(new Tooltip(ctx.text("source.goto.tooltip")));
        gotoLine.setOnAction(e -> {
            try {
                show(Integer.parseInt(gotoLine.getText().strip()));
            } catch (NumberFormatException ex) {
                info.setText(ctx.text("source.goto.bad", gotoLine.getText()));
            }
        });
        progress.setPrefWidth(120);
        progress.setVisible(false);
        HBox.setHgrow(search, Priority.ALWAYS);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.SOMETIMES);
        HBox bar = new HBox(6, search, prev, next, gap, new Label(ctx.text("source.goto.label")), gotoLine, progress);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6, 8, 6, 8));
        info.setId("sourceInfo");
        info.setPadding(new Insets(4, 8, 4, 8));
        BorderPane root = new BorderPane(list, bar, null, info, null);
        Scene scene = new Scene(root, 980, 620);
        if (owner != null && owner.getScene() != null) {
            scene.getStylesheets().setAll(owner.getScene().getStylesheets());
            root.getStyleClass().setAll(owner.getScene().getRoot().getStyleClass());
        }
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN), () -> {
            search.requestFocus();
            search.selectAll();
        });
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.G, KeyCombination.SHORTCUT_DOWN), () -> {
            gotoLine.requestFocus();
            gotoLine.selectAll();
        });
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F3), () -> find(true));
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F3, KeyCombination.SHIFT_DOWN), () -> find(false));
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN), this::copySelection);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.ESCAPE), stage::close);
        stage.setScene(scene);
        stage.setOnHidden(e -> OPEN.remove(file));
    }

    /**
     * Shows {@code file} at {@code line} (1-based; 0 for the file as a whole) in its viewer window, opening one
     * when the file has none yet.
     *
     * @param shownName the name the user knows the file by (its path in the capture)
     */
    public static SourceViewer open(UiContext ctx, Window owner, Path file, String shownName, int line) {
        Path key = file.toAbsolutePath().normalize();
        SourceViewer v = OPEN.get(key);
        if (v == null) {
            v = new SourceViewer(ctx, owner, key, shownName);
            OPEN.put(key, v);
            v.target = line;
            v.stage.show();
            v.load(ctx.background());
        } else {
            v.stage.show();
            v.stage.toFront();
            v.show(line);
        }
        return v;
    }

    /** Closes every viewer (the capture they show was closed or replaced). */
    public static void closeAll() {
        for (SourceViewer v : List.copyOf(OPEN.values())) {
            v.stage.close();
        }
        OPEN.clear();
    }

    /** The viewer showing a file, or null (tests). */
    static SourceViewer openFor(Path file) {
        return OPEN.get(file.toAbsolutePath().normalize());
    }

    Stage stage() {
        return stage;
    }

    ListView<Integer> list() {
        return list;
    }

    private void load(ExecutorService background) {
        progress.setVisible(true);
        Task<SourceText> task = new Task<>() {
            @Override
            protected SourceText call() throws Exception {
                SourceText t = SourceText.open(file);
                if (!t.index(this::isCancelled, (done, total) -> {
                    updateProgress(done, Math.max(1, total));
                    return 0;
                })) {
                    return null;
                }
                return t;
            }
        };
        progress.progressProperty().bind(task.progressProperty());
        task.setOnSucceeded(e -> {
            progress.progressProperty().unbind();
            progress.setVisible(false);
            text = task.getValue();
            if (text == null) {
                return;
            }
            if (text.binary()) {
                list.setPlaceholder(new Label(ctx.text("source.binary", shownName, text.encoding())));
                info.setText(ctx.text("source.info.binary", shownName, text.size()));
                return;
            }
            list.setPlaceholder(new Label(ctx.text("source.empty", shownName)));
            java.util.List<Integer> numbers = new java.util.AbstractList<>() {
                @Override
                public Integer get(int i) {
                    return i + 1;
                }

                @Override
                public int size() {
                    return text.lineCount();
                }
            };
            list.getItems().setAll(numbers);
            updateInfo();
            show(target);
        });
        task.setOnFailed(e -> {
            progress.progressProperty().unbind();
            progress.setVisible(false);
            Throwable t = task.getException();
            String why = t instanceof IOException io ? String.valueOf(io.getMessage()) : String.valueOf(t);
            list.setPlaceholder(new Label(ctx.text("source.failed", shownName, why)));
            info.setText(ctx.text("source.failed", shownName, why));
        });
        stage.setOnCloseRequest(e -> task.cancel());
        background.submit(task);
    }

    private void updateInfo() {
        String at = target > 0 ? ctx.text("source.info.line", target) : "";
        info.setText(ctx.text("source.info", shownName, text.lineCount(), text.encoding(), at));
    }

    /** Selects and centres a line (clipped to the file); 0 shows the top. */
    private void show(int line) {
        target = line;
        if (text == null) {
            return;
        }
        if (line <= 0 || text.lineCount() == 0) {
            list.scrollTo(0);
            updateInfo();
            return;
        }
        int l = Math.min(line, text.lineCount());
        target = l;
        list.getSelectionModel().clearAndSelect(l - 1);
        list.getFocusModel().focus(l - 1);
        list.scrollTo(Math.max(0, l - 1 - 8));
        list.refresh();
        updateInfo();
    }

    /** The line's text when its page is in memory; otherwise asks for the page and gives null. */
    private String line(int n) {
        int page = (n - 1) / PAGE;
        List<String> p = pages.get(page);
        if (p != null) {
            int i = (n - 1) % PAGE;
            return i < p.size() ? p.get(i) : "";
        }
        if (loading.add(page)) {
            SourceText t = text;
            Task<List<String>> task = new Task<>() {
                @Override
                protected List<String> call() throws Exception {
                    return t.lines(page * PAGE + 1, PAGE);
                }
            };
            task.setOnSucceeded(e -> {
                loading.remove(page);
                pages.put(page, task.getValue());
                list.refresh();
            });
            task.setOnFailed(e -> {
                loading.remove(page);
                pages.put(page, List.of());
                info.setText(ctx.text("source.failed", shownName, String.valueOf(task.getException())));
            });
            ctx.background().submit(task);
        }
        return null;
    }

    private void find(boolean forward) {
        String q = search.getText();
        if (text == null || q == null || q.isEmpty()) {
            return;
        }
        int selected = list.getSelectionModel().getSelectedIndex() + 1;
        int from = selected <= 0 ? 1 : forward ? selected + 1 : selected - 1;
        if (from > text.lineCount()) {
            from = 1;
        }
        if (from < 1) {
            from = text.lineCount();
        }
        int start = from;
        SourceText t = text;
        Task<Integer> task = new Task<>() {
            @Override
            protected Integer call() throws Exception {
                return t.find(q, start, forward, this::isCancelled);
            }
        };
        task.setOnSucceeded(e -> {
            int hit = task.getValue();
            if (hit == 0) {
                info.setText(ctx.text("source.search.none", q));
            } else {
                match = hit;
                show(hit);
                info.setText(ctx.text("source.search.at", q, hit));
            }
        });
        ctx.background().submit(task);
    }

    private void copySelection() {
        StringBuilder sb = new StringBuilder();
        for (Integer n : list.getSelectionModel().getSelectedItems()) {
            String s = line(n);
            if (s != null) {
                sb.append(s).append('\n');
            }
        }
        if (sb.length() > 0) {
            javafx.scene.input.ClipboardContent c = new javafx.scene.input.ClipboardContent();
            c.putString(sb.toString());
            javafx.scene.input.Clipboard.getSystemClipboard().setContent(c);
        }
    }

    private final class LineCell extends ListCell<Integer> {
        private final Label number = new Label();
        private final Label content = new Label();
        private final HBox box = new HBox(10, number, content);

        LineCell() {
            number.getStyleClass().add("source-line-number");
            number.setMinWidth(Region.USE_PREF_SIZE);
            number.setAlignment(Pos.CENTER_RIGHT);
            content.getStyleClass().add("source-line-text");
            content.setMinWidth(Region.USE_PREF_SIZE);
            box.setAlignment(Pos.CENTER_LEFT);
            setStyle("-fx-padding: 0 4 0 4;");
        }

        @Override
        protected void updateItem(Integer n, boolean empty) {
            super.updateItem(n, empty);
            getStyleClass().remove("source-target");
            if (empty || n == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            if (n == target) {
                getStyleClass().add("source-target");
            }
            int digits = Math.max(4, String.valueOf(text == null ? n : text.lineCount()).length());
            number.setText(String.format(java.util.Locale.ROOT, "%" + digits + "d", n));
            number.setPrefWidth(digits * 8.5 + 4);
            String s = line(n);
            content.setText(s == null ? "\u2026" : expandTabs(s));
            setText(null);
            setGraphic(box);
        }
    }

    /** Tabs to spaces at stops of 8, as a terminal shows tool output (mpstat, perf report). */
    static String expandTabs(String s) {
        if (s.indexOf('\t') < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\t') {
                do {
                    sb.append(' ');
                } while (sb.length() % 8 != 0);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** For tests: the line shown as the target (selected and highlighted). */
    int target() {
        return target;
    }

    int lastMatch() {
        return match;
    }
}
