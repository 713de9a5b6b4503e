package io.tunescope.ui.config;

import static io.tunescope.ui.Controls.col;

import io.tunescope.ui.Controls;
import io.tunescope.analysis.config.ConfigDiff;
import io.tunescope.analysis.config.ConfigValues;
import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.config.StepConfig;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.capture.Step;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigSnapshot;
import io.tunescope.ui.CaptureView;
import io.tunescope.ui.UiContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * Server configuration per step: the settings the server ran with (each with the file and line it came
 * from), SHOW GLOBAL STATUS turned into deltas and per-second rates over the step's run, and the
 * configuration difference between any two steps.
 */
public final class ConfigView implements CaptureView {
    /** One settings row: key, value, and where it was read. */
    public record Setting(String layer, String key, String value, SourceRef source) {
    }

    private final UiContext ctx;
    private final BorderPane root = new BorderPane();
    private final ComboBox<Step> step = new ComboBox<>();
    private final ComboBox<Step> diffFrom = new ComboBox<>();
    private final ComboBox<Step> diffTo = new ComboBox<>();
    private final TableView<Setting> settings = new TableView<>();
    private final FilteredList<Setting> settingItems = new FilteredList<>(FXCollections.observableArrayList());
    private final TableView<StatusDelta.Row> status = new TableView<>();
    private final FilteredList<StatusDelta.Row> statusItems = new FilteredList<>(FXCollections.observableArrayList());
    private final Label statusNote = new Label();
    private final TableView<ConfigDiff.Row> diff = new TableView<>();
    private final TextField filter = new TextField();
    private final Label statusShown = new Label();
    private final TabPane inner = new TabPane();
    /** Steps, filter, status kind, "hide unchanged" and tab: kept when the window is built in another language. */
    private final ConfigViewModel model;
    private Capture capture;
    /** The model's status kind or "hide unchanged" changed: listened to weakly, held here. */
    private final javafx.beans.value.ChangeListener<Object> onModelFilter = (o, a, b) -> applyFilter();

    public ConfigView(UiContext ctx) {
        this.ctx = ctx;
        this.model = ctx.viewModel(ConfigViewModel.class, ConfigViewModel::new);
        build();
    }

    /** The view's state. */
    public ConfigViewModel viewModel() {
        return model;
    }

    /** The status rows listed, in the order shown (for tests). */
    public List<StatusDelta.Row> statusShown() {
        return List.copyOf(status.getItems());
    }

    private void build() {
        StringConverter<Step> conv = new StringConverter<>() {
            @Override
            public String toString(Step s) {
                return s == null ? "" : s.isRoot() ? ctx.text("config.allFiles") : s.label();
            }

            @Override
            public Step fromString(String s) {
                return null;
            }
        };
        for (ComboBox<Step> c : List.of(step, diffFrom, diffTo)) {
            c.setConverter(conv);
        }
        step.setId("configStep");
        step.valueProperty().addListener((o, a, s) -> {
            if (s != null) {
                model.stepProperty().set(s.dir());
            }
            refreshStep();
        });
        diffFrom.valueProperty().addListener((o, a, s) -> {
            if (s != null) {
                model.diffFromProperty().set(s.dir());
            }
            refreshDiff();
        });
        diffTo.valueProperty().addListener((o, a, s) -> {
            if (s != null) {
                model.diffToProperty().set(s.dir());
            }
            refreshDiff();
        });
        filter.setPromptText(ctx.text("config.filter"));
        filter.setText(model.filterProperty().get());
        filter.textProperty().addListener((o, a, t) -> {
            model.filterProperty().set(t == null ? "" : t);
            applyFilter();
        });
        // weakly: the model outlives this view (it is handed to the window built in another language)
        model.statusKindProperty().addListener(new javafx.beans.value.WeakChangeListener<>(onModelFilter));
        model.hideUnchangedProperty().addListener(new javafx.beans.value.WeakChangeListener<>(onModelFilter));

        settings.getColumns().add(col(ctx.text("config.col.layer"), Setting::layer, 110));
        settings.getColumns().add(col(ctx.text("config.col.name"), Setting::key, 280));
        settings.getColumns().add(col(ctx.text("config.col.value"), r -> ConfigValues.readable(r.key(), r.value()), 300));
        settings.getColumns().add(col(ctx.text("config.col.source"), s -> s.source().toString(), 320));
        SortedList<Setting> sortedSettings = new SortedList<>(settingItems);
        sortedSettings.comparatorProperty().bind(settings.comparatorProperty());
        settings.setItems(sortedSettings);
        settings.setPlaceholder(new Label(ctx.text("config.noSettings")));
        settings.setId("configSettings");
        // Enter or a double click opens the line the setting was read from
        io.tunescope.ui.Controls.openSourceOnActivate(ctx, settings, Setting::source);
        io.tunescope.ui.Controls.openSourceOnActivate(ctx, diff, r -> r.afterRef() != null ? r.afterRef() : r.beforeRef());
        io.tunescope.ui.Controls.openSourceOnActivate(ctx, status, r -> r.afterRef() != null ? r.afterRef() : r.beforeRef());
        // type to filter, Esc clears, Ctrl+F: the filter above the three tables
        Controls.filterKeys(filter, () -> switch (inner.getSelectionModel().getSelectedIndex()) {
            case 1 -> status;
            case 2 -> diff;
            default -> settings;
        }, settings, status, diff);
        Controls.documentFilterKeys(ctx.shortcuts(), "config", root, () -> Controls.focusFilter(filter));

        status.getColumns().add(col(ctx.text("config.col.counter"), StatusDelta.Row::name, 300));
        status.getColumns().add(num(ctx.text("config.col.before"), StatusDelta.Row::before));
        status.getColumns().add(num(ctx.text("config.col.after"), StatusDelta.Row::after));
        status.getColumns().add(magnitude(num(ctx.text("config.col.delta"), StatusDelta.Row::delta)));
        status.getColumns().add(magnitude(num(ctx.text("config.col.rate"), StatusDelta.Row::perSecond)));
        status.getColumns().add(col(ctx.text("config.col.source"), r -> r.afterRef().toString(), 300));
        SortedList<StatusDelta.Row> sortedStatus = new SortedList<>(statusItems);
        // unsorted by the user: the busiest first (rate of a counter, level of a gauge), as pt-mext is read
        sortedStatus.comparatorProperty().bind(javafx.beans.binding.Bindings.createObjectBinding(
                () -> status.getComparator() == null ? ConfigViewModel.BY_MAGNITUDE : status.getComparator(),
                status.comparatorProperty()));
        status.setItems(sortedStatus);
        status.setPlaceholder(new Label(ctx.text("config.noStatus")));
        status.setId("configStatus");

        diff.getColumns().add(col(ctx.text("config.col.name"), ConfigDiff.Row::key, 280));
        diff.getColumns().add(col(ctx.text("config.col.change"), r -> ctx.text("config.change." + r.change().name().toLowerCase(Locale.ROOT)), 100));
        diff.getColumns().add(col(ctx.text("config.col.before"), r -> ConfigValues.readable(r.key(), r.before()), 200));
        diff.getColumns().add(col(ctx.text("config.col.after"), r -> ConfigValues.readable(r.key(), r.after()), 200));
        diff.getColumns().add(col(ctx.text("config.col.source"), r -> (r.afterRef() != null ? r.afterRef() : r.beforeRef()).toString(), 300));
        diff.setPlaceholder(new Label(ctx.text("config.noDiff")));
        diff.setId("configDiff");

        javafx.scene.control.ToggleGroup kinds = new javafx.scene.control.ToggleGroup();
        javafx.scene.control.RadioButton counters = new javafx.scene.control.RadioButton(ctx.text("config.status.counters"));
        javafx.scene.control.RadioButton gauges = new javafx.scene.control.RadioButton(ctx.text("config.status.gauges"));
        counters.setId("configStatusCounters");
        gauges.setId("configStatusGauges");
        counters.setToggleGroup(kinds);
        gauges.setToggleGroup(kinds);
        counters.setTooltip(new javafx.scene.control.Tooltip(ctx.text("config.status.counters.tip")));
        gauges.setTooltip(new javafx.scene.control.Tooltip(ctx.text("config.status.gauges.tip")));
        (model.statusKindProperty().get() == ConfigViewModel.StatusKind.GAUGES ? gauges : counters).setSelected(true);
        kinds.selectedToggleProperty().addListener((o, a, t) -> {
            if (t != null) {
                model.statusKindProperty().set(t == gauges ? ConfigViewModel.StatusKind.GAUGES : ConfigViewModel.StatusKind.COUNTERS);
            }
        });
        javafx.scene.control.CheckBox hide = new javafx.scene.control.CheckBox(ctx.text("config.status.hideUnchanged"));
        hide.setId("configHideUnchanged");
        hide.setTooltip(new javafx.scene.control.Tooltip(ctx.text("config.status.hideUnchanged.tip")));
        hide.selectedProperty().bindBidirectional(model.hideUnchangedProperty());
        statusShown.setId("configStatusShown");
        HBox statusBar = new HBox(12, counters, gauges, hide, statusShown);
        statusBar.setAlignment(Pos.CENTER_LEFT);
        statusItems.getSource().addListener((javafx.collections.ListChangeListener<StatusDelta.Row>) ch -> applyFilter());
        VBox statusBox = new VBox(6, statusNote, statusBar, status);
        VBox.setVgrow(status, Priority.ALWAYS);
        statusBox.setPadding(new Insets(6, 0, 0, 0));
        HBox diffBar = new HBox(8, new Label(ctx.text("config.diffFrom")), diffFrom, new Label(ctx.text("config.diffTo")), diffTo);
        diffBar.setAlignment(Pos.CENTER_LEFT);
        VBox diffBox = new VBox(6, diffBar, diff);
        VBox.setVgrow(diff, Priority.ALWAYS);
        diffBox.setPadding(new Insets(6, 0, 0, 0));

        inner.getTabs().setAll(Controls.tab(ctx, "config.tab.settings", settings), Controls.tab(ctx, "config.tab.status", statusBox),
                Controls.tab(ctx, "config.tab.diff", diffBox));
        inner.setId("configTabs");
        inner.getSelectionModel().selectedIndexProperty().addListener((o, a, i) -> model.tabProperty().set(i.intValue()));
        HBox top = new HBox(8, new Label(ctx.text("config.step")), step, filter);
        HBox.setHgrow(filter, Priority.ALWAYS);
        top.setAlignment(Pos.CENTER_LEFT);
        VBox box = new VBox(8, top, inner);
        VBox.setVgrow(inner, Priority.ALWAYS);
        box.setPadding(new Insets(8));
        root.setCenter(box);
    }

    /** Applies the filter text to the settings and the model's kind, "hide unchanged" and filter to the status rows. */
    private void applyFilter() {
        String t = model.filterProperty().get();
        String q = t == null ? "" : t.toLowerCase(Locale.ROOT);
        settingItems.setPredicate(s -> q.isEmpty() || s.key().toLowerCase(Locale.ROOT).contains(q)
                || s.value().toLowerCase(Locale.ROOT).contains(q)
                || ConfigValues.readable(s.key(), s.value()).toLowerCase(Locale.ROOT).contains(q));
        statusItems.setPredicate(model::shows);
        int all = 0;
        for (StatusDelta.Row r : statusItems.getSource()) {
            if (r.gauge() == (model.statusKindProperty().get() == ConfigViewModel.StatusKind.GAUGES)) {
                all++;
            }
        }
        statusShown.setText(ctx.text("config.status.shown", statusItems.size(), all));
    }

    /** A number column sorted by size whatever the sign, unknown values lowest. */
    private static <T> TableColumn<T, Double> magnitude(TableColumn<T, Double> c) {
        c.setComparator(java.util.Comparator.comparingDouble(v -> v == null || v.isNaN() ? Double.NEGATIVE_INFINITY : Math.abs(v)));
        return c;
    }

    private static <T> TableColumn<T, Double> num(String title, java.util.function.ToDoubleFunction<T> f) {
        TableColumn<T, Double> c = new TableColumn<>(title);
        c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(f.applyAsDouble(cd.getValue())));
        c.setCellFactory(x -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(Double v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null || v.isNaN() ? "" : format(v));
                setAlignment(Pos.CENTER_RIGHT);
            }
        });
        c.setPrefWidth(120);
        return c;
    }

    static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.format(Locale.ROOT, "%,d", (long) v);
        }
        return String.format(Locale.ROOT, "%,.2f", v);
    }

    private void refreshStep() {
        Step s = step.getValue();
        if (capture == null || s == null) {
            settingItems.getSource();
            ((javafx.collections.ObservableList<Setting>) settingItems.getSource()).clear();
            ((javafx.collections.ObservableList<StatusDelta.Row>) statusItems.getSource()).clear();
            statusNote.setText("");
            return;
        }
        Capture c = capture;
        ctx.background().submit(() -> {
            StepConfig sc = StepConfig.of(c, s.dir());
            List<Setting> rows = new ArrayList<>();
            add(rows, ctx.text("config.layer.variables"), sc.variables().orElse(null));
            add(rows, ctx.text("config.layer.printDefaults"), sc.printDefaults().orElse(null));
            add(rows, ctx.text("config.layer.optionFiles"), sc.optionFiles());
            add(rows, ctx.text("config.layer.sysctl"), sc.sysctl().orElse(null));
            var delta = sc.statusDelta();
            Platform.runLater(() -> {
                if (capture != c || step.getValue() != s) {
                    return;
                }
                ((javafx.collections.ObservableList<Setting>) settingItems.getSource()).setAll(rows);
                ((javafx.collections.ObservableList<StatusDelta.Row>) statusItems.getSource())
                        .setAll(delta.map(StatusDelta.Result::rows).orElse(List.of()));
                statusNote.setText(delta.map(d -> d.valid()
                        ? ctx.text("config.statusWindow", format(d.elapsedSeconds()), sc.status().size())
                        : d.problem()).orElse(ctx.text("config.noStatus")));
            });
        });
    }

    private static void add(List<Setting> rows, String layer, ConfigSnapshot s) {
        if (s == null) {
            return;
        }
        java.util.Map<String, ConfigEntry> last = new java.util.LinkedHashMap<>();
        for (ConfigEntry e : s.entries()) {
            last.put(ConfigSnapshot.key(e), e);
        }
        for (var e : last.entrySet()) {
            rows.add(new Setting(layer, e.getKey(), e.getValue().value(), e.getValue().source()));
        }
    }

    private void refreshDiff() {
        Step a = diffFrom.getValue();
        Step b = diffTo.getValue();
        if (capture == null || a == null || b == null) {
            diff.getItems().clear();
            return;
        }
        Capture c = capture;
        ctx.background().submit(() -> {
            List<ConfigDiff.Row> rows = io.tunescope.analysis.reading.ConfigChanges.between(c, a.dir(), b.dir());
            Platform.runLater(() -> {
                if (capture == c) {
                    diff.getItems().setAll(rows);
                }
            });
        });
    }

    @Override
    public boolean compare(Step before, Step after) {
        if (!diffFrom.getItems().contains(before) || !diffTo.getItems().contains(after)) {
            return false;
        }
        diffFrom.setValue(before);
        diffTo.setValue(after);
        return true;
    }

    @Override
    public String titleKey() {
        return "config.tab";
    }

    @Override
    public String iconLiteral() {
        return "fas-sliders-h";
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void show(Capture c) {
        capture = c;
        // the same capture again (the window built in another language) keeps the model's choices
        model.show(c);
        String s0 = model.stepProperty().get();
        String from = model.diffFromProperty().get();
        String to = model.diffToProperty().get();
        List<Step> steps = c == null ? List.of() : c.steps();
        step.getItems().setAll(steps);
        diffFrom.getItems().setAll(steps);
        diffTo.getItems().setAll(steps);
        step.setValue(byDir(steps, s0));
        diffFrom.setValue(byDir(steps, from));
        diffTo.setValue(byDir(steps, to));
        filter.setText(model.filterProperty().get());
        inner.getSelectionModel().select(Math.max(0, Math.min(inner.getTabs().size() - 1, model.tabProperty().get())));
        refreshStep();
        refreshDiff();
    }

    private static Step byDir(List<Step> steps, String dir) {
        for (Step s : steps) {
            if (s.dir().equals(dir)) {
                return s;
            }
        }
        return null;
    }
}
