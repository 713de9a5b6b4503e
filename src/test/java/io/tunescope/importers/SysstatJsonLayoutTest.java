package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunescope.model.capture.SourceFile;
import io.tunescope.model.series.SeriesSet;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * sysstat JSON is recognised and read whatever its layout: as sysstat prints it, pretty-printed (jq's
 * layout: the root key on its own line) and minified onto one line, with the same series.
 */
class SysstatJsonLayoutTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"fixtures/iostat/iostat-x-t.json", "fixtures/mpstat/mpstat-P-ALL.json", "fixtures/sadf/sadf-j-disk.json"})
    void everyLayoutIsReadAlike(String fixture) throws Exception {
        String original = Files.readString(Path.of("src/test/resources", fixture), StandardCharsets.UTF_8);
        JsonNode tree = JSON.readTree(original);
        SourceFile asPrinted = OneFile.load(dir, "a.json", original);
        assertNotEquals("", asPrinted.format(), fixture + " as sysstat prints it");
        for (String text : new String[] {JSON.writerWithDefaultPrettyPrinter().writeValueAsString(tree), JSON.writeValueAsString(tree)}) {
            SourceFile other = OneFile.load(dir, "b.json", text);
            assertEquals(asPrinted.format(), other.format(), fixture + ": " + other.reason() + " / " + other.sniffs());
            assertEquals(asPrinted.confidence(), other.confidence(), fixture);
            SeriesSet a = (SeriesSet) asPrinted.value();
            SeriesSet b = (SeriesSet) other.value();
            org.junit.jupiter.api.Assertions.assertNotNull(b, fixture + ": " + OneFile.messages(other) + "\n" + text.substring(0, Math.min(300, text.length())));
            assertEquals(a.reports(), b.reports(), fixture);
            assertEquals(a.series().size(), b.series().size(), fixture);
            for (int i = 0; i < a.series().size(); i++) {
                assertEquals(a.series().get(i).metric(), b.series().get(i).metric(), fixture);
                org.junit.jupiter.api.Assertions.assertArrayEquals(a.series().get(i).values(), b.series().get(i).values(), fixture);
                org.junit.jupiter.api.Assertions.assertArrayEquals(a.series().get(i).times(), b.series().get(i).times(), fixture);
            }
        }
    }

    /** A minified document larger than the head the loader sniffs: the head is the start of its only line. */
    @org.junit.jupiter.api.Test
    void aLongMinifiedDocumentIsRecognisedFromItsFirstBytes() throws Exception {
        JsonNode tree = JSON.readTree(Files.readString(Path.of("src/test/resources/fixtures/iostat/iostat-x-t.json")));
        com.fasterxml.jackson.databind.node.ArrayNode stats =
                (com.fasterxml.jackson.databind.node.ArrayNode) tree.at("/sysstat/hosts/0/statistics");
        JsonNode first = stats.get(0).deepCopy();
        int before = stats.size();
        while (JSON.writeValueAsString(tree).length() < 300_000) {
            stats.add(first.deepCopy());
        }
        String text = JSON.writeValueAsString(tree);
        SourceFile f = OneFile.load(dir, "big.json", text);
        assertEquals("iostat", f.format(), f.reason() + " / " + f.sniffs());
        assertEquals(stats.size(), ((SeriesSet) f.value()).reports());
        org.junit.jupiter.api.Assertions.assertTrue(stats.size() > before * 10);
    }

    /**
     * A minified document is one line, and a long one is longer than the longest line the line reader keeps: the JSON
     * reader reads the file's characters, not its lines, so every report is read (and CRLF ends count as one line).
     */
    @org.junit.jupiter.api.Test
    void aMinifiedDocumentLongerThanTheLongestLineIsReadWhole() throws Exception {
        for (String fixture : new String[] {"fixtures/iostat/iostat-x-t.json", "fixtures/mpstat/mpstat-P-ALL.json"}) {
            JsonNode tree = JSON.readTree(Files.readString(Path.of("src/test/resources", fixture)));
            String text = JSON.writeValueAsString(tree);
            Path p = dir.resolve("min.json");
            Files.writeString(p, text, StandardCharsets.UTF_8);
            int maxLine = text.length() / 3;
            io.tunescope.importers.ImportContext whole = new io.tunescope.importers.ImportContext(p, "min.json",
                    io.tunescope.importers.Head.read(p).decoding(), null, null, 4096, Integer.MAX_VALUE);
            io.tunescope.importers.ImportContext cut = new io.tunescope.importers.ImportContext(p, "min.json",
                    io.tunescope.importers.Head.read(p).decoding(), null, null, 4096, maxLine);
            io.tunescope.importers.Importer<?> imp = fixture.contains("iostat") ? new io.tunescope.importers.iostat.IostatImporter()
                    : new io.tunescope.importers.mpstat.MpstatImporter();
            io.tunescope.importers.ImportResult<?> w = imp.parse(whole);
            SeriesSet a = (SeriesSet) w.value();
            io.tunescope.importers.ImportResult<?> r = imp.parse(cut);
            SeriesSet b = (SeriesSet) r.value();
            assertEquals(w.diagnostics(), r.diagnostics(), fixture);
            org.junit.jupiter.api.Assertions.assertTrue(r.diagnostics().stream().noneMatch(d -> d.toString().contains("warn")
                    || d.toString().contains("error")), fixture + ": " + r.diagnostics());
            assertEquals(a.reports(), b.reports(), fixture);
            assertEquals(tree.at("/sysstat/hosts/0/statistics").size(), b.reports(), fixture);
            assertEquals(a.series().size(), b.series().size(), fixture);
            for (int i = 0; i < a.series().size(); i++) {
                org.junit.jupiter.api.Assertions.assertArrayEquals(a.series().get(i).values(), b.series().get(i).values(), fixture);
            }
        }
    }
}
