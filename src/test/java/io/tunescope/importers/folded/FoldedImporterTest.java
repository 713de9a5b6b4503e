package io.tunescope.importers.folded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportResult;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.testutil.Conformance;
import io.tunescope.testutil.Fixtures;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class FoldedImporterTest {
    final FoldedImporter importer = new FoldedImporter();

    static Stream<Path> allFolded() throws Exception {
        List<Path> results = Fixtures.files(Conformance.dir("flamegraph").resolve("test/results"));
        assertEquals(78, results.size());
        return Stream.concat(results.stream(), Fixtures.files(Fixtures.dir("folded")).stream());
    }

    /** Every expected result of FlameGraph's matrix and every fixture reads back to the same bytes. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("allFolded")
    void importsAndWritesBackIdentically(Path file) throws Exception {
        assertTrue(importer.sniff(Head.read(file)).confidence().atLeast(Confidence.STRONG), file.toString());
        ImportResult<StackProfile> r = Fixtures.load(importer, file);
        assertTrue(r.diagnostics().isEmpty(), r.diagnostics().toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FoldedWriter.write(r.value(), out);
        assertEquals(Files.readString(file, StandardCharsets.ISO_8859_1), out.toString(StandardCharsets.ISO_8859_1));
    }

    @Test
    void summaryOfAKnownFile() throws Exception {
        Path f = Conformance.dir("flamegraph").resolve("test/results/perf-funcab-cmd-01-collapsed-pid.txt");
        StackProfile p = Fixtures.load(importer, f).value();
        long sum = 0;
        for (String l : Files.readAllLines(f)) {
            sum += Long.parseLong(l.substring(l.lastIndexOf(' ') + 1));
        }
        assertEquals(169, sum, "169 samples in perf-funcab-cmd-01");
        Map<String, Object> s = importer.summarize(p);
        assertEquals(169L, s.get("samples"));
        assertEquals(169L, s.get("weight_total"));
        assertEquals((int) Files.lines(f).count(), s.get("unique_stacks"));
        assertEquals(List.of(), s.get("events"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> top = (List<Map<String, Object>>) s.get("top_self");
        assertTrue(top.size() <= 10);
        long prev = Long.MAX_VALUE;
        for (Map<String, Object> t : top) {
            long n = (Long) t.get("samples");
            assertTrue(n <= prev);
            prev = n;
        }
    }

    @Test
    void spacesDecimalsBlankAndMalformedLines(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("x.folded");
        Files.writeString(f, String.join("\n",
                "mysqld;do_command(THD*);dispatch_command(THD*, COM_DATA const*) 10",
                "",
                "mysqld;operator new 2.6",
                "   ",
                "no count here",
                "mysqld;a;b x12",
                "mysqld;a;b 5\r",
                "mysqld;a;b\t7",
                "mysqld;vfs_read_[k] 3",
                " 4"));
        ImportResult<StackProfile> r = Fixtures.load(importer, f);
        StackProfile p = r.value();
        assertEquals(10 + 3 + 5 + 7 + 3, p.samples());
        assertEquals(4, p.stackCount());
        assertTrue(p.frames().contains("dispatch_command(THD*, COM_DATA const*)"));
        assertTrue(p.frames().contains("operator new"));
        assertEquals("[kernel]", p.modules().get(p.frames().indexOf("vfs_read_[k]")));
        List<Long> warned = r.diagnostics().stream().filter(d -> d.level() == Diagnostic.Level.WARNING).map(Diagnostic::line).toList();
        assertEquals(List.of(5L, 6L, 10L), warned);
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.message().contains("x.folded")));
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.level() == Diagnostic.Level.INFO && d.message().contains("fractional")));
    }

    @Test
    void otherTextIsNotFolded() {
        assertEquals(Confidence.NO, importer.sniff(Head.ofText("x", "kernel.sched_min = 3\nvm.swappiness = 1\n")).confidence());
        assertEquals(Confidence.NO, importer.sniff(Head.ofText("x", "")).confidence());
        assertEquals(Confidence.NO, importer.sniff(Head.ofText("x", "mysqld 1234 [000] 1.0: cycles:\n\t7f a (/x)\n")).confidence());
    }
}
