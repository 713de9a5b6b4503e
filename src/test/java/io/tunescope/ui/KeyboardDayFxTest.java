package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.annotate.AnnotationStore;
import io.tunescope.ui.flame.FlameView;
import io.tunescope.ui.timeline.TimelineView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import java.util.stream.Stream;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ListView;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 16, "Done when": a day's tasks done with key events only on the three-step sample capture: find the hotspot
 * (Ctrl+2, Ctrl+H, Enter), read the timeline (crosshair, zoom, selection), compare two steps (Ctrl+D, Enter), annotate
 * a finding (Ctrl+F, words, Down, Ctrl+N, the note, Ctrl+Enter), show its evidence (Enter) and open the export (Ctrl+E).
 */
@ExtendWith(ApplicationExtension.class)
class KeyboardDayFxTest {
    private static final String NOTE = "checked from the keyboard";
    @TempDir
    Path temp;
    private MainWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window = new MainWindow(stage, List.of(), new Settings(Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime())));
        window.show();
    }

    private static void keys(FxRobot robot, KeyCode... codes) {
        robot.press(codes);
        KeyCode[] reversed = new KeyCode[codes.length];
        for (int i = 0; i < codes.length; i++) {
            reversed[i] = codes[codes.length - 1 - i];
        }
        robot.release(reversed);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The windows that are stages (dialogs, the source viewer), not tooltips or menus. */
    private static int stages() {
        return (int) Window.getWindows().stream().filter(w -> w instanceof Stage && w.isShowing()).count();
    }

    private Node focusOwner() {
        return stage.getScene().getFocusOwner();
    }

    @Test
    void aDaysTasksFromTheKeyboard(FxRobot robot) throws Exception {
        Path capture = copy(TestData.sampleCapture(), temp.resolve("capture"));
        robot.interact(() -> window.open(capture));
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> window.model().captureProperty().get() != null
                && !window.model().loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        TabPane tabs = robot.lookup("#viewTabs").queryAs(TabPane.class);
        robot.clickOn(tabs); // the window has the keyboard; from here on only keys

        // find the hotspot: the flame graph, its hotspots table, Enter zooms the picture to the heaviest function
        keys(robot, KeyCode.CONTROL, KeyCode.DIGIT2);
        assertEquals(1, tabs.getSelectionModel().getSelectedIndex(), "Ctrl+2: the flame graph");
        FlameView flame = window.view(FlameView.class);
        TableView<?> hotspots = robot.lookup("#flame-hotspots").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> flame.viewModel().snapshot() != null && !hotspots.getItems().isEmpty());
        keys(robot, KeyCode.CONTROL, KeyCode.H);
        assertEquals(hotspots, focusOwner(), "Ctrl+H: the hotspots table has the keys");
        assertEquals(0, hotspots.getSelectionModel().getSelectedIndex(), "the heaviest function is selected");
        keys(robot, KeyCode.DOWN);
        keys(robot, KeyCode.UP);
        keys(robot, KeyCode.ENTER);
        var hot = flame.viewModel().snapshot().hotspots();
        int zoom = flame.viewModel().zoomProperty().get();
        assertTrue(zoom > 0, "Enter zoomed the flame graph");
        var selected = (io.tunescope.analysis.calltree.Hotspot) hotspots.getSelectionModel().getSelectedItem();
        assertEquals(selected.frameId(), flame.viewModel().snapshot().tree().frame(zoom), "zoomed to the selected hotspot's function");
        assertFalse(hot.isEmpty());
        assertNotEquals(hotspots, focusOwner(), "the picture has the keys after Enter");
        // type to filter the hotspots, Esc clears the filter
        keys(robot, KeyCode.CONTROL, KeyCode.H);
        robot.write("zz");
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TextField hotFilter = robot.lookup("#flame-hotspot-filter").queryAs(javafx.scene.control.TextField.class);
        assertEquals("zz", hotFilter.getText(), "typing in the table goes on in its filter");
        keys(robot, KeyCode.ESCAPE);
        assertEquals("", hotFilter.getText(), "Esc clears the filter");

        // the timeline: the chart has the keys when its tab shows; arrows move the crosshair, Shift+arrows select, Enter zooms
        keys(robot, KeyCode.CONTROL, KeyCode.DIGIT4);
        TimelineView timeline = window.view(TimelineView.class);
        ChartViewer chart = robot.lookup("#timelineChart").queryAs(ChartViewer.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> chart.isVisible() && chart.getChart() != null);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> focusOwner() == chart);
        keys(robot, KeyCode.RIGHT);
        double x0 = timeline.crosshairProperty().get();
        assertFalse(Double.isNaN(x0), "Right puts the crosshair on the chart");
        keys(robot, KeyCode.RIGHT);
        double x1 = timeline.crosshairProperty().get();
        assertTrue(x1 > x0, "Right moves the crosshair forward: " + x0 + " -> " + x1);
        String readout = robot.lookup("#timelineCrosshair").queryAs(javafx.scene.control.Label.class).getText();
        assertFalse(readout.isBlank(), "the values at the crosshair show");
        var axis = ((CombinedDomainXYPlot) chart.getChart().getPlot()).getDomainAxis();
        double whole = axis.getRange().getLength();
        for (int i = 0; i < 10; i++) {
            keys(robot, KeyCode.SHIFT, KeyCode.RIGHT);
        }
        keys(robot, KeyCode.ENTER);
        double zoomed = axis.getRange().getLength();
        assertEquals(whole * 10 * 0.01, zoomed, whole * 0.005, "Enter zoomed to the ten steps selected");
        keys(robot, KeyCode.MINUS);
        assertEquals(zoomed * 2, axis.getRange().getLength(), zoomed * 0.01, "- zooms out");
        keys(robot, KeyCode.DIGIT0);
        assertEquals(whole, axis.getRange().getLength(), whole * 0.01, "0 shows the whole time again");

        // compare two steps: Ctrl+D opens the choice (first and last step), Enter compares them in every view
        CheckBox diff = robot.lookup("#flame-diff").queryAs(CheckBox.class);
        assertFalse(diff.isSelected());
        keys(robot, KeyCode.CONTROL, KeyCode.D);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> stages() > 1);
        keys(robot, KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, diff::isSelected);
        assertEquals(1, tabs.getSelectionModel().getSelectedIndex(), "the differential flame graph shows");

        // annotate a finding: Ctrl+1, Ctrl+F, words of its title, Down into the list, Ctrl+N, the note, Ctrl+Enter
        keys(robot, KeyCode.CONTROL, KeyCode.DIGIT1);
        assertEquals(0, tabs.getSelectionModel().getSelectedIndex());
        @SuppressWarnings("unchecked")
        ListView<io.tunescope.rules.Finding> findings = robot.lookup("#findingsList").queryAs(ListView.class);
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> !findings.getItems().isEmpty());
        io.tunescope.rules.Finding wanted = findings.getItems().get(findings.getItems().size() - 1);
        keys(robot, KeyCode.CONTROL, KeyCode.F);
        assertEquals("findingsFilter", focusOwner().getId(), "Ctrl+F: the findings filter");
        robot.write(wanted.ruleId());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(findings.getItems().stream().allMatch(f -> f.ruleId().equals(wanted.ruleId()) || f.title().contains(wanted.ruleId())
                || f.summary().contains(wanted.ruleId())), "the list is filtered");
        keys(robot, KeyCode.DOWN);
        assertEquals(findings, focusOwner(), "Down: the list has the keys");
        assertEquals(wanted.ruleId(), findings.getSelectionModel().getSelectedItem().ruleId());
        keys(robot, KeyCode.CONTROL, KeyCode.N);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#annotationNote").tryQuery().isPresent());
        // key by key: TestFX's write() sends its characters to the main window while the dialog is up (Monocle calls both focused)
        for (char ch : NOTE.toCharArray()) {
            robot.type(ch == ' ' ? KeyCode.SPACE : KeyCode.getKeyCode(String.valueOf(Character.toUpperCase(ch))));
        }
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(NOTE, robot.lookup("#annotationNote").queryAs(javafx.scene.control.TextArea.class).getText(), "the note is typed");
        keys(robot, KeyCode.CONTROL, KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.annotations().list().stream().anyMatch(a -> NOTE.equals(a.note())));
        assertTrue(Files.exists(capture.resolve(AnnotationStore.FILE_NAME)), "the note is saved beside the capture");
        var note = window.annotations().list().stream().filter(a -> NOTE.equals(a.note())).findFirst().orElseThrow();
        assertEquals(wanted.ruleId(), note.target().findingId(), "the note is on the selected finding");

        // its evidence: Enter on the finding shows another view or opens the line in the source viewer
        robot.interact(() -> findings.requestFocus());
        int windows = stages();
        keys(robot, KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(tabs.getSelectionModel().getSelectedIndex() != 0 || stages() > windows,
                "Enter showed the finding's evidence");

        if (stages() > windows) {
            // the source viewer opened (its own Esc closes it: SourceViewerFxTest); the headless robot keeps sending keys to
            // the main window while a non-modal window is up, so it is closed here as the user's Esc would
            robot.interact(io.tunescope.ui.source.SourceViewer::closeAll);
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> stages() <= windows);
        }

        // export figures for a report: Ctrl+E opens the export of the view shown; Esc closes it
        keys(robot, KeyCode.CONTROL, KeyCode.DIGIT2);
        int before = stages();
        keys(robot, KeyCode.CONTROL, KeyCode.E);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#exportWidth").tryQuery().isPresent());
        keys(robot, KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> stages() <= before);

        // F1 lists the keys of every view used above
        keys(robot, KeyCode.F1);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#shortcutsGrid").tryQuery().isPresent());
        Node grid = robot.lookup("#shortcutsGrid").query();
        for (String group : List.of("shortcut.group.findings", "shortcut.group.timeline", "shortcut.group.config", "shortcut.group.files",
                "shortcut.group.perfreport", "shortcut.group.numa", "shortcut.group.flame", "shortcut.group.annot")) {
            String title = window.bundle().getString(group);
            assertTrue(grid.lookupAll(".section-title").stream().anyMatch(n -> title.equals(((javafx.scene.control.Label) n).getText())),
                    "F1 lists " + group);
        }
        assertNotNull(window.shortcuts().get("flame.hotspots"));
    }

    private static Path copy(Path from, Path to) throws Exception {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else if (!p.getFileName().toString().equals(AnnotationStore.FILE_NAME)) {
                    Files.copy(p, t);
                }
            }
        }
        return to;
    }
}
