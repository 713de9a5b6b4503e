package io.tunescope.ui.settings;

import io.tunescope.rules.Citations;
import io.tunescope.rules.Setting;
import io.tunescope.ui.Icons;
import io.tunescope.ui.UiContext;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * The rules' thresholds (View &gt; Rule thresholds, or a finding's "adjustable" link): per rule each threshold with
 * its default, unit, basis ([S]ource with the source, or [H]euristic) and current value; a filter by rule id or
 * words; the selected threshold's value edited below the table, reset to its default, or all reset. Apply saves
 * them as the user's settings and puts them in force: the findings are evaluated again in the background, the
 * capture is not read again. Keyboard: the filter has the focus, Down goes to the table, Enter to the value, Enter
 * takes it, Ctrl+F back to the filter, Ctrl+Enter applies and closes, Esc closes without applying.
 */
public final class ThresholdsDialog {
    private static ThresholdsDialog open;

    private final UiContext ctx;
    private final UserThresholds thresholds;
    private final ThresholdsEditor editor;
    private final Stage stage = new Stage();
    private final TextField search = new TextField();
    private final TableView<ThresholdsEditor.Row> table = new TableView<>();
    private final Label rule = new Label();
    private final Label about = new Label();
    private final TextField value = new TextField();
    private final Label unit = new Label();
    private final Label error = new Label();
    private final Button reset = new Button();
    private final Label summary = new Label();

    private ThresholdsDialog(UiContext ctx, UserThresholds thresholds, Window owner) {
        this.ctx = ctx;
        this.thresholds = thresholds;
        this.editor = new ThresholdsEditor(thresholds.get(), ctx.locale());
        if (owner != null) {
            stage.initOwner(owner);
        }
        stage.setTitle(ctx.text("thresholds.title"));

        Label intro = new Label(ctx.text("thresholds.intro", thresholds.file().toString()));
        intro.setWrapText(true);
        intro.setMinHeight(Region.USE_PREF_SIZE);
        search.setId("thresholdsSearch");
        search.setPromptText(ctx.text("thresholds.search"));
        search.setTooltip(new Tooltip(ctx.text("thresholds.search.tip")));
        editor.filterProperty().bind(search.textProperty());
        search.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.DOWN || e.getCode() == KeyCode.ENTER) {
                table.requestFocus();
                if (table.getSelectionModel().isEmpty() && !table.getItems().isEmpty()) {
                    table.getSelectionModel().select(0);
                }
                e.consume();
            }
        });
        HBox.setHgrow(search, Priority.ALWAYS);
        HBox top = new HBox(8, new Label(ctx.text("thresholds.filter")), search);
        top.setAlignment(Pos.CENTER_LEFT);

        table.setId("thresholdsTable");
        table.setItems(editor.visible());
        table.setPlaceholder(new Label(ctx.text("thresholds.none")));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().add(column(ctx.text("thresholds.col.rule"), r -> r.rule().id(), 190));
        table.getColumns().add(column(ctx.text("thresholds.col.threshold"), r -> r.description() + "  (" + r.setting().key() + ")", 330));
        table.getColumns().add(column(ctx.text("thresholds.col.default"), r -> Setting.format(r.setting().defaultValue(), r.unit()), 90));
        TableColumn<ThresholdsEditor.Row, String> current = column(ctx.text("thresholds.col.value"),
                r -> Setting.format(editor.value(r), r.unit()), 90);
        current.setId("thresholdsValueColumn");
        current.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String s, boolean empty) {
                super.updateItem(s, empty);
                ThresholdsEditor.Row r = empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(empty ? null : s);
                // a value changed from the default stands out
                setStyle(r != null && editor.isChanged(r) ? "-fx-font-weight: bold;" : "");
            }
        });
        table.getColumns().add(current);
        table.getColumns().add(column(ctx.text("thresholds.col.basis"), r -> basis(r.setting()), 110));
        table.getSelectionModel().selectedItemProperty().addListener((o, a, r) -> select(r));
        table.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER && table.getSelectionModel().getSelectedItem() != null) {
                value.requestFocus();
                value.selectAll();
                e.consume();
            }
        });
        editor.changed().addListener((javafx.collections.MapChangeListener<String, Double>) ch -> {
            table.refresh();
            updateSummary();
        });

        rule.setId("thresholdRule");
        rule.setStyle("-fx-font-weight: bold;");
        rule.setWrapText(true);
        about.setId("thresholdAbout");
        about.setWrapText(true);
        about.setMinHeight(Region.USE_PREF_SIZE);
        value.setId("thresholdValue");
        value.setPrefColumnCount(10);
        value.setOnAction(e -> commit());
        value.focusedProperty().addListener((o, a, f) -> {
            if (!f) {
                commit();
            }
        });
        error.setId("thresholdError");
        error.setStyle("-fx-text-fill: #c62828;");
        reset.setId("thresholdReset");
        reset.setText(ctx.text("thresholds.reset"));
        reset.setGraphic(Icons.icon("fas-undo"));
        reset.setOnAction(e -> {
            ThresholdsEditor.Row r = table.getSelectionModel().getSelectedItem();
            if (r != null) {
                editor.reset(r);
                select(r);
            }
        });
        HBox valueRow = new HBox(8, new Label(ctx.text("thresholds.value")), value, unit, reset, error);
        valueRow.setAlignment(Pos.CENTER_LEFT);
        VBox edit = new VBox(6, rule, about, valueRow);
        edit.setId("thresholdEditor");
        edit.setPadding(new Insets(8, 0, 0, 0));

        Button resetAll = new Button(ctx.text("thresholds.resetAll"));
        resetAll.setId("thresholdsResetAll");
        resetAll.setOnAction(e -> {
            editor.resetAll();
            select(table.getSelectionModel().getSelectedItem());
        });
        Button apply = new Button(ctx.text("thresholds.apply"));
        apply.setId("thresholdsApply");
        apply.setOnAction(e -> apply());
        Button ok = new Button(ctx.text("thresholds.ok"));
        ok.setId("thresholdsOk");
        ok.setOnAction(e -> {
            apply();
            stage.close();
        });
        Button cancel = new Button(ctx.text("thresholds.cancel"));
        cancel.setId("thresholdsCancel");
        cancel.setCancelButton(true);
        cancel.setOnAction(e -> stage.close());
        summary.setId("thresholdsSummary");
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox buttons = new HBox(8, resetAll, summary, gap, apply, ok, cancel);
        buttons.setAlignment(Pos.CENTER_LEFT);
        buttons.setPadding(new Insets(8, 0, 0, 0));

        VBox north = new VBox(8, intro, top);
        north.setPadding(new Insets(0, 0, 8, 0));
        VBox south = new VBox(4, edit, buttons);
        BorderPane root = new BorderPane(table, north, null, south, null);
        root.setPadding(new Insets(10));
        Scene scene = new Scene(root, 1000, 640);
        if (owner != null && owner.getScene() != null) {
            scene.getStylesheets().setAll(owner.getScene().getStylesheets());
            root.getStyleClass().setAll(owner.getScene().getRoot().getStyleClass());
        }
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN), () -> {
            search.requestFocus();
            search.selectAll();
        });
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.ENTER, KeyCombination.SHORTCUT_DOWN), () -> {
            commit();
            apply();
            stage.close();
        });
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.ESCAPE), stage::close);
        stage.setScene(scene);
        stage.setOnHidden(e -> {
            if (open == this) {
                open = null;
            }
        });
        select(null);
        updateSummary();
    }

    private static TableColumn<ThresholdsEditor.Row, String> column(String title, java.util.function.Function<ThresholdsEditor.Row, String> f,
                                                                     double width) {
        TableColumn<ThresholdsEditor.Row, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(f.apply(d.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    private String basis(Setting s) {
        return s.basis() == Setting.Basis.SOURCE ? ctx.text("thresholds.basis.source") : ctx.text("thresholds.basis.heuristic");
    }

    private void select(ThresholdsEditor.Row r) {
        error.setText("");
        boolean none = r == null;
        value.setDisable(none);
        reset.setDisable(none || !editor.isChanged(r));
        if (none) {
            rule.setText(ctx.text("thresholds.selectOne"));
            about.setText("");
            value.setText("");
            unit.setText("");
            return;
        }
        rule.setText(r.rule().id() + " \u2014 " + r.title());
        String basis = r.setting().basis() == Setting.Basis.SOURCE
                ? ctx.text("thresholds.about.source", r.description(), Setting.format(r.setting().defaultValue(), r.unit()),
                        r.setting().source().isEmpty() ? String.join("; ", r.rule().sources().stream().map(Citations::resolve).toList())
                                : Citations.resolve(r.setting().source()))
                : ctx.text("thresholds.about.heuristic", r.description(), Setting.format(r.setting().defaultValue(), r.unit()));
        about.setText(basis + " " + ctx.text("thresholds.range", io.tunescope.session.SettingsFile.range(r.setting())));
        value.setText(Setting.format(editor.value(r), ""));
        unit.setText(r.unit());
    }

    /** Takes the value typed for the selected row; says the allowed range when it cannot. */
    private void commit() {
        ThresholdsEditor.Row r = table.getSelectionModel().getSelectedItem();
        if (r == null) {
            return;
        }
        String bad = editor.set(r, value.getText());
        if (bad != null) {
            error.setText(ctx.text("thresholds.bad", value.getText(), bad));
            return;
        }
        error.setText("");
        reset.setDisable(!editor.isChanged(r));
    }

    private void updateSummary() {
        summary.setText(ctx.text("thresholds.changed", editor.changed().size()));
    }

    private void apply() {
        commit();
        if (editor.result().overrides().equals(thresholds.get().overrides())) {
            return; // nothing differs from what is in force
        }
        thresholds.apply(editor.result(), ctx.background(), why -> ctx.status(ctx.text("thresholds.saveFailed", thresholds.file().toString(), why)));
        ctx.status(ctx.text("thresholds.applied", editor.changed().size()));
    }

    /** The dialog shown now, or null. */
    public static ThresholdsDialog current() {
        return open;
    }

    /** The editor behind the dialog (for tests). */
    public ThresholdsEditor editor() {
        return editor;
    }

    public Stage stage() {
        return stage;
    }

    /**
     * Shows the thresholds dialog (the one already open, else a new one) at the first threshold of {@code ruleId}
     * (null: no rule chosen, the filter has the focus).
     */
    public static ThresholdsDialog show(UiContext ctx, UserThresholds thresholds, Window owner, String ruleId) {
        ThresholdsDialog d = open;
        if (d == null || d.thresholds != thresholds) {
            if (d != null) {
                d.stage.close();
            }
            d = new ThresholdsDialog(ctx, thresholds, owner);
            open = d;
        }
        d.stage.show();
        d.stage.toFront();
        d.stage.requestFocus();
        d.at(ruleId);
        return d;
    }

    private void at(String ruleId) {
        ThresholdsEditor.Row r = ruleId == null ? null : editor.firstOf(ruleId);
        if (r == null) {
            search.requestFocus();
            return;
        }
        if (!editor.visible().contains(r)) {
            search.setText("");
        }
        table.getSelectionModel().select(r);
        table.scrollTo(r);
        value.requestFocus();
        value.selectAll();
    }
}
