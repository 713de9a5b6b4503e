package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.SourceFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.control.Button;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Files view lists a perf.data as such and converts it with this machine's perf, then shows the profile read. */
@ExtendWith(ApplicationExtension.class)
class PerfDataConvertFxTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        Preferences prefs = Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime());
        window = new MainWindow(stage, List.of(), new Settings(prefs));
        window.show();
    }

    @Test
    @SuppressWarnings("unchecked")
    void selectConvertAndTheProfileIsInTheCapture(FxRobot robot, @TempDir Path dir) throws Exception {
        assumeTrue(io.tunescope.importers.perfdata.PerfDataConverter.findPerf().isPresent(), "perf is installed on the build machine");
        Path c = Files.createDirectory(dir.resolve("capture"));
        Files.copy(Path.of("src/test/resources/importers/perf-data/sleep-cpu-clock-g.data"), c.resolve("perf.data"));
        Files.writeString(c.resolve("variables.txt"), "Variable_name\tValue\nversion\t10.11.6-MariaDB-0+deb12u1\n");
        robot.interact(() -> window.model().open(c));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> window.model().captureProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        ViewTabs.select(robot, "files.tab");
        TableView<SourceFile> table = robot.lookup("#filesTable").queryAs(TableView.class);
        Button convert = robot.lookup("#convertPerfData").queryAs(Button.class);
        SourceFile data = window.model().captureProperty().get().files().stream().filter(f -> f.path().equals("perf.data"))
                .findFirst().orElseThrow();
        robot.interact(() -> table.getSelectionModel().select(data));
        assertTrue(convert.isVisible(), "the convert button shows for a perf.data");
        robot.interact(convert::fire);
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> {
            Capture now = window.model().captureProperty().get();
            return now != null && now.files().stream().anyMatch(f -> f.path().equals("perf.data.perf-script.txt"));
        });
        Capture now = window.model().captureProperty().get();
        SourceFile script = now.files().stream().filter(f -> f.path().equals("perf.data.perf-script.txt")).findFirst().orElseThrow();
        assertEquals("perf-script", script.format());
        try (var s = Files.list(c)) {
            assertEquals(List.of("perf.data", "variables.txt"), s.map(p -> p.getFileName().toString()).sorted().toList(),
                    "nothing written beside the user's files");
        }
    }
}
