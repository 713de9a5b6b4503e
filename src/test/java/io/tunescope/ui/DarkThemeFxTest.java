package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.render.Palette;
import io.tunescope.render.Rgb;
import io.tunescope.ui.flame.FlameView;
import io.tunescope.ui.numa.NumaView;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The flame graph and the NUMA heatmap canvases in the dark theme paint on the dark background; switching
 * the theme while they are shown repaints them; a PNG export in the light theme stays white.
 */
@ExtendWith(ApplicationExtension.class)
class DarkThemeFxTest {
    private final ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "dark-test");
        t.setDaemon(true);
        return t;
    });
    private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(Theme.DARK);
    private FlameView flame;
    private NumaView numa;

    @Start
    void start(Stage stage) {
        TestUiContext ctx = new TestUiContext(pool);
        ctx.themeProperty().bindBidirectional(theme);
        flame = new FlameView(ctx);
        numa = new NumaView(ctx);
        HBox both = new HBox(flame.node(), numa.node());
        for (Node n : both.getChildren()) {
            HBox.setHgrow(n, Priority.ALWAYS);
            ((Region) n).setPrefWidth(620);
        }
        Scene scene = new Scene(both, 1240, 720);
        Theme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    private static int pixel(Canvas c, int x, int y) throws Exception {
        WritableImage[] img = new WritableImage[1];
        WaitForAsyncUtils.asyncFx(() -> img[0] = c.snapshot(null, null)).get();
        return img[0].getPixelReader().getArgb(x, y) & 0xFFFFFF;
    }

    private static int rgb(Rgb c) {
        return (c.r() << 16) | (c.g() << 8) | c.b();
    }

    @Test
    void canvasesPaintDarkAndRepaintWhenTheThemeChanges(FxRobot robot) throws Exception {
        Capture profiles = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(Path.of("src/test/resources/flame/capture"));
        Capture nodes = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(Path.of("sample-data/numa-4node-synthetic"));
        robot.interact(() -> {
            flame.show(profiles);
            numa.show(nodes);
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> flame.viewModel().snapshot() != null
                && !flame.viewModel().busyProperty().get() && numa.model().matrixProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        Canvas flameCanvas = (Canvas) ((Parent) robot.lookup("#flame-canvas").query()).getChildrenUnmodifiable().get(0);
        Canvas numaCanvas = robot.lookup("#numaCanvas").queryAs(Canvas.class);
        assertNotNull(flameCanvas);
        int dark = rgb(Palette.DARK.background());
        // the top left of a flame graph (above the stacks) and of the heatmap (above its title) is background
        assertEquals(dark, pixel(flameCanvas, 3, 3), "flame graph background in the dark theme");
        assertEquals(dark, pixel(numaCanvas, 3, 3), "heatmap background in the dark theme");

        robot.interact(() -> theme.set(Theme.LIGHT));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0xffffff, pixel(flameCanvas, 3, 3), "repainted light when the theme changed");
        assertEquals(0xffffff, pixel(numaCanvas, 3, 3));

        robot.interact(() -> theme.set(Theme.DARK));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(dark, pixel(flameCanvas, 3, 3), "and dark again");
        assertEquals(dark, pixel(numaCanvas, 3, 3));

        // a PNG export in the light theme (for print) paints the canvases white; on screen they stay dark
        AtomicReference<BufferedImage> light = new AtomicReference<>();
        AtomicReference<BufferedImage> asShown = new AtomicReference<>();
        robot.interact(() -> {
            light.set(ViewExport.render(numa.node(), new ViewExport.Options(600, 500, 1, Theme.LIGHT)));
            asShown.set(ViewExport.render(numa.node(), new ViewExport.Options(600, 500, 1, Theme.DARK)));
        });
        double canvasTop = numaCanvas.localToScene(0, 0).getY() - numa.node().localToScene(0, 0).getY();
        int y = (int) canvasTop + 3;
        assertEquals(0xffffff, light.get().getRGB(3, y) & 0xFFFFFF, "light export");
        assertEquals(dark, asShown.get().getRGB(3, y) & 0xFFFFFF, "dark export when asked for");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(dark, pixel(numaCanvas, 3, 3), "the screen stays dark");
        assertTrue(flameCanvas.getWidth() > 100);
    }
}
