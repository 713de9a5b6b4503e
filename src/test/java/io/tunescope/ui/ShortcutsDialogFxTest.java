package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.ResourceBundle;
import java.util.Set;
import java.util.prefs.Preferences;
import java.util.stream.Collectors;
import javafx.scene.Node;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** F1 in the main window opens the keyboard shortcuts dialog, which lists the shell's shortcuts; View > Theme. */
@ExtendWith(ApplicationExtension.class)
class ShortcutsDialogFxTest {
    private final ResourceBundle bundle = ResourceBundle.getBundle("io.tunescope.ui.messages");
    private MainWindow window;
    private Stage stage;
    private Settings settings;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        settings = new Settings(Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime()));
        window = new MainWindow(stage, List.of(), settings);
        window.show();
    }

    @Test
    void f1ListsTheShortcuts(FxRobot robot) {
        assertTrue(robot.lookup("#shortcutsDialog").tryQuery().isEmpty(), "no dialog before F1");
        robot.clickOn("#welcomePage");
        robot.type(KeyCode.F1);
        WaitForAsyncUtils.waitForFxEvents();

        DialogPane pane = robot.lookup("#shortcutsDialog").queryAs(DialogPane.class);
        Set<String> keys = texts(pane, ".shortcut-keys");
        Set<String> descriptions = texts(pane, ".shortcut-description");
        for (String k : List.of("Ctrl+O", "Ctrl+Shift+O", "F5", "Ctrl+W", "Ctrl+Q", "Ctrl+1", "F1")) {
            assertTrue(keys.contains(k), k + " missing from " + keys);
        }
        assertTrue(keys.contains("Ctrl+Tab / Ctrl+Page Down"), "aliases share a row: " + keys);
        for (String d : List.of("shortcut.file.openFolder", "shortcut.file.reload", "shortcut.view.next", "shortcut.help.shortcuts")) {
            assertTrue(descriptions.contains(bundle.getString(d)), d + " missing from " + descriptions);
        }
        // one row per registered action (aliases are not rows of their own)
        long actions = window.shortcuts().all().stream().map(Shortcuts.Shortcut::id).distinct().count();
        // (count the rows: two views may use the same keys in their own scope, e.g. Ctrl+F in the source viewer and the Server view)
        assertEquals(actions, pane.lookupAll(".shortcut-keys").size());
        Set<String> groups = texts(pane, ".section-title");
        assertTrue(groups.containsAll(List.of(bundle.getString("shortcut.group.file"), bundle.getString("shortcut.group.view"),
                bundle.getString("shortcut.group.help"))), groups.toString());
        assertEquals(bundle.getString("shortcuts.title"), ((Stage) pane.getScene().getWindow()).getTitle());
    }

    @Test
    void darkThemeIsAppliedToTheWindowAndLaterDialogsAndRemembered(FxRobot robot) {
        assertTrue(stage.getScene().getStylesheets().contains(Theme.LIGHT.stylesheet()), "light by default");
        robot.clickOn(bundle.getString("menu.view").replace("_", ""));
        robot.clickOn(bundle.getString("menu.theme").replace("_", ""));
        robot.clickOn("#theme-dark");
        WaitForAsyncUtils.waitForFxEvents();

        List<String> sheets = stage.getScene().getStylesheets();
        assertTrue(sheets.contains(Theme.DARK.stylesheet()), sheets.toString());
        assertFalse(sheets.contains(Theme.LIGHT.stylesheet()), sheets.toString());
        assertTrue(sheets.indexOf(Theme.BASE) < sheets.indexOf(Theme.DARK.stylesheet()), "the theme follows the base");
        assertEquals("dark", settings.get(Theme.SETTING, ""));
        assertEquals(Theme.DARK, Theme.load(settings));
        assertEquals(Theme.DARK, window.theme().getValue(), "views see the theme");

        // status icons keep their own colour (and their glyph font) under the theme's icon colour
        javafx.scene.layout.VBox welcome = robot.lookup("#welcomePage").queryAs(javafx.scene.layout.VBox.class);
        org.kordamp.ikonli.javafx.FontIcon ok = Icons.status(io.tunescope.model.capture.FileStatus.OK);
        org.kordamp.ikonli.javafx.FontIcon plain = Icons.icon("fas-folder");
        robot.interact(() -> welcome.getChildren().addAll(ok, plain));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Icons.statusColor(io.tunescope.model.capture.FileStatus.OK), ok.getIconColor());
        assertEquals(javafx.scene.paint.Color.web("#cfd5da"), plain.getIconColor(), "the dark theme's -ts-icon");
        assertTrue(ok.getFont().getFamily().contains("Font Awesome"), ok.getFont().getFamily());

        robot.clickOn("#welcomePage");
        robot.type(KeyCode.F1);
        WaitForAsyncUtils.waitForFxEvents();
        Window dialog = robot.lookup("#shortcutsDialog").queryAs(DialogPane.class).getScene().getWindow();
        assertTrue(dialog.getScene().getStylesheets().contains(Theme.DARK.stylesheet()), "dialogs opened later are dark too");
    }

    private static Set<String> texts(Node root, String selector) {
        return root.lookupAll(selector).stream().map(n -> ((Label) n).getText()).collect(Collectors.toSet());
    }
}
