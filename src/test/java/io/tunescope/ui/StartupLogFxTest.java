package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window opens with a capture to load: it is shown before any view is made and before the capture is read, the
 * views are made after its first frame, and {@code -Dtunescope.startupLog} writes the stages in order.
 */
@ExtendWith(ApplicationExtension.class)
class StartupLogFxTest {
    private MainWindow window;
    private Path log;
    private int viewsMadeAtShow = -1;

    @Start
    void start(Stage stage) throws Exception {
        log = Files.createTempFile("startup", ".log");
        System.setProperty("tunescope.startupLog", log.toString());
        StartupLog.reset();
        Preferences prefs = Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime());
        window = new MainWindow(stage, List.of(TestData.sampleData().resolve("mariadb-oltp").toString()), new Settings(prefs));
        window.show();
        viewsMadeAtShow = window.viewsMade();
    }

    @AfterEach
    void clear() throws Exception {
        System.clearProperty("tunescope.startupLog");
        StartupLog.reset();
        Files.deleteIfExists(log);
    }

    @Test
    void windowFirstThenViewsThenCaptureStagesInOrder() throws Exception {
        assertEquals(0, viewsMadeAtShow, "no view is made before the window is on screen");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> StartupLog.marked("view-painted"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Views.makers().size(), window.viewsMade());
        assertTrue(StartupLog.marked(StartupLog.VIEWS_BUILT));

        List<String> lines = Files.readAllLines(log);
        assertEquals(StartupLog.lines(), lines, "the file holds what was recorded");
        List<String> stages = new ArrayList<>();
        long last = -1;
        for (String line : lines) {
            String[] f = line.split(" ");
            assertTrue(f[1].startsWith("uptime_ms=") && f[2].startsWith("cpu_ms=") && f[3].startsWith("thread="), line);
            long up = Long.parseLong(f[1].substring("uptime_ms=".length()));
            assertTrue(up >= last, "uptimes do not go back: " + lines);
            last = up;
            if (StartupLog.STAGES.contains(f[0])) {
                stages.add(f[0]); // views-built and the flame graph's stages have no fixed place among them
            }
        }
        // no launcher and no Application here: the stages from the window on, in the documented order
        assertEquals(StartupLog.STAGES.subList(3, StartupLog.STAGES.size()), stages);
        assertEquals(1, lines.stream().filter(l -> l.startsWith("view-painted ")).count(), "each stage once");
    }
}
