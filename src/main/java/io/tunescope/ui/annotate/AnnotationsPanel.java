package io.tunescope.ui.annotate;

import io.tunescope.annotate.Annotation;
import io.tunescope.annotate.AnnotationTarget;
import io.tunescope.annotate.TargetText;
import io.tunescope.ui.Icons;
import io.tunescope.ui.UiContext;
import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Dialog;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * The side panel listing every annotation of the open capture (what it points at, the note, the date),
 * with edit (double click or button) and delete (after confirmation). A collapsible pane.
 */
public final class AnnotationsPanel {
    private final UiContext ctx;
    private final AnnotationsModel model;
    private final ListView<Annotation> list = new ListView<>();
    private final TitledPane pane = new TitledPane();
    private int shown;

    public AnnotationsPanel(UiContext ctx, AnnotationsModel model) {
        this.ctx = ctx;
        this.model = model;
        model.setAsker(t -> askNote(ctx, window(), ctx.text("annot.add.title"), header(t), ""));
        build();
        ctx.shortcuts().document("annot.save", "Shortcut+Enter", "shortcut.annot.save");
    }

    public TitledPane node() {
        return pane;
    }

    public ListView<Annotation> list() {
        return list;
    }

    private void build() {
        list.setId("annotationsList");
        list.setItems(model.items());
        list.setPlaceholder(new Label(ctx.text("annot.empty")));
        list.setCellFactory(l -> new Cell());
        list.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && list.getSelectionModel().getSelectedItem() != null) {
                edit(list.getSelectionModel().getSelectedItem());
            }
        });
        Button edit = new Button(ctx.text("annot.edit"), Icons.icon("fas-edit"));
        edit.setId("annotationEdit");
        edit.disableProperty().bind(list.getSelectionModel().selectedItemProperty().isNull().or(model.readOnlyProperty()));
        edit.setOnAction(e -> edit(list.getSelectionModel().getSelectedItem()));
        Button delete = new Button(ctx.text("annot.delete"), Icons.icon("fas-trash-alt"));
        delete.setId("annotationDelete");
        delete.disableProperty().bind(list.getSelectionModel().selectedItemProperty().isNull().or(model.readOnlyProperty()));
        delete.setOnAction(e -> delete(list.getSelectionModel().getSelectedItem()));
        HBox buttons = new HBox(6, edit, delete);
        VBox box = new VBox(6, list, buttons);
        VBox.setVgrow(list, Priority.ALWAYS);
        box.setPadding(new Insets(4));
        list.setPrefHeight(160);
        pane.setText(ctx.text("annot.panel", 0));
        pane.setGraphic(Icons.icon("fas-sticky-note"));
        // the list joins the window when the panel is first opened: collapsed, its list and buttons would still be
        // styled and laid out for the window's first frame
        pane.expandedProperty().addListener((o, a, open) -> {
            if (open && pane.getContent() == null) {
                pane.setContent(box);
            }
        });
        pane.setId("annotationsPane");
        // collapsed while there is nothing to list, so the capture tree keeps the room
        pane.setExpanded(false);
        model.addListener(() -> {
            pane.setText(ctx.text("annot.panel", model.items().size()));
            if (model.items().isEmpty()) {
                pane.setExpanded(false);
            } else if (model.items().size() > shown) {
                pane.setExpanded(true);
            }
            shown = model.items().size();
        });
    }

    private Window window() {
        return pane.getScene() == null ? null : pane.getScene().getWindow();
    }

    String header(AnnotationTarget t) {
        return ctx.text("annot.kind." + t.kind().name()) + (t.step().isEmpty() || t.kind() == AnnotationTarget.Kind.STEP
                ? "" : "  \u00b7  " + t.step()) + "\n" + TargetText.describe(t);
    }

    private void edit(Annotation a) {
        String note = askNote(ctx, window(), ctx.text("annot.edit.title"), header(a.target()), a.note());
        if (note != null && !note.isBlank() && !note.strip().equals(a.note())) {
            model.edit(a, note.strip());
        }
    }

    private void delete(Annotation a) {
        Alert confirm = new Alert(Alert.AlertType.CONFIRMATION, ctx.text("annot.delete.confirm", a.note()),
                ButtonType.OK, ButtonType.CANCEL);
        confirm.setHeaderText(null);
        confirm.setTitle(ctx.text("annot.delete"));
        confirm.initOwner(window());
        if (confirm.showAndWait().orElse(ButtonType.CANCEL) == ButtonType.OK) {
            model.delete(a);
        }
    }

    /** A dialog with a multi-line note field; returns the text, or null when cancelled. */
    static String askNote(UiContext ctx, Window owner, String title, String header, String initial) {
        Dialog<String> d = new Dialog<>();
        d.setTitle(title);
        d.setHeaderText(header);
        if (owner != null) {
            d.initOwner(owner);
        }
        TextArea area = new TextArea(initial);
        area.setId("annotationNote");
        area.setPrefRowCount(4);
        area.setWrapText(true);
        area.setPromptText(ctx.text("annot.note.prompt"));
        d.getDialogPane().setContent(area);
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        d.getDialogPane().lookupButton(ButtonType.OK).setId("annotationOk");
        d.setResultConverter(b -> b == ButtonType.OK ? area.getText() : null);
        // Enter makes a new line in the note: Ctrl+Enter saves it (the keyboard's way to the OK button)
        d.getDialogPane().addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER && e.isShortcutDown()) {
                ((javafx.scene.control.Button) d.getDialogPane().lookupButton(ButtonType.OK)).fire();
                e.consume();
            }
        });
        javafx.application.Platform.runLater(area::requestFocus);
        return d.showAndWait().orElse(null);
    }

    private final class Cell extends ListCell<Annotation> {
        @Override
        protected void updateItem(Annotation a, boolean empty) {
            super.updateItem(a, empty);
            if (empty || a == null) {
                setText(null);
                setGraphic(null);
                setTooltip(null);
                return;
            }
            Label what = new Label(header(a.target()).replace('\n', ' '));
            what.getStyleClass().add("hint");
            Label note = new Label(a.note());
            note.setWrapText(true);
            // follow the panel's width: wrap the note, shorten the target line, never scroll sideways
            what.maxWidthProperty().bind(list.widthProperty().subtract(30));
            note.maxWidthProperty().bind(list.widthProperty().subtract(30));
            setPrefWidth(0);
            Label date = new Label(TargetText.date(a.updated()));
            date.getStyleClass().add("hint");
            VBox v = new VBox(2, what, note, date);
            setText(null);
            setGraphic(v);
            setTooltip(new Tooltip(header(a.target()) + "\n\n" + a.note()));
        }
    }
}
