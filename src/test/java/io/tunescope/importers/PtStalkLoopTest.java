package io.tunescope.importers;

import io.tunescope.importers.config.MeminfoImporter;
import io.tunescope.importers.net.InterruptsImporter;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.config.ConfigSnapshot;
import io.tunescope.model.net.Interrupts;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** pt-stalk's once-a-second copies of /proc files, each after a {@code TS <epoch> <date>} line (real fixtures). */
class PtStalkLoopTest {
    private static final Path FIX = Path.of("src/test/resources/fixtures");

    private static <T> ImportResult<T> parse(Importer<T> imp, Path f) throws Exception {
        Head head = Head.read(f);
        return imp.parse(new ImportContext(f, f.getFileName().toString(), head.decoding(), null, null, 64 * 1024, 16 << 20));
    }

    @Test
    void stampLines() {
        assertTrue(PtStalkLoop.isStamp("TS 1796178922.008572344 2026-12-02 02:35:22"));
        assertTrue(PtStalkLoop.isStamp("TS 1796178922"));
        assertFalse(PtStalkLoop.isStamp("TS: 12"));
        assertFalse(PtStalkLoop.isStamp("MemTotal:       24684084 kB"));
    }

    @Test
    void meminfoReadsTheFirstSample() throws Exception {
        ImportResult<ConfigSnapshot> r = parse(new MeminfoImporter(), FIX.resolve("meminfo/pt-stalk-meminfo-3samples.txt"));
        assertEquals(List.of(Diagnostic.info(56, "pt-stalk-meminfo-3samples.txt: pt-stalk sample 1 of 3 read; the 2 later copies (from line 56) are not")),
                r.diagnostics());
        assertEquals(54, r.value().entries().size());
        assertEquals("25276502016", r.value().get("MemTotal").orElseThrow());
        assertEquals(2, r.value().entries().stream().filter(e -> e.name().equals("MemTotal")).findFirst().orElseThrow().source().line());
    }

    @Test
    void interruptsReadEverySampleAsABlock() throws Exception {
        ImportResult<Interrupts> r = parse(new InterruptsImporter(), FIX.resolve("proc-interrupts/pt-stalk-interrupts-2samples.txt"));
        assertEquals(List.of(Diagnostic.info(1, "pt-stalk-interrupts-2samples.txt: 2 pt-stalk 'TS' sample lines (one copy of the table after each)")),
                r.diagnostics());
        assertEquals(2, r.value().snapshots().size());
        assertEquals(List.of(2, 39), r.value().snapshots().stream().map(Interrupts.Snapshot::line).toList());
    }
}
