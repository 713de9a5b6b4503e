package io.tunescope.analysis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.model.capture.SourceRef;
import io.tunescope.session.CaptureSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Server view's numbers, read through the capture's session from the real fixtures and the real pt-stalk
 * collection; every expected value is the one printed in the file, at the line named.
 */
public class ServerStepTest {
    static final Path FIXTURES = Path.of("src/test/resources/fixtures");

    /**
     * A one-step folder of real outputs: three InnoDB monitor snapshots 10 s apart, the server's variables (MariaDB
     * 10.11, innodb_log_file_size 96 MiB), a performance_schema waits summary printed twice, a digest summary printed
     * once, a process list with TS lines and a relative mysqladmin series.
     */
    public static Path assemble(Path dir) throws Exception {
        copy(dir, "innodb-status/mariadb-10.11-sysbench-3x10s.G.txt");
        copy(dir, "mysql-variables/show-global-variables.txt");
        copy(dir, "pfs-summary/synthetic-waits-redo-2x.B.txt");
        copy(dir, "pfs-summary/synthetic-digest-scan.table.txt");
        copy(dir, "processlist/mariadb-10.11-metadata-lock-3x.ts.G.txt");
        copy(dir, "mysqladmin-ext/mysqladmin-ext-relative.txt");
        return dir;
    }

    private static void copy(Path dir, String fixture) throws Exception {
        Path from = FIXTURES.resolve(fixture);
        Files.copy(from, dir.resolve(from.getFileName()));
    }

    @Test
    void assembledFolderNumbersMatchTheFiles(@TempDir Path tmp) throws Exception {
        CaptureSession session = CaptureSession.open(assemble(tmp));
        ServerStep s = session.server("");
        assertSame(s, session.server(""), "memoised by the session");
        assertFalse(s.isEmpty());

        // InnoDB: three snapshots in time order, history list 86, 270, 43 at lines 22, 138, 257
        ServerStep.Innodb in = s.innodb();
        String innodb = "mariadb-10.11-sysbench-3x10s.G.txt";
        assertEquals(3, in.snapshots().size());
        assertTrue(in.timed());
        assertEquals(List.of("2026-12-02 02:35:19", "2026-12-02 02:35:29", "2026-12-02 02:35:39"),
                in.snapshots().stream().map(x -> x.snapshot().timestamp()).toList());
        assertEquals(Instant.parse("2026-12-02T02:35:29Z").toEpochMilli(), in.snapshots().get(1).time());
        int[] history = {86, 270, 43};
        int[] historyLines = {22, 138, 257};
        for (int i = 0; i < 3; i++) {
            var v = in.snapshots().get(i).value("history_list_length");
            assertEquals(history[i], v.value(), 0);
            assertEquals(SourceRef.of(innodb, historyLines[i]), in.snapshots().get(i).ref(v.line()));
        }
        // checkpoint age: Log sequence number 103885636 (line 81) - Last checkpoint at 101436245 (line 84)
        var age = in.snapshots().get(0).value("checkpoint_age");
        assertEquals(103885636 - 101436245, age.value(), 0);
        assertEquals(84, age.line());
        // Modified db pages 876 (line 94), Buffer pool hit rate 1000 / 1000 (line 103)
        assertEquals(876, in.snapshots().get(0).value("buffer_pool_pages_modified").value(), 0);
        assertEquals(100, in.snapshots().get(0).value("buffer_pool_hit_rate").value(), 1e-9);
        assertEquals(103, in.snapshots().get(0).value("buffer_pool_hit_rate").line());
        assertTrue(in.names().containsAll(List.of("history_list_length", "checkpoint_age", "pending_reads", "pending_writes",
                "pending_fsyncs", "buffer_pool_hit_rate", "buffer_pool_pages_modified")), in.names().toString());
        // redo capacity: MariaDB 10.11 writes one file of innodb_log_file_size 100663296 (variables line 227)
        assertNotNull(in.capacity());
        assertEquals(100663296, in.capacity().bytes(), 0);
        assertEquals(SourceRef.of("show-global-variables.txt", 227), in.capacity().from().get(0).ref());
        assertEquals(100.0 * (103885636 - 101436245) / 100663296, in.snapshots().get(0).checkpointAgePct(in.capacity()), 1e-9);
        assertTrue(in.waits().isEmpty());
        assertNull(in.deadlock());

        // performance_schema waits: the difference of two printings, idle left out
        ServerStep.Pfs p = s.pfs();
        assertTrue(p.waitsBasis().delta());
        assertEquals(2, p.waitsBasis().snapshots());
        assertEquals(SourceRef.of("synthetic-waits-redo-2x.B.txt", 1), p.waitsBasis().first());
        assertEquals(SourceRef.of("synthetic-waits-redo-2x.B.txt", 9), p.waitsBasis().last());
        assertEquals(6, p.waits().size(), "six events besides idle");
        ServerStep.WaitRow top = p.waits().get(0);
        assertEquals("wait/io/file/innodb/innodb_log_file", top.event());
        assertEquals(160398 - 120311, top.count());
        assertEquals(143012518000000L - 95432118000000L, top.totalPs());
        assertEquals((143012518000000L - 95432118000000L) / (160398 - 120311), top.avgPs());
        long total = (143012518000000L - 95432118000000L) + (32100455000000L - 31200455000000L) + (23104550000000L - 21004550000000L)
                + (2900332000000L - 2100332000000L) + (1300331000000L - 1200331000000L) + (1000112000000L - 900112000000L);
        assertEquals(total, p.waitsTotalPs());
        assertEquals((double) top.totalPs() / total, top.share(), 1e-12);
        assertEquals(SourceRef.of("synthetic-waits-redo-2x.B.txt", 11), top.ref());
        assertTrue(p.waits().stream().noneMatch(w -> w.event().equals("idle")));

        // digests: one printing, totals since startup; the LIKE scan first with its work
        assertFalse(p.digestsBasis().delta());
        assertEquals("events_statements_summary_by_digest", p.digestsTable());
        assertEquals(4, p.digests().size());
        ServerStep.DigestRow d = p.digests().get(0);
        assertEquals("SELECT `c` FROM `sbtest1` WHERE `pad` LIKE ? ORDER BY `c`", d.text());
        assertEquals("sbtest", d.schema());
        assertEquals(1200, d.count());
        assertEquals(8112000000000000L, d.totalPs());
        assertEquals(6760000000000L, d.avgPs());
        assertEquals(24000000000L, d.rowsExamined());
        assertEquals(1200, d.rowsSent());
        assertEquals(1200, d.tmpDiskTables());
        assertEquals(1200, d.noIndexUsed());
        assertTrue(d.fullScan());
        assertEquals(8112000000000000.0 / (8112000000000000L + 1218000000000000L + 406000000000000L + 203000000000000L), d.share(), 1e-12);
        assertEquals(SourceRef.of("synthetic-digest-scan.table.txt", 5), d.ref());

        // process list: three timed snapshots (TS lines 1, 52, 103); the pile-up behind the metadata lock
        ServerStep.Processes pl = s.processes();
        assertEquals(3, pl.snapshots().size());
        assertTrue(pl.timed());
        assertEquals(List.of(1, 52, 103), pl.snapshots().stream().map(x -> x.snapshot().line()).toList());
        assertEquals(3, pl.snapshots().get(2).snapshot().activeByState().get("Waiting for table metadata lock"));
        assertEquals(1, pl.snapshots().get(2).snapshot().activeByState().get("User sleep"));
        assertEquals(List.of("Waiting for table metadata lock", "User sleep"), pl.states());
        // the longest: DO SLEEP(14), Time 10 in the third snapshot (line 110)
        assertEquals(10, pl.longest().thread().time());
        assertEquals("DO SLEEP(14)", pl.longest().thread().info());
        assertEquals(103, pl.longest().snap().snapshot().line());

        // counters: relative mysqladmin output, rates per second and gauges rebuilt from the first table
        ServerStep.Counters c = s.counters();
        assertEquals(ServerStep.USUAL_SUSPECTS, c.preselected());
        ServerStep.Counter threads = c.named("Threads_running").get(0);
        assertTrue(threads.gauge());
        // 13 (line 86) then -5, -3, +4, 0, +3, -10 ...
        assertEquals(8, threads.series().value(0), 0);
        assertEquals(175, threads.series().line(0));
        assertEquals(5, threads.series().value(1), 0);
        assertEquals(9, threads.series().value(2), 0);
        ServerStep.Counter redo = c.named("Innodb_os_log_written").get(0);
        assertFalse(redo.gauge());
        assertEquals(874046, redo.series().value(0), 0);
        assertEquals(152, redo.series().line(0));
        assertEquals(1378592, redo.series().value(1), 0);
        assertEquals(1000, redo.series().time(1) - redo.series().time(0), "one table per second");
    }

    @Test
    void ptStalkStepsReadTheirOwnSnapshots() throws Exception {
        CaptureSession session = CaptureSession.open(Path.of("src/test/resources/captures/pt-stalk-2x.tar.gz"));
        assertEquals(2, session.reading().steps().size());
        ServerStep s = session.server("2026_12_02_02_35_20");

        // -innodbstatus1 (02:35:20) and -innodbstatus2 (02:35:36): two timed snapshots in time order
        ServerStep.Innodb in = s.innodb();
        assertEquals(List.of("2026_12_02_02_35_20-innodbstatus1", "2026_12_02_02_35_20-innodbstatus2"),
                in.snapshots().stream().map(ServerStep.InnodbSnap::file).toList());
        assertTrue(in.timed());
        assertEquals(476, in.snapshots().get(0).value("history_list_length").value(), 0);
        assertEquals(212, in.snapshots().get(1).value("history_list_length").value(), 0);
        // Log sequence number 105108122 (line 63) - Last checkpoint at 101436245 (line 66)
        assertEquals(105108122 - 101436245, in.snapshots().get(0).value("checkpoint_age").value(), 0);
        assertEquals(66, in.snapshots().get(0).value("checkpoint_age").line());
        assertEquals(100663296, in.capacity().bytes(), 0);
        assertEquals(SourceRef.of("2026_12_02_02_35_20-variables", 230), in.capacity().from().get(0).ref());

        // -processlist: 15 loops of SHOW FULL PROCESSLIST without TS lines: snapshots, no times, no chart
        ServerStep.Processes pl = s.processes();
        assertEquals(15, pl.snapshots().size());
        assertFalse(pl.timed());
        assertEquals(10, pl.snapshots().get(0).snapshot().activeByState().get("Updating status"));
        assertEquals(2, pl.snapshots().get(0).snapshot().activeByState().get("Commit"));
        assertEquals(0, pl.longest().thread().time(), "every active query shows Time 0");

        // -mysqladmin (absolute, -i1): placed at the sample's start on the capture's clock, rates and gauges
        ServerStep.Counters c = s.counters();
        assertTrue(c.wallClock());
        assertEquals(ServerStep.USUAL_SUSPECTS, c.preselected());
        ServerStep.Counter threads = c.named("Threads_running").get(0);
        assertEquals(Instant.parse("2026-12-02T02:35:20Z").toEpochMilli(), threads.series().time(0));
        assertEquals(List.of(12.0, 8.0, 13.0, 13.0), java.util.Arrays.stream(threads.series().values()).boxed().toList());
        assertEquals(543, threads.series().line(0));
        ServerStep.Counter redo = c.named("Innodb_os_log_written").get(0);
        // 5522002 (line 905) - 4149942 (line 338) over one second
        assertEquals(5522002 - 4149942, redo.series().value(0), 0);
        assertEquals(905, redo.series().line(0));
        assertTrue(s.pfs().isEmpty(), "pt-stalk keeps no performance_schema summary");

        // the second sample reads its own files only
        ServerStep t = session.server("2026_12_02_02_35_25");
        assertTrue(t.innodb().snapshots().stream().allMatch(x -> x.file().startsWith("2026_12_02_02_35_25-")));
        assertEquals(155, t.innodb().snapshots().get(0).value("history_list_length").value(), 0);
    }

    @Test
    void deadlockAndSemaphoreWaitsKeepTheirText() throws Exception {
        CaptureSession session = CaptureSession.open(FIXTURES.resolve("innodb-status/mysql-5.6-semaphore-hang-errorlog.txt"));
        ServerStep.Innodb in = session.server("").innodb();
        assertFalse(in.waits().isEmpty());
        assertTrue(in.waits().stream().anyMatch(w -> w.semaphore().location().equals("btr0cur.cc line 554")), in.waits().toString());
        assertNull(in.capacity(), "no settings in the capture: capacity unknown");

        CaptureSession dl = CaptureSession.open(FIXTURES.resolve("innodb-status/mariadb-10.11-deadlock-long-trx.G.txt"));
        ServerStep.Deadlock d = dl.server("").innodb().deadlock();
        assertNotNull(d);
        assertTrue(d.text().contains("*** (1) TRANSACTION:"), d.text());
        assertTrue(d.text().contains("WE ROLL BACK TRANSACTION"), d.text());
        assertFalse(d.text().contains("TRANSACTIONS\n"), "the text ends with its section");
    }

    @Test
    void noServerEvidenceIsEmpty() throws Exception {
        CaptureSession session = CaptureSession.open(FIXTURES.resolve("mysql-variables/show-global-variables.txt"));
        ServerStep s = session.server("");
        assertTrue(s.isEmpty());
        assertTrue(s.counters().preselected().isEmpty());
        assertNull(s.innodb().capacity(), "no snapshots, no capacity asked for");
    }
}
