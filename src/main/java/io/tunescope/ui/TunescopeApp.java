package io.tunescope.ui;

import javafx.application.Application;
import javafx.stage.Stage;

/** The desktop application. */
public class TunescopeApp extends Application {

    public static void launchGui(String[] args) {
        Application.launch(TunescopeApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        new MainWindow(stage, getParameters().getRaw()).show();
    }
}
