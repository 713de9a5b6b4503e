package io.tunescope.ui.perfreport;

import io.tunescope.importers.CpuDatasets;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.perfreport.CallChainNode;
import io.tunescope.model.perfreport.PerfReport;
import io.tunescope.model.perfreport.PerfReportEntry;
import io.tunescope.ui.CaptureView;
import io.tunescope.ui.UiContext;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The {@code perf report --stdio} files of a capture as the user archived them: the entry table
 * (Children, Self, Samples, Command, Shared Object, Symbol, each with its line in the file) with every
 * entry's call chains as a tree, per event; filterable by symbol, module or command.
 */
public final class PerfReportView implements CaptureView {
    /** One row: an entry of the table or a node of its call chains. */
    public record Row(PerfReportEntry entry, CallChainNode node, String file) {
    }

    private final UiContext ctx;
    private final BorderPane root = new BorderPane();
    private final ComboBox<Loaded<PerfReport>> report = new ComboBox<>();
    private final ComboBox<PerfReport.Section> event = new ComboBox<>();
    private final TextField filter = new TextField();
    private final Label header = new Label();
    private final TreeTableView<Row> table = new TreeTableView<>();
    /** While a time window is selected: why the report's table is for the whole recording, and the window's own hotspots. */
    private final Label windowNote = new Label();
    private final javafx.scene.control.TableView<io.tunescope.analysis.calltree.Hotspot> windowTable = new javafx.scene.control.TableView<>();
    private final VBox windowBox = new VBox(4);
    private final io.tunescope.ui.WindowSelection windows;
    private int windowGeneration;

    public PerfReportView(UiContext ctx) {
        this.ctx = ctx;
        this.windows = ctx.windowSelection() != null ? ctx.windowSelection() : new io.tunescope.ui.WindowSelection();
        build();
        windows.selectedProperty().addListener((o, a, b) -> showWindow());
        showWindow();
    }

    /**
     * perf report's text is aggregated over the whole recording (it keeps no time per sample), so its table
     * cannot be cut to a window: while a window is selected the view says so and shows the hotspots of the
     * window's own samples (from the perf script, the same ones the flame graph shows) above the table.
     */
    private void showWindow() {
        io.tunescope.ui.WindowSelection.Slice w = windows.selected();
        int gen = ++windowGeneration;
        windowBox.setVisible(w != null);
        if (w == null) {
            windowTable.getItems().clear();
            windowNote.setText("");
            return;
        }
        windowNote.setText(ctx.text(report.getItems().isEmpty() ? "perfreport.window.noteNoReport" : "perfreport.window.note", w.range(),
                w.seconds(), w.sampleCount(), w.entry().file().fileName()));
        ctx.background().submit(() -> {
            var tree = w.profile().callTree();
            List<io.tunescope.analysis.calltree.Hotspot> hot = io.tunescope.analysis.calltree.Hotspots.of(tree, 0);
            List<io.tunescope.analysis.calltree.Hotspot> top = hot.stream()
                    .sorted(java.util.Comparator.comparingLong(io.tunescope.analysis.calltree.Hotspot::self).reversed()
                            .thenComparing(io.tunescope.analysis.calltree.Hotspot::function))
                    .filter(h -> h.self() > 0).limit(200).toList();
            javafx.application.Platform.runLater(() -> {
                if (gen == windowGeneration) {
                    windowTable.getItems().setAll(top);
                }
            });
        });
    }

    private void buildWindowBox() {
        windowNote.setId("perfReportWindowNote");
        windowNote.setWrapText(true);
        windowTable.setId("perfReportWindowHotspots");
        windowTable.setPrefHeight(220);
        windowTable.getColumns().add(hotCol("perfreport.col.self", h -> pct(h.selfShare() * 100), 80));
        windowTable.getColumns().add(hotCol("perfreport.col.samples", h -> String.format(Locale.ROOT, "%,d", h.self()), 90));
        windowTable.getColumns().add(hotCol("perfreport.col.children", h -> pct(h.totalShare() * 100), 90));
        windowTable.getColumns().add(hotCol("perfreport.col.symbol", io.tunescope.analysis.calltree.Hotspot::function, 420));
        windowTable.getColumns().add(hotCol("perfreport.col.dso", io.tunescope.analysis.calltree.Hotspot::moduleLabel, 160));
        javafx.scene.control.Button clear = new javafx.scene.control.Button(ctx.text("window.clear"));
        clear.setId("perfReportWindowClear");
        clear.setOnAction(e -> windows.clear());
        clear.setMinWidth(javafx.scene.control.Button.USE_PREF_SIZE);
        HBox line = new HBox(8, windowNote, clear);
        HBox.setHgrow(windowNote, Priority.ALWAYS);
        line.setAlignment(Pos.CENTER_LEFT);
        windowBox.getChildren().setAll(line, windowTable);
        windowBox.managedProperty().bind(windowBox.visibleProperty());
    }

    private javafx.scene.control.TableColumn<io.tunescope.analysis.calltree.Hotspot, String> hotCol(String key,
            Function<io.tunescope.analysis.calltree.Hotspot, String> f, double width) {
        javafx.scene.control.TableColumn<io.tunescope.analysis.calltree.Hotspot, String> c = new javafx.scene.control.TableColumn<>(ctx.text(key));
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(f.apply(cd.getValue())));
        c.setPrefWidth(width);
        c.setSortable(false);
        return c;
    }

    private void build() {
        report.setConverter(new StringConverter<>() {
            @Override
            public String toString(Loaded<PerfReport> l) {
                return l == null ? "" : l.file().path();
            }

            @Override
            public Loaded<PerfReport> fromString(String s) {
                return null;
            }
        });
        event.setConverter(new StringConverter<>() {
            @Override
            public String toString(PerfReport.Section s) {
                return s == null ? "" : s.event().isEmpty() ? ctx.text("perfreport.noEvent") : s.event();
            }

            @Override
            public PerfReport.Section fromString(String s) {
                return null;
            }
        });
        report.setId("perfReportFile");
        report.valueProperty().addListener((o, a, l) -> {
            event.getItems().setAll(l == null ? List.of() : l.value().sections());
            event.setValue(event.getItems().isEmpty() ? null : event.getItems().get(0));
        });
        event.valueProperty().addListener((o, a, s) -> refresh());
        filter.setPromptText(ctx.text("perfreport.filter"));
        filter.textProperty().addListener((o, a, t) -> refresh());

        TreeTableColumn<Row, String> symbol = col("perfreport.col.symbol", r -> r.node() != null ? r.node().name()
                : (r.entry().level() == ' ' ? "" : "[" + r.entry().level() + "] ") + r.entry().symbol(), 420);
        TreeTableColumn<Row, String> children = col("perfreport.col.children", r -> r.node() != null
                ? (r.node().percent() == null ? "" : pct(r.node().percent())) : r.entry().childrenPct() == null ? "" : pct(r.entry().childrenPct()), 90);
        TreeTableColumn<Row, String> self = col("perfreport.col.self", r -> r.node() != null ? "" : pct(r.entry().selfPct()), 80);
        TreeTableColumn<Row, String> samples = col("perfreport.col.samples", r -> r.node() != null || r.entry().samples() == null
                ? "" : String.format(Locale.ROOT, "%,d", r.entry().samples()), 90);
        TreeTableColumn<Row, String> command = col("perfreport.col.command", r -> r.node() != null ? "" : r.entry().command(), 120);
        TreeTableColumn<Row, String> dso = col("perfreport.col.dso", r -> r.node() != null ? "" : r.entry().dso(), 160);
        TreeTableColumn<Row, String> source = col("perfreport.col.source", r -> r.node() != null ? "" : r.file() + ":" + r.entry().line(), 220);
        table.getColumns().add(symbol);
        table.getColumns().add(children);
        table.getColumns().add(self);
        table.getColumns().add(samples);
        table.getColumns().add(command);
        table.getColumns().add(dso);
        table.getColumns().add(source);
        table.setShowRoot(false);
        table.setId("perfReportTable");
        table.setPlaceholder(new Label(ctx.text("perfreport.empty")));
        // Enter or a double click opens the entry's line of the report; type to filter, Esc clears, Ctrl+F
        io.tunescope.ui.Controls.onActivate(table, () -> {
            TreeItem<Row> item = table.getSelectionModel().getSelectedItem();
            Row r = item == null ? null : item.getValue();
            if (r != null) {
                ctx.openSource(io.tunescope.model.capture.SourceRef.of(r.file(), (int) Math.min(Integer.MAX_VALUE, r.entry().line())));
            }
        });
        io.tunescope.ui.Controls.filterKeys(table, filter);
        io.tunescope.ui.Controls.documentFilterKeys(ctx.shortcuts(), "perfreport", root, () -> io.tunescope.ui.Controls.focusFilter(filter));

        HBox bar = new HBox(8, new Label(ctx.text("perfreport.file")), report, new Label(ctx.text("perfreport.event")), event, filter);
        HBox.setHgrow(filter, Priority.ALWAYS);
        bar.setAlignment(Pos.CENTER_LEFT);
        header.setWrapText(true);
        buildWindowBox();
        VBox top = new VBox(6, bar, windowBox, header);
        top.setPadding(new Insets(8, 8, 6, 8));
        root.setTop(top);
        root.setCenter(table);
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.2f%%", v);
    }

    private TreeTableColumn<Row, String> col(String key, Function<Row, String> f, double width) {
        TreeTableColumn<Row, String> c = new TreeTableColumn<>(ctx.text(key));
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(cd.getValue().getValue() == null ? "" : f.apply(cd.getValue().getValue())));
        c.setPrefWidth(width);
        return c;
    }

    private void refresh() {
        Loaded<PerfReport> l = report.getValue();
        PerfReport.Section s = event.getValue();
        TreeItem<Row> rootItem = new TreeItem<>();
        if (l == null || s == null) {
            table.setRoot(rootItem);
            header.setText("");
            return;
        }
        header.setText(ctx.text("perfreport.header", s.event().isEmpty() ? "\u2014" : s.event(),
                s.samplesText().isEmpty() ? "\u2014" : s.samplesText(),
                s.eventCount() < 0 ? "\u2014" : String.format(Locale.ROOT, "%,d", s.eventCount()),
                s.entries().size(), String.join(", ", s.columns())));
        String q = filter.getText() == null ? "" : filter.getText().toLowerCase(Locale.ROOT);
        ObservableList<TreeItem<Row>> items = FXCollections.observableArrayList();
        for (PerfReportEntry e : s.entries()) {
            if (!q.isEmpty() && !(e.symbol().toLowerCase(Locale.ROOT).contains(q) || e.dso().toLowerCase(Locale.ROOT).contains(q)
                    || e.command().toLowerCase(Locale.ROOT).contains(q))) {
                continue;
            }
            TreeItem<Row> item = new ChainItem(new Row(e, null, l.file().path()), e.callChains(), l.file().path());
            items.add(item);
        }
        rootItem.getChildren().setAll(items);
        table.setRoot(rootItem);
    }

    /** Creates its children only when expanded: some reports hold hundreds of thousands of chain nodes. */
    private static final class ChainItem extends TreeItem<Row> {
        private final List<CallChainNode> chains;
        private final String file;
        private boolean built;

        ChainItem(Row row, List<CallChainNode> chains, String file) {
            super(row);
            this.chains = chains;
            this.file = file;
        }

        @Override
        public boolean isLeaf() {
            return chains.isEmpty();
        }

        @Override
        public ObservableList<TreeItem<Row>> getChildren() {
            if (!built) {
                built = true;
                for (CallChainNode n : chains) {
                    super.getChildren().add(new ChainItem(new Row(getValue().entry(), n, file), n.children(), file));
                }
            }
            return super.getChildren();
        }
    }

    /** The window's note ("" while no window is selected). */
    public String windowNoteText() {
        return windowBox.isVisible() ? windowNote.getText() : "";
    }

    /** The hotspots of the selected window's samples, as the view lists them. */
    public List<io.tunescope.analysis.calltree.Hotspot> windowHotspots() {
        return List.copyOf(windowTable.getItems());
    }

    @Override
    public String titleKey() {
        return "perfreport.tab";
    }

    @Override
    public String iconLiteral() {
        return "fas-table";
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void show(Capture capture) {
        List<Loaded<PerfReport>> all = capture == null ? List.of() : capture.all(CpuDatasets.PERF_REPORT);
        report.getItems().setAll(all);
        report.setValue(all.isEmpty() ? null : all.get(0));
        showWindow();
        if (all.isEmpty()) {
            event.getItems().clear();
            refresh();
        }
    }
}
