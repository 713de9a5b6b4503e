package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.render.figure.Figure;
import io.tunescope.ui.flame.FlameView;
import io.tunescope.ui.heatmap.HeatmapView;
import io.tunescope.ui.numa.NumaView;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** File > Export Figure: each view's figure is made from its state, not its widgets, and written as PNG, SVG or PDF. */
@ExtendWith(ApplicationExtension.class)
class FigureExportFxTest {
    static final Path OUT = Path.of("target", "figures");
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private final UiContext ctx = new TestUiContext(pool);
    private Tab tab;

    @Start
    void start(Stage stage) {
        tab = new Tab("view");
        stage.setScene(new Scene(new TabPane(tab), 1100, 700));
        stage.show();
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    static String svgText(Path svg) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(Files.readAllBytes(svg))).getDocumentElement().getTextContent();
    }

    private Figure figureOf(FxRobot robot) {
        AtomicReference<Figure> f = new AtomicReference<>();
        robot.interact(() -> f.set(FigureExport.figureOf(tab.getContent(), tab.getText(), "capture", Locale.ROOT)));
        return f.get();
    }

    @Test
    void flameViewFigureNamesTheProfileStepAndSearch(FxRobot robot) throws Exception {
        FlameView flame = new FlameView(ctx);
        Capture capture = new CaptureLoader(StandardImporters.registry()).load(Path.of("src/test/resources/flame/capture"));
        robot.interact(() -> {
            tab.setContent(flame.node());
            flame.show(capture);
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> flame.viewModel().snapshot() != null);
        robot.interact(() -> flame.viewModel().searchTextProperty().set("JOIN::"));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> flame.viewModel().snapshot() != null
                && flame.viewModel().snapshot().search() != null);
        Figure f = figureOf(robot);
        assertNotNull(f);
        assertTrue(f.vector());
        assertTrue(f.title().startsWith("Flame graph: 00-baseline/"), f.title());
        assertTrue(f.subtitle().startsWith("search /JOIN::/"), f.subtitle());
        assertTrue(f.caption().get(0).contains("step 00-baseline"), f.caption().toString());
        Files.createDirectories(OUT);
        Path svg = OUT.resolve("app-flame.svg");
        FigureExport.write(f, new FigureExport.Choice(1100, 1), svg);
        String text = svgText(svg);
        assertTrue(text.contains("Flame graph: 00-baseline/") && text.contains("database"), "title and module legend");
        Path png = OUT.resolve("app-flame.png");
        FigureExport.write(f, new FigureExport.Choice(1100, 2), png);
        assertEquals(2200, javax.imageio.ImageIO.read(png.toFile()).getWidth());
    }

    @Test
    void heatmapAndNumaFigures(FxRobot robot) throws Exception {
        HeatmapView heatmap = new HeatmapView(ctx);
        Capture ftwrl = new CaptureLoader(StandardImporters.registry()).load(Path.of("src/test/resources/captures/ftwrl-dip.tar.gz"));
        robot.interact(() -> {
            tab.setContent(heatmap.node());
            heatmap.show(ftwrl);
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> heatmap.heatmap() != null);
        Figure hf = figureOf(robot);
        assertNotNull(hf);
        assertTrue(hf.title().startsWith("Sample heatmap: "), hf.title());
        Path svg = OUT.resolve("app-heatmap.svg");
        Files.createDirectories(OUT);
        FigureExport.write(hf, new FigureExport.Choice(1100, 1), svg);
        assertTrue(svgText(svg).contains("samples per 20 ms cell"), "the colour scale's unit");

        NumaView numa = new NumaView(ctx);
        Capture numaCapture = new CaptureLoader(StandardImporters.registry()).load(Path.of("sample-data/numa-4node-synthetic"));
        robot.interact(() -> {
            tab.setContent(numa.node());
            numa.show(numaCapture);
        });
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> numa.model().matrixProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        Figure nf = figureOf(robot);
        assertNotNull(nf);
        assertEquals(numa.model().matrixProperty().get().title(), nf.title());
        Path numaSvg = OUT.resolve("app-numa.svg");
        FigureExport.write(nf, new FigureExport.Choice(900, 1), numaSvg);
        String text = svgText(numaSvg);
        assertEquals(1, text.split(java.util.regex.Pattern.quote(nf.title()), -1).length - 1, "the title once, not twice");
        assertTrue(text.contains("Tunescope "), "caption");
    }

    @Test
    void chartsAreFiguresForPngAndPdfAndWidgetsAreNot(FxRobot robot) throws Exception {
        Region nothing = new Region();
        robot.interact(() -> tab.setContent(nothing));
        assertNull(figureOf(robot), "a view without a picture has no figure");
        XYSeries s = new XYSeries("tps");
        for (int i = 0; i < 60; i++) {
            s.add(i, 900 + (i % 9) * 30);
        }
        ChartViewer viewer = new ChartViewer(ChartFactory.createXYLineChart("Throughput", "s", "tps", new XYSeriesCollection(s)));
        robot.interact(() -> tab.setContent(viewer));
        WaitForAsyncUtils.waitForFxEvents();
        Figure f = figureOf(robot);
        assertNotNull(f);
        assertFalse(f.vector(), "a chart is not an SVG figure");
        assertEquals("view: Throughput", f.title());
        Path pdf = OUT.resolve("app-chart.pdf");
        Files.createDirectories(OUT);
        robot.interact(() -> {
            try {
                FigureExport.write(f, new FigureExport.Choice(900, 2), pdf);
                FigureExport.write(f, new FigureExport.Choice(900, 2), OUT.resolve("app-chart.png"));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try (var d = org.apache.pdfbox.Loader.loadPDF(pdf.toFile())) {
            assertTrue(new org.apache.pdfbox.text.PDFTextStripper().getText(d).contains("view: Throughput"));
        }
        Path svg = OUT.resolve("app-chart.svg");
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> FigureExport.write(f, new FigureExport.Choice(900, 1), svg)).getMessage().contains("not SVG"));
        assertFalse(Files.exists(svg));
        assertTrue(new String(Files.readAllBytes(pdf), 0, 5, StandardCharsets.ISO_8859_1).startsWith("%PDF"));
    }
}
