package io.tunescope.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tunescope.rules.server.TopDigestRule;
import io.tunescope.rules.server.TopWaitRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SRV-TOP-WAIT and SRV-TOP-DIGEST on the pfs-summary fixtures (real public samples and marked synthetic ones). */
class PfsSummaryRulesTest {
    private static final Path DIR = Path.of("src/test/resources/fixtures/pfs-summary");

    @TempDir
    Path dir;

    private static String fixture(String name) throws IOException {
        return Files.readString(DIR.resolve(name));
    }

    private Caps with(String name) throws IOException {
        return Caps.in(dir.resolve("c")).file("pfs.txt", fixture(name));
    }

    @Test
    void redoLogFsyncDominatesTheDeltaOfTwoSnapshots() throws IOException {
        Finding f = with("synthetic-waits-redo-2x.B.txt").fire(new TopWaitRule());
        assertEquals("Redo log write and fsync dominates the server's waits: wait/io/file/innodb/innodb_log_file took 92.2 % of the "
                + "51.6 s of non-idle wait time between 2 snapshots (pfs.txt:1 to pfs.txt:9) (40087 waits, 1.19 ms on average).", f.summary());
        assertEquals(Severity.WARNING, f.severity());
        var top3 = f.evidence().subList(0, 3);
        assertEquals(List.of("wait/io/file/innodb/innodb_log_file", "wait/io/table/sql/handler", "wait/io/file/innodb/innodb_data_file"),
                top3.stream().map(e -> e.label()).toList());
        assertEquals("92.2 % of the wait time: 47.6 s in 40087 waits, 1.19 ms on average", top3.get(0).value());
        assertEquals("4.1 % of the wait time: 2.1 s in 1100000 waits, 1.91 µs on average", top3.get(1).value());
        assertEquals(List.of("pfs.txt:11", "pfs.txt:13", "pfs.txt:12"), top3.stream().map(e -> e.ref().toString()).toList());
        assertEquals(true, f.explanation().startsWith("Commits wait for the redo log"), f.explanation());
    }

    @Test
    void oneSnapshotIsSinceStartupAndTheLargestShareDecides() throws IOException {
        // the same first snapshot alone: idle is left out, the redo log still leads but the text says since startup
        String first = fixture("synthetic-waits-redo-2x.B.txt").lines().limit(8).reduce("", (a, b) -> a + b + "\n");
        Finding f = Caps.in(dir.resolve("one")).file("pfs.txt", first).fire(new TopWaitRule());
        assertEquals("Redo log write and fsync dominates the server's waits: wait/io/file/innodb/innodb_log_file took 62.9 % of the "
                + "152 s of non-idle wait time since the server started or the table was last truncated (one snapshot) (120311 waits, "
                + "793 µs on average).", f.summary());
        assertEquals(Severity.INFO, f.severity());
    }

    @Test
    void twoFilesOfTheSameTableAreBeforeAndAfter() throws IOException {
        List<String> lines = fixture("synthetic-waits-redo-2x.B.txt").lines().toList();
        String before = String.join("\n", lines.subList(0, 8)) + "\n";
        String after = String.join("\n", lines.subList(8, 16)) + "\n";
        Finding f = Caps.in(dir.resolve("two")).file("pfs-1-before.txt", before).file("pfs-2-after.txt", after).fire(new TopWaitRule());
        assertEquals("Redo log write and fsync dominates the server's waits: wait/io/file/innodb/innodb_log_file took 92.2 % of the "
                + "51.6 s of non-idle wait time between 2 snapshots (pfs-1-before.txt:1 to pfs-2-after.txt:1) (40087 waits, 1.19 ms on average).",
                f.summary());
        assertEquals("pfs-2-after.txt:3", f.evidence().get(0).ref().toString());
    }

    @Test
    void balancedWaitsPassWithTheirValues() throws IOException {
        Result r = with("synthetic-waits-balanced.table.txt").run(new TopWaitRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("the largest wait, wait/io/table/sql/handler, took 20.1 % of the 1.54 s of non-idle waits since the server started "
                + "or the table was last truncated (one snapshot) (pfs.txt:5): no single wait class dominates", r.reason());
        Result zh = new TopWaitRule().evaluate(with("synthetic-waits-balanced.table.txt").evidence(), Settings.defaults(), Locale.SIMPLIFIED_CHINESE);
        assertEquals("最大的等待 wait/io/table/sql/handler 占非空闲等待总时间 1.54 s 的 20.1 %（自服务器启动或上次清空该表以来，只有一份快照）"
                + "（pfs.txt:5）：没有哪一类等待占主导", zh.reason());
    }

    @Test
    void theManualSamplePassesOnItsTinyTotal() throws IOException {
        Result r = with("mysql-manual-waits-global.G.txt").run(new TopWaitRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("the non-idle waits add up to only 19 µs since the server started or the table was last truncated (one snapshot), "
                + "less than 1 s, so no wait class is worth acting on (the largest, wait/synch/mutex/sql/hash_filo::lock, took 88.8 %, "
                + "pfs.txt:12)", r.reason());
    }

    @Test
    void familiesNameTheMechanism() {
        assertEquals("redo", TopWaitRuleAccess.family("wait/io/file/innodb/innodb_log_file"));
        assertEquals("datafile", TopWaitRuleAccess.family("wait/io/file/innodb/innodb_data_file"));
        assertEquals("innodbLatch", TopWaitRuleAccess.family("wait/synch/mutex/innodb/log_sys_mutex"));
        assertEquals("innodbLatch", TopWaitRuleAccess.family("wait/synch/sxlock/innodb/index_tree_rw_lock"));
        assertEquals("latch", TopWaitRuleAccess.family("wait/synch/mutex/sql/hash_filo::lock"));
        assertEquals("tableLock", TopWaitRuleAccess.family("wait/lock/table/sql/handler"));
        assertEquals("mdl", TopWaitRuleAccess.family("wait/lock/metadata/sql/mdl"));
        assertEquals("rowIo", TopWaitRuleAccess.family("wait/io/table/sql/handler"));
        assertEquals("socket", TopWaitRuleAccess.family("wait/io/socket/sql/client_connection"));
        assertEquals("file", TopWaitRuleAccess.family("wait/io/file/sql/binlog"));
    }

    @Test
    void notApplicableWithoutPerformanceSchemaOrWithoutTheTable() throws IOException {
        Caps none = Caps.in(dir.resolve("none")).version("10.11.19-MariaDB-0+deb12u1");
        assertEquals(Result.Status.NOT_APPLICABLE, none.run(new TopWaitRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, none.run(new TopDigestRule()).status());
        Result w = with("synthetic-digest-scan.table.txt").run(new TopWaitRule());
        assertEquals(Result.Status.NOT_APPLICABLE, w.status());
        assertEquals("no events_waits_summary_global_by_event_name was captured (only other performance_schema summaries)", w.reason());
        Result d = Caps.in(dir.resolve("w")).file("pfs.txt", fixture("synthetic-waits-balanced.table.txt")).run(new TopDigestRule());
        assertEquals("no events_statements_summary_by_digest or sys.statement_analysis was captured (only other performance_schema summaries)",
                d.reason());
    }

    @Test
    void digestWithFullScansAndDiskTmpTablesFires() throws IOException {
        Finding f = with("synthetic-digest-scan.table.txt").fire(new TopDigestRule());
        assertEquals("The statement SELECT `c` FROM `sbtest1` WHERE `pad` LIKE ? ORDER BY `c` took 81.6 % of the statement time (8112 s) "
                + "since the server started or the digest table was last truncated (one snapshot), in 1200 executions of 6.76 s on average, "
                + "and it ran 1200 times without an index and created 1200 temporary tables on disk.", f.summary());
        assertEquals(Severity.WARNING, f.severity());
        var text = f.evidence().get(0);
        assertEquals("statement digest text", text.label());
        assertEquals("SELECT `c` FROM `sbtest1` WHERE `pad` LIKE ? ORDER BY `c`", text.value());
        assertEquals("pfs.txt:5", text.ref().toString());
        assertEquals("8112 s (81.6 % of 9939 s), 1200 executions, 6.76 s on average", f.evidence().get(1).value());
        assertEquals("24000000000 examined, 1200 sent", f.evidence().get(4).value());
    }

    @Test
    void realDigestSamples() throws IOException {
        Finding salaries = with("mysql-5.6-rds-digest-salaries.G.txt").fire(new TopDigestRule());
        assertEquals("The statement SELECT * FROM `employees` . `salaries` took 100 % of the statement time (4.84 s) since the server "
                + "started or the digest table was last truncated (one snapshot), in 2 executions of 2.42 s on average, and it ran "
                + "without an index (2).", salaries.summary());
        Finding sys = Caps.in(dir.resolve("sys")).file("pfs.txt", fixture("sys-statement-analysis.G.txt")).fire(new TopDigestRule());
        assertEquals("The statement SELECT * FROM `schema_object_o ... MA` , `information_schema` ... took 100 % of the statement time "
                + "(16.8 s) since the server started or the digest table was last truncated (one snapshot), in 2 executions of 8.38 s on "
                + "average, and sys.statement_analysis marks it as a full scan (full_scan *) and it created 66 temporary tables on disk.",
                sys.summary());
        Result count = Caps.in(dir.resolve("84")).file("pfs.txt", fixture("mysql-8.4-digest-count.G.txt")).run(new TopDigestRule());
        assertEquals(Result.Status.PASSED, count.status());
        assertEquals("the statement taking the most time, SELECT COUNT (?) FROM `order_item_detailb`, took 100 % of the statement time "
                + "(19.9 s) since the server started or the digest table was last truncated (one snapshot) (pfs.txt:6), using an index "
                + "(statements without an index 0, temporary tables on disk 0)", count.reason());
    }

    @Test
    void chineseSummaryOfTheDigest() throws IOException {
        Result zh = new TopDigestRule().evaluate(with("mysql-5.6-rds-digest-salaries.G.txt").evidence(), Settings.defaults(),
                Locale.SIMPLIFIED_CHINESE);
        assertEquals("语句 SELECT * FROM `employees` . `salaries` 占语句时间的 100 %（4.84 s）（自服务器启动或上次清空摘要表以来，只有一份快照），"
                + "共执行 2 次，平均 2.42 s，并且执行时没有使用索引（2）。", zh.findings().get(0).summary());
    }
}
