package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.prefs.Preferences;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.kordamp.ikonli.javafx.FontIcon;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The menu items' icons are not made with the window but when their menu first shows; then every item has one. */
@ExtendWith(ApplicationExtension.class)
class MenuIconsFxTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = new MainWindow(stage, List.of(), new Settings(Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime())));
        window.show();
    }

    @Test
    void iconsComeWhenTheMenuShows(FxRobot robot) {
        Menu file = robot.lookup(".menu-bar").queryAs(MenuBar.class).getMenus().get(0);
        List<MenuItem> items = file.getItems().stream().filter(m -> !(m instanceof SeparatorMenuItem)).toList();
        assertFalse(items.isEmpty());
        for (MenuItem m : items) {
            assertNull(m.getGraphic(), m.getText() + ": no icon before the menu shows");
        }
        robot.interact(file::show);
        WaitForAsyncUtils.waitForFxEvents();
        for (MenuItem m : items) {
            assertTrue(m.getGraphic() instanceof FontIcon, m.getText() + ": an icon once the menu showed");
        }
        robot.interact(file::hide);
    }
}
