package io.tunescope.ui;

import io.tunescope.TestData;
import io.tunescope.model.capture.SourceFile;
import java.util.List;
import java.util.prefs.Preferences;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/**
 * A window opening the sample capture given on its command line, which records, when the capture is shown, how many
 * views still wait for it and how many tabs have their content in the scene (see {@link VisibleViewFirstFxTest}).
 */
@ExtendWith(ApplicationExtension.class)
abstract class CaptureOpeningWindow {
    MainWindow window;
    Stage stage;
    // written on the FX thread when the capture is shown (after the window's own listeners), read by the test
    volatile int waitingAtLoad = -1;
    volatile int contentsAtLoad = -1;
    volatile int filesAtSelect = -1;

    /** Called by the subclasses' {@code @Start} (TestFX finds it only in the test class itself). */
    void open(Stage stage) {
        this.stage = stage;
        // no fallback: the other views wait for the findings however long they take on a loaded machine
        System.setProperty("tunescope.showRestAfterSeconds", "600");
        boolean selectFiles = selectFilesOnLoad();
        Preferences prefs = Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime());
        window = new MainWindow(stage, List.of(TestData.sampleData().resolve("mariadb-oltp").toString()), new Settings(prefs));
        window.model().captureProperty().addListener((o, a, c) -> {
            if (c == null) {
                return;
            }
            // the window's own listener ran first: the capture is shown
            int waiting = window.viewsWaiting();
            contentsAtLoad = (int) tabs().getTabs().stream().filter(t -> t.getContent() != null).count();
            if (selectFiles) {
                tabs().getSelectionModel().select(filesTab());
                filesAtSelect = filesTable().getItems().size();
            }
            waitingAtLoad = waiting; // last: the test waits for it
        });
        window.show();
    }

    /** Whether the files tab is selected as soon as the capture is shown (before its view's turn). */
    abstract boolean selectFilesOnLoad();

    @AfterEach
    void clear() {
        System.clearProperty("tunescope.showRestAfterSeconds");
    }

    TabPane tabs() {
        return (TabPane) stage.getScene().getRoot().lookup("#viewTabs");
    }

    Tab filesTab() {
        return tabs().getTabs().stream().filter(t -> "tab-files.tab".equals(t.getId())).findFirst().orElseThrow();
    }

    TableView<SourceFile> filesTable() {
        return window.madeView(FilesView.class).table();
    }
}
