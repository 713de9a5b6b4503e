package io.tunescope.importers.processlist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.model.processlist.Processlist;
import io.tunescope.model.series.SeriesSet;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The processlist importer on the real fixtures of {@code src/test/resources/fixtures/processlist/} (see its README). */
class ProcesslistImporterTest {
    private static final Path DIR = Path.of("src/test/resources/fixtures/processlist");
    private static final ProcesslistImporter IMPORTER = new ProcesslistImporter();

    @TempDir
    Path tmp;

    private static ImportResult<Processlist> read(Path p) throws Exception {
        return IMPORTER.parse(ImportContext.forFile(p));
    }

    @Test
    void verticalSnapshotsSplitAtRowOne() throws Exception {
        Processlist p = read(DIR.resolve("mariadb-10.11-sysbench-3x.G.txt")).value();
        assertEquals(3, p.snapshots().size());
        assertEquals("vertical", p.form());
        assertEquals("mariadb", p.flavor());
        Processlist.Snapshot s = p.snapshots().get(0);
        assertEquals(307, s.threads().get(0).id());
        assertEquals("Writing to net", s.threads().get(0).state());
        assertEquals("SELECT DISTINCT c FROM sbtest4 WHERE id BETWEEN ? AND ? ORDER BY c", s.threads().get(0).info());
        assertNull(p.timelineSeries("f"), "untimed snapshots are not plotted");
    }

    @Test
    void batchAndTable() throws Exception {
        Processlist b = read(DIR.resolve("mariadb-10.11-sysbench.B.txt")).value();
        assertEquals("batch", b.form());
        assertEquals(5, b.snapshots().get(0).threads().size());
        assertEquals(4, b.snapshots().get(0).activeThreads().size(), "the SHOW FULL PROCESSLIST thread is the observer");
        assertEquals(Map.of("Commit", 2, "Updating status", 2), b.snapshots().get(0).activeByState());
        Processlist t = read(DIR.resolve("mariadb-10.11-sysbench-is.table.txt")).value();
        assertEquals("table", t.form());
        assertEquals("mariadb", t.flavor());
        Processlist.Thread first = t.snapshots().get(0).threads().get(0);
        assertEquals(314, first.id());
        assertEquals("Filling schema table", first.state());
        assertEquals(4, first.line());
    }

    @Test
    void timedMetadataLockPileUp() throws Exception {
        Processlist p = read(DIR.resolve("mariadb-10.11-metadata-lock-3x.ts.G.txt")).value();
        assertEquals(3, p.snapshots().size());
        Processlist.Snapshot last = p.snapshots().get(2);
        assertEquals("2026-12-02 03:08:17", last.stamp());
        assertEquals(1796180897964L, last.epochMs());
        assertEquals(3, last.activeByState().get("Waiting for table metadata lock"));
        assertEquals(10, last.longest().time());
        assertEquals("DO SLEEP(14)", last.longest().info());
        SeriesSet s = p.timelineSeries("f");
        assertNotNull(s);
        assertEquals(List.of(3.0, 3.0, 3.0), java.util.Arrays.stream(s.of("Waiting for table metadata lock", "threads_in_state").values())
                .boxed().toList());
        Map<String, Object> sum = IMPORTER.summarize(p);
        assertEquals(List.of(5, 5, 5), sum.get("threads_per_snapshot"));
        assertEquals(10L, sum.get("longest_query_seconds"));
        assertEquals(Map.of("Waiting for table metadata lock", 9, "User sleep", 3), sum.get("top_states"));
    }

    @Test
    void ptStalkLoopWithMultiLineInfo() throws Exception {
        ImportResult<Processlist> r = read(DIR.resolve("pt-stalk-3.2.1-mariadb-10.11.processlist"));
        assertEquals(15, r.value().snapshots().size());
        assertTrue(r.diagnostics().isEmpty(), r.diagnostics().toString());
        boolean multi = r.value().snapshots().stream().flatMap(s -> s.threads().stream())
                .anyMatch(t -> t.info().contains("\n") && t.info().contains("INNODB_LOCK_WAITS"));
        assertTrue(multi);
    }

    @Test
    void mysqlPlainColumnsCrlfAndBadRows() throws Exception {
        // synthetic, in the mysql client's \G format with MySQL 8.0's plain column set
        String text = "*************************** 1. row ***************************\r\n     Id: 5\r\n   User: event_scheduler\r\n"
                + "   Host: localhost\r\n     db: NULL\r\nCommand: Daemon\r\n   Time: 2756681\r\n  State: Waiting on empty queue\r\n"
                + "   Info: NULL\r\n*************************** 2. row ***************************\r\n     Id: 20\r\n   User: me\r\n"
                + "   Host: localhost:52943\r\n     db: test\r\nCommand: Query\r\n   Time: x\r\n  State: starting\r\n   Info: SELECT 1\r\n"
                + "garbage line\r\n";
        Path f = tmp.resolve("pl.txt");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        ImportResult<Processlist> r = read(f);
        assertEquals("mysql", r.value().flavor());
        assertEquals(2, r.value().snapshots().get(0).threads().size());
        assertEquals(0, r.value().snapshots().get(0).activeByState().getOrDefault("Waiting on empty queue", 0), "Daemon is not active");
        assertEquals(-1, r.value().snapshots().get(0).threads().get(1).time());
        assertEquals("pl.txt:10: Time 'x' is not a number; read as unknown", r.diagnostics().get(0).message());
        Files.writeString(f, "", StandardCharsets.UTF_8);
        assertThrows(ImportException.class, () -> read(f));
    }
}
