package io.tunescope.ui.heatmap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.window.Heatmap;
import io.tunescope.analysis.window.Window;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.testutil.FtwrlDipScript;
import io.tunescope.ui.Shortcuts;
import io.tunescope.ui.Target;
import io.tunescope.ui.TestUiContext;
import io.tunescope.ui.WindowSelection;
import io.tunescope.ui.flame.FlameView;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * On the hand-made capture with a known dip, the user drags across the heatmap's cells: the selected window is
 * exactly the cells' time span, and the flame graph then shows exactly the samples recorded in it (counted
 * from the perf script by an independent reader); the TPS, device and CPU series are drawn above it; the keys
 * move a cell, Enter selects its second, Esc clears; the command filter counts only that command's samples.
 */
@ExtendWith(ApplicationExtension.class)
class HeatmapViewFxTest {
    private static Capture capture;
    private static FtwrlDipScript script;
    private final ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "heatmap-test");
        t.setDaemon(true);
        return t;
    });
    private final List<Target> navigated = new ArrayList<>();
    private Shortcuts keys;
    private TestUiContext ctx;
    private HeatmapView view;
    private FlameView flame;
    private TabPane tabs;

    @BeforeAll
    static void load() throws Exception {
        capture = new CaptureLoader(StandardImporters.registry()).load(Path.of("src/test/resources/captures/ftwrl-dip.tar.gz"));
        script = FtwrlDipScript.read();
    }

    @Start
    void start(Stage stage) {
        keys = new Shortcuts();
        WindowSelection windows = new WindowSelection();
        ctx = new TestUiContext(pool) {
            @Override
            public Shortcuts shortcuts() {
                return keys;
            }

            @Override
            public WindowSelection windowSelection() {
                return windows;
            }
        };
        view = new HeatmapView(ctx);
        flame = new FlameView(ctx);
        Tab flameTab = new Tab("flame", flame.node());
        tabs = new TabPane(new Tab("heatmap", view.node()), flameTab);
        // as the main window does: the view that reveals the target gets its tab shown
        ctx.navigatingWith(t -> {
            navigated.add(t);
            if (flame.reveal(t)) {
                tabs.getSelectionModel().select(flameTab);
                return true;
            }
            return false;
        });
        Scene scene = new Scene(tabs, 1200, 760);
        keys.install(scene);
        stage.setScene(scene);
        stage.show();
        view.show(capture);
        flame.show(capture);
    }

    private Point2D screen(int col, int row) {
        var l = view.layout();
        return view.canvas().localToScreen(l.cellX(col) + l.cellW() / 2, l.cellY(row) + l.cellH() / 2);
    }

    private long independentCount(Window w) {
        return script.samples().stream().filter(s -> s.ns() >= w.fromNs() && s.ns() < w.toNs()).count();
    }

    @Test
    void dragSelectsTheWindowAndTheFlameGraphShowsExactlyItsSamples(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> view.heatmap() != null && view.layout() != null);
        WaitForAsyncUtils.waitForFxEvents();
        Heatmap h = view.heatmap();
        assertTrue(h.wallClock(), "the header places the seconds on the wall clock");
        assertEquals(script.samples().size(), h.total());
        // the benchmark, device and CPU series above it
        List<String> strips = view.strips().stream().map(HeatmapView.Strip::title).toList();
        assertTrue(strips.size() >= 2 && strips.get(0).startsWith("Benchmark throughput"), strips.toString());
        // the busiest device (vda, 15-29 % during the run), not the first one listed (loop0, idle)
        assertTrue(strips.stream().anyMatch(t -> t.contains("%util") && t.endsWith(" vda")), strips.toString());

        // drag from the second containing the lock's start to four seconds later
        long lastNs = script.samples().stream().mapToLong(FtwrlDipScript.Raw::ns).max().orElseThrow();
        int[] start = h.cellOf(lastNs + FtwrlDipScript.ns(FtwrlDipScript.DIP_FROM) - script.capturedOnMs() * 1_000_000L);
        int c0 = Math.max(0, Math.min(h.columns() - 1, start == null ? h.columns() / 2 : start[0]));
        int c1 = Math.min(h.columns() - 1, c0 + 4);
        robot.moveTo(screen(c0, 5)).press(MouseButton.PRIMARY).moveTo(screen(c1, 40)).release(MouseButton.PRIMARY);
        WindowSelection windows = ctx.windowSelection();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> windows.selected() != null);
        WindowSelection.Slice w = windows.selected();
        assertEquals(h.range(c0, 5, c1, 40), w.window(), "the cells' time span");
        long n = independentCount(w.window());
        assertTrue(n > 20, "samples in the window: " + n);
        assertEquals(n, w.sampleCount());
        // the drag shows the flame graph of exactly those samples: the flame graph's tab, never shown before, comes up
        // with the window (not the whole profile it had computed while hidden)
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> tabs.getSelectionModel().getSelectedIndex() == 1);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !flame.viewModel().busyProperty().get() && flame.viewModel().snapshot() != null
                && flame.viewModel().snapshot().grandTotal() == n);
        Thread.sleep(500);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(n, flame.viewModel().snapshot().grandTotal(), "still the window's samples once the tab is up");
        assertEquals(w, flame.viewModel().activeWindow());
        robot.interact(() -> tabs.getSelectionModel().select(0));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#heatmap-flame");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !flame.viewModel().busyProperty().get() && flame.viewModel().snapshot() != null
                && flame.viewModel().activeWindow() == w);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !flame.viewModel().busyProperty().get()
                && flame.viewModel().snapshot().grandTotal() == n);
        assertEquals(n, flame.viewModel().snapshot().grandTotal());
        assertTrue(navigated.contains(new Target.SelectedWindow("rw-4t-ftwrl")), navigated.toString());

        // a click on one cell: that cell's window, and the flame graph comes up again
        robot.interact(() -> tabs.getSelectionModel().select(0));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(screen(0, 0));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> windows.selected() != null && windows.selected().window().equals(h.range(0, 0, 0, 0)));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> tabs.getSelectionModel().getSelectedIndex() == 1);
        // keys: the first move puts the cell cursor at the first cell, Right twice and Up once move it
        robot.interact(() -> tabs.getSelectionModel().select(0));
        WaitForAsyncUtils.waitForFxEvents();
        // away from the cell, so that no tooltip window is up when the keys are typed (Monocle gives it the keys)
        robot.moveTo("#heatmap-note");
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            view.node().getScene().getWindow().requestFocus();
            view.focusNode().requestFocus();
        });
        assertTrue(view.node().getScene().getFocusOwner() == view.focusNode(), "owner: " + view.node().getScene().getFocusOwner());
        robot.type(KeyCode.RIGHT);
        robot.type(KeyCode.RIGHT);
        robot.type(KeyCode.W);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(2, 1), List.of(view.cursor()[0], view.cursor()[1]));
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> windows.selected() != null && windows.selected().window().equals(h.columns(2, 2)));
        assertEquals(independentCount(h.columns(2, 2)), windows.selected().sampleCount());
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertNull(windows.selected());
        assertFalse(keys.all().stream().noneMatch(s -> s.id().equals("heatmap.up")), "listed in F1");

        // the command filter: only mariadbd's samples are counted
        robot.interact(() -> robot.lookup("#heatmap-comm").queryComboBox().setValue("mariadbd"));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> view.heatmap() != null && !view.heatmap().filter().all());
        assertEquals(script.samples().stream().filter(s -> s.comm().equals("mariadbd")).count(), view.heatmap().total());
    }
}
