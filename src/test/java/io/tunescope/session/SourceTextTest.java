package io.tunescope.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.LineReader;
import io.tunescope.importers.TextDecoding;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The source viewer's pager numbers and decodes lines exactly as the importers' {@link LineReader} does. */
class SourceTextTest {

    /** The lines as the importers see them: the whole text through one LineReader. */
    private static List<String> reference(String text) throws IOException {
        List<String> out = new ArrayList<>();
        try (LineReader r = new LineReader(new StringReader(text))) {
            String s;
            while ((s = r.readLine()) != null) {
                out.add(s);
            }
        }
        return out;
    }

    private static SourceText indexed(Path p) throws IOException {
        SourceText t = SourceText.open(p);
        assertTrue(t.index(() -> false, null));
        return t;
    }

    @Test
    void everyLineEndAndPageBoundaryAgreesWithTheImporters(@TempDir Path dir) throws IOException {
        // Mixed LF, CRLF and lone CR, empty lines, CRLF split exactly at a checkpoint, and line counts around
        // multiples of the stride; each page read from every checkpoint must equal the reference lines.
        Random rnd = new Random(7);
        String[] ends = {"\n", "\r\n", "\r"};
        for (int total : new int[] {0, 1, SourceText.STRIDE - 1, SourceText.STRIDE, SourceText.STRIDE + 1, 3 * SourceText.STRIDE + 17}) {
            StringBuilder sb = new StringBuilder();
            for (int i = 1; i <= total; i++) {
                sb.append(i % 7 == 0 ? "" : "line " + i + " \u00e9\u4e2d");
                if (i < total || rnd.nextBoolean()) {
                    sb.append(ends[rnd.nextInt(ends.length)]);
                }
            }
            String text = sb.toString();
            List<String> ref = reference(text);
            Path p = dir.resolve("mixed-" + total + ".txt");
            Files.writeString(p, text, StandardCharsets.UTF_8);
            SourceText t = indexed(p);
            assertEquals(ref.size(), t.lineCount(), "lines of " + total);
            assertEquals(ref, t.lines(1, ref.size() + 5), "all lines of " + total);
            for (int first = 1; first <= ref.size(); first += 37) {
                int n = Math.min(50, ref.size() - first + 1);
                assertEquals(ref.subList(first - 1, first - 1 + n), t.lines(first, 50), "page at " + first + " of " + total);
            }
        }
    }

    @Test
    void gbkAndUtf16FilesReadAsTheImportersDecodeThem(@TempDir Path dir) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= 600; i++) {
            sb.append("第").append(i).append("行 innodb_buffer_pool_size = 128M\r\n");
        }
        String text = sb.toString();
        for (Charset cs : new Charset[] {TextDecoding.GB18030, StandardCharsets.UTF_16LE, StandardCharsets.UTF_16BE}) {
            Path p = dir.resolve("cfg-" + cs.name() + ".txt");
            byte[] body = text.getBytes(cs);
            if (cs.equals(StandardCharsets.UTF_16LE)) {
                byte[] bom = {(byte) 0xFF, (byte) 0xFE};
                byte[] all = new byte[bom.length + body.length];
                System.arraycopy(bom, 0, all, 0, 2);
                System.arraycopy(body, 0, all, 2, body.length);
                body = all;
            }
            Files.write(p, body);
            SourceText t = indexed(p);
            assertEquals(600, t.lineCount(), cs.name());
            assertEquals(List.of("第300行 innodb_buffer_pool_size = 128M", "第301行 innodb_buffer_pool_size = 128M"), t.lines(300, 2), cs.name());
            assertEquals(513, t.find("第513行", 2, true, () -> false), cs.name());
        }
    }

    @Test
    void searchWrapsAroundAndGoesBothWays(@TempDir Path dir) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= 1000; i++) {
            sb.append(i == 10 || i == 700 ? "Semaphore WAIT here " + i : "row " + i).append('\n');
        }
        Path p = dir.resolve("innodb.txt");
        Files.writeString(p, sb.toString());
        SourceText t = indexed(p);
        assertEquals(10, t.find("semaphore wait", 1, true, () -> false));
        assertEquals(700, t.find("SEMAPHORE", 11, true, () -> false));
        assertEquals(10, t.find("semaphore", 701, true, () -> false), "wraps to the start");
        assertEquals(10, t.find("semaphore", 699, false, () -> false), "backwards");
        assertEquals(700, t.find("semaphore", 9, false, () -> false), "backwards wraps to the end");
        assertEquals(0, t.find("no such text", 1, true, () -> false));
        assertEquals(0, t.find("semaphore", 11, true, () -> true), "cancelled");
    }

    @Test
    void hugeLinesAreCutAndBinaryFilesGiveNoLines(@TempDir Path dir) throws IOException {
        Path p = dir.resolve("long.txt");
        Files.writeString(p, "short\n" + "x".repeat(100_000) + "\nafter\n");
        SourceText t = indexed(p);
        assertEquals(3, t.lineCount());
        List<String> l = t.lines(2, 2);
        assertEquals(SourceText.MAX_LINE_CHARS + 1, l.get(0).length());
        assertTrue(l.get(0).endsWith("\u2026"));
        assertEquals("after", l.get(1));

        Path bin = dir.resolve("perf.data");
        Files.write(bin, new byte[] {'P', 'E', 'R', 'F', 'I', 'L', 'E', '2', 0, 0, 0, 1, 0, 0, 5, 0});
        SourceText b = indexed(bin);
        assertTrue(b.binary());
        assertEquals(0, b.lineCount());
        assertTrue(b.lines(1, 10).isEmpty());
        assertFalse(b.encoding().isEmpty());
    }

    @Test
    void cancelledIndexLeavesTheTextUnindexed(@TempDir Path dir) throws IOException {
        Path p = dir.resolve("a.txt");
        Files.writeString(p, "a\nb\n");
        SourceText t = SourceText.open(p);
        assertFalse(t.index(() -> true, null));
        assertEquals(-1, t.lineCount());
    }
}
