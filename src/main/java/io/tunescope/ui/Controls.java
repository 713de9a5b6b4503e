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
}
