package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The shortcut registry: view switching, shortcuts scoped to a view, keys left to text fields. */
@ExtendWith(ApplicationExtension.class)
class ShortcutsFxTest {
    // controls are made in start(): a control class touched before the toolkit runs fails to initialise
    private final Shortcuts shortcuts = new Shortcuts();
    private final List<String> ran = new ArrayList<>();
    private TabPane tabs;
    private TextField field;

    @Start
    void start(Stage stage) {
        tabs = new TabPane();
        field = new TextField();
        Label first = new Label("first");
        Label second = new Label("second");
        VBox third = new VBox(new Label("third"), field);
        field.setId("field");
        tabs.getTabs().addAll(new Tab("one", first), new Tab("two", second), new Tab("three", third));
        // two views use the same keys; only the showing one acts
        shortcuts.register("one.zoomOut", "Esc", "shortcut.one", first, () -> ran.add("one"));
        shortcuts.register("two.zoomOut", "Esc", "shortcut.two", second, () -> ran.add("two"));
        shortcuts.alias("two.zoomOut", "Backspace");
        shortcuts.register("three.zoomOut", "Esc", "shortcut.three", third, () -> ran.add("three"));
        shortcuts.register("three.next", "F3", "shortcut.next", third, () -> ran.add("next"));
        shortcuts.tabSwitching(tabs);
        Scene scene = new Scene(tabs, 400, 300);
        shortcuts.install(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void ctrlDigitsAndCtrlTabSwitchViews(FxRobot robot) {
        robot.clickOn("one");
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT3).release(KeyCode.DIGIT3, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(2, tabs.getSelectionModel().getSelectedIndex());
        robot.press(KeyCode.CONTROL, KeyCode.DIGIT9).release(KeyCode.DIGIT9, KeyCode.CONTROL);
        assertEquals(2, tabs.getSelectionModel().getSelectedIndex(), "no ninth view: nothing happens");
        robot.press(KeyCode.CONTROL, KeyCode.TAB).release(KeyCode.TAB, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, tabs.getSelectionModel().getSelectedIndex(), "Ctrl+Tab wraps around");
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.TAB).release(KeyCode.TAB, KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(2, tabs.getSelectionModel().getSelectedIndex(), "Ctrl+Shift+Tab goes back");
        robot.press(KeyCode.CONTROL, KeyCode.PAGE_UP).release(KeyCode.PAGE_UP, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, tabs.getSelectionModel().getSelectedIndex(), "Ctrl+Page Up is the same");
    }

    @Test
    void onlyTheShowingViewActsAndTextFieldsKeepTheirKeys(FxRobot robot) {
        robot.clickOn("two");
        robot.type(KeyCode.ESCAPE);
        robot.type(KeyCode.BACK_SPACE);
        robot.clickOn("one");
        robot.type(KeyCode.ESCAPE);
        robot.type(KeyCode.F3);
        robot.clickOn("three");
        robot.clickOn("#field").write("abc");
        robot.type(KeyCode.BACK_SPACE);
        robot.type(KeyCode.ESCAPE);
        robot.type(KeyCode.F3);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("two", "two", "one", "next"), ran, "F3 in the field still works, Esc stays with the field");
        assertEquals("ab", field.getText(), "Backspace edited the field");
    }

    @Test
    void registryListsEverythingOnceById() {
        assertThrows(IllegalArgumentException.class, () -> shortcuts.register("one.zoomOut", "Esc", "x", null, () -> { }));
        assertThrows(IllegalArgumentException.class, () -> shortcuts.alias("nothing.here", "F4"));
        // keys that already act everywhere cannot be taken, not even by one view
        assertThrows(IllegalArgumentException.class, () -> shortcuts.register("four.tab", "Ctrl+Tab", "x", new Label(), () -> { }));
        // an unscoped shortcut cannot take keys a view uses
        assertThrows(IllegalArgumentException.class, () -> shortcuts.register("any.esc", "Esc", "x", null, () -> { }));
        // documented keys are listed, nothing is bound
        shortcuts.document("three.edit", "Ctrl+A", "shortcut.selectAll");
        assertEquals("Ctrl+A", shortcuts.get("three.edit").displayKeys());
        assertEquals("Escape", shortcuts.get("one.zoomOut").displayKeys());
        assertEquals("Ctrl+Page Down", shortcuts.all().stream().filter(s -> s.id().equals("view.next")).skip(1).findFirst().orElseThrow().displayKeys());
        assertEquals("one", shortcuts.get("one.zoomOut").group());
        assertEquals(2, shortcuts.all().stream().filter(s -> s.id().equals("two.zoomOut")).count(), "Esc and its alias");
        assertTrue(shortcuts.all().stream().anyMatch(s -> s.id().equals("view.select")), "one entry for Ctrl+1..9");
        assertTrue(Shortcuts.isTextEditingKey(javafx.scene.input.KeyCombination.valueOf("Alt+Left")));
        assertTrue(!Shortcuts.isTextEditingKey(javafx.scene.input.KeyCombination.valueOf("Shortcut+F")));
    }
}
