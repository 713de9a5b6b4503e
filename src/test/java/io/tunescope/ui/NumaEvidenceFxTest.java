package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.prefs.Preferences;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** "Show evidence" of a NUMA finding opens the NUMA heatmaps of the finding's step. */
@ExtendWith(ApplicationExtension.class)
class NumaEvidenceFxTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = new MainWindow(stage, List.of(), new Settings(Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime())));
        window.show();
    }

    @Test
    void numaTargetSelectsTheStepInTheNumaView(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(TestData.sampleData().resolve("case-studies/numa-bound-vms")));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> window.model().captureProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        // the NUMA view before its tab is selected (its content is not in the scene yet)
        ComboBox<?> step = (ComboBox<?>) window.view(io.tunescope.ui.numa.NumaView.class).node().lookup("#numaStep");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> step.getItems().size() >= 2);
        AtomicBoolean shown = new AtomicBoolean();
        robot.interact(() -> shown.set(window.navigate(new Target.Numa("01-48c-bound"))));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(shown.get());
        TabPane tabs = robot.lookup("#viewTabs").queryAs(TabPane.class);
        assertEquals("NUMA", tabs.getSelectionModel().getSelectedItem().getText());
        assertEquals("01-48c-bound", ((io.tunescope.analysis.numa.NumaStep) step.getValue()).step().dir(),
                "the finding's step is selected");
    }
}
