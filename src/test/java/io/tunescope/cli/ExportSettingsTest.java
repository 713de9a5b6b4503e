package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code export --settings FILE}: the PDF is made at the file's thresholds and says which ones changed. */
class ExportSettingsTest {
    @TempDir
    Path dir;

    private static String pdfText(Path pdf) throws Exception {
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            return new PDFTextStripper().getText(doc).replace("\r", "").replace("\n", " ");
        }
    }

    private int export(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = TunescopeCli.run(args, new PrintWriter(out), new PrintWriter(err));
        assertEquals("", err.toString());
        return code;
    }

    @Test
    void thePdfStatesTheChangedThresholdAndUsesIt() throws Exception {
        String crc = TestData.sampleData().resolve("case-studies/software-crc32-hotspot").toString();
        Path plain = dir.resolve("plain.pdf");
        assertEquals(TunescopeCli.OK, export("export", crc, "--pdf", plain.toString(), "--lang", "en"));
        String before = pdfText(plain);
        assertTrue(before.contains("Findings: 0 critical, 0 warning, 1 info"), before);
        assertFalse(before.contains("Thresholds changed"), before);

        Path settings = Files.writeString(dir.resolve("strict.json"), "{\"thresholds\": {\"CPU-CRC32-SOFTWARE.minPercent\": 6}}");
        Path changed = dir.resolve("changed.pdf");
        assertEquals(TunescopeCli.OK, export("export", crc, "--pdf", changed.toString(), "--lang", "en", "--settings", settings.toString()));
        String after = pdfText(changed);
        assertTrue(after.contains("Findings: 0 critical, 0 warning, 0 info"), "the same findings as 'findings --settings': " + after);
        assertTrue(after.contains("Thresholds changed from their defaults (1); they change what is found:"), after);
        assertTrue(after.contains("CPU-CRC32-SOFTWARE minPercent (software CRC32 self share at least): changed from 1 % to 6 % by settings "
                + settings), after);

        Path zh = dir.resolve("zh.pdf");
        assertEquals(TunescopeCli.OK, export("export", crc, "--pdf", zh.toString(), "--lang", "zh", "--settings", settings.toString()));
        String zhText = pdfText(zh);
        assertTrue(zhText.contains("偏离默认值的阈值（1 个）"), zhText);
        assertTrue(zhText.contains("从 1 % 改为 6 %"), zhText);
    }
}
