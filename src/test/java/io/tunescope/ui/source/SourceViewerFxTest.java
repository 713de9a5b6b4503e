package io.tunescope.ui.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.ui.MainWindow;
import io.tunescope.ui.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Every file:line opens that line of the capture file, read-only, searchable, in the source viewer. */
@ExtendWith(ApplicationExtension.class)
class SourceViewerFxTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        Preferences prefs = Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime());
        window = new MainWindow(stage, List.of(), new Settings(prefs));
        window.show();
    }

    private SourceViewer openAt(FxRobot robot, String file, int line) throws Exception {
        boolean[] ok = new boolean[1];
        robot.interact(() -> ok[0] = window.openSource(SourceRef.of(file, line)));
        assertTrue(ok[0], file);
        Path abs = window.model().captureProperty().get().root().resolve(file).toAbsolutePath().normalize();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> SourceViewer.openFor(abs) != null
                && !SourceViewer.openFor(abs).list().getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        return SourceViewer.openFor(abs);
    }

    @Test
    void evidenceLineOpensHighlightedAndSearchable(FxRobot robot) throws Exception {
        Path capture = TestData.sampleData().resolve("mariadb-oltp");
        robot.interact(() -> window.model().open(capture));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> window.model().captureProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();

        String file = "00-baseline/show-global-variables.txt";
        List<String> lines = Files.readAllLines(capture.resolve(file));
        int wanted = 1 + lines.indexOf(lines.stream().filter(l -> l.startsWith("innodb_buffer_pool_size")).findFirst().orElseThrow());
        SourceViewer v = openAt(robot, file, wanted);
        assertEquals(lines.size(), v.list().getItems().size(), "one row per line of the file");
        assertEquals(wanted, v.target());
        assertEquals(wanted - 1, v.list().getSelectionModel().getSelectedIndex(), "the line is selected");
        Label info = robot.lookup("#sourceInfo").queryAs(Label.class);
        assertTrue(info.getText().contains(String.valueOf(lines.size())), info.getText());

        // search from the target line: the next line containing the text, counted independently
        String q = "innodb_io_capacity";
        int expected = 0;
        for (int i = wanted; i < lines.size(); i++) {
            if (lines.get(i).toLowerCase(java.util.Locale.ROOT).contains(q)) {
                expected = i + 1;
                break;
            }
        }
        assertTrue(expected > 0, "the sample has " + q);
        TextField search = robot.lookup("#sourceSearch").queryAs(TextField.class);
        robot.interact(() -> search.setText(q));
        robot.clickOn(search).type(KeyCode.ENTER);
        int exp = expected;
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> v.lastMatch() == exp);
        assertEquals(expected - 1, v.list().getSelectionModel().getSelectedIndex());

        // asking for another line of the same file reuses its window; another file opens its own
        SourceViewer again = openAt(robot, file, 3);
        assertTrue(again == v, "one window per file");
        assertEquals(3, v.target());
        SourceViewer other = openAt(robot, "00-baseline/my.cnf", 0);
        assertFalse(other == v);
        assertEquals(Files.readAllLines(capture.resolve("00-baseline/my.cnf")).size(), other.list().getItems().size());

        // Enter on a row of the Files view opens that file (Controls.openSourceOnActivate)
        io.tunescope.ui.ViewTabs.select(robot, "files.tab");
        @SuppressWarnings("unchecked")
        javafx.scene.control.TableView<io.tunescope.model.capture.SourceFile> files =
                robot.lookup("#filesTable").queryAs(javafx.scene.control.TableView.class);
        String sysctl = "00-baseline/sysctl.txt";
        robot.interact(() -> {
            files.getSelectionModel().select(files.getItems().stream().filter(f -> f.path().equals(sysctl)).findFirst().orElseThrow());
            files.fireEvent(new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_PRESSED, "", "", KeyCode.ENTER,
                    false, false, false, false));
        });
        Path sysctlAbs = window.model().captureProperty().get().root().resolve(sysctl).toAbsolutePath().normalize();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> SourceViewer.openFor(sysctlAbs) != null);

        // a path outside the capture is refused
        boolean[] outside = new boolean[1];
        robot.interact(() -> outside[0] = window.openSource(SourceRef.of("../../pom.xml", 1)));
        assertFalse(outside[0]);

        // Esc closes the viewer; closing the capture closes the rest
        robot.interact(() -> v.stage().requestFocus());
        robot.interact(() -> v.stage().getScene().getAccelerators().entrySet().stream()
                .filter(e -> e.getKey().getName().equals("Esc")).findFirst().orElseThrow().getValue().run());
        assertFalse(v.stage().isShowing());
        robot.interact(() -> window.model().close());
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(other.stage().isShowing());
    }

    @Test
    void tabsExpandToStopsOfEight() {
        assertEquals("a       b", SourceViewer.expandTabs("a\tb"));
        assertEquals("        x", SourceViewer.expandTabs("\tx"));
        assertEquals("no tabs", SourceViewer.expandTabs("no tabs"));
    }
}
