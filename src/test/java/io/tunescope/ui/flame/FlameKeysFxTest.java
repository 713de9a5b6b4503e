package io.tunescope.ui.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.model.capture.Capture;
import io.tunescope.ui.Shortcuts;
import io.tunescope.ui.TestUiContext;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.scene.Scene;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A user drives the flame graph from the keyboard: arrows and WASD move the outlined frame (children,
 * parent, neighbours on the row), + and - zoom a level, Enter zooms to the frame, Backspace goes back,
 * / searches, n and N step through the matches, Esc clears; the keys leave the hotspot table alone.
 */
@ExtendWith(ApplicationExtension.class)
class FlameKeysFxTest {
    private final ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "flame-keys-test");
        t.setDaemon(true);
        return t;
    });
    private Shortcuts keys;
    private FlameView view;

    @Start
    void start(Stage stage) throws Exception {
        Capture capture = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(FlameViewFxTest.CAPTURE);
        keys = new Shortcuts();
        view = new FlameView(new TestUiContext(pool) {
            @Override
            public Shortcuts shortcuts() {
                return keys;
            }
        });
        Scene scene = new Scene((javafx.scene.Parent) view.node(), 1200, 720);
        keys.install(scene);
        stage.setScene(scene);
        stage.show();
        view.show(capture);
    }

    private void settle() throws Exception {
        FlameViewFxTest.settle(view);
    }

    private void press(FxRobot robot, KeyCode... chord) throws Exception {
        robot.press(chord);
        robot.release(chord);
        settle();
    }

    /** The widest child with weight, found by walking the children (the first of equals). */
    private static int widestChild(CallTree t, int n) {
        int best = -1;
        for (int c = t.firstChild(n); c >= 0; c = t.nextSibling(c)) {
            if (t.total(c) > 0 && (best < 0 || t.total(c) > t.total(best))) {
                best = c;
            }
        }
        return best;
    }

    @Test
    void arrowsWasdZoomSearchAndEsc(FxRobot robot) throws Exception {
        settle();
        FlameViewModel vm = view.viewModel();
        FlameCanvasPane canvas = view.flameCanvas();
        assertTrue(canvas.isFocused(), "showing the view gives the picture the keys");
        CallTree t = vm.snapshot().tree();
        assertEquals(-1, vm.cursorProperty().get());

        // the first move starts on the zoomed frame (the root), then up goes into the widest child
        press(robot, KeyCode.UP);
        assertEquals(0, vm.cursorProperty().get());
        press(robot, KeyCode.UP);
        int top = widestChild(t, 0);
        assertEquals(top, vm.cursorProperty().get());
        assertEquals(t.frame(top), vm.selectedFrameProperty().get(), "the cursor selects its function");
        press(robot, KeyCode.W);
        int second = widestChild(t, top);
        assertEquals(second, vm.cursorProperty().get(), "W is up");
        assertEquals(second, canvas.current(), "the picture outlines the cursor");
        assertTrue(view.cursorText().startsWith(t.name(second)), view.cursorText());

        // right (or left when it is the last on its row): another frame on the same row; the other way comes back
        press(robot, KeyCode.D);
        int right = vm.cursorProperty().get();
        boolean rightward = right != second;
        if (!rightward) {
            press(robot, KeyCode.A);
            right = vm.cursorProperty().get();
        }
        assertNotEquals(second, right, "the row has another frame");
        assertEquals(t.depth(second), t.depth(right));
        var layout = vm.snapshot().layout();
        assertTrue(rightward ? layout.x(right) >= layout.x(second) + layout.width(second)
                : layout.x(right) + layout.width(right) <= layout.x(second));
        press(robot, rightward ? KeyCode.LEFT : KeyCode.RIGHT);
        assertEquals(second, vm.cursorProperty().get());
        press(robot, rightward ? KeyCode.RIGHT : KeyCode.LEFT);
        assertEquals(right, vm.cursorProperty().get());
        // down to the parent, and up again returns to where it came from rather than to the widest child
        int parent = t.parent(right);
        press(robot, KeyCode.S);
        assertEquals(parent, vm.cursorProperty().get());
        press(robot, KeyCode.UP);
        assertEquals(right, vm.cursorProperty().get());

        // Enter zooms to the cursor, - one level out, + one level back in towards the cursor, Backspace back
        press(robot, KeyCode.ENTER);
        assertEquals(right, vm.zoomProperty().get());
        assertEquals(right, vm.snapshot().layout().zoom());
        press(robot, KeyCode.MINUS);
        assertEquals(t.parent(right), vm.zoomProperty().get());
        press(robot, KeyCode.PLUS);
        assertEquals(right, vm.zoomProperty().get(), "towards the cursor");
        assertTrue(widestChild(t, right) > 0, "the frame has callees");
        press(robot, KeyCode.SHIFT, KeyCode.EQUALS);
        assertEquals(widestChild(t, right), vm.zoomProperty().get(), "Shift+= is + too: into the widest child");
        press(robot, KeyCode.BACK_SPACE);
        assertEquals(right, vm.zoomProperty().get());
        press(robot, KeyCode.BACK_SPACE);
        assertEquals(t.parent(right), vm.zoomProperty().get());

        // / goes to the search field; Esc there hands the keys back; n and N step through the matches
        press(robot, KeyCode.SLASH);
        TextField search = robot.lookup("#flame-search").queryAs(TextField.class);
        assertTrue(search.isFocused());
        robot.write("exec");
        settle();
        press(robot, KeyCode.ESCAPE);
        assertTrue(canvas.isFocused());
        assertEquals("exec", search.getText(), "Esc in the field keeps the text");
        int[] matches = vm.snapshot().search().nodes();
        assertTrue(matches.length >= 2, "several functions match");
        press(robot, KeyCode.N);
        assertEquals(matches[0], vm.cursorProperty().get());
        assertEquals(matches[0], vm.currentMatchProperty().get());
        assertTrue(vm.snapshot().layout().isLaidOut(matches[0]), "zoomed out far enough to show the match");
        press(robot, KeyCode.N);
        assertEquals(matches[1], vm.cursorProperty().get());
        press(robot, KeyCode.SHIFT, KeyCode.N);
        assertEquals(matches[0], vm.cursorProperty().get(), "N goes back");

        // Esc clears the outline, the selected function and the search
        press(robot, KeyCode.ESCAPE);
        assertEquals(-1, vm.cursorProperty().get());
        assertEquals(-1, vm.selectedFrameProperty().get());
        assertEquals("", search.getText());
        assertEquals(-1, canvas.current());
        assertEquals("", view.cursorText());
    }

    @Test
    void theKeysLeaveTheTablesAloneAndAreListed(FxRobot robot) throws Exception {
        settle();
        FlameViewModel vm = view.viewModel();
        var table = view.hotspotTable();
        robot.interact(() -> {
            table.requestFocus();
            table.getSelectionModel().select(0);
        });
        press(robot, KeyCode.DOWN);
        assertEquals(1, table.getSelectionModel().getSelectedIndex(), "Down moves in the table");
        assertEquals(-1, vm.cursorProperty().get(), "and not in the picture");
        // Enter is the table's own: it zooms the picture to the selected function's heaviest frame (not to the
        // picture's outlined frame, there is none) and hands the picture the keys
        press(robot, KeyCode.ENTER);
        var selected = table.getSelectionModel().getSelectedItem();
        assertTrue(vm.zoomProperty().get() > 0, "Enter in the table zooms to its function");
        assertEquals(selected.frameId(), vm.snapshot().tree().frame(vm.zoomProperty().get()));
        assertTrue(view.flameCanvas().isFocused(), "the picture has the keys");
        // a click on the picture gives it the keys
        robot.clickOn(view.flameCanvas());
        settle();
        press(robot, KeyCode.ESCAPE);
        assertTrue(view.flameCanvas().isFocused());

        // every key is listed for F1 with its description, aliases beside the main keys
        for (String id : List.of("flame.up", "flame.down", "flame.left", "flame.right", "flame.zoomIn", "flame.zoomOut",
                "flame.focus", "flame.back", "flame.search", "flame.next", "flame.previous", "flame.clear")) {
            Shortcuts.Shortcut s = keys.get(id);
            assertEquals("shortcut." + id, s.descriptionKey());
            assertTrue(java.util.ResourceBundle.getBundle("io.tunescope.ui.messages").containsKey(s.descriptionKey()), id);
            assertTrue(java.util.ResourceBundle.getBundle("io.tunescope.ui.messages", java.util.Locale.SIMPLIFIED_CHINESE)
                    .getString(s.descriptionKey()).codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN), id);
        }
        List<String> up = keys.all().stream().filter(s -> s.id().equals("flame.up")).map(Shortcuts.Shortcut::displayKeys).toList();
        assertEquals(List.of("\u2191", "W"), up);
        List<String> zoomIn = keys.all().stream().filter(s -> s.id().equals("flame.zoomIn")).map(Shortcuts.Shortcut::displayKeys).toList();
        assertEquals(List.of("+", "=", "+"), zoomIn, "Plus, Shift+= (Shift ignored), the keypad's +");
    }
}
