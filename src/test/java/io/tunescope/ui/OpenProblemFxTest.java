package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Opening an empty folder, or one where nothing can be read, is said in a dialog, not shown as an empty capture. */
@ExtendWith(ApplicationExtension.class)
class OpenProblemFxTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        Preferences prefs = Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime());
        window = new MainWindow(stage, List.of(), new Settings(prefs));
        window.show();
    }

    private String dialogText(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        String text = pane.getContentText();
        robot.interact(() -> ((Stage) pane.getScene().getWindow()).close());
        return text;
    }

    @Test
    void emptyFolderIsSaidAndNotOpened(FxRobot robot, @TempDir Path dir) throws Exception {
        Path empty = Files.createDirectory(dir.resolve("capture-empty"));
        robot.interact(() -> window.model().open(empty));
        String text = dialogText(robot);
        assertTrue(text.contains("capture-empty holds no files"), text);
        assertNull(window.model().captureProperty().get(), "no empty capture is opened");
        assertTrue(window.model().messageProperty().get().contains("holds no files"));
        assertTrue(window.model().settings().recent().isEmpty(), "an empty folder is not a recent capture");
    }

    @Test
    void folderWhoseOnlyFileIsALinkToOutsideItSaysWhy(FxRobot robot, @TempDir Path dir) throws Exception {
        Path outside = Files.createDirectory(dir.resolve("elsewhere"));
        Files.writeString(outside.resolve("cpu.folded"), "mysqld;main;do_command 5\n");
        Path c = Files.createDirectory(dir.resolve("capture-linked"));
        Files.createSymbolicLink(c.resolve("cpu.folded"), outside.resolve("cpu.folded"));
        robot.interact(() -> window.model().open(c));
        String text = dialogText(robot);
        assertTrue(text.contains("capture-linked holds no files"), text);
        assertTrue(text.contains("cpu.folded: a link to outside the capture; not followed"), text);
        assertNull(window.model().captureProperty().get());
    }

    @Test
    void folderWithNothingReadableOpensWithAWarning(FxRobot robot, @TempDir Path dir) throws Exception {
        Path c = Files.createDirectory(dir.resolve("holiday-photos"));
        Files.writeString(c.resolve("notes.txt"), "remember to buy milk\nand bread\n");
        Files.write(c.resolve("blob.bin"), new byte[] {0, 1, 2, 3, 0, (byte) 0xff});
        robot.interact(() -> window.model().open(c));
        String text = dialogText(robot);
        assertTrue(text.startsWith("Nothing in holiday-photos could be read: 2 files, 2 not recognised, 0 with errors."), text);
        assertEquals(2, window.model().captureProperty().get().files().size(), "opened, so the Files view can say why");
    }
}
