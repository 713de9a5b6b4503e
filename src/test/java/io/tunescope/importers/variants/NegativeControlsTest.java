package io.tunescope.importers.variants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.Importer;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Confidence;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Files that look like a supported format and are not (src/test/resources/negative, see its README):
 * FreeBSD/OpenBSD vmstat is not Linux vmstat, pidstat text is neither sar nor mpstat. No importer may claim them
 * (STRONG or better), under their name or renamed, with the whole head or only its first 2 KB.
 */
class NegativeControlsTest {
    private static final ImporterRegistry REGISTRY = io.tunescope.importers.formats.StandardImporters.registry();

    static List<Path> files() throws Exception {
        try (Stream<Path> s = Files.list(Path.of("src/test/resources/negative"))) {
            return s.filter(p -> !p.getFileName().toString().equals("README.md")).sorted().toList();
        }
    }

    @Test
    void noImporterClaimsThem() throws Exception {
        List<Path> files = files();
        assertTrue(files.size() >= 4, files.toString());
        List<String> claims = new ArrayList<>();
        for (Path f : files) {
            byte[] bytes = Files.readAllBytes(f);
            for (Head h : List.of(Head.read(f), Head.of("unknown", bytes, Math.min(bytes.length, 2048), bytes.length <= 2048,
                    bytes.length))) {
                for (Importer<?> i : REGISTRY.importers()) {
                    Confidence c = i.sniff(h).confidence();
                    if (c.atLeast(Confidence.STRONG)) {
                        claims.add(f.getFileName() + " [" + h.fileName() + "]: " + i.format() + " " + c);
                    }
                }
                assertFalse(REGISTRY.detect(h).recognised(), f + " recognised");
            }
        }
        assertEquals(List.of(), claims);
    }

    @Test
    void theRefusalSaysWhatTheFileIs() throws Exception {
        Importer<?> vmstat = REGISTRY.byFormat("vmstat");
        assertTrue(vmstat.sniff(Head.read(Path.of("src/test/resources/negative/freebsd-14-vmstat-synthetic.txt"))).reason()
                .contains("BSD vmstat"));
        Importer<?> mpstat = REGISTRY.byFormat("mpstat");
        // sar -u ALL text (mpstat's look, another column order) is sar's: mpstat refuses it and says why, sar alone claims it
        Head sarText = Head.read(Path.of("src/test/resources/fixtures/sar/sar-u-ALL-xall.txt"));
        assertTrue(mpstat.sniff(sarText).reason().contains("sar -u ALL"));
        assertEquals("sar", REGISTRY.detect(sarText).importer().format());
    }
}
