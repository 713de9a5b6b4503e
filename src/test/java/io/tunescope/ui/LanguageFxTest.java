package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.prefs.Preferences;
import javafx.scene.control.Label;
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

/** View > Language switches the whole window to Simplified Chinese and remembers it. */
@ExtendWith(ApplicationExtension.class)
class LanguageFxTest {
    private static final Locale BEFORE = Locale.getDefault();
    private Settings settings;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        Locale.setDefault(Locale.ENGLISH);
        settings = new Settings(Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime()));
        new MainWindow(stage, List.of(), settings).show();
    }

    @AfterEach
    void restore() {
        Locale.setDefault(BEFORE);
    }

    @Test
    void switchToChinese(FxRobot robot) {
        assertTrue(robot.lookup("Open a capture to begin").tryQuery().isPresent());
        MenuBar bar = robot.lookup(".menu-bar").queryAs(MenuBar.class);
        Menu view = bar.getMenus().get(1);
        Menu language = (Menu) view.getItems().stream().filter(i -> i.getText() != null && i.getText().contains("Language")).findFirst().orElseThrow();
        MenuItem chinese = language.getItems().get(2);
        robot.interact(chinese::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Language.CHINESE, Language.saved(settings));
        assertEquals(Locale.SIMPLIFIED_CHINESE, MainWindow.of(stage).locale(), "the window speaks Chinese");
        assertEquals(Locale.ENGLISH, Locale.getDefault(), "the JVM's default locale is not changed");
        Label title = robot.lookup(".welcome-title").queryAs(Label.class);
        assertEquals("打开一个采集以开始", title.getText());
        assertTrue(stage.getScene().getRoot().lookupAll(".welcome-title").size() == 1, "one window, rebuilt in place");
    }

    @Test
    void switchingKeepsTheCaptureTheViewAndTheSize(FxRobot robot) throws Exception {
        MainWindow[] w = new MainWindow[1];
        robot.interact(() -> {
            w[0] = new MainWindow(stage, List.of(), settings);
            w[0].show();
            w[0].model().open(io.tunescope.TestData.sampleData().resolve("mariadb-oltp"));
        });
        WaitForAsyncUtils.waitFor(60, java.util.concurrent.TimeUnit.SECONDS, () -> w[0].model().captureProperty().get() != null);
        io.tunescope.model.capture.Capture loaded = w[0].model().captureProperty().get();
        javafx.scene.control.TabPane tabs = (javafx.scene.control.TabPane) stage.getScene().getRoot().lookup(".tab-pane");
        robot.interact(() -> tabs.getSelectionModel().select(2));
        double width = stage.getScene().getWidth();
        double height = stage.getScene().getHeight();
        for (int i = 0; i < 2; i++) {
            MenuBar bar = (MenuBar) stage.getScene().getRoot().lookup(".menu-bar");
            Menu language = (Menu) bar.getMenus().get(1).getItems().stream()
                    .filter(m -> m instanceof Menu).findFirst().orElseThrow();
            MenuItem next = language.getItems().get(i == 0 ? 2 : 1);
            robot.interact(next::fire);
            WaitForAsyncUtils.waitForFxEvents();
        }
        javafx.scene.control.TabPane now = (javafx.scene.control.TabPane) stage.getScene().getRoot().lookup(".tab-pane");
        assertEquals(2, now.getSelectionModel().getSelectedIndex(), "the same view stays selected");
        assertEquals(width, stage.getScene().getWidth(), 0.5, "the window does not grow");
        assertEquals(height, stage.getScene().getHeight(), 0.5, "the window does not grow");
        assertTrue(robot.lookup(".menu-bar").tryQuery().isPresent());
        // the capture was not read again: the same object, so every memoised reading is kept
        MainWindow after = MainWindow.of(stage);
        assertTrue(after != null && after != w[0], "rebuilt");
        assertTrue(after.model().captureProperty().get() == loaded);
    }
}
