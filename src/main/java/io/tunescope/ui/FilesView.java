package io.tunescope.ui;

import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.capture.FileStatus;
import io.tunescope.model.capture.SourceFile;
import java.util.Locale;
import java.util.Map;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * Every file of the capture: format, confidence, status, problems and a summary; below, the selected
 * file's diagnostics (with line numbers) and how it was recognised, or why it was not.
 */
public final class FilesView implements CaptureView {
    private final UiContext ctx;
    private final TableView<SourceFile> table = new TableView<>();
    private final FilteredList<SourceFile> filtered = new FilteredList<>(FXCollections.observableArrayList());
    private final TextField filter = new TextField();
    private final ListView<Diagnostic> diagnostics = new ListView<>();
    private final TextArea recognition = new TextArea();
    private final Label detailTitle = new Label();
    private final BorderPane root = new BorderPane();
    private final javafx.scene.control.Button convert = new javafx.scene.control.Button();
    private final javafx.scene.control.Button cancelConvert = new javafx.scene.control.Button();
    private final javafx.scene.control.ProgressIndicator converting = new javafx.scene.control.ProgressIndicator();
    private final javafx.scene.layout.HBox perfBar = new javafx.scene.layout.HBox(6);
    private Capture shown;
    private io.tunescope.importers.perfdata.PerfDataConverter converter;
    private javafx.concurrent.Task<Capture> conversion;

    public FilesView(UiContext ctx) {
        this.ctx = ctx;
        build();
    }

    private void build() {
        TableColumn<SourceFile, SourceFile> status = new TableColumn<>(ctx.text("files.col.status"));
        status.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        status.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(SourceFile f, boolean empty) {
                super.updateItem(f, empty);
                if (empty || f == null) {
                    setGraphic(null);
                    setText(null);
                } else {
                    setGraphic(Icons.status(f.status()));
                    setText(io.tunescope.importers.PerfData.FORMAT.equals(f.format()) ? ctx.text("files.perfData.status")
                            : ctx.text("status." + f.status().slug()));
                }
            }
        });
        status.setComparator((a, b) -> a.status().compareTo(b.status()));
        status.setPrefWidth(120);
        TableColumn<SourceFile, String> path = col("files.col.path", SourceFile::path, 320);
        TableColumn<SourceFile, String> step = col("files.col.step", SourceFile::step, 120);
        TableColumn<SourceFile, String> format = col("files.col.format", f -> f.format().isEmpty() ? "\u2014" : f.format(), 150);
        TableColumn<SourceFile, String> conf = col("files.col.confidence",
                f -> ctx.text("confidence." + f.confidence().name().toLowerCase(Locale.ROOT)), 90);
        TableColumn<SourceFile, String> size = col("files.col.size", f -> humanSize(f.size()), 80);
        TableColumn<SourceFile, String> msgs = col("files.col.messages", f -> f.diagnostics().isEmpty() ? "" : String.valueOf(f.diagnostics().size()), 80);
        TableColumn<SourceFile, String> summary = col("files.col.summary", FilesView::summaryText, 360);
        table.getColumns().add(status);
        table.getColumns().add(path);
        table.getColumns().add(step);
        table.getColumns().add(format);
        table.getColumns().add(conf);
        table.getColumns().add(size);
        table.getColumns().add(msgs);
        table.getColumns().add(summary);
        SortedList<SourceFile> sorted = new SortedList<>(filtered);
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        table.setPlaceholder(new Label(ctx.text("files.empty")));
        table.setId("filesTable");
        table.getSelectionModel().selectedItemProperty().addListener((o, a, f) -> showDetails(f));
        // Enter or a double click opens the file itself, read-only, in the source viewer
        Controls.openSourceOnActivate(ctx, table, f -> io.tunescope.model.capture.SourceRef.of(f.path(), 0));
        Controls.onActivate(diagnostics, this::openDiagnostic);
        // type to filter, Esc clears, Ctrl+F
        Controls.filterKeys(table, filter);
        Controls.documentFilterKeys(ctx.shortcuts(), "files", root, () -> Controls.focusFilter(filter));

        filter.setPromptText(ctx.text("files.filter"));
        filter.textProperty().addListener((o, a, t) -> {
            String q = t == null ? "" : t.toLowerCase(Locale.ROOT);
            filtered.setPredicate(f -> q.isEmpty() || f.path().toLowerCase(Locale.ROOT).contains(q)
                    || f.format().contains(q) || f.status().slug().contains(q));
        });

        diagnostics.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(Diagnostic d, boolean empty) {
                super.updateItem(d, empty);
                if (empty || d == null) {
                    setText(null);
                    setGraphic(null);
                } else {
                    setText(d.line() > 0 ? ctx.text("files.diag.line", String.valueOf(d.line()), d.message()) : d.message());
                    // an information is neither a success nor a problem: no green check for "not recognised"
                    setGraphic(switch (d.level()) {
                        case ERROR -> Icons.status(FileStatus.ERROR);
                        case WARNING -> Icons.status(FileStatus.WARNING);
                        case INFO -> Icons.colored(Icons.icon("fas-info-circle"), Icons.statusColor(FileStatus.UNRECOGNISED));
                    });
                    setTooltip(new Tooltip(getText()));
                }
            }
        });
        diagnostics.setId("diagnosticsList");
        recognition.setEditable(false);
        recognition.setWrapText(true);
        recognition.setPrefRowCount(4);
        detailTitle.getStyleClass().add("section-title");
        convert.setText(ctx.text("files.perfData.convert"));
        convert.setId("convertPerfData");
        convert.setOnAction(e -> convertPerfData());
        cancelConvert.setText(ctx.text("files.perfData.cancel"));
        cancelConvert.setId("cancelPerfData");
        cancelConvert.setOnAction(e -> {
            if (conversion != null) {
                conversion.cancel(false);
            }
        });
        converting.setPrefSize(18, 18);
        perfBar.getChildren().setAll(convert, converting, cancelConvert);
        perfBar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        showPerfBar(false, false);
        VBox details = new VBox(6, detailTitle, perfBar, new Label(ctx.text("files.details.diagnostics")), diagnostics,
                new Label(ctx.text("files.details.recognition")), recognition);
        VBox.setVgrow(diagnostics, Priority.ALWAYS);
        details.setPadding(new Insets(8));
        showDetails(null);

        VBox top = new VBox(6, filter, table);
        top.setPadding(new Insets(8, 8, 0, 8));
        VBox.setVgrow(table, Priority.ALWAYS);
        SplitPane split = new SplitPane(top, details);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.62);
        root.setCenter(split);
    }

    private TableColumn<SourceFile, String> col(String key, java.util.function.Function<SourceFile, String> f, double width) {
        TableColumn<SourceFile, String> c = new TableColumn<>(ctx.text(key));
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(f.apply(cd.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    /** The selected diagnostic's line of the selected file, in the source viewer. */
    private void openDiagnostic() {
        SourceFile f = table.getSelectionModel().getSelectedItem();
        Diagnostic d = diagnostics.getSelectionModel().getSelectedItem();
        if (f != null && d != null) {
            ctx.openSource(io.tunescope.model.capture.SourceRef.of(f.path(), (int) Math.min(Integer.MAX_VALUE, d.line())));
        }
    }

    private void showDetails(SourceFile f) {
        if (f == null) {
            showPerfBar(false, conversion != null && conversion.isRunning());
            detailTitle.setText(ctx.text("files.details.none"));
            diagnostics.getItems().clear();
            recognition.clear();
            return;
        }
        detailTitle.setText(f.path());
        showPerfBar(io.tunescope.importers.PerfData.FORMAT.equals(f.format()), conversion != null && conversion.isRunning());
        diagnostics.getItems().setAll(f.diagnostics());
        if (f.diagnostics().isEmpty()) {
            diagnostics.setPlaceholder(new Label(ctx.text("files.details.noDiagnostics")));
        }
        if (io.tunescope.importers.PerfData.FORMAT.equals(f.format())) {
            recognition.setText(ctx.text("files.perfData.details"));
        } else if (f.status() == FileStatus.UNRECOGNISED || f.format().isEmpty()) {
            StringBuilder b = new StringBuilder(ctx.text("files.details.notRecognised")).append('\n');
            b.append(f.reason()).append('\n');
            for (String v : f.sniffs()) {
                b.append("  ").append(v).append('\n');
            }
            recognition.setText(b.toString());
        } else {
            recognition.setText(ctx.text("files.details.recognisedAs", f.format(),
                    ctx.text("confidence." + f.confidence().name().toLowerCase(Locale.ROOT)), f.reason()));
        }
    }

    /** Selects a file by its capture-relative path (used by the sidebar). */
    /** The table of files (for tests: it is out of the scene until the view's tab is selected). */
    TableView<SourceFile> table() {
        return table;
    }

    public void select(SourceFile f) {
        filter.clear();
        table.getSelectionModel().select(f);
        table.scrollTo(f);
    }

    static String summaryText(SourceFile f) {
        Map<String, Object> s = f.summary();
        if (s.isEmpty()) {
            return "";
        }
        if (s.get("values") instanceof Map<?, ?> values) {
            return values.size() + " values";
        }
        StringBuilder b = new StringBuilder();
        for (var e : s.entrySet()) {
            Object v = e.getValue();
            if (v instanceof Number || v instanceof String) {
                if (b.length() > 0) {
                    b.append(", ");
                }
                b.append(e.getKey()).append(' ').append(v);
            } else if (v instanceof java.util.Collection<?> c) {
                if (b.length() > 0) {
                    b.append(", ");
                }
                b.append(e.getKey()).append(' ').append(c.size());
            }
            if (b.length() > 120) {
                break;
            }
        }
        return b.toString();
    }

    static String humanSize(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        if (bytes < 1024 * 1024) {
            return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
        }
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
    }

    @Override
    public String titleKey() {
        return "files.tab";
    }

    @Override
    public String iconLiteral() {
        return "fas-list";
    }

    @Override
    public Node node() {
        return root;
    }

    private void showPerfBar(boolean perfData, boolean running) {
        perfBar.setVisible(perfData || running);
        perfBar.setManaged(perfData || running);
        convert.setDisable(running);
        converting.setVisible(running);
        cancelConvert.setVisible(running);
    }

    /**
     * Converts every perf.data of the open capture with this machine's perf, in the background with progress and
     * cancel, into Tunescope's own temporary folder; then shows the capture with the converted profiles read.
     */
    private void convertPerfData() {
        Capture c = shown;
        if (c == null || (conversion != null && conversion.isRunning())) {
            return;
        }
        var recordings = io.tunescope.importers.perfdata.PerfDataConverter.recordings(c);
        var perf = io.tunescope.importers.perfdata.PerfDataConverter.findPerf();
        if (recordings.isEmpty()) {
            return;
        }
        if (perf.isEmpty()) {
            recognition.setText(ctx.text("files.perfData.noPerf"));
            ctx.status(ctx.text("files.perfData.noPerf"));
            return;
        }
        if (converter == null) {
            converter = new io.tunescope.importers.perfdata.PerfDataConverter(perf.get());
        }
        var conv = converter;
        java.util.List<String> said = new java.util.ArrayList<>();
        javafx.concurrent.Task<Capture> task = new javafx.concurrent.Task<>() {
            @Override
            protected Capture call() {
                java.util.List<io.tunescope.importers.perfdata.PerfDataConverter.Outcome> outs = new java.util.ArrayList<>();
                int i = 0;
                for (SourceFile f : recordings) {
                    updateMessage(ctx.text("files.perfData.running", f.path()));
                    updateProgress(i++, recordings.size());
                    var o = conv.convert(c.root().resolve(f.path()), f.path(), this::isCancelled);
                    outs.add(o);
                    said.add(ctx.text("files.perfData." + o.status().name(), o.file(), o.detail()));
                    if (isCancelled()) {
                        break;
                    }
                }
                updateProgress(recordings.size(), recordings.size());
                return io.tunescope.importers.perfdata.PerfDataConverter.withConverted(c, outs,
                        new io.tunescope.importers.CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()), this::isCancelled);
            }
        };
        converting.progressProperty().bind(task.progressProperty());
        task.messageProperty().addListener((o, a, m) -> ctx.status(m));
        task.setOnSucceeded(e -> {
            conversion = null;
            converting.progressProperty().unbind();
            showPerfBar(false, false);
            ctx.status(String.join(" ", said));
            ctx.adopt(task.getValue());
        });
        task.setOnCancelled(e -> {
            conversion = null;
            converting.progressProperty().unbind();
            showPerfBar(true, false);
            ctx.status(ctx.text("files.perfData.CANCELLED", "perf.data", ""));
        });
        task.setOnFailed(e -> {
            conversion = null;
            converting.progressProperty().unbind();
            showPerfBar(true, false);
            ctx.status(ctx.text("files.perfData.FAILED", "perf.data", String.valueOf(task.getException())));
        });
        conversion = task;
        showPerfBar(true, true);
        ctx.background().submit(task);
    }

    @Override
    public void show(Capture capture) {
        if (converter != null && (capture == null || shown == null || !java.util.Objects.equals(capture.root(), shown.root()))) {
            // the converted text of the capture that was open is not needed any more
            converter.release();
            converter = null;
        }
        shown = capture;
        var src = (javafx.collections.ObservableList<SourceFile>) filtered.getSource();
        src.setAll(capture == null ? java.util.List.of() : capture.files());
        showDetails(null);
    }
}
