package io.tunescope.ui;

import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TableColumn;

/** Small control builders the views share. */
public final class Controls {
    private Controls() {
    }

    /** A tab that cannot be closed, titled by the UI bundle's {@code key}. */
    public static Tab tab(UiContext ctx, String key, Node content) {
        Tab t = new Tab(ctx.text(key), content);
        t.setClosable(false);
        return t;
    }

    /** A text column showing {@code f} of each row. */
    public static <T> TableColumn<T, String> col(String title, Function<T, String> f, double width) {
        TableColumn<T, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(f.apply(cd.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    /**
     * Runs {@code action} when the user activates a control's selected row: a double click or Enter (the way every
     * table and list of the app opens what a row points at, such as its source line).
     */
    public static void onActivate(javafx.scene.Node control, Runnable action) {
        control.addEventHandler(javafx.scene.input.MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getClickCount() == 2 && e.getButton() == javafx.scene.input.MouseButton.PRIMARY) {
                action.run();
            }
        });
        control.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER) {
                action.run();
                e.consume();
            }
        });
    }

    /** Enter or a double click on a row opens the line it came from in the source viewer. */
    public static <T> void openSourceOnActivate(UiContext ctx, javafx.scene.control.TableView<T> table,
            Function<T, io.tunescope.model.capture.SourceRef> ref) {
        onActivate(table, () -> {
            T row = table.getSelectionModel().getSelectedItem();
            io.tunescope.model.capture.SourceRef r = row == null ? null : ref.apply(row);
            if (r != null) {
                ctx.openSource(r);
            }
        });
    }
}
