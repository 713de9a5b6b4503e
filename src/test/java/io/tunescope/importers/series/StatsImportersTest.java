package io.tunescope.importers.series;

import static io.tunescope.importers.series.SeriesTestFiles.fixture;
import static io.tunescope.importers.series.SeriesTestFiles.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.iocsv.IoCsvImporter;
import io.tunescope.importers.iocsv.SadfImporter;
import io.tunescope.importers.mpstat.MpstatImporter;
import io.tunescope.importers.vmstat.VmstatImporter;
import io.tunescope.model.series.Clock;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatsImportersTest {

    private static SeriesSet read(Importer<SeriesSet> imp, Path p) throws Exception {
        ImportResult<SeriesSet> r = parse(imp, p);
        assertTrue(SeriesTestFiles.warnings(r).isEmpty(), p + ": " + SeriesTestFiles.warnings(r));
        return r.value();
    }

    private static long t(String iso) {
        return Instant.parse(iso).toEpochMilli();
    }

    @Test
    void mpstatTextAllCpus() throws Exception {
        SeriesSet s = read(new MpstatImporter(), fixture("mpstat", "mpstat-P-ALL.txt"));
        assertEquals(Clock.WALL, s.clock());
        assertEquals(25, s.reports());
        assertEquals(java.util.List.of("all", "0", "1"), java.util.List.copyOf(s.entities()));
        TimeSeries iowait = s.byKey("mpstat/all/iowait");
        assertEquals(25, iowait.size());
        assertEquals(25.63, iowait.value(0));
        assertEquals(t("2026-11-30T10:41:34Z"), iowait.time(0));
        assertEquals(4, iowait.line(0));
        assertEquals(45.23, s.byKey("mpstat/all/sys").value(0));
        assertEquals(Map.of("reports", 25, "cpus", 3), new MpstatImporter().summarize(s));
    }

    @Test
    void mpstatJson() throws Exception {
        SeriesSet s = read(new MpstatImporter(), fixture("mpstat", "mpstat-P-ALL.json"));
        assertEquals(Clock.WALL, s.clock());
        assertEquals(25, s.reports());
        assertEquals(25.50, s.byKey("mpstat/all/iowait").value(0));
        assertEquals(t("2026-11-30T10:41:34Z"), s.byKey("mpstat/all/iowait").time(0));
    }

    @Test
    void mpstatTwelveHourClock(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("mp12.txt");
        Files.writeString(f, "Linux 5.4.0 (db1) \t01/25/2022 \t_x86_64_\t(2 CPU)\n\n"
                + "11:59:58 PM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n"
                + "11:59:59 PM  all    1.00    0.00    2.00    3.00    0.00    0.00    0.00    0.00    0.00   94.00\n\n"
                + "11:59:59 PM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n"
                + "12:00:00 AM  all    5.00    0.00    2.00    3.00    0.00    0.00    0.00    0.00    0.00   90.00\n");
        SeriesSet s = read(new MpstatImporter(), f);
        TimeSeries usr = s.byKey("mpstat/all/usr");
        assertEquals(t("2022-01-25T23:59:59Z"), usr.time(0));
        assertEquals(t("2022-01-26T00:00:00Z"), usr.time(1), "midnight rolls over to the next day");
    }

    @Test
    void vmstatWithAndWithoutTimestamps() throws Exception {
        SeriesSet plain = read(new VmstatImporter(), fixture("vmstat", "vmstat.txt"));
        assertEquals(Clock.ASSUMED_INTERVAL, plain.clock());
        assertEquals(25, plain.reports());
        assertTrue(plain.hasSinceBoot());
        assertEquals(4380.0, plain.sinceBoot().get("vmstat/cs"));
        TimeSeries cs = plain.byKey("vmstat/cs");
        assertEquals(24, cs.size());
        assertEquals(9291.0, cs.value(0));
        assertEquals(0L, cs.time(0));

        SeriesSet ts = read(new VmstatImporter(), fixture("vmstat", "vmstat-t.txt"));
        assertEquals(Clock.WALL, ts.clock());
        assertEquals(t("2026-11-30T10:41:34Z"), ts.byKey("vmstat/r").time(0));
        assertEquals(2.0, ts.byKey("vmstat/r").value(0));
        assertEquals(Map.of("reports", 25), new VmstatImporter().summarize(ts));
    }

    @Test
    void vmstatRepeatedHeaders(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("vm.txt");
        String hdr = "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n"
                + " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n";
        Files.writeString(f, hdr + " 1  0      0 100 3 4    0    0  10  20  30  40  1  2 97  0  0\n"
                + " 2  1      0 100 3 4    0    0  11  21  31  41  1  2 96  1  0\n" + hdr
                + " 3  2      0 100 3 4    0    0  12  22  32  42  1  2 95  2  0\n");
        SeriesSet s = read(new VmstatImporter(), f);
        assertEquals(3, s.reports());
        TimeSeries b = s.byKey("vmstat/b");
        assertEquals(2, b.size());
        assertEquals(2.0, b.value(1));
        assertEquals(7, b.line(1));
    }

    @Test
    void sadfCsvAndJson() throws Exception {
        SeriesSet d = read(new SadfImporter(), fixture("sadf", "sadf-d-disk.csv"));
        assertEquals(Clock.WALL, d.clock());
        assertEquals(1000, d.intervalMs());
        TimeSeries util = d.byKey("sadf/vda/util");
        assertEquals(t("2026-11-30T10:47:35Z"), util.time(0));
        assertEquals(0.40, util.value(0));
        assertEquals(65.20, util.value(2));
        assertEquals(3.00, d.byKey("sadf/vda/await").value(2));

        SeriesSet j = read(new SadfImporter(), fixture("sadf", "sadf-j-disk.json"));
        assertEquals(65.20, j.byKey("sadf/vda/util").value(2));
        assertEquals(t("2026-11-30T10:47:35Z"), j.byKey("sadf/vda/util").time(0));
        assertEquals(util.size(), j.byKey("sadf/vda/util").size());

        SeriesSet cpu = read(new SadfImporter(), fixture("sadf", "sadf-d-cpu.csv"));
        assertEquals(26.13, cpu.byKey("sadf/all/iowait").value(0));
    }

    @Test
    void genericIoCsvCommaTextTimesAndSemicolonEpochWithUnits() throws Exception {
        SeriesSet a = read(new IoCsvImporter(), fixture("iocsv", "diskstats-comma-text-time.csv"));
        assertEquals(Clock.WALL, a.clock());
        assertEquals(15, a.reports());
        TimeSeries util = a.byKey("iocsv/vda/util");
        assertEquals(15, util.size());
        assertEquals(0.40, util.value(0));
        assertEquals(2, util.line(0));
        assertFalse(Double.isNaN(a.byKey("iocsv/vda/aqu-sz").value(0)));

        SeriesSet b = read(new IoCsvImporter(), fixture("iocsv", "diskstats-semicolon-epoch.csv"));
        assertEquals(Clock.WALL, b.clock());
        assertEquals(1796035779000L, b.byKey("iocsv/vda/util").time(0));
        assertEquals(0.004 * 1024, b.byKey("iocsv/vda/wkB/s").value(0), 1e-9);
        assertEquals(1.00, b.byKey("iocsv/vda/w/s").value(0));
        assertEquals(0.75, b.byKey("iocsv/vda/await").value(1));
    }

    @Test
    void ioCsvElapsedSecondsAndNoDevice(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("x.csv");
        Files.writeString(f, "elapsed;util (%);await (ms);read (MB/s)\n0;10,5;1.0;2\n5;20;2.0;3\n");
        ImportResult<SeriesSet> r = parse(new IoCsvImporter(), f);
        SeriesSet s = r.value();
        assertEquals(Clock.OFFSET, s.clock());
        assertEquals(5000L, s.byKey("iocsv/disk/util").time(1));
        assertEquals(10.5, s.byKey("iocsv/disk/util").value(0));
        assertEquals(3 * 1024.0, s.byKey("iocsv/disk/rkB/s").value(1));
    }
}
