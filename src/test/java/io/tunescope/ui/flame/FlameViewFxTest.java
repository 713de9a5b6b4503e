package io.tunescope.ui.flame;

import io.tunescope.render.flame.FlameGraphPainter;
import io.tunescope.ui.TestUiContext;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.Hotspot;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.render.flame.FlameColors;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import javafx.embed.swing.SwingFXUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A user opens the flame graph of a two-step capture with perf script files, searches a function, sees
 * the matches highlighted with their share, clicks a frame to zoom (breadcrumb and hotspot table follow),
 * goes back, and opens the differential flame graph between the two steps.
 */
@ExtendWith(ApplicationExtension.class)
class FlameViewFxTest {
    static final Path CAPTURE = Path.of("src/test/resources/flame/capture");
    private FlameView view;
    private Capture capture;
    private final ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "flame-test");
        t.setDaemon(true);
        return t;
    });

    @Start
    void start(Stage stage) throws Exception {
        capture = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(CAPTURE);
        view = new FlameView(new TestUiContext(pool));
        stage.setScene(new Scene((javafx.scene.Parent) view.node(), 1200, 720));
        stage.show();
        view.show(capture);
    }

    private void settle() throws Exception {
        settle(view);
    }

    /** Waits until the view's background work is done and a picture is shown. */
    static void settle(FlameView view) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !view.viewModel().busyProperty().get()
                && view.viewModel().snapshot() != null);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private int pixel(FlameCanvasPane pane, double x, double y) throws Exception {
        WritableImage[] img = new WritableImage[1];
        WaitForAsyncUtils.asyncFx(() -> img[0] = pane.canvas().snapshot(null, null)).get();
        return img[0].getPixelReader().getArgb((int) x, (int) y) & 0xFFFFFF;
    }

    private void save(FlameCanvasPane pane, String name) throws Exception {
        WritableImage[] img = new WritableImage[1];
        WaitForAsyncUtils.asyncFx(() -> img[0] = pane.canvas().snapshot(null, null)).get();
        File out = Path.of("target", "flame-png", name).toFile();
        out.getParentFile().mkdirs();
        ImageIO.write(SwingFXUtils.fromFXImage(img[0], null), "png", out);
    }

    private void saveScene(String name) throws Exception {
        WritableImage[] img = new WritableImage[1];
        WaitForAsyncUtils.asyncFx(() -> img[0] = view.node().getScene().snapshot(null)).get();
        File out = Path.of("target", "flame-png", name).toFile();
        out.getParentFile().mkdirs();
        ImageIO.write(SwingFXUtils.fromFXImage(img[0], null), "png", out);
    }

    @Test
    void searchZoomHotspotsAndDiff(FxRobot robot) throws Exception {
        settle();
        FlameViewModel vm = view.viewModel();
        assertEquals(2, vm.profiles().size(), "one perf script per step");
        FlameViewModel.Snapshot s = vm.snapshot();
        assertTrue(s.tree().size() > 100);
        assertTrue(view.hotspotTable().getItems().size() > 20);
        FlameCanvasPane canvas = view.flameCanvas();
        assertTrue(canvas.lastStats().frames() > 50, "the flame graph is painted");

        // search
        robot.clickOn("#flame-search").write("JOIN::exec");
        settle();
        s = vm.snapshot();
        assertNotNull(s.search());
        assertTrue(s.search().count() > 0);
        Label match = robot.lookup("#flame-match").queryAs(Label.class);
        assertTrue(match.getText().contains("matched") && match.getText().contains("%"), match.getText());
        int hit = s.search().nodes()[0];
        double[] c = canvas.centreOf(hit);
        assertNotNull(c);
        // the left edge of the matched frame is magenta (the label starts 3 px in)
        double left = io.tunescope.render.flame.FlameGraphPainter.pixelX(canvas.view(), s.layout().x(hit));
        assertEquals(FlameColors.SEARCH.r() << 16 | FlameColors.SEARCH.g() << 8 | FlameColors.SEARCH.b(),
                pixel(canvas, Math.max(0, left) + 1.5, c[1] + 6));
        save(canvas, "fx-search.png");
        robot.clickOn("#flame-next");
        settle();
        assertEquals(hit, vm.currentMatchProperty().get());

        // hover shows a tooltip text, click zooms into the frame
        Point2D screen = canvas.canvas().localToScreen(c[0], c[1]);
        robot.moveTo(screen);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(view.tooltipText().startsWith("JOIN::exec"), view.tooltipText());
        assertTrue(view.tooltipText().contains("Total:"), view.tooltipText());
        robot.clickOn(screen);
        settle();
        assertEquals(hit, vm.zoomProperty().get());
        assertEquals(hit, vm.snapshot().layout().zoom());
        assertTrue(view.breadcrumbText().endsWith("JOIN::exec"), view.breadcrumbText());
        Hotspot selected = view.hotspotTable().getSelectionModel().getSelectedItem();
        assertNotNull(selected, "the hotspot table follows the clicked frame");
        assertEquals("JOIN::exec", selected.function());
        // zoomed: the frame now spans the whole width
        assertEquals(s.tree().total(hit), vm.snapshot().layout().span());
        save(canvas, "fx-zoom.png");
        saveScene("fx-view-zoomed.png");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> vm.sandwichProperty().get() != null);
        assertEquals("JOIN::exec", vm.sandwichProperty().get().sandwich().function());

        // selecting another hotspot row selects (highlights) that function's frames
        Hotspot other = view.hotspotTable().getItems().stream().filter(h -> h.function().equals("mysql_execute_command"))
                .findFirst().orElseThrow();
        robot.interact(() -> view.hotspotTable().getSelectionModel().select(other));
        assertEquals(other.frameId(), vm.selectedFrameProperty().get());

        // back and reset
        robot.clickOn("#flame-reset");
        settle();
        assertEquals(0, vm.snapshot().layout().zoom());

        // a transform from the context menu, then undo
        CallTree before = vm.snapshot().tree();
        int unknown = before.nodeByPath(List.of("mariadbd", "start_thread", "[mariadbd]"));
        assertTrue(unknown > 0);
        // the canvas's context menu for that frame (the popup itself is not driven headless)
        robot.interact(() -> view.contextItems(unknown).stream().filter(m -> "Merge this function away".equals(m.getText()))
                .findFirst().orElseThrow().fire());
        settle();
        assertEquals(List.of(new io.tunescope.analysis.calltree.Transform.MergeFunction("[mariadbd]")),
                vm.transformsProperty().get().transforms());
        CallTree merged = vm.snapshot().tree();
        assertEquals(-1, merged.nodeByPath(List.of("mariadbd", "start_thread", "[mariadbd]")));
        assertTrue(merged.nodeByPath(List.of("mariadbd", "start_thread", "handle_one_connection")) > 0);
        assertEquals(before.grandTotal(), merged.grandTotal(), "merging keeps the total");
        robot.clickOn("#flame-undo");
        settle();
        assertTrue(vm.snapshot().tree().size() > merged.size());

        // user subsystem rules colour the subsystem scheme
        robot.interact(() -> {
            vm.schemeProperty().set(io.tunescope.render.flame.ColorScheme.SUBSYSTEM);
            vm.subsystemsProperty().set(io.tunescope.analysis.flame.Subsystems.parse("^JOIN::exec$ = my_join\n", "mine"));
        });
        settle();
        int joinNode = vm.snapshot().search().nodes()[0];
        assertEquals(FlameColors.vary(FlameColors.subsystemColor("my_join"), "JOIN::exec"), vm.snapshot().colors().fill(joinNode));
        assertTrue(vm.snapshot().colors().legend().stream().anyMatch(l -> l.label().equals("my join")));

        // the colours of the scheme are explained beside the graph
        javafx.scene.layout.HBox legendBox = robot.lookup("#flame-legend").queryAs(javafx.scene.layout.HBox.class);
        assertTrue(legendBox.getChildren().stream().map(n -> ((javafx.scene.control.Label) n).getText())
                .anyMatch(t -> t.equals("my join")), "the subsystem legend names the user's subsystem");
        robot.interact(() -> vm.schemeProperty().set(io.tunescope.render.flame.ColorScheme.MODULE));
        settle();
        assertTrue(legendBox.getChildren().stream().map(n -> ((javafx.scene.control.Label) n).getText())
                .toList().containsAll(List.of("kernel", "database", "libc")), "the module legend");

        // differential flame graph between the two steps
        robot.interact(() -> vm.profileProperty().set(vm.profiles().get(1)));
        robot.clickOn("#flame-diff");
        settle();
        s = vm.snapshot();
        assertNotNull(s.diff());
        assertEquals(vm.profiles().get(0), vm.beforeProperty().get());
        assertTrue(s.diff().tree().grandTotal(0) > 0 && s.diff().tree().grandTotal(1) > 0);
        // the hotspot table shows the change of each function's share
        Hotspot join = s.hotspots().stream().filter(h -> h.function().equals("JOIN::exec")).findFirst().orElseThrow();
        int jn = s.tree().nodeByPath(s.tree().path(s.search().nodes()[0]));
        assertEquals(s.diff().delta(jn), s.totalShareDelta(join), 1e-9, "JOIN::exec is called from one place");
        save(canvas, "fx-diff.png");
        saveScene("fx-view-diff.png");
        // the colours are said in words naming both sides, the earlier step as "before"
        javafx.scene.control.Label legend = robot.lookup("#flame-diff-legend").queryAs(javafx.scene.control.Label.class);
        String first = vm.profiles().get(0).label();
        String second = vm.profiles().get(1).label();
        assertTrue(legend.isVisible());
        assertTrue(legend.getText().startsWith("Red: a larger share in " + second + " than in " + first), legend.getText());
        double grew = s.diff().delta(jn);
        // showing the earlier step and comparing it with the later one is the same comparison, not its reverse
        robot.interact(() -> {
            vm.profileProperty().set(vm.profiles().get(0));
            vm.beforeProperty().set(vm.profiles().get(1));
        });
        settle();
        FlameViewModel.Snapshot swapped = vm.snapshot();
        int jn2 = swapped.tree().nodeByPath(s.tree().path(jn));
        assertEquals(grew, swapped.diff().delta(jn2), 1e-12, "the direction follows the capture's order, not the chooser");
        assertTrue(legend.getText().startsWith("Red: a larger share in " + second + " than in " + first), legend.getText());
        robot.clickOn("#flame-diff");
        settle();
        assertNull(vm.snapshot().diff());
    }
}
