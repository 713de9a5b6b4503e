package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.model.capture.Capture;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.prefs.Preferences;
import javafx.scene.control.CheckBox;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Any two steps open one comparison: differential flame graph, NUMA difference, configuration diff. */
@ExtendWith(ApplicationExtension.class)
class CompareStepsFxTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = new MainWindow(stage, List.of(), new Settings(Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime())));
        window.show();
    }

    @Test
    void compareFirstAndLastStep(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(TestData.sampleCapture()));
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> window.model().captureProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        // the views fill their step lists in the background
        WaitForAsyncUtils.sleep(3, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        Capture c = window.model().captureProperty().get();
        AtomicReference<List<String>> shown = new AtomicReference<>();
        robot.interact(() -> shown.set(window.compare(c.steps().get(0), c.steps().get(2))));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> tabs = shown.get();
        assertTrue(tabs.contains("Flame Graph"), tabs.toString());
        assertTrue(tabs.contains("Configuration"), tabs.toString());
        assertTrue(robot.lookup("#flame-diff").queryAs(CheckBox.class).isSelected(), "the flame view is in diff mode");
        TabPane pane = robot.lookup("#viewTabs").queryAs(TabPane.class);
        assertEquals("Flame Graph", pane.getSelectionModel().getSelectedItem().getText());
    }
}
