package io.tunescope.importers.series;

import static io.tunescope.importers.series.SeriesTestFiles.conformance;
import static io.tunescope.importers.series.SeriesTestFiles.fixture;
import static io.tunescope.importers.series.SeriesTestFiles.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.iostat.IostatImporter;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.series.Clock;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IostatImporterTest {
    private final IostatImporter imp = new IostatImporter();

    private SeriesSet read(Path p) throws Exception {
        ImportResult<SeriesSet> r = parse(imp, p);
        assertTrue(SeriesTestFiles.warnings(r).isEmpty(), p + ": " + SeriesTestFiles.warnings(r));
        return r.value();
    }

    private SeriesSet conf(String name) throws Exception {
        return read(conformance("iostat").resolve(name));
    }

    @Test
    void everyConformanceFileImportsWithoutError() throws Exception {
        List<Path> files = SeriesTestFiles.files(conformance("iostat"));
        assertEquals(9, files.size());
        for (Path f : files) {
            assertTrue(imp.sniff(Head.read(f)).confidence().atLeast(Confidence.STRONG), f + " sniffed below STRONG");
            SeriesSet s = read(f);
            assertTrue(s.reports() >= 1, f.toString());
            assertTrue(!s.entities().isEmpty() || s.hasSinceBoot(), f.toString());
        }
    }

    @Test
    void sysstat10LayoutSingleReportIsOnlyTheSinceBootAverage() throws Exception {
        SeriesSet s = conf("jc_centos-7.7__iostat-x.out");
        assertEquals(1, s.reports());
        assertTrue(s.series().isEmpty(), "the since-boot report is not plotted");
        assertEquals(0.01, s.sinceBoot().get("iostat/sda/util"));
        assertEquals(0.88, s.sinceBoot().get("iostat/sda/await"));
        assertEquals(0.00, s.sinceBoot().get("iostat/dm-1/aqu-sz"));
        assertEquals(99.70, s.sinceBoot().get("iostat/all/idle"));
        assertEquals(3, s.sinceBootLine());
        assertEquals("localhost.localdomain", s.meta().get("host"));
        assertEquals("1", s.meta().get("cpus"));
    }

    @Test
    void twelveHourTimestampsWithoutBannerAreWallClockAndAllPlotted() throws Exception {
        SeriesSet s = conf("Goose97_postgres_long_commit__iostat.log");
        assertEquals(Clock.WALL, s.clock());
        assertEquals(11, s.reports());
        assertFalse(s.hasSinceBoot());
        TimeSeries util = s.byKey("iostat/vdb/util");
        assertEquals(11, util.size());
        assertEquals(Instant.parse("2022-01-25T06:47:54Z").toEpochMilli(), util.time(0));
        assertEquals(Instant.parse("2022-01-25T06:48:04Z").toEpochMilli(), util.time(10));
        assertEquals(100.0, util.max());
        assertEquals(7, util.line(0));
        assertEquals("Goose97_postgres_long_commit__iostat.log:7", util.ref(0).toString());
        // rMB/s is converted to kB/s
        TimeSeries rkb = s.byKey("iostat/vdc/rkB/s");
        assertEquals(4.98 * 1024, rkb.value(0), 1e-9);
        assertEquals(1000, s.intervalMs());
    }

    @Test
    void transitionalLayoutWithManyReports() throws Exception {
        SeriesSet s = conf("hustjieke_sysbench__iostat.txt");
        assertEquals(160, s.reports());
        assertEquals(Clock.ASSUMED_INTERVAL, s.clock());
        TimeSeries util = s.byKey("iostat/qbd0/util");
        assertEquals(159, util.size());
        assertEquals(89.80, util.value(0));
        assertEquals(10.48, s.sinceBoot().get("iostat/qbd0/util"));
        assertEquals(18.79, s.byKey("iostat/qbd0/aqu-sz").value(0));
        assertNotNull(s.byKey("iostat/qbd0/await"), "await derived from r_await/w_await");
        assertEquals(1.39, s.byKey("iostat/qbd0/await").value(0), 1e-9);
        Map<String, Object> sum = imp.summarize(s);
        assertEquals(160, sum.get("reports"));
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> devs = (Map<String, Map<String, Object>>) sum.get("devices");
        assertEquals(List.of("nvme0n1", "sda", "qbd0"), List.copyOf(devs.keySet()));
        assertEquals(159, devs.get("qbd0").get("samples"));
        assertEquals(100.0, devs.get("qbd0").get("max_util_pct"));
    }

    @Test
    void sysstat12LayoutsInMegabytes() throws Exception {
        SeriesSet a = conf("alifarahani1998_IO-Workload-Characterization__iostat.txt");
        assertEquals(39, a.reports());
        assertEquals(4.70 * 1024, a.byKey("iostat/sda/rkB/s").value(0), 1e-9);
        assertNull(a.byKey("iostat/sda/f/s"));
        SeriesSet g = conf("githubzilla_rocksdb-read-test__iostat.log");
        assertEquals(4, g.reports());
        assertEquals(8.00, g.byKey("iostat/sda/f/s").value(0));
        assertEquals(0.90, g.byKey("iostat/sda/util").value(0));
    }

    @Test
    void jsonWithPartitionsAndGroups() throws Exception {
        SeriesSet s = conf("sysstat_tests__expected.iostat-x-p-ALL-JSON");
        assertEquals(2, s.reports());
        assertTrue(s.entities().contains("sda1"));
        assertEquals(0.46, s.sinceBoot().get("iostat/sda/util"));
        assertEquals(1, s.byKey("iostat/sda/util").size());
        assertEquals("SYSSTAT.TEST", s.meta().get("host"));
        SeriesSet g = conf("sysstat_tests__expected.iostat-g-JSON");
        assertEquals(2, g.reports());
        assertTrue(g.entities().contains("disks"));
        assertEquals(0.22 * 1024, g.sinceBoot().get("iostat/sda/rkB/s"), 1e-9);
    }

    @Test
    void realCapturesFromThisMachine() throws Exception {
        SeriesSet iso = read(fixture("iostat", "iostat-x-t-iso.txt"));
        assertEquals(Clock.WALL, iso.clock());
        assertEquals(25, iso.reports());
        assertTrue(iso.hasSinceBoot());
        TimeSeries u = iso.byKey("iostat/vda/util");
        assertEquals(24, u.size());
        assertEquals(Instant.parse("2026-11-30T10:41:34Z").toEpochMilli(), u.time(0));
        assertEquals(72.00, u.value(0));

        SeriesSet loc = read(fixture("iostat", "iostat-x-t-k.txt"));
        assertEquals(Clock.WALL, loc.clock());
        assertEquals(Instant.parse("2026-11-30T10:41:34Z").toEpochMilli(), loc.byKey("iostat/vda/util").time(0));

        SeriesSet json = read(fixture("iostat", "iostat-x-t.json"));
        assertEquals(Clock.WALL, json.clock());
        assertEquals(73.20, json.byKey("iostat/vda/util").value(0));
        assertEquals(Instant.parse("2026-11-30T10:41:34Z").toEpochMilli(), json.byKey("iostat/vda/util").time(0));

        SeriesSet plain = read(fixture("iostat", "iostat-x.txt"));
        assertEquals(Clock.ASSUMED_INTERVAL, plain.clock());
        assertEquals(24, plain.byKey("iostat/vda/util").size());

        SeriesSet parts = read(fixture("iostat", "iostat-x-m-p-all.txt"));
        assertTrue(parts.entities().size() > 2, parts.entities().toString());
    }
}
