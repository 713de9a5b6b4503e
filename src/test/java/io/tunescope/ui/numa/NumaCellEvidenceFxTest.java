package io.tunescope.ui.numa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.analysis.numa.NumaCell;
import io.tunescope.analysis.numa.NumaMatrix;
import io.tunescope.render.HeatmapPainter;
import io.tunescope.rules.Finding;
import io.tunescope.ui.CaptureView;
import io.tunescope.ui.MainWindow;
import io.tunescope.ui.Settings;
import io.tunescope.ui.findings.FindingsView;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TabPane;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A user selects a NUMA finding and presses "show evidence": the NUMA tab opens on the finding's heatmap
 * with the finding's cell outlined and its value and source shown below the heatmap.
 */
@ExtendWith(ApplicationExtension.class)
class NumaCellEvidenceFxTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = new MainWindow(stage, List.of(), new Settings(Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime())));
        window.show();
    }

    @SuppressWarnings("unchecked")
    private <T extends CaptureView> T view(Class<T> type) throws Exception {
        var f = MainWindow.class.getDeclaredField("views");
        f.setAccessible(true);
        for (CaptureView v : (List<CaptureView>) f.get(window)) {
            if (type.isInstance(v)) {
                return (T) v;
            }
        }
        throw new AssertionError("no " + type.getSimpleName());
    }

    /** Opens the capture, selects the rule's finding and presses its "show evidence" NUMA button. */
    @SuppressWarnings("unchecked")
    private Finding showEvidence(FxRobot robot, String capture, String ruleId) throws Exception {
        robot.interact(() -> window.open(TestData.sampleData().resolve(capture)));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> window.model().captureProperty().get() != null);
        FindingsView findings = view(FindingsView.class);
        NumaView numa = view(NumaView.class);
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> findings.report() != null);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> numa.model().matrixProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        Finding f = findings.shown().stream().filter(x -> x.ruleId().equals(ruleId)).findFirst()
                .orElseThrow(() -> new AssertionError(ruleId + " in " + findings.shown()));
        ListView<Finding> list = robot.lookup("#findingsList").queryAs(ListView.class);
        robot.interact(() -> list.getSelectionModel().select(f));
        WaitForAsyncUtils.waitForFxEvents();
        Button show = robot.lookup("#showNuma").queryAs(Button.class);
        NumaCell cell = f.numaCell().orElseThrow();
        assertEquals("Show " + cell.row() + " \u00b7 " + cell.column() + " in the NUMA heatmap", show.getText());
        robot.clickOn(show);
        WaitForAsyncUtils.waitForFxEvents();
        TabPane tabs = robot.lookup("#viewTabs").queryAs(TabPane.class);
        assertEquals("NUMA", tabs.getSelectionModel().getSelectedItem().getText());
        return f;
    }

    /** Asserts the cell is outlined on the canvas: orange just inside its border, its own colour at its centre. */
    private void assertOutlined(FxRobot robot, NumaView numa, NumaCell cell) throws Exception {
        NumaMatrix m = numa.model().matrixProperty().get();
        int r = m.rowIndex(cell.row());
        int c = m.columnIndex(cell.column());
        assertTrue(r >= 0 && c >= 0, cell + " in " + m.rows() + " x " + m.columns());
        assertEquals(cell, numa.highlightedCell());
        var lf = NumaView.class.getDeclaredField("layout");
        lf.setAccessible(true);
        HeatmapPainter.Layout l = (HeatmapPainter.Layout) lf.get(numa);
        assertNotNull(l, "the heatmap was painted");
        Canvas canvas = robot.lookup("#numaCanvas").queryAs(Canvas.class);
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> img[0] = canvas.snapshot(null, null));
        double top = l.cellCenterY(r) - l.cellH() / 2 + 4;
        double left = l.cellCenterX(c) - l.cellW() / 2 + 4;
        assertColor(NumaView.OUTLINE, img[0].getPixelReader().getColor((int) l.cellCenterX(c), (int) Math.round(top)), "top edge");
        assertColor(NumaView.OUTLINE, img[0].getPixelReader().getColor((int) Math.round(left), (int) l.cellCenterY(r)), "left edge");
        // the neighbouring cell's facing edge is not outlined
        if (c + 1 < m.columns().size()) {
            Color next = img[0].getPixelReader().getColor((int) Math.round(left + l.cellW()), (int) l.cellCenterY(r));
            assertTrue(distance(NumaView.OUTLINE, next) > 0.2, "the next cell is not outlined: " + next);
        }
    }

    private static double distance(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed()) + Math.abs(a.getGreen() - b.getGreen()) + Math.abs(a.getBlue() - b.getBlue());
    }

    private static void assertColor(Color expected, Color actual, String where) {
        assertTrue(distance(expected, actual) < 0.08, where + ": expected the outline colour " + expected + ", got " + actual);
    }

    @Test
    void remoteAllocationOutlinesTheNodesOtherNodeCounter(FxRobot robot) throws Exception {
        Finding f = showEvidence(robot, "numa-4node-synthetic", "NUMA-REMOTE-ALLOC");
        NumaView numa = view(NumaView.class);
        assertEquals(NumaViewModel.Kind.ALLOCATIONS, robot.lookup("#numaKind").queryAs(ComboBox.class).getValue());
        assertEquals("numastat-after.txt (since boot)", numa.model().windowProperty().get().label(),
                "the counters the rule read: the one snapshot of numastat-after.txt");
        NumaCell cell = f.numaCell().orElseThrow();
        assertEquals("node 1", cell.row());
        assertOutlined(robot, numa, cell);
        String detail = robot.lookup("#numaHover").queryAs(Label.class).getText();
        assertTrue(detail.startsWith("Finding: node 1 \u00b7 other_node: "), detail);
        assertTrue(detail.contains("38.9% remote allocation") && detail.endsWith("(read from numastat-after.txt:7)"),
                "the value the finding names, and its source: " + detail);
    }

    @Test
    void vmSpanningSocketsOutlinesTheVmsMemoryOnTheOtherSocket(FxRobot robot) throws Exception {
        Finding f = showEvidence(robot, "case-studies/numa-bound-vms", "NUMA-VM-SPANS-NODES");
        NumaView numa = view(NumaView.class);
        assertEquals("00-64c-unbound", numa.model().stepProperty().get().step().dir(), "the finding's step");
        assertEquals(NumaViewModel.Kind.PROCESSES, numa.model().kindProperty().get());
        assertOutlined(robot, numa, f.numaCell().orElseThrow());
        String detail = robot.lookup("#numaHover").queryAs(Label.class).getText();
        assertTrue(detail.startsWith("Finding: 21877 (qemu-kvm) \u00b7 node 3: "), detail);

        // another heatmap: nothing outlined; back to the finding's heatmap: outlined again
        robot.interact(() -> numa.model().kindProperty().set(NumaViewModel.Kind.DISTANCES));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(null, numa.highlightedCell());
        robot.interact(() -> numa.model().kindProperty().set(NumaViewModel.Kind.PROCESSES));
        WaitForAsyncUtils.waitForFxEvents();
        assertOutlined(robot, numa, f.numaCell().orElseThrow());
    }

    @Test
    void aCellBelowTheVisibleRowsIsScrolledIntoView(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(TestData.sampleData().resolve("numa-4node-synthetic")));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> window.model().captureProperty().get() != null);
        NumaView numa = view(NumaView.class);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> numa.model().matrixProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        // numastat -m has 30-odd rows: the last one is below what the pane shows at the smallest row height
        var meminfo = io.tunescope.analysis.numa.NumaMatrices.meminfo(numa.model().stepProperty().get().meminfo());
        String lastRow = meminfo.rows().get(meminfo.rows().size() - 1);
        NumaCell cell = NumaCell.memory(lastRow, 3, null);
        boolean[] shown = new boolean[1];
        robot.interact(() -> shown[0] = window.navigate(new io.tunescope.ui.Target.Numa("", cell)));
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(shown[0]);
        assertEquals(NumaViewModel.Kind.MEMORY, numa.model().kindProperty().get());
        assertOutlined(robot, numa, cell);
        javafx.scene.control.ScrollPane scroll = robot.lookup("#numaScroll").queryAs(javafx.scene.control.ScrollPane.class);
        assertTrue(scroll.getVvalue() > 0, "scrolled down: " + scroll.getVvalue());
        var lf = NumaView.class.getDeclaredField("layout");
        lf.setAccessible(true);
        HeatmapPainter.Layout l = (HeatmapPainter.Layout) lf.get(numa);
        int r = numa.model().matrixProperty().get().rowIndex(lastRow);
        Canvas canvas = robot.lookup("#numaCanvas").queryAs(Canvas.class);
        double cellTop = canvas.localToScene(0, l.cellCenterY(r) - l.cellH() / 2).getY();
        double cellBottom = canvas.localToScene(0, l.cellCenterY(r) + l.cellH() / 2).getY();
        var viewport = scroll.localToScene(scroll.getBoundsInLocal());
        assertTrue(cellTop >= viewport.getMinY() && cellBottom <= viewport.getMaxY(),
                "the cell " + cellTop + "-" + cellBottom + " is inside the visible " + viewport.getMinY() + "-" + viewport.getMaxY());
    }
}
