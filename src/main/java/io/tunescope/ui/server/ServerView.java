package io.tunescope.ui.server;

import io.tunescope.analysis.server.ServerStep;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.innodb.InnodbStatus;
import io.tunescope.model.pfs.PfsSummary;
import io.tunescope.model.processlist.Processlist;
import io.tunescope.rules.Fmt;
import io.tunescope.ui.CaptureView;
import io.tunescope.ui.ChartStyle;
import io.tunescope.ui.UiContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.CheckBoxListCell;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;

/**
 * The server's own evidence of a step: the InnoDB monitor's named numbers per snapshot (with charts over time,
 * semaphore waits and the latest deadlock), performance_schema's top waits and statement digests with their basis,
 * the process list's states per snapshot and its longest query, and the status counters chosen from a searchable
 * list, drawn on the capture's clock. Every number keeps its file:line. All of it is read from the capture's
 * session ({@link ServerViewModel}); this class only lays it out.
 */
public final class ServerView implements CaptureView {
    private final UiContext ctx;
    private final ServerViewModel vm = new ServerViewModel();
    private final BorderPane root = new BorderPane();
    private final ComboBox<ServerViewModel.Entry> stepBox = new ComboBox<>();
    private final TabPane inner = new TabPane();
    private final Label noCapture = new Label();
    private Capture capture;

    // InnoDB
    private final TableView<ServerStep.InnodbSnap> innodbTable = new TableView<>();
    private final Label innodbNote = new Label();
    private final ChartViewer innodbChart = new ChartViewer();
    private final TableView<ServerStep.Wait> waitTable = new TableView<>();
    private final TextArea deadlock = new TextArea();
    private final Label deadlockHead = new Label();
    private final StackPane innodbPane = new StackPane();
    private final VBox innodbBox = new VBox(8);
    private final TabPane innodbLower = new TabPane();

    // performance_schema
    private final TextField pfsFilter = new TextField();
    private final TableView<ServerStep.WaitRow> pfsWaits = new TableView<>();
    private final FilteredList<ServerStep.WaitRow> pfsWaitItems = new FilteredList<>(FXCollections.observableArrayList());
    private final TableView<ServerStep.DigestRow> pfsDigests = new TableView<>();
    private final FilteredList<ServerStep.DigestRow> pfsDigestItems = new FilteredList<>(FXCollections.observableArrayList());
    private final Label waitsBasis = new Label();
    private final Label digestsBasis = new Label();
    private final TextArea digestText = new TextArea();
    private final StackPane pfsPane = new StackPane();

    // process list
    private final TableView<ServerStep.ProcessSnap> procTable = new TableView<>();
    private final ChartViewer procChart = new ChartViewer();
    private final Label longestHead = new Label();
    private final TextArea longestText = new TextArea();
    private final StackPane procPane = new StackPane();
    private final VBox procBox = new VBox(8);
    private final Label procNote = new Label();
    private VBox longestBox;

    // counters
    private final TextField counterSearch = new TextField();
    private final ListView<String> counterList = new ListView<>();
    private final Label counterNote = new Label();
    private final StackPane counterPane = new StackPane();
    private final VBox counterChartBox = new VBox();

    public ServerView(UiContext ctx) {
        this.ctx = ctx;
        build();
    }

    public ServerViewModel viewModel() {
        return vm;
    }

    @Override
    public String titleKey() {
        return "server.tab";
    }

    @Override
    public String iconLiteral() {
        return "fas-database";
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void show(Capture c) {
        capture = c;
        if (c == null) {
            vm.setSteps(List.of());
            stepBox.getItems().clear();
            noCapture.setText(ctx.text("server.noCapture"));
            noCapture.setVisible(true);
            return;
        }
        ctx.background().submit(() -> {
            List<ServerViewModel.Entry> steps = ServerViewModel.read(c);
            Platform.runLater(() -> {
                if (capture != c) {
                    return;
                }
                stepBox.getItems().setAll(steps);
                vm.setSteps(steps);
                noCapture.setVisible(!vm.anyEvidence());
                noCapture.setText(ctx.text("server.noEvidence"));
            });
            return null;
        });
    }

    /** "Show evidence" of a finding read from the server's outputs: its step, at the part that shows its files. */
    @Override
    public boolean reveal(io.tunescope.ui.Target target) {
        if (!(target instanceof io.tunescope.ui.Target.Server t)) {
            return false;
        }
        for (ServerViewModel.Entry e : vm.stepsProperty().get()) {
            if (e.step().dir().equals(t.step())) {
                String part = e.server().partOf(t.files());
                if (part == null) {
                    return false;
                }
                vm.stepProperty().set(e);
                inner.getSelectionModel().select(List.of("innodb", "pfs", "processlist", "counters").indexOf(part));
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------ layout

    private void build() {
        root.setId("serverView");
        stepBox.setId("serverStep");
        stepBox.setTooltip(new Tooltip(ctx.text("server.step.tip")));
        stepBox.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(ServerViewModel.Entry e) {
                return e == null ? "" : e.step().isRoot() || e.step().label().isEmpty() ? ctx.text("server.step.root") : e.step().label();
            }

            @Override
            public ServerViewModel.Entry fromString(String s) {
                return null;
            }
        });
        stepBox.valueProperty().addListener((o, a, e) -> {
            if (e != null && e != vm.stepProperty().get()) {
                vm.stepProperty().set(e);
            }
        });
        vm.stepProperty().addListener((o, a, e) -> stepBox.setValue(e));
        vm.serverProperty().addListener((o, a, s) -> refresh(s));
        Label stepLabel = new Label(ctx.text("server.step"));
        stepLabel.setLabelFor(stepBox);
        HBox top = new HBox(8, stepLabel, stepBox);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(8, 8, 0, 8));

        inner.setId("serverTabs");
        inner.getTabs().addAll(tab("server.tab.innodb", "serverTabInnodb", innodbPane), tab("server.tab.pfs", "serverTabPfs", pfsPane),
                tab("server.tab.processlist", "serverTabProcesslist", procPane), tab("server.tab.counters", "serverTabCounters", counterPane));
        buildInnodb();
        buildPfs();
        buildProcesslist();
        buildCounters();

        noCapture.setText(ctx.text("server.noCapture"));
        noCapture.setWrapText(true);
        noCapture.getStyleClass().add("empty-state");
        noCapture.setId("serverEmpty");
        StackPane centre = new StackPane(inner, noCapture);
        StackPane.setAlignment(noCapture, Pos.TOP_LEFT);
        noCapture.setPadding(new Insets(12));
        noCapture.visibleProperty().addListener((o, a, v) -> inner.setVisible(!v));
        VBox box = new VBox(8, top, centre);
        VBox.setVgrow(centre, Priority.ALWAYS);
        root.setCenter(box);

        ctx.theme().addListener((o, a, t) -> {
            for (ChartViewer v : List.of(innodbChart, procChart)) {
                ChartStyle.apply(v.getChart(), t);
            }
            for (Node n : counterChartBox.getChildren()) {
                if (n instanceof ChartViewer v) {
                    ChartStyle.apply(v.getChart(), t);
                }
            }
        });
        io.tunescope.ui.Controls.documentFilterKeys(ctx.shortcuts(), "server", root, this::focusFilter);
    }

    private Tab tab(String key, String id, Node content) {
        Tab t = new Tab(ctx.text(key), content);
        t.setClosable(false);
        t.setId(id);
        t.setTooltip(new Tooltip(ctx.text(key + ".tip")));
        return t;
    }

    /** Ctrl+F: the search of the tab shown (counters, or the performance_schema filter). */
    private void focusFilter() {
        Tab t = inner.getSelectionModel().getSelectedItem();
        if (t != null && t.getContent() == counterPane) {
            counterSearch.requestFocus();
        } else {
            inner.getSelectionModel().select(1);
            pfsFilter.requestFocus();
        }
    }

    private StackPane withEmpty(StackPane pane, Node content, Label empty) {
        empty.setWrapText(true);
        empty.getStyleClass().add("empty-state");
        empty.setPadding(new Insets(12));
        StackPane.setAlignment(empty, Pos.TOP_LEFT);
        pane.getChildren().setAll(content, empty);
        content.visibleProperty().bind(empty.visibleProperty().not());
        return pane;
    }

    private final Label innodbEmpty = emptyLabel("serverInnodbEmpty");
    private final Label pfsEmpty = emptyLabel("serverPfsEmpty");
    private final Label procEmpty = emptyLabel("serverProcEmpty");
    private final Label counterEmpty = emptyLabel("serverCountersEmpty");

    private static Label emptyLabel(String id) {
        Label l = new Label();
        l.setId(id);
        return l;
    }

    // ------------------------------------------------------------------ InnoDB

    private void buildInnodb() {
        innodbTable.setId("serverInnodbTable");
        innodbTable.setPlaceholder(new Label(ctx.text("server.innodb.none")));
        innodbNote.setWrapText(true);
        innodbNote.setId("serverInnodbNote");
        innodbChart.setId("serverInnodbChart");
        innodbChart.setMinHeight(220);

        waitTable.setId("serverSemaphoreWaits");
        waitTable.setPlaceholder(new Label(ctx.text("server.innodb.waits.none")));
        waitTable.getColumns().add(text(ctx.text("server.innodb.waits.col.snapshot"), w -> snapLabel(w.snap()), 150, null));
        waitTable.getColumns().add(text(ctx.text("server.innodb.waits.col.thread"), w -> w.semaphore().thread(), 140, null));
        waitTable.getColumns().add(text(ctx.text("server.innodb.waits.col.latch"), w -> w.semaphore().location(), 170,
                ctx.text("server.innodb.waits.col.latch.tip")));
        waitTable.getColumns().add(number(ctx.text("server.innodb.waits.col.seconds"), w -> w.semaphore().seconds(), v -> Fmt.num(v), 90, null));
        waitTable.getColumns().add(text(ctx.text("server.innodb.waits.col.what"), w -> w.semaphore().what(), 360, null));
        waitTable.getColumns().add(source(w -> w.ref()));
        io.tunescope.ui.Controls.openSourceOnActivate(ctx, waitTable, w -> w.ref());

        deadlock.setEditable(false);
        deadlock.setWrapText(false);
        deadlock.setId("serverDeadlock");
        deadlock.setStyle("-fx-font-family: monospace;");
        deadlockHead.setWrapText(true);
        VBox deadlockBox = new VBox(6, deadlockHead, deadlock);
        VBox.setVgrow(deadlock, Priority.ALWAYS);
        deadlockBox.setPadding(new Insets(6));
        innodbLower.getTabs().setAll(tabOf("server.innodb.waits.title", waitTable), tabOf("server.innodb.deadlock.title", deadlockBox));
        innodbLower.setId("serverInnodbLower");
        innodbLower.setPrefHeight(260);
        innodbLower.setMinHeight(200);
        innodbNote.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);

        // one column that scrolls: the table as tall as its rows, each chart at a readable height
        innodbBox.setPadding(new Insets(6));
        innodbBox.getChildren().setAll(innodbNote, innodbTable, innodbChart, innodbLower);
        withEmpty(innodbPane, scrolling(innodbBox), innodbEmpty);
    }

    /** A column of parts that scrolls vertically and fits the width. */
    private static ScrollPane scrolling(VBox box) {
        ScrollPane sp = new ScrollPane(box);
        sp.setFitToWidth(true);
        return sp;
    }

    /** A table as tall as {@code rows} rows (at most {@code max}), with its header and horizontal scroll bar. */
    private static void fitRows(TableView<?> t, int rows, int max) {
        double h = 34 + Math.max(2, Math.min(rows, max)) * 25 + 20;
        t.setMinHeight(h);
        t.setPrefHeight(h);
        t.setMaxHeight(h);
    }

    private Tab tabOf(String key, Node content) {
        Tab t = new Tab(ctx.text(key), content);
        t.setClosable(false);
        return t;
    }

    private void showInnodb(ServerStep s) {
        ServerStep.Innodb in = s.innodb();
        innodbEmpty.setText(ctx.text("server.empty.innodb"));
        innodbEmpty.setVisible(in.snapshots().isEmpty());
        innodbTable.getColumns().clear();
        innodbTable.getColumns().add(number(ctx.text("server.innodb.col.snapshot"), x -> in.snapshots().indexOf(x) + 1.0, v -> Fmt.num(v), 50, null));
        innodbTable.getColumns().add(text(ctx.text("server.innodb.col.time"), x -> x.snapshot().timestamp().isEmpty()
                ? ctx.text("server.noTime") : x.snapshot().timestamp(), 150, ctx.text("server.innodb.col.time.tip")));
        for (String name : in.names()) {
            innodbTable.getColumns().add(innodbColumn(name, in.capacity()));
        }
        innodbTable.getColumns().add(source(ServerStep.InnodbSnap::ref));
        io.tunescope.ui.Controls.openSourceOnActivate(ctx, innodbTable, ServerStep.InnodbSnap::ref);
        SortedList<ServerStep.InnodbSnap> sorted = new SortedList<>(FXCollections.observableArrayList(in.snapshots()));
        sorted.comparatorProperty().bind(innodbTable.comparatorProperty());
        innodbTable.setItems(sorted);

        List<String> notes = new ArrayList<>();
        notes.add(in.timed() ? ctx.text("server.innodb.order.time", in.snapshots().size())
                : ctx.text("server.innodb.order.file", in.snapshots().size()));
        if (in.capacity() != null) {
            notes.add(ctx.text("server.innodb.capacity", Fmt.bytes(in.capacity().bytes()), facts(in.capacity().from())));
        } else if (!in.snapshots().isEmpty()) {
            notes.add(ctx.text("server.innodb.noCapacity"));
        }
        if (!in.timed() && !in.snapshots().isEmpty()) {
            notes.add(ctx.text("server.innodb.notTimed"));
        }
        innodbNote.setText(String.join("\n", notes));

        waitTable.setItems(FXCollections.observableArrayList(in.waits()));
        if (in.deadlock() == null) {
            deadlockHead.setText(ctx.text("server.innodb.deadlock.none"));
            deadlock.setText("");
        } else {
            ServerStep.Deadlock d = in.deadlock();
            deadlockHead.setText(ctx.text("server.innodb.deadlock.head", d.time().isEmpty() ? ctx.text("server.noTime") : d.time(),
                    d.ref().toString()));
            deadlock.setText(d.text());
        }

        fitRows(innodbTable, in.snapshots().size(), 10);
        List<Node> items = new ArrayList<>(List.of(innodbNote, innodbTable));
        if (in.timed()) {
            JFreeChart chart = innodbChart(in);
            show(innodbChart, chart);
            int panels = ((org.jfree.chart.plot.CombinedDomainXYPlot) chart.getPlot()).getSubplots().size();
            innodbChart.setMinHeight(panels * 120 + 90);
            innodbChart.setPrefHeight(panels * 120 + 90);
            items.add(innodbChart);
        } else {
            show(innodbChart, null);
        }
        items.add(innodbLower);
        innodbBox.getChildren().setAll(items);
    }

    private String facts(List<io.tunescope.analysis.evidence.Fact> from) {
        List<String> out = new ArrayList<>();
        for (var f : from) {
            out.add(f.name() + " = " + f.value() + " (" + f.ref() + ")");
        }
        return String.join(" \u00d7 ", out);
    }

    private TableColumn<ServerStep.InnodbSnap, Number> innodbColumn(String name, ServerStep.RedoCapacity capacity) {
        TableColumn<ServerStep.InnodbSnap, Number> c = new TableColumn<>();
        Label head = new Label(ctx.text("server.innodb.name." + name));
        head.setTooltip(new Tooltip(ctx.text("server.innodb.tip." + name)));
        c.setGraphic(head);
        c.setId("innodb-" + name);
        c.setCellValueFactory(cd -> {
            InnodbStatus.Value v = cd.getValue().value(name);
            return new ReadOnlyObjectWrapper<>(v == null ? null : v.value());
        });
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Number v, boolean empty) {
                super.updateItem(v, empty);
                ServerStep.InnodbSnap row = empty || getTableRow() == null ? null : getTableRow().getItem();
                InnodbStatus.Value value = row == null ? null : row.value(name);
                if (value == null) {
                    setText(empty ? null : "\u2014");
                    setTooltip(empty ? null : new Tooltip(ctx.text("server.innodb.notPrinted")));
                    return;
                }
                setText(innodbValue(name, value.value(), row, capacity));
                setTooltip(new Tooltip(ctx.text("server.valueTip", ctx.text("server.innodb.name." + name), raw(value.value()),
                        row.ref(value.line()).toString())));
            }
        });
        c.setStyle("-fx-alignment: CENTER-RIGHT;");
        c.setPrefWidth(name.equals("checkpoint_age") ? 215 : 115);
        return c;
    }

    String innodbValue(String name, double v, ServerStep.InnodbSnap row, ServerStep.RedoCapacity capacity) {
        return switch (name) {
            case "checkpoint_age" -> {
                double pct = row.checkpointAgePct(capacity);
                yield Double.isNaN(pct) ? Fmt.bytes(v) : ctx.text("server.innodb.ageOfCapacity", Fmt.bytes(v), Fmt.num(pct));
            }
            case "buffer_pool_hit_rate" -> String.format(Locale.ROOT, "%.1f %%", v);
            default -> raw(v);
        };
    }

    private static String raw(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) v) : String.format(Locale.ROOT, "%,.2f", v);
    }

    private JFreeChart innodbChart(ServerStep.Innodb in) {
        List<ServerCharts.Panel> panels = new ArrayList<>();
        addPanel(panels, in, ctx.text("server.chart.history"), 1, "history_list_length");
        ServerCharts.Panel ckpt = panel(in, ctx.text("server.chart.checkpoint"), 1.0 / (1024 * 1024), "checkpoint_age");
        if (ckpt != null) {
            if (in.capacity() != null) {
                ckpt = new ServerCharts.Panel(ckpt.axis(), ckpt.lines(), in.capacity().bytes() / (1024 * 1024),
                        ctx.text("server.chart.capacity", Fmt.bytes(in.capacity().bytes())));
            }
            panels.add(ckpt);
        }
        addPanel(panels, in, ctx.text("server.chart.pending"), 1, "pending_reads", "pending_writes", "pending_fsyncs",
                "pending_aio_reads", "pending_aio_writes");
        addPanel(panels, in, ctx.text("server.chart.waits"), 1, "semaphore_waits");
        addPanel(panels, in, ctx.text("server.chart.hitRate"), 1, "buffer_pool_hit_rate");
        addPanel(panels, in, ctx.text("server.chart.dirty"), 1, "buffer_pool_pages_modified");
        long span = in.snapshots().get(in.snapshots().size() - 1).time() - in.snapshots().get(0).time();
        JFreeChart chart = ServerCharts.lines(panels, ServerCharts.timeAxis(true, ctx.text("server.chart.time.server"), span), true);
        ChartStyle.apply(chart, ctx.theme().getValue());
        return chart;
    }

    private void addPanel(List<ServerCharts.Panel> out, ServerStep.Innodb in, String axis, double scale, String... names) {
        ServerCharts.Panel p = panel(in, axis, scale, names);
        if (p != null) {
            out.add(p);
        }
    }

    /** A panel of the named numbers that some snapshot prints; null when none does. */
    private ServerCharts.Panel panel(ServerStep.Innodb in, String axis, double scale, String... names) {
        List<ServerCharts.Line> lines = new ArrayList<>();
        for (String n : names) {
            if (in.snapshots().stream().noneMatch(s -> s.value(n) != null)) {
                continue;
            }
            double[] x = new double[in.snapshots().size()];
            double[] y = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                ServerStep.InnodbSnap s = in.snapshots().get(i);
                x[i] = s.time();
                y[i] = s.value(n) == null ? Double.NaN : s.value(n).value() * scale;
            }
            lines.add(new ServerCharts.Line(ctx.text("server.innodb.name." + n), x, y));
        }
        return lines.isEmpty() ? null : new ServerCharts.Panel(axis, lines);
    }

    // ------------------------------------------------------------------ performance_schema

    private void buildPfs() {
        pfsFilter.setId("serverPfsFilter");
        pfsFilter.setPromptText(ctx.text("server.pfs.filter"));
        pfsFilter.setTooltip(new Tooltip(ctx.text("server.pfs.filter.tip")));
        pfsFilter.textProperty().addListener((o, a, t) -> {
            String q = t == null ? "" : t.strip().toLowerCase(Locale.ROOT);
            pfsWaitItems.setPredicate(r -> q.isEmpty() || r.event().toLowerCase(Locale.ROOT).contains(q));
            pfsDigestItems.setPredicate(r -> q.isEmpty() || r.text().toLowerCase(Locale.ROOT).contains(q)
                    || r.schema().toLowerCase(Locale.ROOT).contains(q));
        });

        pfsWaits.setId("serverPfsWaits");
        pfsWaits.getColumns().add(text(ctx.text("server.pfs.col.event"), ServerStep.WaitRow::event, 320, null));
        pfsWaits.getColumns().add(number(ctx.text("server.pfs.col.count"), r -> (double) r.count(), ServerView::raw, 100, null));
        pfsWaits.getColumns().add(number(ctx.text("server.pfs.col.total"), r -> (double) r.totalPs(), v -> PfsSummary.time((long) v), 100,
                ctx.text("server.pfs.col.total.tip")));
        pfsWaits.getColumns().add(number(ctx.text("server.pfs.col.avg"), r -> (double) r.avgPs(), v -> PfsSummary.time((long) v), 100,
                ctx.text("server.pfs.col.avg.tip")));
        TableColumn<ServerStep.WaitRow, Number> waitShare = number(ctx.text("server.pfs.col.share"), ServerStep.WaitRow::share,
                v -> Fmt.pct(v), 84, ctx.text("server.pfs.col.share.waits.tip"));
        pfsWaits.getColumns().add(waitShare);
        pfsWaits.getColumns().add(source(ServerStep.WaitRow::ref));
        io.tunescope.ui.Controls.openSourceOnActivate(ctx, pfsWaits, ServerStep.WaitRow::ref);
        SortedList<ServerStep.WaitRow> sw = new SortedList<>(pfsWaitItems);
        sw.comparatorProperty().bind(pfsWaits.comparatorProperty());
        pfsWaits.setItems(sw);
        pfsWaits.setPlaceholder(new Label(ctx.text("server.pfs.noWaits")));

        pfsDigests.setId("serverPfsDigests");
        pfsDigests.getColumns().add(text(ctx.text("server.pfs.col.digest"), ServerStep.DigestRow::text, 340, null));
        pfsDigests.getColumns().add(text(ctx.text("server.pfs.col.schema"), ServerStep.DigestRow::schema, 90, null));
        pfsDigests.getColumns().add(number(ctx.text("server.pfs.col.count"), r -> (double) r.count(), ServerView::raw, 84, null));
        pfsDigests.getColumns().add(number(ctx.text("server.pfs.col.total"), r -> (double) r.totalPs(), v -> PfsSummary.time((long) v), 90,
                ctx.text("server.pfs.col.total.tip")));
        pfsDigests.getColumns().add(number(ctx.text("server.pfs.col.avg"), r -> (double) r.avgPs(), v -> PfsSummary.time((long) v), 90,
                ctx.text("server.pfs.col.avg.tip")));
        pfsDigests.getColumns().add(number(ctx.text("server.pfs.col.share"), ServerStep.DigestRow::share, v -> Fmt.pct(v), 70,
                ctx.text("server.pfs.col.share.digests.tip")));
        pfsDigests.getColumns().add(number(ctx.text("server.pfs.col.examined"), r -> (double) r.rowsExamined(), ServerView::countOrDash, 100, null));
        pfsDigests.getColumns().add(number(ctx.text("server.pfs.col.sent"), r -> (double) r.rowsSent(), ServerView::countOrDash, 90, null));
        pfsDigests.getColumns().add(number(ctx.text("server.pfs.col.tmpDisk"), r -> (double) r.tmpDiskTables(), ServerView::countOrDash, 90,
                ctx.text("server.pfs.col.tmpDisk.tip")));
        pfsDigests.getColumns().add(number(ctx.text("server.pfs.col.noIndex"), r -> (double) r.noIndexUsed(), ServerView::countOrDash, 90,
                ctx.text("server.pfs.col.noIndex.tip")));
        pfsDigests.getColumns().add(source(ServerStep.DigestRow::ref));
        io.tunescope.ui.Controls.openSourceOnActivate(ctx, pfsDigests, ServerStep.DigestRow::ref);
        SortedList<ServerStep.DigestRow> sd = new SortedList<>(pfsDigestItems);
        sd.comparatorProperty().bind(pfsDigests.comparatorProperty());
        pfsDigests.setItems(sd);
        pfsDigests.setPlaceholder(new Label(ctx.text("server.pfs.noDigests")));
        io.tunescope.ui.Controls.filterKeys(pfsFilter, () -> pfsDigests.isFocused() ? pfsDigests : pfsWaits, pfsWaits, pfsDigests);
        digestText.setEditable(false);
        digestText.setWrapText(true);
        digestText.setPrefRowCount(3);
        digestText.setId("serverDigestText");
        digestText.setPromptText(ctx.text("server.pfs.digestText"));
        pfsDigests.getSelectionModel().selectedItemProperty().addListener((o, a, r) -> digestText.setText(r == null ? ""
                : r.text() + "\n\u2014 " + r.ref()));

        for (Label l : List.of(waitsBasis, digestsBasis)) {
            l.setWrapText(true);
            l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        waitsBasis.setId("serverWaitsBasis");
        digestsBasis.setId("serverDigestsBasis");
        Label waitsTitle = title("server.pfs.waits");
        Label digestsTitle = title("server.pfs.digests");
        VBox waitsBox = new VBox(4, waitsTitle, waitsBasis, pfsWaits);
        VBox.setVgrow(pfsWaits, Priority.ALWAYS);
        VBox digestsBox = new VBox(4, digestsTitle, digestsBasis, pfsDigests, digestText);
        VBox.setVgrow(pfsDigests, Priority.ALWAYS);
        SplitPane split = new SplitPane(waitsBox, digestsBox);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.45);
        VBox content = new VBox(6, pfsFilter, split);
        VBox.setVgrow(split, Priority.ALWAYS);
        content.setPadding(new Insets(6));
        withEmpty(pfsPane, content, pfsEmpty);
    }

    private static String countOrDash(double v) {
        return v < 0 ? "\u2014" : raw(v);
    }

    private Label title(String key) {
        Label l = new Label(ctx.text(key));
        l.getStyleClass().add("section-title");
        return l;
    }

    private void showPfs(ServerStep s) {
        ServerStep.Pfs p = s.pfs();
        pfsEmpty.setText(ctx.text("server.empty.pfs"));
        pfsEmpty.setVisible(p.isEmpty());
        ((javafx.collections.ObservableList<ServerStep.WaitRow>) pfsWaitItems.getSource()).setAll(p.waits());
        ((javafx.collections.ObservableList<ServerStep.DigestRow>) pfsDigestItems.getSource()).setAll(p.digests());
        waitsBasis.setText(p.waitsBasis() == null ? ctx.text("server.pfs.noWaits")
                : basis(p.waitsBasis()) + "\n" + ctx.text("server.pfs.waits.total", PfsSummary.time(p.waitsTotalPs()), p.waits().size()));
        digestsBasis.setText(p.digestsBasis() == null ? ctx.text("server.pfs.noDigests")
                : basis(p.digestsBasis()) + "\n" + ctx.text("server.pfs.digests.total", PfsSummary.time(p.digestsTotalPs()), p.digests().size(),
                p.digestsTable()));
        pfsWaits.getSortOrder().clear();
        pfsDigests.getSortOrder().clear();
    }

    private String basis(ServerStep.Basis b) {
        return b.delta() ? ctx.text("server.pfs.basis.delta", b.snapshots(), b.first().toString(), b.last().toString())
                : ctx.text("server.pfs.basis.startup", b.last().toString());
    }

    // ------------------------------------------------------------------ process list

    private void buildProcesslist() {
        procTable.setId("serverProcTable");
        procChart.setId("serverProcChart");
        procChart.setMinHeight(200);
        longestHead.setWrapText(true);
        longestHead.setId("serverLongest");
        longestText.setEditable(false);
        longestText.setWrapText(true);
        longestText.setPrefRowCount(4);
        longestText.setId("serverLongestText");
        longestText.setStyle("-fx-font-family: monospace;");
        longestHead.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        longestBox = new VBox(4, title("server.proc.longestTitle"), longestHead, longestText);
        procChart.setMinHeight(300);
        procChart.setPrefHeight(300);
        procBox.setPadding(new Insets(6));
        procNote.setWrapText(true);
        procNote.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        procNote.setId("serverProcNote");
        procBox.getChildren().setAll(procNote, procTable, procChart, longestBox);
        withEmpty(procPane, scrolling(procBox), procEmpty);
    }

    private void showProcesslist(ServerStep s) {
        ServerStep.Processes p = s.processes();
        procEmpty.setText(ctx.text("server.empty.processlist"));
        procEmpty.setVisible(p.snapshots().isEmpty());
        procTable.getColumns().clear();
        procTable.getColumns().add(number(ctx.text("server.innodb.col.snapshot"), x -> p.snapshots().indexOf(x) + 1.0, v -> Fmt.num(v), 50, null));
        procTable.getColumns().add(text(ctx.text("server.proc.col.time"), x -> x.snapshot().stamp().isEmpty() ? ctx.text("server.noTime")
                : x.snapshot().stamp(), 150, null));
        procTable.getColumns().add(number(ctx.text("server.proc.col.threads"), x -> (double) x.snapshot().threads().size(), ServerView::raw, 84,
                ctx.text("server.proc.col.threads.tip")));
        procTable.getColumns().add(number(ctx.text("server.proc.col.active"), x -> (double) x.snapshot().activeThreads().size(), ServerView::raw, 84,
                ctx.text("server.proc.col.active.tip")));
        for (String state : p.states()) {
            TableColumn<ServerStep.ProcessSnap, Number> c = number(state, x -> (double) x.snapshot().activeByState().getOrDefault(state, 0),
                    ServerView::raw, Math.max(90, Math.min(220, state.length() * 7.5 + 16)), ctx.text("server.proc.col.state.tip", state));
            procTable.getColumns().add(c);
        }
        procTable.getColumns().add(source(ServerStep.ProcessSnap::ref));
        io.tunescope.ui.Controls.openSourceOnActivate(ctx, procTable, ServerStep.ProcessSnap::ref);
        SortedList<ServerStep.ProcessSnap> sorted = new SortedList<>(FXCollections.observableArrayList(p.snapshots()));
        sorted.comparatorProperty().bind(procTable.comparatorProperty());
        procTable.setItems(sorted);
        procTable.setPlaceholder(new Label(ctx.text("server.proc.none")));

        ServerStep.Longest l = p.longest();
        if (l == null) {
            longestHead.setText(ctx.text("server.proc.noLongest"));
            longestText.setText("");
        } else if (l.thread().time() == 0) {
            // Time is whole seconds: every active query had run for less than one when its snapshot was taken
            longestHead.setText(ctx.text("server.proc.allShort", l.ref().toString()));
            longestText.setText(l.thread().info());
        } else {
            Processlist.Thread t = l.thread();
            longestHead.setText(ctx.text("server.proc.longest", Long.toString(t.time()), Long.toString(t.id()), t.user(), t.host(), t.command(), t.stateLabel(),
                    l.snap().snapshot().stamp().isEmpty() ? ctx.text("server.noTime") : l.snap().snapshot().stamp(), l.ref().toString()));
            longestText.setText(t.info());
        }

        fitRows(procTable, p.snapshots().size(), 12);
        procNote.setText(p.timed() ? ctx.text("server.proc.order.time", p.snapshots().size())
                : ctx.text("server.proc.order.file", p.snapshots().size()));
        if (p.timed() && !p.states().isEmpty()) {
            List<ServerCharts.Line> lines = new ArrayList<>();
            for (String state : p.states()) {
                double[] x = new double[p.snapshots().size()];
                double[] y = new double[x.length];
                for (int i = 0; i < x.length; i++) {
                    x[i] = p.snapshots().get(i).time();
                    y[i] = p.snapshots().get(i).snapshot().activeByState().getOrDefault(state, 0);
                }
                lines.add(new ServerCharts.Line(state, x, y));
            }
            long span = p.snapshots().get(p.snapshots().size() - 1).time() - p.snapshots().get(0).time();
            JFreeChart chart = ServerCharts.stacked(lines, ServerCharts.timeAxis(true, ctx.text("server.chart.time.server"), span),
                    ctx.text("server.proc.chart.axis"));
            ChartStyle.apply(chart, ctx.theme().getValue());
            show(procChart, chart);
            procBox.getChildren().setAll(procNote, procTable, procChart, longestBox);
        } else {
            show(procChart, null);
            procBox.getChildren().setAll(procNote, procTable, longestBox);
        }
    }

    // ------------------------------------------------------------------ counters

    private void buildCounters() {
        counterSearch.setId("serverCounterSearch");
        counterSearch.setPromptText(ctx.text("server.counters.search"));
        counterSearch.setTooltip(new Tooltip(ctx.text("server.counters.search.tip")));
        counterSearch.textProperty().bindBidirectional(vm.counterSearchProperty());
        counterList.setId("serverCounterList");
        counterList.setItems(vm.counters());
        counterList.setCellFactory(CheckBoxListCell.forListView(name -> {
            javafx.beans.property.BooleanProperty on = new javafx.beans.property.SimpleBooleanProperty(vm.chosen().contains(name));
            on.addListener((o, a, v) -> vm.choose(name, v));
            return on;
        }));
        counterList.setTooltip(new Tooltip(ctx.text("server.counters.list.tip")));
        io.tunescope.ui.Controls.filterKeys(counterList, counterSearch);
        counterList.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            // Space ticks the selected counter
            if (e.getCode() == javafx.scene.input.KeyCode.SPACE && counterList.getSelectionModel().getSelectedItem() != null) {
                String n = counterList.getSelectionModel().getSelectedItem();
                vm.choose(n, !vm.chosen().contains(n));
                counterList.refresh();
                e.consume();
            }
        });
        Button suspects = new Button(ctx.text("server.counters.suspects"));
        suspects.setId("serverCounterSuspects");
        suspects.setTooltip(new Tooltip(ctx.text("server.counters.suspects.tip")));
        suspects.setOnAction(e -> {
            ServerStep s = vm.serverProperty().get();
            if (s != null) {
                for (String n : List.copyOf(vm.chosen())) {
                    vm.choose(n, false);
                }
                for (String n : s.counters().preselected()) {
                    vm.choose(n, true);
                }
                counterList.refresh();
            }
        });
        VBox left = new VBox(6, counterSearch, counterList, suspects);
        VBox.setVgrow(counterList, Priority.ALWAYS);
        left.setMinWidth(220);
        left.setPrefWidth(280);
        counterNote.setWrapText(true);
        counterNote.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        counterNote.setId("serverCounterNote");
        counterChartBox.setId("serverCounterCharts");
        counterChartBox.setSpacing(4);
        ScrollPane scroll = new ScrollPane(counterChartBox);
        scroll.setFitToWidth(true);
        VBox right = new VBox(6, counterNote, scroll);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        SplitPane split = new SplitPane(left, right);
        split.setDividerPositions(0.24);
        SplitPane.setResizableWithParent(left, false);
        split.setPadding(new Insets(6));
        withEmpty(counterPane, split, counterEmpty);
        vm.chosen().addListener((javafx.collections.ListChangeListener<String>) ch -> drawCounters());
    }

    /**
     * One small chart per chosen counter, its name and unit as the chart's title above the plot, all on the same
     * time range so that they line up; the pane scrolls when they do not fit.
     */
    private void drawCounters() {
        ServerStep s = vm.serverProperty().get();
        counterChartBox.getChildren().clear();
        if (s == null) {
            return;
        }
        ServerStep.Counters c = s.counters();
        counterEmpty.setText(ctx.text("server.empty.counters"));
        counterEmpty.setVisible(c.series().isEmpty());
        String clock = c.wallClock() ? ctx.text("server.counters.clock.wall") : ctx.text("server.counters.clock.offset");
        counterNote.setText(ctx.text("server.counters.note", vm.chosen().size(), c.names().size(), clock));
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (String name : vm.chosen()) {
            for (ServerStep.Counter k : c.named(name)) {
                if (!k.series().isEmpty()) {
                    first = Math.min(first, k.series().firstTime());
                    last = Math.max(last, k.series().lastTime());
                }
            }
        }
        for (String name : vm.chosen()) {
            List<ServerCharts.Line> lines = new ArrayList<>();
            boolean gauge = false;
            List<ServerStep.Counter> all = c.named(name);
            for (ServerStep.Counter k : all) {
                var ts = k.series();
                gauge = k.gauge();
                double[] x = new double[ts.size()];
                double[] y = new double[ts.size()];
                for (int i = 0; i < ts.size(); i++) {
                    x[i] = c.wallClock() ? ts.time(i) : (ts.time(i) - c.start()) / 1000.0;
                    y[i] = ts.value(i);
                }
                lines.add(new ServerCharts.Line(all.size() > 1 ? k.series().file() : name, x, y));
            }
            String unit = ctx.text(gauge ? "server.counters.axis.gauge" : "server.counters.axis.rate");
            ServerCharts.Panel panel = new ServerCharts.Panel("", lines);
            // the time axis is named once, under the last chart
            boolean lastChart = name.equals(vm.chosen().get(vm.chosen().size() - 1));
            var axis = ServerCharts.timeAxis(c.wallClock(), lastChart ? ctx.text(c.wallClock() ? "server.chart.time.capture"
                    : "server.chart.time.offset") : null, last - first);
            if (first < last) {
                double lo = c.wallClock() ? first : (first - c.start()) / 1000.0;
                double hi = c.wallClock() ? last : (last - c.start()) / 1000.0;
                axis.setRange(lo, hi);
            }
            JFreeChart chart = ServerCharts.titled(ctx.text("server.counters.title", name, unit), panel, axis, all.size() > 1);
            ChartStyle.apply(chart, ctx.theme().getValue());
            ChartViewer v = new ChartViewer(chart);
            v.setId("counter-" + name);
            v.setMinHeight(170);
            v.setPrefHeight(190);
            counterChartBox.getChildren().add(v);
        }
    }

    /** A chart viewer shows the chart, or nothing (a viewer cannot hold no chart: it is hidden instead). */
    private static void show(ChartViewer v, JFreeChart chart) {
        if (chart != null) {
            v.setChart(chart);
        }
        v.setVisible(chart != null);
    }

    // ------------------------------------------------------------------ refresh

    private void refresh(ServerStep s) {
        if (s == null) {
            for (Label l : List.of(innodbEmpty, pfsEmpty, procEmpty, counterEmpty)) {
                l.setVisible(true);
            }
            return;
        }
        showInnodb(s);
        showPfs(s);
        showProcesslist(s);
        drawCounters();
        counterList.refresh();
        // the first inner tab with something to show, unless the one shown has something
        Tab shown = inner.getSelectionModel().getSelectedItem();
        List<Boolean> has = List.of(!s.innodb().snapshots().isEmpty(), !s.pfs().isEmpty(), !s.processes().snapshots().isEmpty(),
                !s.counters().series().isEmpty());
        int i = inner.getTabs().indexOf(shown);
        if (i < 0 || !has.get(i)) {
            int k = has.indexOf(true);
            if (k >= 0) {
                inner.getSelectionModel().select(k);
            }
        }
    }

    // ------------------------------------------------------------------ columns

    private <T> TableColumn<T, String> text(String title, Function<T, String> f, double width, String tip) {
        TableColumn<T, String> c = new TableColumn<>();
        header(c, title, tip);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(f.apply(cd.getValue())));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty ? null : v);
                setTooltip(empty || v == null || v.length() < 30 ? null : new Tooltip(v));
            }
        });
        c.setPrefWidth(width);
        return c;
    }

    private <T> TableColumn<T, Number> number(String title, java.util.function.ToDoubleFunction<T> f,
                                              java.util.function.DoubleFunction<String> format, double width, String tip) {
        TableColumn<T, Number> c = new TableColumn<>();
        header(c, title, tip);
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(f.applyAsDouble(cd.getValue())));
        c.setComparator((a, b) -> Double.compare(a == null ? Double.NEGATIVE_INFINITY : a.doubleValue(),
                b == null ? Double.NEGATIVE_INFINITY : b.doubleValue()));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Number v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : format.apply(v.doubleValue()));
            }
        });
        c.setStyle("-fx-alignment: CENTER-RIGHT;");
        c.setPrefWidth(width);
        return c;
    }

    private <T> TableColumn<T, String> source(Function<T, SourceRef> ref) {
        return text(ctx.text("server.col.source"), r -> ref.apply(r).toString(), 260, null);
    }

    private static void header(TableColumn<?, ?> c, String title, String tip) {
        if (tip == null) {
            c.setText(title);
            return;
        }
        Label head = new Label(title);
        head.setTooltip(new Tooltip(tip));
        c.setGraphic(head);
    }

    private String snapLabel(ServerStep.InnodbSnap s) {
        return s.snapshot().timestamp().isEmpty() ? s.ref().toString() : s.snapshot().timestamp();
    }

}
