package io.tunescope.ui.numa;

import io.tunescope.ui.TestUiContext;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.numa.NumaMatrices;
import io.tunescope.analysis.numa.NumaMatrix;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.render.HeatmapPainter;
import io.tunescope.ui.UiContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A user opens the 4-node sample capture's NUMA view, switches to rates, and hovers node 1's other_node cell. */
@ExtendWith(ApplicationExtension.class)
class NumaViewFxTest {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private NumaView view;

    @Start
    void start(Stage stage) {
        UiContext ctx = new TestUiContext(pool);
        view = new NumaView(ctx);
        stage.setScene(new Scene((javafx.scene.Parent) view.node(), 1000, 640));
        stage.show();
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    /**
     * Moves the pointer onto a cell the way the canvas sees it: one MOUSE_MOVED at the cell's point. (A robot
     * pointer travelling there can run into the cell tooltip's own window on the way, which the canvas then
     * never hears about.)
     */
    private void hoverCell(FxRobot robot, HeatmapPainter.Layout l, int row, int col) {
        Canvas c = robot.lookup("#numaCanvas").queryAs(Canvas.class);
        double x = l.cellCenterX(col) - l.cellW() * 0.3;
        double y = l.cellCenterY(row) + l.cellH() * 0.3;
        Point2D screen = c.localToScreen(x, y);
        Point2D scene = c.localToScene(x, y);
        robot.interact(() -> c.fireEvent(new javafx.scene.input.MouseEvent(javafx.scene.input.MouseEvent.MOUSE_MOVED, scene.getX(), scene.getY(),
                screen.getX(), screen.getY(), javafx.scene.input.MouseButton.NONE, 0, false, false, false, false,
                false, false, false, false, false, false, null)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void openHeatmapSwitchModeAndHoverACell(FxRobot robot) throws Exception {
        Capture capture = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(Path.of("sample-data/numa-4node-synthetic"));
        robot.interact(() -> view.show(capture));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> view.model().matrixProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        NumaMatrix abs = view.model().matrixProperty().get();
        assertEquals(NumaViewModel.Kind.ALLOCATIONS, view.model().kindProperty().get());
        assertTrue(abs.title().startsWith("Page allocations per node (pages)"), abs.title());
        assertTrue(view.model().windowProperty().get().label().contains("(60 s)"), view.model().windowProperty().get().label());

        robot.clickOn("#numaModeRate");
        WaitForAsyncUtils.waitForFxEvents();
        NumaMatrix rate = view.model().matrixProperty().get();
        assertEquals("pages/s", rate.unit());
        assertEquals(7500000.0 / 60, rate.value(1, rate.columnIndex("other_node")), 1e-6);

        hoverCell(robot, layoutOf(), 1, rate.columnIndex("other_node"));
        WaitForAsyncUtils.waitForFxEvents();
        Label hover = robot.lookup("#numaHover").queryAs(Label.class);
        assertEquals("node 1 \u00b7 other_node: 125.0k pages/s \u2014 85.2% remote allocation", hover.getText());

        // node distances: the diagonal says local
        robot.interact(() -> view.model().kindProperty().set(NumaViewModel.Kind.DISTANCES));
        WaitForAsyncUtils.waitForFxEvents();
        hoverCell(robot, layoutOf(), 2, 2);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("node 2 \u00b7 node 2: 10 (local node) \u2014 32 CPUs 64-95; server: none", hover.getText());
        assertEquals("Placement: server CPUs 0-31 on node 0", robot.lookup("#numaPlacement").queryAs(Label.class).getText());
        snapshot(robot, "numa-view-distances.png");
        robot.interact(() -> view.model().kindProperty().set(NumaViewModel.Kind.ALLOCATIONS));
        robot.clickOn("#numaModeShare");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(NumaMatrices.Mode.SHARE, view.model().modeProperty().get());
        snapshot(robot, "numa-view-share.png");
        robot.interact(() -> view.model().kindProperty().set(NumaViewModel.Kind.TREND));
        WaitForAsyncUtils.waitForFxEvents();
        snapshot(robot, "numa-view-trend.png");
    }

    /** The layout of the last paint, once no paint has followed for a while (the matrix is computed in the background). */
    private HeatmapPainter.Layout layoutOf() throws Exception {
        var f = NumaView.class.getDeclaredField("layout");
        f.setAccessible(true);
        HeatmapPainter.Layout l = null;
        for (int i = 0; i < 50; i++) {
            WaitForAsyncUtils.waitForFxEvents();
            HeatmapPainter.Layout before = (HeatmapPainter.Layout) f.get(view);
            Thread.sleep(100);
            WaitForAsyncUtils.waitForFxEvents();
            l = (HeatmapPainter.Layout) f.get(view);
            if (l != null && l == before) {
                break;
            }
        }
        assertNotNull(l, "the heatmap was painted");
        return l;
    }

    private void snapshot(FxRobot robot, String name) throws Exception {
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> img[0] = view.node().snapshot(null, null));
        Path dir = Path.of("target/numa-heatmaps");
        Files.createDirectories(dir);
        ImageIO.write(SwingFXUtils.fromFXImage(img[0], null), "png", dir.resolve(name).toFile());
    }
}
