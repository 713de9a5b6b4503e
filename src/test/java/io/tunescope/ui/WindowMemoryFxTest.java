package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.model.capture.Capture;
import io.tunescope.session.CaptureSession;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A capture closed or replaced, and a window replaced on its stage (another language, a new window), are freed: nothing
 * application-wide (the window list, the shared capture sessions) keeps them. Each test drops its references and
 * checks with a weak reference that the garbage collector took the object. The windows are on a stage of the test's
 * own, not the one TestFX registers (TestFX keeps every event fired on that one, and so their targets, until the next
 * test).
 */
@ExtendWith(ApplicationExtension.class)
class WindowMemoryFxTest {
    private Stage stage;

    @Start
    void start(Stage primary) {
        stage = new Stage();
    }

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(stage::close);
    }

    private MainWindow newWindow(FxRobot robot) {
        Settings settings = new Settings(Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime()));
        MainWindow[] w = new MainWindow[1];
        robot.interact(() -> {
            w[0] = new MainWindow(stage, List.of(), settings);
            w[0].show();
        });
        return w[0];
    }

    private static Path sample() {
        return TestData.sampleData().resolve("mariadb-oltp").toAbsolutePath();
    }

    /** Opens the sample capture in the window and waits until it is shown (another capture than {@code before}). */
    private static Capture open(FxRobot robot, MainWindow w, Capture before) throws Exception {
        robot.interact(() -> w.model().open(sample()));
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS,
                () -> w.model().captureProperty().get() != null && w.model().captureProperty().get() != before);
        WaitForAsyncUtils.waitForFxEvents();
        return w.model().captureProperty().get();
    }

    /** Whether the object went: full collections (a bounded number) until the reference is cleared. */
    private static boolean collected(WeakReference<?> ref) throws InterruptedException {
        for (int i = 0; i < 60 && ref.get() != null; i++) {
            WaitForAsyncUtils.waitForFxEvents();
            System.gc();
            Thread.sleep(50);
        }
        return ref.get() == null;
    }

    @Test
    void aCaptureReplacedByAnotherOrClosedIsFreed(FxRobot robot) throws Exception {
        MainWindow w = newWindow(robot);
        Capture first = open(robot, w, null);
        WeakReference<Capture> firstRef = new WeakReference<>(first);
        WeakReference<CaptureSession> firstSession = new WeakReference<>(CaptureSession.of(first));

        // File > Open of another capture (here: the same folder read again, a new capture) replaces the first
        Capture second = open(robot, w, first);
        assertNotSame(first, second);
        first = null;
        assertTrue(collected(firstSession), "the replaced capture's session (its reading, timelines, findings) is freed");
        assertTrue(collected(firstRef), "the replaced capture is freed");

        // File > Close
        WeakReference<Capture> secondRef = new WeakReference<>(second);
        second = null;
        robot.interact(w.model()::close);
        assertTrue(collected(secondRef), "the closed capture is freed");
    }

    @Test
    void aWindowRebuiltInAnotherLanguageIsFreedAndItsCaptureKept(FxRobot robot) throws Exception {
        MainWindow w = newWindow(robot);
        Capture shown = open(robot, w, null);
        WeakReference<MainWindow> oldWindow = new WeakReference<>(w);
        w = null;
        // View > Language > the second language: the window is built again on the stage, the capture adopted
        robot.interact(() -> {
            MenuBar bar = (MenuBar) stage.getScene().getRoot().lookup(".menu-bar");
            Menu language = (Menu) bar.getMenus().get(1).getItems().stream().filter(m -> m instanceof Menu).findFirst().orElseThrow();
            MenuItem chinese = language.getItems().get(2);
            chinese.fire();
        });
        WaitForAsyncUtils.waitForFxEvents();
        MainWindow now = MainWindow.of(stage);
        assertNotNull(now);
        assertNotSame(oldWindow.get(), now, "rebuilt");
        assertSame(shown, now.model().captureProperty().get(), "the capture is adopted, not read again");
        now = null;
        assertTrue(collected(oldWindow), "the window it replaced is freed");
    }

    @Test
    void aWindowReplacedOnItsStageWithoutShutdownIsFreed(FxRobot robot) throws Exception {
        MainWindow w = newWindow(robot);
        open(robot, w, null);
        WeakReference<MainWindow> oldWindow = new WeakReference<>(w);
        w = null;
        MainWindow next = newWindow(robot);
        assertSame(next, MainWindow.of(stage));
        next = null;
        assertTrue(collected(oldWindow), "the earlier window, its views and their capture are freed");
    }
}
