package io.tunescope.ui;

import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Window;
import javafx.util.StringConverter;

/**
 * File &gt; Export View as PNG: the width and height the view is laid out at (the view's size at first),
 * a lock of the aspect ratio, the scale that multiplies them, the picture's size in pixels, and in the dark
 * theme whether the picture uses the light theme (on by default: pictures end up in printed reports). Says
 * when the view cannot be laid out at another size or not as small as chosen. The choice is remembered in
 * {@link Settings}.
 */
public final class ExportDialog {
    static final String KEY_LIGHT = "export.png.light";

    /** What the user chose. */
    public record Choice(ExportSize size, Theme theme) {
        public ViewExport.Options options() {
            return ViewExport.Options.of(size, theme);
        }
    }

    private final UiContext text;
    private final double viewW;
    private final double viewH;
    private final boolean relayout;
    private final double[] minimum;
    private final Theme screenTheme;
    private final ObjectProperty<ExportSize> size = new SimpleObjectProperty<>();
    private final Spinner<Integer> width = new Spinner<>();
    private final Spinner<Integer> height = new Spinner<>();
    private final CheckBox lock = new CheckBox();
    private final ComboBox<Integer> scale = new ComboBox<>();
    private final CheckBox light = new CheckBox();
    private final Label picture = new Label();
    private final Label note = new Label();
    private final Label warning = new Label();
    private final VBox content;
    private boolean updating;

    /**
     * @param view the view to export (its current size is the default and the "view size" button)
     */
    public ExportDialog(UiContext text, Settings settings, Node view, Theme screenTheme) {
        this.text = text;
        this.screenTheme = screenTheme;
        this.viewW = view.getLayoutBounds().getWidth();
        this.viewH = view.getLayoutBounds().getHeight();
        this.relayout = ViewExport.canRelayout(view);
        this.minimum = ViewExport.minimumSize(view);
        ExportSize start = relayout ? ExportSize.load(settings, viewW, viewH)
                : ExportSize.load(settings, viewW, viewH).withSize(viewW, viewH);
        size.set(start);

        width.setId("exportWidth");
        height.setId("exportHeight");
        for (Spinner<Integer> s : java.util.List.of(width, height)) {
            s.setValueFactory(new SpinnerValueFactory.IntegerSpinnerValueFactory(ExportSize.MIN_SIDE, ExportSize.MAX_SIDE));
            s.setEditable(true);
            s.setPrefWidth(110);
            s.setDisable(!relayout);
            // a typed number counts when the field loses focus or Enter is pressed (Spinner commits then)
            s.focusedProperty().addListener((o, a, f) -> {
                if (!f) {
                    commit(s);
                }
            });
        }
        width.getValueFactory().setValue(start.width());
        height.getValueFactory().setValue(start.height());
        width.valueProperty().addListener((o, a, v) -> {
            if (!updating && v != null) {
                size.set(size.get().withWidth(v));
            }
        });
        height.valueProperty().addListener((o, a, v) -> {
            if (!updating && v != null) {
                size.set(size.get().withHeight(v));
            }
        });
        lock.setId("exportLock");
        lock.setText(text.text("export.png.lock"));
        lock.setSelected(start.lockAspect());
        lock.setDisable(!relayout);
        lock.selectedProperty().addListener((o, a, b) -> size.set(size.get().withLockAspect(b)));
        Button viewSize = new Button(text.text("export.png.viewSize", Math.round(viewW), Math.round(viewH)));
        viewSize.setId("exportViewSize");
        viewSize.setDisable(!relayout);
        viewSize.setOnAction(e -> size.set(size.get().withSize(viewW, viewH)));

        scale.setId("exportScale");
        for (int i = ExportSize.MIN_SCALE; i <= ExportSize.MAX_SCALE; i++) {
            scale.getItems().add(i);
        }
        scale.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer i) {
                return i == null ? "" : i + "\u00d7";
            }

            @Override
            public Integer fromString(String s) {
                return null;
            }
        });
        scale.setValue(start.scale());
        scale.valueProperty().addListener((o, a, v) -> {
            if (v != null) {
                size.set(size.get().withScale(v));
            }
        });

        light.setId("exportLight");
        light.setText(text.text("export.png.light"));
        light.setSelected(settings.getBoolean(KEY_LIGHT, true));
        light.setVisible(screenTheme == Theme.DARK);
        light.setManaged(screenTheme == Theme.DARK);

        picture.setId("exportPicture");
        note.setId("exportNote");
        note.setWrapText(true);
        note.setMaxWidth(460);
        note.getStyleClass().add("hint");
        warning.setId("exportWarning");
        warning.setWrapText(true);
        warning.setMaxWidth(460);
        warning.getStyleClass().add("file-error");

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.addRow(0, new Label(text.text("export.png.width")), width, new Label(text.text("export.png.px")));
        grid.addRow(1, new Label(text.text("export.png.height")), height, new Label(text.text("export.png.px")));
        grid.add(new HBox(12, lock, viewSize), 1, 2, 3, 1);
        grid.addRow(3, new Label(text.text("export.png.scale")), scale);
        grid.addRow(4, new Label(text.text("export.png.picture")), picture);
        GridPane.setColumnSpan(picture, 3);
        content = new VBox(10, grid, light, note, warning);
        content.setPadding(new Insets(12));

        size.addListener((o, a, s) -> show(s));
        show(start);
    }

    private static void commit(Spinner<Integer> s) {
        String t = s.getEditor().getText();
        try {
            s.getValueFactory().setValue(Integer.parseInt(t.strip()));
        } catch (NumberFormatException e) {
            s.getEditor().setText(String.valueOf(s.getValue()));
        }
    }

    private void show(ExportSize s) {
        updating = true;
        try {
            width.getValueFactory().setValue(s.width());
            height.getValueFactory().setValue(s.height());
        } finally {
            updating = false;
        }
        picture.setText(text.text("export.png.pictureSize", s.pictureWidth(), s.pictureHeight()));
        note.setText(relayout ? text.text("export.png.relayout")
                : text.text("export.png.fixed", Math.round(viewW), Math.round(viewH)));
        String warn = "";
        if (!s.fits()) {
            warn = text.text("export.png.tooLarge", ExportSize.MAX_PICTURE_SIDE, ExportSize.MAX_PICTURE_PIXELS / 1_000_000);
        } else if (relayout && (s.width() < minimum[0] - 0.5 || s.height() < minimum[1] - 0.5)) {
            warn = text.text("export.png.belowMin", Math.ceil(minimum[0]), Math.ceil(minimum[1]));
        }
        warning.setText(warn);
        warning.setVisible(!warn.isEmpty());
        warning.setManaged(!warn.isEmpty());
    }

    /** The choice as it stands (for tests and the OK button). */
    public ExportSize size() {
        return size.get();
    }

    public Node content() {
        return content;
    }

    /** The theme of the picture: the screen's, or the light one when asked for in the dark theme. */
    public Theme theme() {
        return screenTheme == Theme.DARK && light.isSelected() ? Theme.LIGHT : screenTheme;
    }

    /** Shows the dialog; on OK remembers and returns the choice. */
    public Optional<Choice> showAndWait(Window owner, Settings settings) {
        Dialog<ButtonType> d = new Dialog<>();
        d.setTitle(text.text("export.png.title"));
        d.initOwner(owner);
        d.getDialogPane().setContent(content);
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        Node ok = d.getDialogPane().lookupButton(ButtonType.OK);
        ok.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(() -> !size.get().fits(), size));
        // a number still being typed counts when OK is pressed
        ok.addEventFilter(javafx.event.ActionEvent.ACTION, e -> {
            commit(width);
            commit(height);
            if (!size.get().fits()) {
                e.consume();
            }
        });
        if (d.showAndWait().filter(b -> b == ButtonType.OK).isEmpty()) {
            return Optional.empty();
        }
        ExportSize s = size.get();
        s.save(settings, viewW, viewH);
        if (screenTheme == Theme.DARK) {
            settings.putBoolean(KEY_LIGHT, light.isSelected());
            settings.flush();
        }
        return Optional.of(new Choice(s, theme()));
    }
}
