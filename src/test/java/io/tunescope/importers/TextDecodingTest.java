package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextDecodingTest {
    @TempDir
    Path tmp;

    private static final String CHINESE = "缓冲池 命中率 numa_hit\n第二行 远程分配\n";

    @Test
    void utf8WithAndWithoutBom() {
        byte[] plain = CHINESE.getBytes(StandardCharsets.UTF_8);
        assertEquals(StandardCharsets.UTF_8, TextDecoding.detect(plain, plain.length).charset());
        byte[] bom = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, plain);
        TextDecoding.Detected d = TextDecoding.detect(bom, bom.length);
        assertEquals(3, d.bomLength());
        assertEquals(StandardCharsets.UTF_8, d.charset());
    }

    @Test
    void utf16WithBomAndWithout() {
        byte[] le = concat(new byte[] {(byte) 0xFF, (byte) 0xFE}, CHINESE.getBytes(StandardCharsets.UTF_16LE));
        assertEquals(StandardCharsets.UTF_16LE, TextDecoding.detect(le, le.length).charset());
        byte[] be = concat(new byte[] {(byte) 0xFE, (byte) 0xFF}, CHINESE.getBytes(StandardCharsets.UTF_16BE));
        assertEquals(StandardCharsets.UTF_16BE, TextDecoding.detect(be, be.length).charset());
        byte[] ascii16 = "node0 node1\nnuma_hit 1 2\n".getBytes(StandardCharsets.UTF_16LE);
        TextDecoding.Detected d = TextDecoding.detect(ascii16, ascii16.length);
        assertFalse(d.binary());
        assertEquals(StandardCharsets.UTF_16LE, d.charset());
    }

    @Test
    void gbkFallsBackToGb18030() throws Exception {
        byte[] gbk = CHINESE.getBytes(Charset.forName("GBK"));
        TextDecoding.Detected d = TextDecoding.detect(gbk, gbk.length);
        assertEquals(TextDecoding.GB18030, d.charset());
        assertEquals(CHINESE, TextDecoding.decodeAll(gbk));
    }

    @Test
    void binaryIsBinary() {
        byte[] elf = {0x7F, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0x3E, 0};
        assertTrue(TextDecoding.detect(elf, elf.length).binary());
        byte[] gz = {0x1F, (byte) 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        assertTrue(TextDecoding.detect(gz, gz.length).binary());
    }

    @Test
    void multiByteCharacterCutByTheHeadIsStillUtf8() {
        byte[] all = "abc 中文".getBytes(StandardCharsets.UTF_8);
        assertEquals(StandardCharsets.UTF_8, TextDecoding.detect(all, all.length - 1).charset());
    }

    @Test
    void importContextReadsGbkCrlfWithLineNumbers() throws Exception {
        Path f = tmp.resolve("x.txt");
        Files.write(f, "第一\r\n第二\r\n\r\n第四".getBytes(Charset.forName("GBK")));
        ImportContext ctx = ImportContext.forFile(f);
        List<String> lines = new ArrayList<>();
        List<Long> numbers = new ArrayList<>();
        try (ImportContext.Lines l = ctx.lines()) {
            String s;
            while ((s = l.next()) != null) {
                lines.add(s);
                numbers.add(l.number());
            }
        }
        assertEquals(List.of("第一", "第二", "", "第四"), lines);
        assertEquals(List.of(1L, 2L, 3L, 4L), numbers);
    }

    @Test
    void overLongLinesAreCutAndReported() throws Exception {
        Path f = tmp.resolve("long.txt");
        Files.writeString(f, "short\n" + "x".repeat(5000) + "\nafter\n");
        ImportContext ctx = new ImportContext(f, "long.txt", TextDecoding.detect(new byte[] {'a'}, 1), null, null, 64, 1000);
        List<String> lines = new ArrayList<>();
        try (ImportContext.Lines l = ctx.lines()) {
            String s;
            while ((s = l.next()) != null) {
                lines.add(s);
            }
        }
        assertEquals(3, lines.size());
        assertEquals(1000, lines.get(1).length());
        assertEquals("after", lines.get(2));
        assertEquals(2, ctx.diagnostics().get(0).line());
    }

    /** Any text, any buffer size: the same lines as splitting the whole string on LF, CRLF and CR. */
    @Property(tries = 300)
    void lineReaderMatchesSplit(@ForAll @StringLength(max = 200) String body, @ForAll @IntRange(min = 1, max = 17) int buffer) throws Exception {
        String text = body.replace('\u2028', 'x');
        List<String> expected = new ArrayList<>(List.of(text.split("\r\n|\n|\r", -1)));
        if (!expected.isEmpty() && expected.get(expected.size() - 1).isEmpty()) {
            expected.remove(expected.size() - 1); // a final terminator does not start a new line
        }
        List<String> got = new ArrayList<>();
        try (LineReader r = new LineReader(new StringReader(text), buffer, Integer.MAX_VALUE)) {
            String s;
            while ((s = r.readLine()) != null) {
                got.add(s);
            }
        }
        assertEquals(expected, got);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
