package io.tunescope.export;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NumaReportSectionTest {
    @TempDir
    Path tmp;

    private String report(Path capture, String name) throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(capture);
        Path out = tmp.resolve(name + ".pdf");
        new ReportBuilder(List.of(new NumaReportSection())).write(c, new ReportOptions(Locale.ENGLISH, null, null), out);
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            Path dir = Files.createDirectories(Path.of("target/numa-heatmaps"));
            ImageIO.write(new PDFRenderer(doc).renderImage(0, 1f), "png", dir.resolve(name + "-page1.png").toFile());
            return new PDFTextStripper().getText(doc).replace("\r", "");
        }
    }

    @Test
    void fourNodeSyntheticCapture() throws Exception {
        String text = report(Path.of("sample-data/numa-4node-synthetic"), "numa-report-4node");
        assertTrue(text.contains("NUMA: where memory was allocated"), text);
        assertTrue(text.contains("Placement: server CPUs 0-31 on node 0"), text);
        assertTrue(text.contains("(60 s): remote-allocation ratio 29.2% over all nodes."), text);
        assertTrue(text.contains("85.2% remote allocation"), "heatmap text is real PDF text: " + text);
        assertTrue(text.contains("Node distance"), text);
        assertFalse(text.toLowerCase(Locale.ROOT).contains("remote access"));
    }

    @Test
    void realSingleNodeCapture() throws Exception {
        String text = report(TestData.sampleCapture(), "numa-report-real");
        assertTrue(text.contains("Step Baseline") || text.contains("Step 00-baseline"), text);
        assertTrue(text.contains("no remote allocation possible"), text);
        assertTrue(text.contains("remote-allocation ratio 0.0% over all nodes."), text);
    }
}
