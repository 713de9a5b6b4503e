package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.folded.FoldedImporter;
import io.tunescope.importers.folded.FoldedWriter;
import io.tunescope.importers.perfscript.FoldOptions;
import io.tunescope.importers.perfscript.PerfScriptCollapser;
import io.tunescope.importers.perfscript.PerfScriptImporter;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.testutil.Conformance;
import io.tunescope.testutil.Fixtures;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * One definition of a line (LF, CRLF, lone CR) for the sniffing head, the character reader and the byte
 * reader of perf script and folded: a file written with any of the three, or a mix, reads the same.
 */
class LineEndsTest {
    @TempDir
    Path dir;

    /** How a file's LF line ends are rewritten. */
    enum Ends {
        LF, CRLF, CR, MIXED, MIXED_NO_CRLF;

        String apply(String lfText) {
            String[] lines = lfText.split("\n", -1);
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < lines.length; i++) {
                b.append(lines[i]);
                if (i < lines.length - 1) {
                    String end = switch (this) {
                        case LF -> "\n";
                        case CRLF -> "\r\n";
                        case CR -> "\r";
                        case MIXED -> i % 3 == 0 ? "\n" : i % 3 == 1 ? "\r\n" : "\r";
                        case MIXED_NO_CRLF -> i % 2 == 0 ? "\r" : "\n";
                    };
                    if (end.startsWith("\n") && b.length() > 0 && b.charAt(b.length() - 1) == '\r') {
                        end = "\r"; // a lone CR, an empty line and its LF would be one CRLF: keep the empty line
                    }
                    b.append(end);
                }
            }
            return b.toString();
        }
    }

    /** A line reader over any stream, in the three readers' terms. */
    private static List<String> byteLines(byte[] b, int buffer, int maxLine, boolean keepCr) throws Exception {
        ByteLines l = new ByteLines(new TrickleStream(b), buffer, maxLine);
        if (keepCr) {
            l.keepingCrBeforeLf();
        }
        List<String> out = new ArrayList<>();
        while (l.next()) {
            out.add(new String(l.buf(), l.start(), l.end() - l.start(), StandardCharsets.ISO_8859_1));
        }
        return out;
    }

    /** Hands out at most 7 bytes per read, so line ends fall on buffer edges. */
    private static final class TrickleStream extends ByteArrayInputStream {
        TrickleStream(byte[] b) {
            super(b);
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            return super.read(b, off, Math.min(len, 7));
        }
    }

    @Test
    void theThreeReadersSplitTheSameWay() throws Exception {
        String text = "a\r\nbb\rccc\n\r\n\rd\r\r\neeeeeeeeeeeeeeeeeeeeeeee\r\n\rlast";
        List<String> expected = List.of("a", "bb", "ccc", "", "", "d", "", "eeeeeeeeeeeeeeeeeeeeeeee", "", "last");
        for (int buffer : new int[] {16, 17, 64, 1 << 16}) {
            assertEquals(expected, byteLines(text.getBytes(StandardCharsets.ISO_8859_1), buffer, 1 << 20, false), "buffer " + buffer);
        }
        List<String> chars = new ArrayList<>();
        try (LineReader r = new LineReader(new StringReader(text), 5, 1 << 20)) {
            String l;
            while ((l = r.readLine()) != null) {
                chars.add(l);
            }
        }
        assertEquals(expected, chars);
        assertEquals(expected, Head.ofText("x", text).lines());
        // the script's reading keeps the CR of a CRLF but still ends a line at a lone CR
        assertEquals(List.of("a\r", "bb", "ccc", "\r", "", "d", "\r", "eeeeeeeeeeeeeeeeeeeeeeee\r", "", "last"),
                byteLines(text.getBytes(StandardCharsets.ISO_8859_1), 16, 1 << 20, true));
    }

    @Test
    void aCrAtTheEndOfAFullLineEndsIt() throws Exception {
        // 16 bytes of line then CR exactly at the cap: the next line is not lost
        String text = "0123456789abcdef\rnext\r\nlast\r";
        assertEquals(List.of("0123456789abcdef", "next", "last"), byteLines(text.getBytes(StandardCharsets.ISO_8859_1), 17, 17, false));
        // an over-long line is cut and the rest skipped up to its lone CR
        String longLine = "x".repeat(40) + "\rafter\n";
        ByteLines l = new ByteLines(new ByteArrayInputStream(longLine.getBytes(StandardCharsets.ISO_8859_1)), 16, 16);
        assertTrue(l.next());
        assertTrue(l.truncated());
        assertTrue(l.next());
        assertEquals("after", new String(l.buf(), l.start(), l.end() - l.start(), StandardCharsets.ISO_8859_1));
        assertEquals(2, l.number());
        assertFalse(l.next());
    }

    private Path write(String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, text.getBytes(StandardCharsets.UTF_8));
        return f;
    }

    private static String folded(StackProfile p) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        FoldedWriter.write(p, b);
        return b.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @EnumSource(Ends.class)
    void perfScriptReadsEverySampleWithAnyLineEnds(Ends ends) throws Exception {
        String lf = Files.readString(Conformance.dir("flamegraph").resolve("test/perf-funcab-cmd-01.txt"), StandardCharsets.UTF_8);
        PerfScriptImporter imp = new PerfScriptImporter();
        StackProfile reference = Fixtures.load(imp, write("ref.txt", lf)).value();
        Path f = write("p-" + ends + ".txt", ends.apply(lf));
        assertTrue(imp.sniff(Head.read(f)).confidence().atLeast(Confidence.STRONG));
        var r = Fixtures.load(imp, f);
        assertEquals(reference.samples(), r.value().samples(), "samples with " + ends);
        assertEquals(folded(reference), folded(r.value()));
        assertTrue(r.diagnostics().isEmpty(), r.diagnostics().toString());
    }

    @ParameterizedTest
    @EnumSource(Ends.class)
    void foldedReadsEveryStackWithAnyLineEnds(Ends ends) throws Exception {
        String lf = Files.readString(Conformance.dir("flamegraph").resolve("test/results/perf-funcab-cmd-01-collapsed-pid.txt"),
                StandardCharsets.UTF_8);
        FoldedImporter imp = new FoldedImporter();
        StackProfile reference = Fixtures.load(imp, write("ref.folded", lf)).value();
        Path f = write("f-" + ends + ".folded", ends.apply(lf));
        assertTrue(imp.sniff(Head.read(f)).confidence().atLeast(Confidence.STRONG));
        var r = Fixtures.load(imp, f);
        assertEquals(reference.samples(), r.value().samples(), "samples with " + ends);
        assertEquals(folded(reference), folded(r.value()));
    }

    /** {@code collapse} (the script's reading) and the importer ({@code inspect}) agree on lone-CR and mixed files. */
    @ParameterizedTest
    @EnumSource(value = Ends.class, names = {"LF", "CR", "MIXED_NO_CRLF"})
    void collapseAndTheImporterAgree(Ends ends) throws Exception {
        // a trailing blank line: the script drops an unterminated last sample, the importer keeps it
        String lf = Files.readString(Conformance.dir("flamegraph").resolve("test/perf-funcab-cmd-01.txt"), StandardCharsets.UTF_8) + "\n";
        byte[] bytes = ends.apply(lf).getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream a = new ByteArrayOutputStream();
        try (InputStream is = new ByteArrayInputStream(bytes)) {
            PerfScriptCollapser.collapse(is, a, FoldOptions.collapse(), null);
        }
        StackProfile imported = Fixtures.load(new PerfScriptImporter(), write("c.txt", ends.apply(lf))).value();
        assertEquals(folded(imported), a.toString(StandardCharsets.UTF_8));
        assertTrue(imported.samples() > 100);
    }
}
