package io.tunescope.importers.innodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.innodb.InnodbStatus;
import io.tunescope.model.series.Clock;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The innodb-status importer on the real fixtures of {@code src/test/resources/fixtures/innodb-status/} (see its README). */
class InnodbStatusImporterTest {
    private static final Path DIR = Path.of("src/test/resources/fixtures/innodb-status");
    private static final InnodbStatusImporter IMPORTER = new InnodbStatusImporter();

    @TempDir
    Path tmp;

    private static ImportResult<InnodbStatus> read(Path p) throws Exception {
        return IMPORTER.parse(ImportContext.forFile(p));
    }

    private static ImportResult<InnodbStatus> fixture(String name) throws Exception {
        return read(DIR.resolve(name));
    }

    private static double v(InnodbStatus.Snapshot s, String name) {
        return s.value(name).orElseThrow();
    }

    @Test
    void verticalBatchAndTableOutputOfTheSameIdleServerReadAlike() throws Exception {
        for (String name : List.of("mariadb-10.11-idle.G.txt", "mariadb-10.11-idle.B.txt", "mariadb-10.11-idle.table.txt")) {
            ImportResult<InnodbStatus> r = fixture(name);
            assertEquals(List.of(), r.diagnostics(), name);
            InnodbStatus.Snapshot s = r.value().last();
            assertEquals("mariadb", r.value().layout(), name);
            assertEquals("2026-12-02 02:35:16", s.timestamp(), name);
            assertEquals(101453510, v(s, "log_sequence_number"), name);
            assertEquals(101453510, v(s, "log_flushed_up_to"), name);
            assertEquals(101436245, v(s, "last_checkpoint_at"), name);
            assertEquals(17265, v(s, "checkpoint_age"), name);
            assertEquals(0, v(s, "history_list_length"), name);
            assertEquals(8112, v(s, "buffer_pool_pages_total"), name);
            assertEquals(6540, v(s, "buffer_pool_pages_free"), name);
            assertEquals(1572, v(s, "buffer_pool_pages_data"), name);
            assertEquals(134, v(s, "buffer_pool_pages_modified"), name);
            assertEquals(0, v(s, "pending_reads"), name);
            assertEquals(0, v(s, "pending_writes"), name);
            assertEquals(0, v(s, "pending_fsyncs"), name);
            assertFalse(s.hasDeadlock(), name);
            assertTrue(s.complete(), name);
        }
        // the batch row is one physical line: every number points at it
        InnodbStatus.Snapshot b = fixture("mariadb-10.11-idle.B.txt").value().last();
        assertEquals(2, b.values().get("log_sequence_number").line());
        InnodbStatus.Snapshot g = fixture("mariadb-10.11-idle.G.txt").value().last();
        assertEquals(33, g.values().get("log_sequence_number").line());
        assertEquals(32, v(g, "averages_seconds"));
    }

    @Test
    void threeSnapshotsTenSecondsApartBecomeASeries() throws Exception {
        InnodbStatus st = fixture("mariadb-10.11-sysbench-3x10s.G.txt").value();
        assertEquals(3, st.snapshots().size());
        assertEquals(List.of("2026-12-02 02:35:19", "2026-12-02 02:35:29", "2026-12-02 02:35:39"),
                st.snapshots().stream().map(InnodbStatus.Snapshot::timestamp).toList());
        assertEquals(List.of(6, 122, 241), st.snapshots().stream().map(InnodbStatus.Snapshot::line).toList());
        SeriesSet set = st.series("s.txt");
        assertEquals(Clock.WALL, set.clock());
        TimeSeries hll = set.of("", "history_list_length");
        assertEquals(3, hll.size());
        assertEquals(86, hll.value(0));
        assertEquals(270, hll.value(1));
        assertEquals(43, hll.value(2));
        assertEquals(10_000, hll.time(1) - hll.time(0));
        assertEquals("s.txt:257", hll.ref(2).toString());
        assertEquals(100, v(st.snapshots().get(1), "buffer_pool_hit_rate"));
        assertEquals(0, st.snapshots().get(0).oldestTransaction().activeSeconds());
    }

    @Test
    void deadlockAndTheHeldTransaction() throws Exception {
        InnodbStatus.Snapshot s = fixture("mariadb-10.11-deadlock-long-trx.G.txt").value().last();
        assertTrue(s.hasDeadlock());
        assertEquals(18, s.deadlockLine());
        assertEquals("2026-12-02 02:36:02", s.deadlockTime());
        InnodbStatus.Transaction t = s.oldestTransaction();
        assertEquals(12, t.activeSeconds());
        assertEquals("91070", t.id());
        assertEquals(74, t.line());
        // the deadlock's own "TRANSACTION 91067, ACTIVE 3 sec" lines are not open transactions
        assertTrue(s.activeTransactions().stream().noneMatch(x -> x.id().equals("91067")));
        Map<String, Object> sum = IMPORTER.summarize(fixture("mariadb-10.11-deadlock-long-trx.G.txt").value());
        assertEquals("yes", sum.get("latest_deadlock"));
        assertEquals(12L, sum.get("oldest_active_transaction_seconds"));
        assertEquals(31797801L, sum.get("checkpoint_age"));
    }

    @Test
    void mysql80ManualSampleTotalsNotThePerPoolValues() throws Exception {
        ImportResult<InnodbStatus> r = fixture("mysql-8.0-manual.G.txt");
        assertEquals(List.of(), r.diagnostics());
        assertEquals("mysql-8.0", r.value().layout());
        InnodbStatus.Snapshot s = r.value().last();
        assertEquals(24, v(s, "os_wait_reservation_count"));
        assertEquals(24, v(s, "os_wait_signal_count"));
        assertEquals(131072, v(s, "buffer_pool_pages_total"));
        assertEquals(130095, v(s, "buffer_pool_pages_free"));
        assertEquals(100, v(s, "buffer_pool_hit_rate"));
        assertEquals(0, v(s, "pending_aio_reads"));
        assertEquals(0, v(s, "pending_log_flushes"));
        assertEquals(19, v(s, "history_list_length"));
        assertEquals(0, v(s, "checkpoint_age"));
        assertEquals(4421, v(s, "rows_read"));
        assertEquals(23, s.oldestTransaction().activeSeconds());
        assertEquals(List.of("LATEST FOREIGN KEY ERROR", "INSERT BUFFER AND ADAPTIVE HASH INDEX", "INDIVIDUAL BUFFER POOL INFO"),
                s.otherSections().stream().map(InnodbStatus.Section::name).toList());
        assertTrue(s.otherSections().get(2).text().contains("---BUFFER POOL 1"));
    }

    @Test
    void mysql57ManualSample() throws Exception {
        InnodbStatus st = fixture("mysql-5.7-manual.G.txt").value();
        assertEquals("mysql-5.x", st.layout());
        InnodbStatus.Snapshot s = st.last();
        assertEquals("2014-10-16 18:36:30", s.deadlockTime());
        assertEquals(1526363, v(s, "rows_inserted"));
        assertEquals(52671.72, v(s, "rows_inserted_per_second"), 1e-9);
        assertEquals(35410152, v(s, "checkpoint_age"));
        assertEquals(119, v(s, "os_wait_reservation_count"));
    }

    @Test
    void truncatedErrorLogMonitorOutputWithSemaphoreWaits() throws Exception {
        ImportResult<InnodbStatus> r = fixture("mysql-5.6-semaphore-hang-errorlog.txt");
        assertEquals(1, r.diagnostics().size());
        assertEquals(2, r.diagnostics().get(0).line());
        assertEquals("mysql-5.6-semaphore-hang-errorlog.txt: the monitor output of line 2 ends without END OF INNODB MONITOR OUTPUT "
                + "(truncated); read as far as it goes", r.diagnostics().get(0).message());
        InnodbStatus.Snapshot s = r.value().last();
        assertFalse(s.complete());
        assertEquals(11, s.semaphoreWaits().size());
        InnodbStatus.SemaphoreWait w = s.semaphoreWaits().get(1);
        assertEquals("btr0cur.cc line 545", w.location());
        assertEquals(251, w.seconds());
        assertEquals("X-lock (wait_ex) on RW-latch at 0xa37b3dc8 created in file dict0dict.cc line 2420", w.what());
        assertEquals(17, w.line());
        assertEquals(66048, v(s, "os_wait_reservation_count"));
        assertEquals(82316, v(s, "os_wait_signal_count"));
        assertEquals(100, v(s, "pending_aio_reads"));
        assertEquals(2003, v(s, "history_list_length"));
        assertEquals(300, s.oldestTransaction().activeSeconds());
    }

    @Test
    void crlfAndUtf16ReadLikeTheOriginal() throws Exception {
        String text = Files.readString(DIR.resolve("mariadb-10.11-deadlock-long-trx.G.txt"));
        Path crlf = tmp.resolve("crlf.txt");
        Files.writeString(crlf, text.replace("\n", "\r\n"));
        Path utf16 = tmp.resolve("utf16.txt");
        byte[] body = text.replace("\n", "\r\n").getBytes(StandardCharsets.UTF_16LE);
        byte[] bom = {(byte) 0xFF, (byte) 0xFE};
        byte[] all = new byte[bom.length + body.length];
        System.arraycopy(bom, 0, all, 0, 2);
        System.arraycopy(body, 0, all, 2, body.length);
        Files.write(utf16, all);
        for (Path p : List.of(crlf, utf16)) {
            assertTrue(IMPORTER.sniff(Head.read(p)).confidence().compareTo(Confidence.STRONG) >= 0, p.toString());
            ImportResult<InnodbStatus> r = read(p);
            assertEquals(List.of(), r.diagnostics(), p.toString());
            InnodbStatus.Snapshot s = r.value().last();
            assertEquals(133234046, v(s, "log_sequence_number"), p.toString());
            assertEquals(12, s.oldestTransaction().activeSeconds(), p.toString());
            assertEquals("2026-12-02 02:36:02", s.deadlockTime(), p.toString());
        }
    }

    @Test
    void unknownSectionsAreKeptAndBadNumbersSkipped() throws Exception {
        String text = Files.readString(DIR.resolve("mariadb-10.11-idle.G.txt"))
                .replace("----------\nSEMAPHORES\n", "-------------\nSOME NEW SECTION\n-------------\nwidgets 12\n----------\nSEMAPHORES\n")
                .replace("History list length 0", "History list length 1e99x");
        Path p = tmp.resolve("x.txt");
        Files.writeString(p, text);
        InnodbStatus.Snapshot s = read(p).value().last();
        assertEquals("SOME NEW SECTION", s.otherSections().get(0).name());
        assertEquals("widgets 12\n", s.otherSections().get(0).text());
        assertFalse(s.values().containsKey("history_list_length"));
        assertEquals(101453510, v(s, "log_sequence_number"));
    }

    @Test
    void twoBlocksWithoutEndBetweenThemAreTwoSnapshotsAndAWarning() throws Exception {
        String one = Files.readString(DIR.resolve("mariadb-10.11-idle.G.txt"));
        String cut = one.substring(0, one.indexOf("----------------------------\nEND OF"));
        Path p = tmp.resolve("two.txt");
        Files.writeString(p, cut + one);
        ImportResult<InnodbStatus> r = read(p);
        assertEquals(2, r.value().snapshots().size());
        assertFalse(r.value().snapshots().get(0).complete());
        assertTrue(r.value().snapshots().get(1).complete());
        assertEquals(1, r.diagnostics().size());
        assertTrue(r.diagnostics().get(0).message().contains("has no END OF INNODB MONITOR OUTPUT before the next one"));
    }

    @Test
    void emptyOrForeignFilesAreRefusedWithTheFileName() throws Exception {
        Path empty = tmp.resolve("empty.txt");
        Files.writeString(empty, "");
        ImportException e = assertThrows(ImportException.class, () -> read(empty));
        assertTrue(e.getMessage().contains("empty.txt: no INNODB MONITOR OUTPUT block found"), e.getMessage());
        Path other = tmp.resolve("other.txt");
        Files.writeString(other, "Variable_name\tValue\nUptime\t10\n");
        assertEquals(Confidence.NO, IMPORTER.sniff(Head.read(other)).confidence());
    }
}
