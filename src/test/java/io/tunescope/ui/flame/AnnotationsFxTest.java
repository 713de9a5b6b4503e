package io.tunescope.ui.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.annotate.Annotation;
import io.tunescope.annotate.AnnotationStore;
import io.tunescope.annotate.AnnotationTarget;
import io.tunescope.export.ReportBuilder;
import io.tunescope.export.ReportOptions;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Step;
import io.tunescope.ui.MainWindow;
import io.tunescope.ui.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import java.util.stream.Stream;
import javafx.geometry.Point2D;
import javafx.scene.control.ListView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeView;
import javafx.stage.Stage;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 6, annotations: a user annotates a step and a flame frame through the UI; the notes land in
 * {@code tunescope-annotations.json} beside the capture without changing any capture file, come back when
 * the capture is reopened, and appear in the PDF report.
 */
@ExtendWith(ApplicationExtension.class)
class AnnotationsFxTest {
    private static final String STEP_NOTE = "Baseline before the buffer pool change";
    private static final String RANGE_NOTE = "Throughput dip here";
    private static final String FRAME_NOTE = "Spin wait hotspot worth a look";

    @TempDir
    static Path temp;
    private MainWindow window;
    private Path capture;

    @Start
    void start(Stage stage) throws Exception {
        capture = copy(TestData.sampleData().resolve("mariadb-oltp"), temp.resolve("capture-" + System.nanoTime()));
        Preferences prefs = Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime());
        window = new MainWindow(stage, List.of(), new Settings(prefs));
        window.show();
    }

    @Test
    void annotateSaveReopenAndExport(FxRobot robot) throws Exception {
        Map<String, String> before = hashes(capture);
        open(robot);

        // a step, from the sidebar's context menu
        TreeCell<?> stepCell = robot.lookup(".tree-cell").match((TreeCell<?> c) -> c.getItem() instanceof Step).query();
        Step step = (Step) stepCell.getItem();
        robot.clickOn(stepCell);
        TreeView<?> sidebar = robot.lookup("#captureSidebar").queryAs(TreeView.class);
        MenuItem sideItem = sidebar.getContextMenu().getItems().stream()
                .filter(m -> "sidebarAnnotate".equals(m.getId())).findFirst().orElseThrow();
        javafx.application.Platform.runLater(sideItem::fire); // opens the note dialog (modal)
        writeNote(robot, STEP_NOTE);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, window.annotations().list().size());

        // a flame frame, from the flame graph's context menu
        TabPane tabs = robot.lookup("#viewTabs").queryAs(TabPane.class);
        Tab flameTab = tabs.getTabs().stream().filter(t -> "tab-flame.tab".equals(t.getId())).findFirst().orElseThrow();
        robot.interact(() -> tabs.getSelectionModel().select(flameTab));
        FlameCanvasPane pane = robot.lookup("#flame-canvas").queryAs(FlameCanvasPane.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> pane.flameLayout() != null && pane.getWidth() > 10);
        WaitForAsyncUtils.waitForFxEvents();
        int node = widestAtDepth(pane, 2);
        double[] c = pane.centreOf(node);
        assertNotNull(c, "frame visible");
        List<String> framePath = pane.flameLayout().tree().path(node);
        Point2D screen = pane.canvas().localToScreen(c[0], c[1]);
        robot.moveTo(screen);
        Point2D scene = pane.canvas().localToScene(c[0], c[1]);
        robot.interact(() -> pane.canvas().fireEvent(new javafx.scene.input.ContextMenuEvent(
                javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED, scene.getX(), scene.getY(), screen.getX(), screen.getY(),
                false, null)));
        javafx.scene.control.ContextMenu menu = javafx.stage.Window.getWindows().stream()
                .filter(w -> w instanceof javafx.scene.control.ContextMenu && w.isShowing())
                .map(w -> (javafx.scene.control.ContextMenu) w).findFirst().orElseThrow();
        MenuItem frameItem = menu.getItems().stream().filter(m -> "flame-annotate".equals(m.getId())).findFirst().orElseThrow();
        robot.interact(menu::hide);
        javafx.application.Platform.runLater(frameItem::fire);
        writeNote(robot, FRAME_NOTE);
        WaitForAsyncUtils.waitForFxEvents();

        // a time range, from the timeline's button (no zoom, no crosshair: the whole run), shown as a marker
        Tab timelineTab = tabs.getTabs().stream().filter(t -> "tab-timeline.tab".equals(t.getId())).findFirst().orElseThrow();
        robot.interact(() -> tabs.getSelectionModel().select(timelineTab));
        org.jfree.chart.fx.ChartViewer viewer = robot.lookup("#timelineChart").queryAs(org.jfree.chart.fx.ChartViewer.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> viewer.getChart() != null && viewer.isVisible());
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.Button annotateRange = robot.lookup("#timelineAnnotate").queryAs(javafx.scene.control.Button.class);
        javafx.application.Platform.runLater(annotateRange::fire);
        writeNote(robot, RANGE_NOTE);
        WaitForAsyncUtils.waitForFxEvents();
        var plot = (org.jfree.chart.plot.CombinedDomainXYPlot) viewer.getChart().getPlot();
        var markers = plot.getSubplots().get(0).getDomainMarkers(org.jfree.chart.ui.Layer.BACKGROUND);
        assertNotNull(markers);
        assertTrue(markers.stream().anyMatch(m -> m instanceof org.jfree.chart.plot.IntervalMarker im
                && RANGE_NOTE.equals(im.getLabel())), "annotated range shown on the timeline");

        List<Annotation> saved = AnnotationStore.forCapture(capture).load();
        assertEquals(3, saved.size(), "every note saved beside the capture");
        assertTrue(saved.stream().anyMatch(a -> a.target().kind() == AnnotationTarget.Kind.TIME_RANGE && a.note().equals(RANGE_NOTE)));
        assertTrue(Files.exists(capture.resolve(AnnotationStore.FILE_NAME)));
        Annotation stepNote = saved.stream().filter(a -> a.target().kind() == AnnotationTarget.Kind.STEP).findFirst().orElseThrow();
        assertEquals(step.dir(), stepNote.target().step());
        assertEquals(STEP_NOTE, stepNote.note());
        Annotation frameNote = saved.stream().filter(a -> a.target().kind() == AnnotationTarget.Kind.FLAME_FRAME).findFirst().orElseThrow();
        assertEquals(framePath, frameNote.target().frames());
        assertEquals(FRAME_NOTE, frameNote.note());
        assertEquals(1, pane.marked().length, "the annotated frame is outlined");
        assertEquals(node, pane.marked()[0]);
        assertEquals(before, hashes(capture), "no capture file changed");

        // close and reopen: the panel lists them again
        robot.interact(() -> window.model().close());
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        ListView<Annotation> list = robot.lookup("#annotationsList").queryAs(ListView.class);
        assertTrue(list.getItems().isEmpty());
        open(robot);
        assertEquals(3, list.getItems().size());
        assertTrue(list.getItems().stream().anyMatch(a -> a.note().equals(FRAME_NOTE)));

        // the PDF report lists them
        Capture opened = window.model().captureProperty().get();
        Path pdf = temp.resolve("report-" + System.nanoTime() + ".pdf");
        ReportBuilder.standard().write(opened, new ReportOptions(Locale.ENGLISH, null, null), pdf);
        String text;
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
        }
        assertTrue(text.contains(STEP_NOTE), "step note in the PDF");
        assertTrue(text.contains(FRAME_NOTE), "frame note in the PDF");
        assertTrue(text.contains(RANGE_NOTE), "range note in the PDF");
        assertTrue(text.contains("Annotations"), "annotations heading in the PDF");
        assertEquals(before, hashes(capture), "no capture file changed by the export");
    }

    private void open(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(capture));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> window.model().captureProperty().get() != null
                && !window.model().loadingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void writeNote(FxRobot robot, String note) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#annotationNote").tryQuery().isPresent());
        TextArea area = robot.lookup("#annotationNote").queryAs(TextArea.class);
        robot.interact(() -> area.setText(note));
        robot.clickOn("#annotationOk");
    }

    private static int widestAtDepth(FlameCanvasPane pane, int depth) {
        var l = pane.flameLayout();
        int best = -1;
        for (int n = 1; n < l.tree().size(); n++) {
            if (l.tree().depth(n) == depth && l.isLaidOut(n) && (best < 0 || l.width(n) > l.width(best))) {
                best = n;
            }
        }
        assertTrue(best > 0, "a frame at depth " + depth);
        return best;
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

    /** SHA-256 of every file of the capture except the annotations file. */
    private static Map<String, String> hashes(Path dir) throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (Files.isRegularFile(p) && !p.getFileName().toString().equals(AnnotationStore.FILE_NAME)) {
                    MessageDigest md = MessageDigest.getInstance("SHA-256");
                    out.put(dir.relativize(p).toString(), HexFormat.of().formatHex(md.digest(Files.readAllBytes(p))));
                }
            }
        }
        return out;
    }
}
