package io.tunescope.importers.pfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.pfs.PfsSummary;
import io.tunescope.model.pfs.PfsSummary.Kind;
import io.tunescope.model.pfs.PfsSummary.Row;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pfs-summary importer on the fixtures of {@code src/test/resources/fixtures/pfs-summary/} (see its README). */
class PfsSummaryImporterTest {
    private static final Path DIR = Path.of("src/test/resources/fixtures/pfs-summary");
    private static final PfsSummaryImporter IMPORTER = new PfsSummaryImporter();

    @TempDir
    Path tmp;

    private static ImportResult<PfsSummary> read(Path p) throws Exception {
        return IMPORTER.parse(ImportContext.forFile(p));
    }

    private static ImportResult<PfsSummary> fixture(String name) throws Exception {
        return read(DIR.resolve(name));
    }

    private static List<Row> last(ImportResult<PfsSummary> r) {
        return r.value().snapshots().get(r.value().snapshots().size() - 1).rows();
    }

    @Test
    void kindIsToldFromTheColumnSet() throws Exception {
        Map<String, Kind> expected = Map.of(
                "mysql-manual-waits-global.G.txt", Kind.WAITS,
                "mysql-manual-file-by-instance.G.txt", Kind.FILE_BY_INSTANCE,
                "mysql-8.4-digest-count.G.txt", Kind.STATEMENTS_BY_DIGEST,
                "mysql-5.6-rds-digest-salaries.G.txt", Kind.STATEMENTS_BY_DIGEST,
                "sys-statement-analysis.G.txt", Kind.SYS_STATEMENT_ANALYSIS,
                "synthetic-waits-redo-2x.B.txt", Kind.WAITS,
                "synthetic-waits-balanced.table.txt", Kind.WAITS,
                "synthetic-digest-scan.table.txt", Kind.STATEMENTS_BY_DIGEST,
                "synthetic-table-io.B.txt", Kind.TABLE_IO,
                "synthetic-table-lock.table.txt", Kind.TABLE_LOCK);
        for (var e : expected.entrySet()) {
            assertEquals(e.getValue(), fixture(e.getKey()).value().kind(), e.getKey());
            assertEquals(Confidence.STRONG, IMPORTER.sniff(Head.read(DIR.resolve(e.getKey()))).confidence(), e.getKey());
        }
    }

    @Test
    void verticalManualSampleKeepsRowsAndReportsTheElidedOnes() throws Exception {
        ImportResult<PfsSummary> r = fixture("mysql-manual-waits-global.G.txt");
        List<Row> rows = last(r);
        assertEquals(2, rows.size());
        assertEquals("wait/synch/mutex/sql/hash_filo::lock", rows.get(1).name());
        assertEquals(69, rows.get(1).count());
        assertEquals(16848828, rows.get(1).totalPs());
        assertEquals(244185, rows.get(1).avgPs());
        assertEquals(12, rows.get(1).line());
        assertEquals("16.8 µs", PfsSummary.time(rows.get(1).totalPs()));
        assertEquals(1, r.value().snapshots().size(), "rows 6 and 9 are one printing");
        assertEquals(List.of(3L, 11L, 19L), r.diagnostics().stream().map(Diagnostic::line).toList());
        assertEquals("mysql-manual-waits-global.G.txt:3: '...' (rows left out by whoever saved the output)",
                r.diagnostics().get(0).message());
    }

    @Test
    void aColumnPrintedTwiceIsReportedAndTheFirstKept() throws Exception {
        ImportResult<PfsSummary> r = fixture("mysql-manual-file-by-instance.G.txt");
        Row row = last(r).get(0);
        assertEquals("/var/mysql/share/english/errmsg.sys", row.name());
        assertEquals("wait/io/file/sql/ERRMSG", row.columns().get("EVENT_NAME"));
        assertEquals("14 ms", PfsSummary.time(row.totalPs()));
        var twice = r.diagnostics().stream().filter(d -> d.level() == Diagnostic.Level.WARNING).toList();
        assertEquals(1, twice.size());
        assertEquals(6, twice.get(0).line());
        assertEquals("mysql-manual-file-by-instance.G.txt:6: column EVENT_NAME printed twice in one row; the first value is kept",
                twice.get(0).message());
    }

    @Test
    void digestRowsKeepTextScansAndTmpTables() throws Exception {
        Row salaries = last(fixture("mysql-5.6-rds-digest-salaries.G.txt")).get(0);
        assertEquals("SELECT * FROM `employees` . `salaries`", salaries.name());
        assertEquals("employees/5f56800663c86bf3c24239c1fc1edfcb", salaries.key());
        assertEquals(2, salaries.count());
        assertEquals("4.84 s", PfsSummary.time(salaries.totalPs()));
        assertEquals("2.42 s", PfsSummary.time(salaries.avgPs()));
        assertTrue(salaries.fullScan());
        assertEquals(5688094, salaries.num("SUM_ROWS_EXAMINED").getAsLong());

        ImportResult<PfsSummary> mysql84 = fixture("mysql-8.4-digest-count.G.txt");
        assertEquals(List.of(), mysql84.diagnostics());
        Row count = last(mysql84).get(0);
        assertEquals("SELECT COUNT (?) FROM `order_item_detailb`", count.name());
        assertEquals("19.9 s", PfsSummary.time(count.totalPs()));
        assertEquals(false, count.fullScan());
    }

    @Test
    void sysFormattedLatenciesAreReadBackAsPicoseconds() throws Exception {
        Row r = last(fixture("sys-statement-analysis.G.txt")).get(0);
        assertEquals(16_750_000_000_000L, r.totalPs());
        assertEquals(8_380_000_000_000L, r.avgPs());
        assertEquals(2, r.count());
        assertEquals(66, r.num("SUM_CREATED_TMP_DISK_TABLES").getAsLong());
        assertTrue(r.fullScan(), "full_scan: *");
        assertEquals("SELECT * FROM `schema_object_o ... MA` , `information_schema` ...", r.name());
    }

    @Test
    void batchOutputWithTwoHeadersIsTwoSnapshots() throws Exception {
        ImportResult<PfsSummary> r = fixture("synthetic-waits-redo-2x.B.txt");
        assertEquals(List.of(), r.diagnostics());
        assertEquals(2, r.value().snapshots().size());
        assertEquals(9, r.value().snapshots().get(1).line());
        Row log = r.value().snapshots().get(1).rows().get(1);
        assertEquals("wait/io/file/innodb/innodb_log_file", log.name());
        assertEquals(11, log.line());
        Row delta = log.minus(r.value().snapshots().get(0).rows().get(1));
        assertEquals(40087, delta.count());
        assertEquals(47_580_400_000_000L, delta.totalPs());
    }

    @Test
    void tableOutputRowsAreCutAtTheBars() throws Exception {
        ImportResult<PfsSummary> r = fixture("synthetic-digest-scan.table.txt");
        assertEquals(List.of(), r.diagnostics());
        List<Row> rows = last(r);
        assertEquals(4, rows.size());
        assertEquals("SELECT `c` FROM `sbtest1` WHERE `pad` LIKE ? ORDER BY `c`", rows.get(0).name());
        assertEquals(1200, rows.get(0).num("SUM_CREATED_TMP_DISK_TABLES").getAsLong());
        assertEquals("sbtest.sbtest1", last(fixture("synthetic-table-lock.table.txt")).get(0).name());
        assertEquals(2300100, last(fixture("synthetic-table-io.B.txt")).get(0).num("COUNT_FETCH").getAsLong());
    }

    @Test
    void batchEscapesAreDecoded() throws Exception {
        Path f = tmp.resolve("digest.tsv");
        Files.writeString(f, "SCHEMA_NAME\tDIGEST\tDIGEST_TEXT\tCOUNT_STAR\tSUM_TIMER_WAIT\n"
                + "sbtest\tabc\tSELECT ?\\nFROM `t`\t3\t3000000\n");
        Row r = last(read(f)).get(0);
        assertEquals("SELECT ? FROM `t`", r.name());
        assertEquals("SELECT ?\nFROM `t`", r.columns().get("DIGEST_TEXT"));
        assertEquals(1_000_000, r.avgPs());
    }

    @Test
    void cutRowBadNumberAndCrlfAreReportedAndTheRestLoads() throws Exception {
        String text = "EVENT_NAME\tCOUNT_STAR\tSUM_TIMER_WAIT\r\n"
                + "wait/io/file/innodb/innodb_log_file\t10\t5000\r\n"
                + "wait/io/table/sql/handler\t7\r\n"
                + "wait/lock/table/sql/handler\tmany\t10\r\n"
                + "wait/synch/mutex/innodb/log_sys_mutex\t4\t400\r\n";
        Path f = tmp.resolve("waits.txt");
        Files.writeString(f, text);
        ImportResult<PfsSummary> r = read(f);
        assertEquals(List.of("wait/io/file/innodb/innodb_log_file", "wait/synch/mutex/innodb/log_sys_mutex"),
                last(r).stream().map(Row::name).toList());
        assertEquals(List.of("waits.txt:3: 2 cells where the header has 3 (a cut or wrapped row); left out",
                "waits.txt:4: COUNT_STAR 'many' is not a number; row left out"), r.diagnostics().stream().map(Diagnostic::message).toList());
    }

    @Test
    void utf16IsReadLikeUtf8() throws Exception {
        String text = Files.readString(DIR.resolve("synthetic-table-io.B.txt"));
        Path f = tmp.resolve("io16.txt");
        byte[] body = text.getBytes(StandardCharsets.UTF_16LE);
        byte[] all = new byte[body.length + 2];
        all[0] = (byte) 0xFF;
        all[1] = (byte) 0xFE;
        System.arraycopy(body, 0, all, 2, body.length);
        Files.write(f, all);
        assertEquals(Confidence.STRONG, IMPORTER.sniff(Head.read(f)).confidence());
        assertEquals(2, last(read(f)).size());
    }

    @Test
    void emptyAndHeaderOnlyFilesAreRefused() throws Exception {
        Path empty = tmp.resolve("empty.txt");
        Files.writeString(empty, "");
        assertEquals(Confidence.NO, IMPORTER.sniff(Head.read(empty)).confidence());
        Path header = tmp.resolve("header.txt");
        Files.writeString(header, "EVENT_NAME\tCOUNT_STAR\tSUM_TIMER_WAIT\n");
        ImportException e = assertThrows(ImportException.class, () -> read(header));
        assertEquals("header.txt: no performance_schema summary rows found", e.getMessage());
    }

    @Test
    void summaryListsTheTopRowsByTime() throws Exception {
        Map<String, Object> s = IMPORTER.summarize(fixture("synthetic-digest-scan.table.txt").value());
        assertEquals("events_statements_summary_by_digest", s.get("kind"));
        assertEquals(4, s.get("rows"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> top = (List<Map<String, Object>>) s.get("top");
        assertEquals(4, top.size());
        assertEquals("SELECT `c` FROM `sbtest1` WHERE `pad` LIKE ? ORDER BY `c`", top.get(0).get("name"));
        assertEquals(1200L, top.get(0).get("count"));
        assertEquals("8112 s", top.get(0).get("total"));
        assertEquals("6.76 s", top.get(0).get("average"));
    }
}
