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

    /**
     * The keys of a table or list with a filter field above it: typing a letter in the table goes on in the filter
     * (type to filter); in the filter, Esc clears it (a second Esc, or Esc on an empty filter, hands the keys back to
     * the table) and Down or Enter go to the table's first row; Esc in the table clears the filter. Listed in F1 by
     * {@link #documentFilterKeys}.
     */
    public static void filterKeys(javafx.scene.control.Control table, javafx.scene.control.TextField filter) {
        filterKeys(filter, () -> table, table);
    }

    /**
     * As {@link #filterKeys(javafx.scene.control.Control, javafx.scene.control.TextField)} for one filter over several
     * tables (one per inner tab): Down, Enter and Esc in the filter go to the table that {@code current} gives.
     */
    public static void filterKeys(javafx.scene.control.TextField filter,
            java.util.function.Supplier<? extends javafx.scene.control.Control> current, javafx.scene.control.Control... tables) {
        for (javafx.scene.control.Control table : tables) {
            table.addEventHandler(javafx.scene.input.KeyEvent.KEY_TYPED, e -> {
                String ch = e.getCharacter();
                if (ch == null || ch.isEmpty() || e.isControlDown() || e.isMetaDown() || e.isAltDown()
                        || Character.isISOControl(ch.charAt(0)) || ch.equals(" ")) {
                    return;
                }
                filter.requestFocus();
                filter.appendText(ch);
                filter.positionCaret(filter.getText().length());
                e.consume();
            });
            table.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
                if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE && filter.getText() != null && !filter.getText().isEmpty()) {
                    filter.clear();
                    e.consume();
                }
            });
        }
        filter.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            javafx.scene.control.Control table = current.get();
            switch (e.getCode()) {
                case ESCAPE -> {
                    if (filter.getText() != null && !filter.getText().isEmpty()) {
                        filter.clear();
                    } else if (table != null) {
                        table.requestFocus();
                    }
                    e.consume();
                }
                case DOWN, ENTER -> {
                    if (table != null) {
                        table.requestFocus();
                        selectFirst(table);
                        e.consume();
                    }
                }
                default -> {
                }
            }
        });
    }

    private static void selectFirst(javafx.scene.control.Control table) {
        if (table instanceof javafx.scene.control.TableView<?> t && t.getSelectionModel().getSelectedIndex() < 0 && !t.getItems().isEmpty()) {
            t.getSelectionModel().select(0);
            t.getFocusModel().focus(0);
        } else if (table instanceof javafx.scene.control.TreeTableView<?> t && t.getSelectionModel().getSelectedIndex() < 0
                && t.getExpandedItemCount() > 0) {
            t.getSelectionModel().select(0);
            t.getFocusModel().focus(0);
        } else if (table instanceof javafx.scene.control.ListView<?> l && l.getSelectionModel().getSelectedIndex() < 0 && !l.getItems().isEmpty()) {
            l.getSelectionModel().select(0);
            l.getFocusModel().focus(0);
        }
    }

    /**
     * Registers Ctrl+F (focus {@code filter} of the view showing, scope {@code view}) and lists the table keys that
     * {@link #filterKeys} and {@link #onActivate} give, under the group {@code group} of the F1 list: {@code
     * shortcut.<group>.filter}, {@code shortcut.<group>.open} and {@code shortcut.<group>.clearFilter} describe them.
     */
    public static void documentFilterKeys(Shortcuts keys, String group, Node view, Runnable focusFilter) {
        keys.register(group + ".filter", "Shortcut+F", "shortcut." + group + ".filter", view, focusFilter);
        keys.document(group + ".open", "Enter", "shortcut." + group + ".open");
        keys.document(group + ".clearFilter", "Esc", "shortcut." + group + ".clearFilter");
    }

    /** Puts the keys in a filter field and selects what is there, so that typing replaces it. */
    public static void focusFilter(javafx.scene.control.TextField filter) {
        filter.requestFocus();
        filter.selectAll();
    }
}
