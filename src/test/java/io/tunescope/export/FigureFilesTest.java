package io.tunescope.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.calltree.DiffTree;
import io.tunescope.analysis.flame.FlameLayout;
import io.tunescope.analysis.flame.Orientation;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.render.figure.Figure;
import io.tunescope.render.figure.FigureCaption;
import io.tunescope.render.figure.Figures;
import io.tunescope.render.flame.FlameColors;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class FigureFilesTest {
    static final Path FOLDED = Path.of("src/test/resources/flame");
    static final FigureCaption CAPTION = new FigureCaption("capture-7", "01-flush-log-2", "10:00:00 .. 10:00:30", "samples", 4321,
            "0.1.0", "2026-12-02");

    static StackProfile profile(String file) throws Exception {
        var c = new CaptureLoader(StandardImporters.registry()).load(FOLDED.resolve(file));
        return CaptureProfiles.onCpu(c).get(0).profile();
    }

    static Figure diffFigure(Locale locale) throws Exception {
        DiffTree diff = DiffTree.of(CallTree.of(profile("mariadb-00-baseline.folded")), CallTree.of(profile("mariadb-01-flush-log-2.folded")));
        FlameLayout l = FlameLayout.of(diff.tree(), diff.shapeColumn(), 0, Orientation.FLAME);
        return Figures.flame(locale, Figures.diffTitle(locale, "baseline", "flush-log-2", false), null, l,
                FlameColors.diff(diff, 0.001), Figures.FlameState.whole(l), Figures.diffNotes(locale, "baseline", "flush-log-2", 0.1, false),
                CAPTION);
    }

    static Document parse(String svg) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void svgOfADiffHasTitleLegendDirectionAndCaption() throws Exception {
        String svg = FigureFiles.svg(diffFigure(Locale.ROOT), 1000);
        String text = parse(svg).getDocumentElement().getTextContent();
        assertTrue(text.contains("Differential flame graph: baseline \u2192 flush-log-2"), text.substring(0, 200));
        for (String legend : List.of("share grew", "unchanged", "share shrank")) {
            assertTrue(text.contains(legend), legend);
        }
        assertTrue(text.contains("red: the frame's share grew from baseline to flush-log-2"), "direction in words");
        assertTrue(text.contains("capture capture-7 \u00b7 step 01-flush-log-2 \u00b7 window 10:00:00 .. 10:00:30 \u00b7 unit: samples \u00b7 4,321 samples"));
        assertTrue(text.contains("Tunescope 0.1.0, 2026-12-02"));
        assertEquals(svg, FigureFiles.svg(diffFigure(Locale.ROOT), 1000), "same inputs, same SVG");
    }

    @Test
    void chineseFigureKeepsItsText() throws Exception {
        String svg = FigureFiles.svg(diffFigure(Locale.SIMPLIFIED_CHINESE), 1000);
        Files.createDirectories(Path.of("target", "figures"));
        Files.writeString(Path.of("target", "figures", "diff-zh.svg"), svg, StandardCharsets.UTF_8);
        FigureFiles.png(diffFigure(Locale.SIMPLIFIED_CHINESE), 1000, 1, Path.of("target", "figures", "diff-zh.png"));
        String text = parse(svg).getDocumentElement().getTextContent();
        assertTrue(text.contains("差分火焰图：baseline → flush-log-2"), text.substring(0, 200));
        assertTrue(text.contains("占比增加"), "legend in Chinese");
        assertTrue(text.contains("采集 capture-7"), "caption in Chinese");
        assertTrue(text.contains("红色：该帧的占比从 baseline 到 flush-log-2 增加"));
    }

    @Test
    void pngHasATitleRowAboveThePicture() throws Exception {
        Figure f = diffFigure(Locale.ROOT);
        BufferedImage img = FigureFiles.image(f, 900, 1);
        assertEquals(900, img.getWidth());
        assertEquals((int) Math.ceil(FigureFiles.height(f, 900)), img.getHeight());
        // the title row: dark text pixels in the first 16 + 16 px, right of the padding
        int dark = 0;
        for (int y = 0; y < Figure.PAD + Figure.TITLE_SIZE + 4; y++) {
            for (int x = 0; x < 600; x++) {
                int rgb = img.getRGB(x, y) & 0xFFFFFF;
                if (((rgb >> 16) & 0xFF) < 100 && ((rgb >> 8) & 0xFF) < 100 && (rgb & 0xFF) < 100) {
                    dark++;
                }
            }
        }
        assertTrue(dark > 100, "title drawn: " + dark + " dark pixels");
        // the picture below it is not blank: the diff's neutral grey and some red
        int neutral = 0;
        int red = 0;
        for (int y = 60; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y) & 0xFFFFFF;
                if (rgb == ((FlameColors.DIFF_SAME.r() << 16) | (FlameColors.DIFF_SAME.g() << 8) | FlameColors.DIFF_SAME.b())) {
                    neutral++;
                } else if (((rgb >> 16) & 0xFF) > 150 && ((rgb >> 8) & 0xFF) < 120) {
                    red++;
                }
            }
        }
        assertTrue(neutral > 1000 && red > 50, "neutral " + neutral + ", red " + red);
    }

    @Test
    void chartFiguresArePngAndVectorPdfNotSvg(@TempDir Path dir) throws Exception {
        XYSeries s = new XYSeries("tps");
        for (int i = 0; i < 50; i++) {
            s.add(i, 1000 + (i % 7) * 40);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(null, "s", "tps", new XYSeriesCollection(s));
        Figure f = Figures.chart(Locale.ROOT, "Timeline: throughput", null, chart, 300, CAPTION);
        assertFalse(f.vector());
        assertThrows(IllegalArgumentException.class, () -> FigureFiles.svg(f, 800));
        Path png = dir.resolve("t.png");
        FigureFiles.write(f, 800, 2, png);
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(1600, img.getWidth());
        Path pdf = dir.resolve("t.pdf");
        FigureFiles.write(f, 800, 2, pdf);
        try (PDDocument d = Loader.loadPDF(pdf.toFile())) {
            assertEquals(1, d.getNumberOfPages());
            assertEquals(800, d.getPage(0).getMediaBox().getWidth(), 0.5);
            String text = new PDFTextStripper().getText(d);
            assertTrue(text.contains("Timeline: throughput"), text);
            assertTrue(text.contains("Tunescope 0.1.0, 2026-12-02"), text);
            assertTrue(d.getPage(0).getResources().getXObjectNames().iterator().hasNext());
        }
        assertTrue(Files.size(pdf) > 1000);
    }
}
