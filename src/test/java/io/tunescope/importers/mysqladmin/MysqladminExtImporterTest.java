package io.tunescope.importers.mysqladmin;

import static io.tunescope.importers.series.SeriesTestFiles.fixture;
import static io.tunescope.importers.series.SeriesTestFiles.parse;
import static io.tunescope.importers.series.SeriesTestFiles.warnings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.series.Clock;
import io.tunescope.model.series.SeriesDatasets;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.model.series.Unit;
import io.tunescope.rules.Caps;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MysqladminExtImporterTest {
    private final MysqladminExtImporter imp = new MysqladminExtImporter();

    @TempDir
    Path dir;

    private SeriesSet read(String name) throws Exception {
        ImportResult<SeriesSet> r = parse(imp, fixture("mysqladmin-ext", name));
        assertTrue(warnings(r).isEmpty(), name + ": " + warnings(r));
        return r.value();
    }

    @Test
    void absoluteTablesGiveRatesForCountersAndValuesForGauges() throws Exception {
        SeriesSet s = read("mysqladmin-ext-absolute.txt");
        assertEquals(Clock.OFFSET, s.clock());
        assertEquals(8, s.reports());
        assertEquals(1000, s.intervalMs());
        assertFalse(s.hasSinceBoot());
        assertEquals("false", s.meta().get("relative"));
        TimeSeries threads = s.byKey("mysqladmin/Threads_running");
        assertEquals(Unit.THREADS, threads.metric().unit());
        assertEquals(8, threads.size());
        assertEquals(14, threads.value(0));
        assertEquals(0, threads.time(0));
        assertEquals("mysqladmin-ext-absolute.txt:86", threads.ref(0).toString());
        assertEquals(1, threads.value(1));
        assertEquals(1000, threads.time(1));
        TimeSeries select = s.byKey("mysqladmin/Com_select");
        assertEquals(Unit.PER_SECOND, select.metric().unit());
        assertEquals(7, select.size()); // a rate needs the table before
        assertEquals(167591 - 161180, select.value(0));
        assertEquals(1000, select.time(0));
        assertEquals(100, select.line(0));
        assertEquals(178601 - 167591, select.value(1));
        Map<String, Object> sum = imp.summarize(s);
        assertEquals(81, sum.get("counters"));
        assertEquals(8, sum.get("samples"));
        assertEquals(1.0, sum.get("interval_s"));
        assertEquals(false, sum.get("relative"));
        @SuppressWarnings("unchecked")
        Map<String, Object> last = (Map<String, Object>) sum.get("values_last");
        assertEquals(7.0, last.get("Threads_running"));
        assertEquals(MysqladminExtImporter.USUAL_SUSPECTS, List.copyOf(last.keySet()));
    }

    @Test
    void relativeTablesKeepTheFirstApartAndRebuildGauges() throws Exception {
        SeriesSet s = read("mysqladmin-ext-relative.txt");
        assertEquals("true", s.meta().get("relative"));
        assertTrue(s.hasSinceBoot());
        assertEquals(2, s.sinceBootLine());
        assertEquals(816.0, s.sinceBoot().get("mysqladmin/Uptime"));
        assertEquals(161196.0, s.sinceBoot().get("mysqladmin/Com_select"));
        TimeSeries select = s.byKey("mysqladmin/Com_select");
        assertEquals(7, select.size());
        assertEquals(6535, select.value(0));
        assertEquals(1000, select.time(0));
        assertEquals(11010, select.value(1));
        TimeSeries threads = s.byKey("mysqladmin/Threads_running");
        assertEquals(13 - 5, threads.value(0)); // 13 in the first table, then -5
        assertEquals(13 - 5 - 3, threads.value(1));
        assertEquals("mysqladmin-ext-relative.txt:175", threads.ref(0).toString());
        Map<String, Object> sum = imp.summarize(s);
        assertEquals(7, sum.get("samples"));
        assertEquals(true, sum.get("relative"));
    }

    @Test
    void ptMextColumnsAreSamples() throws Exception {
        SeriesSet s = read("pt-mext-relative.txt");
        assertEquals("pt-mext", s.meta().get("layout"));
        assertEquals("true", s.meta().get("relative"));
        assertEquals(7, s.reports());
        TimeSeries select = s.byKey("mysqladmin/Com_select");
        assertEquals(6, select.size());
        assertEquals(6776, select.value(0));
        assertEquals(135, select.line(0));
        TimeSeries threads = s.byKey("mysqladmin/Threads_running");
        assertEquals(7 - 1, threads.value(0));
        assertEquals(7 - 1 + 0 + 7 + 0 - 3 - 2, threads.value(threads.size() - 1));
        assertEquals(162257.0, s.sinceBoot().get("mysqladmin/Com_select"));
    }

    /** Percona Toolkit's own sample (older server, -r, Uptime 5550 then 3 4 3) and pt-mext's result for it read the same. */
    @Test
    void perconaSampleAndItsPtMextResultAgree() throws Exception {
        SeriesSet tables = read("percona-mext-001.txt");
        SeriesSet mext = read("percona-mext-001-pt-mext.txt");
        assertEquals("true", tables.meta().get("relative"));
        assertEquals(3000, tables.intervalMs()); // the median of 3, 4, 3
        assertEquals(4, tables.reports());
        assertEquals(tables.series().size(), mext.series().size());
        for (TimeSeries t : tables.series()) {
            TimeSeries m = mext.byKey(t.metric().key());
            assertEquals(java.util.Arrays.toString(t.values()), java.util.Arrays.toString(m.values()), t.metric().key());
            assertEquals(java.util.Arrays.toString(t.times()), java.util.Arrays.toString(m.times()), t.metric().key());
        }
        TimeSeries bytes = tables.byKey("mysqladmin/Bytes_received");
        assertEquals(List.of(35 / 3.0, 35 / 3.0, 35 / 3.0), java.util.Arrays.stream(bytes.values()).boxed().toList());
        assertEquals(2.0, tables.byKey("mysqladmin/Threads_running").value(0)); // 2 in the first table, then a change of 0
        assertEquals(5550.0, tables.sinceBoot().get("mysqladmin/Uptime"));
    }

    @Test
    void sniffTellsTablesFromASnapshot() throws Exception {
        for (String f : new String[] {"mysqladmin-ext-absolute.txt", "mysqladmin-ext-relative.txt"}) {
            assertEquals(Confidence.CERTAIN, imp.sniff(Head.read(fixture("mysqladmin-ext", f))).confidence());
        }
        assertEquals(Confidence.STRONG, imp.sniff(Head.read(fixture("mysqladmin-ext", "pt-mext-relative.txt"))).confidence());
        // one table of the same output: a SHOW GLOBAL STATUS snapshot, as before
        String one = Files.readString(fixture("mysqladmin-ext", "mysqladmin-ext-absolute.txt")).lines().limit(89)
                .reduce("", (a, b) -> a + b + "\n");
        Head h = Head.ofText("status.txt", one);
        assertEquals(Confidence.NO, imp.sniff(h).confidence());
        assertEquals("mysql-status", StandardImporters.registry().detect(h).importer().format());
        // tab-separated SHOW GLOBAL STATUS is not pt-mext
        assertEquals(Confidence.NO, imp.sniff(Head.read(fixture("mysql-status", "show-global-status-before.txt"))).confidence());
    }

    /** Synthetic full-size tables (more rows than the loader's first look), in mysqladmin's layout. */
    private static String tables(int rows, int... uptimes) {
        StringBuilder b = new StringBuilder();
        String rule = "+" + "-".repeat(40) + "+" + "-".repeat(12) + "+\n";
        for (int t = 0; t < uptimes.length; t++) {
            b.append(rule).append(String.format("| %-38s | %-10s |%n", "Variable_name", "Value")).append(rule);
            for (int i = 0; i < rows; i++) {
                b.append(String.format(java.util.Locale.ROOT, "| %-38s | %-10d |%n", "Handler_x" + i, (long) (t + 1) * i));
            }
            b.append(String.format("| %-38s | %-10d |%n", "Threads_running", 3 + t));
            b.append(String.format("| %-38s | %-10d |%n", "Uptime", uptimes[t]));
            b.append(rule);
        }
        return b.toString();
    }

    @Test
    void theLoaderLooksFurtherWhenTheFirstTableFillsTheHead() {
        Capture c = Caps.in(dir.resolve("a")).file("ext.txt", tables(600, 100, 110, 120)).file("one.txt", tables(600, 100)).load();
        SeriesSet s = c.all(SeriesDatasets.MYSQLADMIN).get(0).value();
        assertEquals(3, s.reports());
        assertEquals(10_000, s.intervalMs());
        assertEquals(0.1, s.byKey("mysqladmin/Handler_x1").value(0));
        assertEquals(20_000, s.byKey("mysqladmin/Threads_running").time(2));
        assertEquals(1, c.all(SeriesDatasets.MYSQLADMIN).size());
        assertEquals("one.txt", c.all(ConfigDatasets.STATUS).get(0).file().path());
    }

    @Test
    void badInputIsReportedWithItsLine() throws Exception {
        // a restart between samples: no rate across it
        Path restart = dir.resolve("restart.txt");
        Files.writeString(restart, tables(2, 100, 101, 5, 6));
        ImportResult<SeriesSet> r = parse(imp, restart);
        assertEquals("restart.txt: Uptime fell from 101 to 5 at sample 3: the server restarted, no rates across it",
                warnings(r).get(0).message());
        assertEquals(23, warnings(r).get(0).line());
        assertEquals(2, r.value().byKey("mysqladmin/Handler_x1").size());
        // CRLF and the last table cut in the middle (before Uptime): the junk line is named, the cut table left out
        Path cut = dir.resolve("cut.txt");
        String text = tables(3, 50, 51, 52).replace("\n", "\r\n");
        text = text.substring(0, text.lastIndexOf("| Threads_running")) + "garbage\r\n";
        Files.writeString(cut, text, StandardCharsets.UTF_8);
        ImportResult<SeriesSet> c = parse(imp, cut);
        assertEquals("cut.txt: line 25 is not an extended-status row: garbage", warnings(c).get(0).message());
        assertEquals(25, warnings(c).get(0).line());
        assertEquals("cut.txt: sample 3 (line 20) has no Uptime (cut short?): it was left out", warnings(c).get(1).message());
        assertEquals(2, c.value().reports());
        assertEquals(java.util.List.of(3.0, 4.0), java.util.Arrays.stream(c.value().byKey("mysqladmin/Threads_running").values())
                .boxed().toList());
        Path empty = dir.resolve("empty.txt");
        Files.writeString(empty, "");
        assertEquals("empty.txt: 0 extended-status sample(s) with Uptime; a series needs at least two (mysqladmin ext -i N -c M)",
                assertThrows(ImportException.class, () -> parse(imp, empty)).getMessage());
    }
}
