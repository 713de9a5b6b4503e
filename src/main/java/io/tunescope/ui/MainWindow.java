package io.tunescope.ui;

import java.util.List;
import javafx.stage.Stage;

/** Placeholder replaced in the next commit by the real window. */
final class MainWindow {
    private final Stage stage;

    MainWindow(Stage stage, List<String> args) {
        this.stage = stage;
    }

    void show() {
        stage.show();
    }
}
