package io.tunescope.ui;

import java.util.ResourceBundle;
import java.util.concurrent.ExecutorService;
import java.util.function.Predicate;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableValue;

/**
 * The {@link UiContext} of view tests: the English UI bundle, the given background pool, the last status
 * message, a theme the test can switch, and navigation the test can answer.
 */
public class TestUiContext implements UiContext {
    private final ResourceBundle bundle = ResourceBundle.getBundle("io.tunescope.ui.messages");
    private final ExecutorService pool;
    private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(Theme.LIGHT);
    private volatile String lastStatus = "";
    private Predicate<Target> navigator = t -> false;

    public TestUiContext(ExecutorService pool) {
        this.pool = pool;
    }

    /** Navigation requests go to {@code navigator}; its answer is what {@link #navigate} returns. */
    public TestUiContext navigatingWith(Predicate<Target> navigator) {
        this.navigator = navigator;
        return this;
    }

    @Override
    public ResourceBundle bundle() {
        return bundle;
    }

    @Override
    public ExecutorService background() {
        return pool;
    }

    @Override
    public void status(String message) {
        lastStatus = message;
    }

    /** The last status message ("" before the first). */
    public String lastStatus() {
        return lastStatus;
    }

    @Override
    public ObservableValue<Theme> theme() {
        return theme;
    }

    /** The theme the views see; set it to switch at run time. */
    public ObjectProperty<Theme> themeProperty() {
        return theme;
    }

    @Override
    public boolean navigate(Target target) {
        return navigator.test(target);
    }
}
