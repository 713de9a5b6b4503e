package io.tunescope.importers.series;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.Importer;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Confidence;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The time-series importers against each other and the rest of the registry: each owns its fixtures
 * (STRONG or better, also renamed and with a tiny head) and every other importer says NO or WEAK.
 */
class SeriesSniffTest {
    private static final List<String> SLUGS = List.of("sysbench", "iostat", "mpstat", "vmstat", "sadf", "iocsv");
    private final ImporterRegistry reg = io.tunescope.importers.formats.StandardImporters.registry();

    private List<Path> cases() throws Exception {
        List<Path> out = new ArrayList<>();
        for (String slug : SLUGS) {
            Path dir = Paths.get("src/test/resources/fixtures", slug);
            assertTrue(Files.isDirectory(dir), "fixtures missing for " + slug);
            out.addAll(SeriesTestFiles.files(dir));
        }
        return out;
    }

    @Test
    void everyFixtureIsOwnedByItsImporterOnly() throws Exception {
        List<String> failures = new ArrayList<>();
        Map<String, Path> conf = Map.of(
                "sysbench", SeriesTestFiles.conformance("sysbench"),
                "iostat", SeriesTestFiles.conformance("iostat"));
        List<Path> all = cases();
        for (var e : conf.entrySet()) {
            all.addAll(SeriesTestFiles.files(e.getValue()));
        }
        for (Path f : all) {
            String owner = f.getParent().getFileName().toString();
            byte[] bytes = Files.readAllBytes(f);
            for (Head head : List.of(Head.read(f), Head.of("unknown", bytes, Math.min(bytes.length, 2048),
                    bytes.length <= 2048, bytes.length))) {
                for (Importer<?> imp : reg.importers()) {
                    Confidence c = imp.sniff(head).confidence();
                    if (imp.format().equals(owner)) {
                        if (!c.atLeast(Confidence.STRONG)) {
                            failures.add(f + " [" + head.fileName() + "]: owner " + owner + " said " + c);
                        }
                    } else if (c.atLeast(Confidence.STRONG)) {
                        failures.add(f + " [" + head.fileName() + "]: " + imp.format() + " claimed it " + c);
                    }
                }
            }
        }
        assertEquals(List.of(), failures);
    }

    @Test
    void garbageEmptyAndBinaryAreNo() {
        byte[] bin = new byte[512];
        for (int i = 0; i < bin.length; i++) {
            bin[i] = (byte) (i * 7);
        }
        List<Head> heads = List.of(Head.ofText("empty", ""), Head.ofText("x", "hello world\nfoo bar\n"),
                Head.of("bin", bin, bin.length, true, bin.length), Head.ofText("csv", "a,b,c\n1,2,3\n"));
        for (String slug : SLUGS) {
            Importer<?> imp = reg.byFormat(slug);
            for (Head h : heads) {
                assertEquals(Confidence.NO, imp.sniff(h).confidence(), slug + " on " + h.fileName());
            }
        }
    }
}
