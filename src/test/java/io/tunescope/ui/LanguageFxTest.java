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
        assertEquals(Locale.SIMPLIFIED_CHINESE, Locale.getDefault());
        Label title = robot.lookup(".welcome-title").queryAs(Label.class);
        assertEquals("打开一个采集以开始", title.getText());
        assertTrue(stage.getScene().getRoot().lookupAll(".welcome-title").size() == 1, "one window, rebuilt in place");
    }
}
