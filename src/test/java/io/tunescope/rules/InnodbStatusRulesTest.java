package io.tunescope.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tunescope.rules.server.LongTransactionRule;
import io.tunescope.rules.server.SemaphoreWaitsRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SRV-SEMAPHORE-WAITS and SRV-LONG-TRX on the real SHOW ENGINE INNODB STATUS fixtures. */
class InnodbStatusRulesTest {
    private static final Path DIR = Path.of("src/test/resources/fixtures/innodb-status");

    @TempDir
    Path dir;

    private static String fixture(String name) throws IOException {
        return Files.readString(DIR.resolve(name));
    }

    private Caps with(String name) throws IOException {
        return Caps.in(dir.resolve("c")).file("innodb-status.txt", fixture(name));
    }

    @Test
    void semaphoreWaitsFireOnTheMysql56Hang() throws IOException {
        Finding f = with("mysql-5.6-semaphore-hang-errorlog.txt").fire(new SemaphoreWaitsRule());
        assertEquals("11 threads were waiting for InnoDB latches in the snapshot of 2015-11-30 20:33:03, innodb-status.txt:2; "
                + "the longest wait was 251 s at sync0rw.cc line 297, and 4 of the threads waited at btr0cur.cc line 554.", f.summary());
        assertEquals(Severity.CRITICAL, f.severity());
        var latch = f.evidence().stream().filter(e -> e.label().equals("waited at btr0cur.cc line 554")).findFirst().orElseThrow();
        assertEquals("4 thread(s), longest 251 s: S-lock on RW-latch at 0xa37b3dc8 created in file dict0dict.cc line 2420", latch.value());
        assertEquals("innodb-status.txt:29", latch.ref().toString());
        var reserved = f.evidence().stream().filter(e -> e.label().equals("OS WAIT ARRAY reservation count")).findFirst().orElseThrow();
        assertEquals("66048", reserved.value());
        assertEquals("innodb-status.txt:13", reserved.ref().toString());
    }

    @Test
    void semaphoreWaitsPassUnderSysbenchOnMariadb() throws IOException {
        Result r = with("mariadb-10.11-sysbench-3x10s.G.txt").run(new SemaphoreWaitsRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("3 InnoDB status snapshot(s) read (last 2026-12-02 02:35:39, innodb-status.txt:241): no thread was waiting "
                + "for an InnoDB latch; OS WAIT ARRAY reservation count not printed", r.reason());
    }

    @Test
    void semaphoreWaitsPassOnMysql80WithReservationCount() throws IOException {
        Result r = with("mysql-8.0-manual.G.txt").run(new SemaphoreWaitsRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("1 InnoDB status snapshot(s) read (last 2018-04-12 15:14:08, innodb-status.txt:7): no thread was waiting "
                + "for an InnoDB latch; OS WAIT ARRAY reservation count 24", r.reason());
    }

    @Test
    void notApplicableWithoutInnodbStatus() {
        Caps c = Caps.in(dir.resolve("none")).version("10.11.19-MariaDB-0+deb12u1");
        Result a = c.run(new SemaphoreWaitsRule());
        assertEquals(Result.Status.NOT_APPLICABLE, a.status());
        Result b = c.run(new LongTransactionRule());
        assertEquals(Result.Status.NOT_APPLICABLE, b.status());
        assertEquals(true, b.reason().contains("SHOW ENGINE INNODB STATUS"), b.reason());
    }

    @Test
    void longTransactionFiresOnTheActive300SecTransaction() throws IOException {
        Finding f = with("mysql-5.6-semaphore-hang-errorlog.txt").fire(new LongTransactionRule());
        assertEquals("A transaction had been ACTIVE for 300 s (transaction 39221511555) while the history list length was 2003: "
                + "as long as it stays open, purge cannot remove the row versions its read view may still need.", f.summary());
        assertEquals(Severity.INFO, f.severity());
        assertEquals("oldest ACTIVE transaction (39221511555)", f.evidence().get(0).label());
        assertEquals("300 s (fetching rows, thread declared inside InnoDB 1853)", f.evidence().get(0).value());
        assertEquals("innodb-status.txt:86", f.evidence().get(0).ref().toString());
    }

    @Test
    void longTransactionPassesOnTheThreeSysbenchSnapshots() throws IOException {
        Result r = with("mariadb-10.11-sysbench-3x10s.G.txt").run(new LongTransactionRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("oldest ACTIVE transaction 0 s; history list length 86 -> 43 over 3 snapshots", r.reason());
    }

    @Test
    void longTransactionPassesOnTheHeldTransactionOf12Seconds() throws IOException {
        Result r = with("mariadb-10.11-deadlock-long-trx.G.txt").run(new LongTransactionRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("oldest ACTIVE transaction 12 s; history list length 0", r.reason());
    }

    @Test
    void snapshotsOfSeveralFilesAreReadInTimeOrder() throws IOException {
        // the later run's file sorts first by name; its snapshots still come after the idle one's
        var e = Caps.in(dir.resolve("m")).file("a-sysbench.txt", fixture("mariadb-10.11-sysbench-3x10s.G.txt"))
                .file("b-idle.txt", fixture("mariadb-10.11-idle.G.txt")).evidence();
        assertEquals(java.util.List.of("b-idle.txt", "a-sysbench.txt", "a-sysbench.txt", "a-sysbench.txt"),
                e.innodbSnapshots().stream().map(s -> s.file()).toList());
        Result r = new LongTransactionRule().evaluate(e, Settings.defaults());
        assertEquals("oldest ACTIVE transaction 0 s; history list length 0 -> 43 over 4 snapshots", r.reason());
    }

    @Test
    void textsInChinese() throws IOException {
        Result r = with("mariadb-10.11-deadlock-long-trx.G.txt").run(new LongTransactionRule());
        Result zh = new LongTransactionRule().evaluate(with("mariadb-10.11-deadlock-long-trx.G.txt").evidence(), Settings.defaults(),
                java.util.Locale.SIMPLIFIED_CHINESE);
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("最老的 ACTIVE 事务 12 s；history list length 0", zh.reason());
    }

    @Test
    void growingHistoryAcrossFilesFires() throws IOException {
        // the three real snapshots with their history list lengths scaled up (86, 270, 43 -> 86000, 270000, 430000)
        String text = fixture("mariadb-10.11-sysbench-3x10s.G.txt").replace("History list length 86\n", "History list length 86000\n")
                .replace("History list length 270\n", "History list length 270000\n").replace("History list length 43\n", "History list length 430000\n");
        Finding f = Caps.in(dir.resolve("g")).file("innodb-status.txt", text).fire(new LongTransactionRule());
        assertEquals("The history list length grew at every snapshot, 86000 -> 430000 over 3 snapshots (oldest ACTIVE transaction 0 s): "
                + "purge is not keeping up, so old row versions pile up.", f.summary());
        assertEquals(Severity.WARNING, f.severity());
        assertEquals("innodb-status.txt:257", f.evidence().get(3).ref().toString());
    }
}
