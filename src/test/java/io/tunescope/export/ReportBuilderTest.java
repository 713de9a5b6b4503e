package io.tunescope.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.cli.TunescopeCli;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportBuilderTest {
    @TempDir
    Path tmp;

    @Test
    void sampleCaptureReportHasEverySectionWithSourcesAndEmbeddedFonts() throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(TestData.sampleCapture());
        Path out = tmp.resolve("report.pdf");
        ReportBuilder.standard().write(c, new ReportOptions(Locale.ENGLISH, null, null), out);
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            String text = new PDFTextStripper().getText(doc);
            assertTrue(text.contains("Tunescope findings report"));
            assertTrue(text.contains("MariaDB 10.11"), "server detected from SHOW GLOBAL VARIABLES");
            assertTrue(text.contains("Configuration changes between steps"));
            assertTrue(text.contains("innodb_flush_log_at_trx_commit"));
            String joined = text.replace("\r", "").replace("\n", "");
            assertTrue(joined.contains("01-flush-log-2/show-global-variables.txt:"), "every value says where it came from");
            assertTrue(text.contains("Server activity during each run"));
            assertTrue(text.contains("Appendix: files and diagnostics"));
            assertTrue(text.contains(" / " + doc.getNumberOfPages()), "page numbers");
            for (var page : doc.getPages()) {
                for (var name : page.getResources().getFontNames()) {
                    PDFont f = page.getResources().getFont(name);
                    assertTrue(f.isEmbedded() || f.getName().contains("Helvetica"), f.getName() + " is embedded");
                }
            }
            BufferedImage first = new PDFRenderer(doc).renderImage(0, 0.5f);
            assertTrue(countDark(first) > 200, "the title page renders text");
        }
        assertTrue(Files.list(tmp).allMatch(p -> p.getFileName().toString().equals("report.pdf")), "no temporary file left");
    }

    @Test
    void chineseTitleRendersAsTextWhenACjkFontIsInstalled() throws Exception {
        Path cap = tmp.resolve("cap");
        Files.createDirectories(cap);
        Files.writeString(cap.resolve("tunescope.json"), "{\"title\": \"鲲鹏 920 调优记录\", \"host\": \"数据库-01\"}");
        Files.writeString(cap.resolve("my.cnf"), "[mysqld]\ninnodb_buffer_pool_size = 8G\n");
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(cap);
        Path out = tmp.resolve("zh.pdf");
        ReportBuilder.standard().write(c, new ReportOptions(Locale.ENGLISH, null, null), out);
        try (PDDocument doc = Loader.loadPDF(out.toFile()); PdfWriter probe = new PdfWriter("x")) {
            String text = new PDFTextStripper().getText(doc);
            if (probe.fonts().cjk()) {
                assertTrue(text.contains("鲲鹏 920 调优记录"), text);
                assertTrue(text.contains("数据库-01"));
            } else {
                assertTrue(text.contains("No CJK font was found"), "the report says why Chinese is missing");
            }
        }
    }

    @Test
    void wrappingBreaksLongWordsAndChineseText() throws Exception {
        try (PdfWriter w = new PdfWriter("t")) {
            PDFont f = w.fonts().regular();
            var lines = w.wrap("a".repeat(400), f, 10, 200);
            assertTrue(lines.size() > 1);
            for (String l : lines) {
                assertTrue(PdfWriter.width(l, f, 10) <= 200.01, l);
            }
            if (w.fonts().cjk()) {
                var zh = w.wrap("远程分配比例过高，建议把数据库绑定到一个节点上运行以减少跨节点访问的开销", f, 10, 100);
                assertTrue(zh.size() > 2);
                assertEquals("远程分配比例过高，建议把数据库绑定到一个节点上运行以减少跨节点访问的开销", String.join("", zh));
                // no line starts with closing punctuation or ends with an opening bracket, at any width
                String text = "事务在等待行锁（1.6 % 的提交发生过等待）：负载在热点行上争用。Innodb_row_lock_waits。热点行和长事务会造成这种情况，"
                        + "基准测试的倾斜访问（--rand-type）也会。";
                for (float width = 40; width <= 300; width += 3) {
                    var wrapped = w.wrap(text, f, 10, width);
                    // nothing lost (spaces at a break may go)
                    assertEquals(text.replace(" ", ""), String.join("", wrapped).replace(" ", ""), width + ": " + wrapped);
                    for (int i = 1; i < wrapped.size(); i++) {
                        assertTrue("，。、；：！？）”".indexOf(wrapped.get(i).charAt(0)) < 0, width + ": " + wrapped);
                        String prev = wrapped.get(i - 1);
                        assertTrue("（“".indexOf(prev.charAt(prev.length() - 1)) < 0, width + ": " + wrapped);
                    }
                }
            }
        }
    }

    @Test
    void exportCommandWritesThePdf() throws Exception {
        Path out = tmp.resolve("cli.pdf");
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = TunescopeCli.run(new String[] {"export", TestData.sampleCapture().toString(), "--pdf", out.toString()},
                new PrintWriter(o), new PrintWriter(e));
        assertEquals(0, code, e.toString());
        assertTrue(Files.size(out) > 10_000);
        assertEquals(2, TunescopeCli.run(new String[] {"export", TestData.sampleCapture().toString()}, new PrintWriter(o), new PrintWriter(e)),
                "--pdf is required");

        // --png DIR: every chart of the report as a PNG too, the same pictures
        Path dir = tmp.resolve("png");
        Path out2 = tmp.resolve("cli2.pdf");
        assertEquals(0, TunescopeCli.run(new String[] {"export", TestData.sampleCapture().toString(), "--pdf", out2.toString(),
                "--png", dir.toString()}, new PrintWriter(o), new PrintWriter(e)), e.toString());
        java.util.List<Path> pngs;
        try (var s = Files.list(dir)) {
            pngs = s.sorted().toList();
        }
        assertTrue(pngs.size() >= 3, "flame graphs, timelines and heatmaps: " + pngs);
        assertTrue(pngs.stream().anyMatch(p -> p.getFileName().toString().contains("flame")) || pngs.size() >= 5, pngs.toString());
        for (Path p : pngs) {
            BufferedImage img = javax.imageio.ImageIO.read(p.toFile());
            assertTrue(img.getWidth() >= 1000, p + " is drawn at 2x");
            assertTrue(countDark(img) > 100, p + " is not blank");
        }
    }

    private static int countDark(BufferedImage img) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y);
                if (((rgb >> 16) & 0xFF) < 100 && ((rgb >> 8) & 0xFF) < 100 && (rgb & 0xFF) < 100) {
                    n++;
                }
            }
        }
        return n;
    }
}
