package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.ui.numa.NumaView;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.prefs.Preferences;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * PNG export at a chosen size: the view is laid out again at that size (its canvases painted for it, at the
 * scale), the picture has exactly width x scale by height x scale pixels, and the view is back in its tab
 * afterwards as it was.
 */
@ExtendWith(ApplicationExtension.class)
class ViewExportFxTest {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private final UiContext ctx = new TestUiContext(pool);
    private TabPane tabs;
    private Tab tab;

    @Start
    void start(Stage stage) {
        tabs = new TabPane();
        tab = new Tab("view");
        tabs.getTabs().add(tab);
        stage.setScene(new Scene(tabs, 900, 600));
        stage.show();
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    /** A label on top and a canvas-like region below that paints itself again for exports in one colour. */
    @Test
    void viewIsLaidOutAtTheChosenSizeAndItsLayersPaintedAtTheScale(FxRobot robot) throws Exception {
        BorderPane view = new BorderPane();
        Label top = new Label("Heading");
        Region picture = new Region();
        Pane centre = new Pane(picture);
        picture.prefWidthProperty().bind(centre.widthProperty());
        picture.prefHeightProperty().bind(centre.heightProperty());
        picture.resize(10, 10);
        view.setTop(top);
        view.setCenter(centre);
        List<double[]> calls = new ArrayList<>();
        ViewExport.sharpLayer(picture, (scale, theme) -> {
            calls.add(new double[] {scale, picture.getWidth(), picture.getHeight()});
            BufferedImage img = new BufferedImage((int) Math.ceil(picture.getWidth() * scale),
                    (int) Math.ceil(picture.getHeight() * scale), BufferedImage.TYPE_INT_ARGB);
            java.awt.Graphics2D g = img.createGraphics();
            g.setColor(java.awt.Color.RED);
            g.fillRect(0, 0, img.getWidth(), img.getHeight());
            g.dispose();
            return img;
        });
        robot.interact(() -> tab.setContent(view));
        WaitForAsyncUtils.waitForFxEvents();
        double screenW = view.getWidth();
        double screenH = view.getHeight();
        assertTrue(screenW > 800, "laid out in the tab: " + screenW);

        AtomicReference<BufferedImage> out = new AtomicReference<>();
        robot.interact(() -> out.set(ViewExport.render(view, new ViewExport.Options(500, 300, 2, Theme.LIGHT))));
        BufferedImage img = out.get();
        assertEquals(1000, img.getWidth());
        assertEquals(600, img.getHeight());
        assertEquals(1, calls.size());
        assertEquals(2, calls.get(0)[0]);
        assertEquals(500, calls.get(0)[1], 0.5, "the picture was laid out at the export width, not the screen's");
        double labelH = 300 - calls.get(0)[2];
        assertTrue(labelH > 5 && labelH < 60, "the heading keeps its height: " + labelH);
        // the layer sits where the region is: below the heading, to the right edge
        assertEquals(0xffff0000, img.getRGB(999, 599));
        assertEquals(0xffff0000, img.getRGB(10, (int) Math.ceil(labelH * 2) + 2));
        assertNotEquals(0xffff0000, img.getRGB(10, (int) Math.floor(labelH * 2) - 4));

        // back in its tab, at its size on screen
        WaitForAsyncUtils.waitForFxEvents();
        assertSame(view, tab.getContent());
        assertSame(tabs.getScene(), view.getScene());
        assertEquals(screenW, view.getWidth(), 0.5);
        assertEquals(screenH, view.getHeight(), 0.5);
        assertEquals(screenW, picture.getWidth(), 0.5);
    }

    /** A layer larger than the scroll pane that shows it is drawn only inside the scroll pane's viewport. */
    @Test
    void layersStayInsideTheirViewport(FxRobot robot) throws Exception {
        BorderPane view = new BorderPane();
        Region big = new Region();
        big.setPrefSize(2000, 2000);
        javafx.scene.control.ScrollPane scroll = new javafx.scene.control.ScrollPane(big);
        Label footer = new Label("Footer");
        footer.setMinHeight(40);
        view.setCenter(scroll);
        view.setBottom(footer);
        ViewExport.sharpLayer(big, (scale, theme) -> {
            BufferedImage img = new BufferedImage((int) (big.getWidth() * scale), (int) (big.getHeight() * scale),
                    BufferedImage.TYPE_INT_ARGB);
            java.awt.Graphics2D g = img.createGraphics();
            g.setColor(java.awt.Color.RED);
            g.fillRect(0, 0, img.getWidth(), img.getHeight());
            g.dispose();
            return img;
        });
        robot.interact(() -> tab.setContent(view));
        WaitForAsyncUtils.waitForFxEvents();
        AtomicReference<BufferedImage> out = new AtomicReference<>();
        robot.interact(() -> out.set(ViewExport.render(view, new ViewExport.Options(500, 300, 1, Theme.LIGHT))));
        BufferedImage img = out.get();
        assertEquals(0xffff0000, img.getRGB(100, 100), "inside the viewport");
        assertNotEquals(0xffff0000, img.getRGB(100, 290), "not over the footer below the scroll pane");
    }

    /** The NUMA view saved to a file at an explicit size: the file has that size times the scale. */
    @Test
    void numaViewExportsAPngAtAnExplicitSize(FxRobot robot) throws Exception {
        NumaView numa = new NumaView(ctx);
        Capture capture = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(Path.of("sample-data/numa-4node-synthetic"));
        robot.interact(() -> {
            tab.setContent(numa.node());
            numa.show(capture);
        });
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> numa.model().matrixProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        Canvas canvas = robot.lookup("#numaCanvas").queryAs(Canvas.class);
        double screenCanvasW = canvas.getWidth();
        List<Double> paintedAt = new ArrayList<>();
        canvas.widthProperty().addListener((o, a, w) -> paintedAt.add(w.doubleValue()));

        Path png = Files.createTempFile("numa-export", ".png");
        robot.interact(() -> {
            try {
                ViewExport.png(numa.node(), new ViewExport.Options(640, 480, 2, Theme.LIGHT), png);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        BufferedImage img = ImageIO.read(png.toFile());
        Files.delete(png);
        assertNotNull(img);
        assertEquals(1280, img.getWidth());
        assertEquals(960, img.getHeight());
        assertTrue(paintedAt.contains(640.0), "the heatmap canvas was laid out at the export width: " + paintedAt);
        // the heatmap's white background reaches the right edge of the picture: drawn for 640, not cut from 900
        assertEquals(0xffffffff, img.getRGB(1275, 600));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(screenCanvasW, canvas.getWidth(), 0.5, "the canvas is back at its size on screen");
    }

    @Test
    void dialogLocksTheAspectRatioAndShowsThePictureSize(FxRobot robot) throws Exception {
        Region view = new Region();
        robot.interact(() -> tab.setContent(view));
        WaitForAsyncUtils.waitForFxEvents();
        Settings settings = new Settings(Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime()));
        AtomicReference<ExportDialog> dialog = new AtomicReference<>();
        robot.interact(() -> dialog.set(new ExportDialog(ctx, settings, view, Theme.LIGHT)));
        ExportDialog d = dialog.get();
        assertEquals(Math.round(view.getWidth()), d.size().width());
        assertEquals(Math.round(view.getHeight()), d.size().height());
        assertTrue(d.size().lockAspect());
        @SuppressWarnings("unchecked")
        javafx.scene.control.Spinner<Integer> width = (javafx.scene.control.Spinner<Integer>) d.content().lookup("#exportWidth");
        @SuppressWarnings("unchecked")
        javafx.scene.control.Spinner<Integer> height = (javafx.scene.control.Spinner<Integer>) d.content().lookup("#exportHeight");
        double ratio = view.getWidth() / view.getHeight();
        robot.interact(() -> width.getValueFactory().setValue(1800));
        assertEquals(1800, d.size().width());
        assertEquals(Math.round(1800 / ratio), height.getValue().intValue(), 1);
        Label picture = (Label) d.content().lookup("#exportPicture");
        assertEquals(3600 + " \u00d7 " + height.getValue() * 2 + " pixels", picture.getText());
        robot.interact(() -> ((javafx.scene.control.CheckBox) d.content().lookup("#exportLock")).setSelected(false));
        robot.interact(() -> height.getValueFactory().setValue(700));
        assertEquals(1800, d.size().width());
        assertEquals(700, d.size().height());
    }
}
