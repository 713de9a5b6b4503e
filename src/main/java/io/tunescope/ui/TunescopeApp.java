package io.tunescope.ui;

import javafx.application.Application;
import javafx.stage.Stage;

/** The desktop application. Opens the path given as the first argument, if any. */
public class TunescopeApp extends Application {
    private MainWindow window;

    public static void launchGui(String[] args) {
        Application.launch(TunescopeApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        StartupLog.mark("fx-up");
        window = new MainWindow(stage, getParameters().getRaw());
        StartupLog.mark("window-built");
        window.show();
    }

    @Override
    public void stop() {
        if (window != null) {
            window.shutdown();
        }
    }
}
