package io.tunescope.analysis.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.importers.iostat.IostatImporter;
import io.tunescope.importers.sysbench.SysbenchImporter;
import io.tunescope.model.bench.BenchLog;
import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.bench.BenchSummary;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TimelineAnalysisTest {
    static final Path CAPTURE = Paths.get("src/test/resources/captures/fileio-run");

    static Path conformance(String format, String name) {
        String root = System.getProperty("tunescope.conformance");
        assertNotNull(root, "system property tunescope.conformance is not set");
        Path p = Paths.get(root, format, name);
        assertTrue(p.toFile().isFile(), "conformance file missing: " + p);
        return p;
    }

    @Test
    void realCaptureIsOnOneWallClockWithSysbenchAlignedByStart() throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(CAPTURE);
        Timeline t = TimelineBuilder.build(c, null);
        assertTrue(t.wallClock());
        long iostatStart = Instant.parse("2026-11-30T10:43:53Z").toEpochMilli();
        TimeSeries util = t.find("iostat", "util").get(0).series();
        assertEquals(iostatStart, util.firstTime());
        TimeSeries usr = t.find("mpstat", "usr").get(0).series();
        assertEquals(iostatStart, usr.firstTime());
        TimeSeries r = t.find("vmstat", "r").get(0).series();
        assertEquals(iostatStart, r.firstTime());
        assertEquals(1, t.runs().size());
        RunWindow w = t.runs().get(0);
        assertEquals(Alignment.BY_START, w.alignment());
        assertEquals(iostatStart, w.start());
        assertTrue(w.startSource().contains("earliest wall-clock series"));
        TimeSeries writes = t.find("sysbench", "writes_mib_s").get(0).series();
        assertEquals(iostatStart + 1000, writes.firstTime());
        assertEquals(148.24, writes.value(0));
        assertTrue(t.anyAlignedByStart());
        assertTrue(t.notes().stream().anyMatch(n -> n.contains("sysbench-fileio.txt") && n.contains("aligned by start")));

        List<RunSummary> rows = RunSummary.of(t);
        assertEquals(1, rows.size());
        RunSummary row = rows.get(0);
        assertEquals(4, row.threads());
        assertEquals("vda", row.busiestDevice());
        assertFalse(Double.isNaN(row.cpuBusyPct()));
        assertFalse(Double.isNaN(row.iowaitPct()));
        assertTrue(row.deviceMaxUtilPct() >= row.deviceUtilPct());
    }

    @Test
    void offsetOnlyFilesMakeARelativeTimeline() throws Exception {
        SeriesSet io = new IostatImporter().parse(ImportContext.forFile(
                conformance("iostat", "hustjieke_sysbench__iostat.txt"))).value();
        BenchLog log = new SysbenchImporter().parse(ImportContext.forFile(
                conformance("sysbench", "TonyHuanSheng_sysbench_stress_test_Note__sysbench.log"))).value();
        Timeline t = TimelineBuilder.build(List.of(new TimelineBuilder.Input("", "io", io, null),
                new TimelineBuilder.Input("", "sb", null, log)), Map.of());
        assertFalse(t.wallClock());
        assertEquals(4, t.runs().size());
        assertEquals(0L, t.runs().get(0).start());
        assertEquals(t.runs().get(0).end(), t.runs().get(1).start(), "runs of one file follow each other");
        assertEquals(300069L, t.runs().get(0).end());
        assertEquals(0L, t.find("iostat", "util").get(0).series().firstTime());
    }

    @Test
    void manifestStepDateWinsOverOtherStarts() {
        assertEquals(Instant.parse("2024-05-01T10:00:00Z").toEpochMilli(), TimelineBuilder.parseStepDate("2024-05-01T10:00:00"));
        assertEquals(Instant.parse("2024-05-01T10:00:00Z").toEpochMilli(), TimelineBuilder.parseStepDate("2024-05-01 10:00:00"));
        assertNull(TimelineBuilder.parseStepDate("2024-05-01"));
    }

    @Test
    void threadSweepFromFourRunsInOneFile() throws Exception {
        BenchLog log = new SysbenchImporter().parse(ImportContext.forFile(
                conformance("sysbench", "TonyHuanSheng_sysbench_stress_test_Note__sysbench.log"))).value();
        ThreadSweep s = ThreadSweep.of(log.runs());
        assertEquals(List.of(8, 16, 32, 64), s.points().stream().map(ThreadSweep.Point::threads).toList());
        assertEquals(222.13, s.points().get(0).tps());
        // 8 -> 16 adds 7.7 %, 16 -> 32 only 3.8 %: the knee is 16 threads; 32 -> 64 adds 7.8 % again (noted)
        assertEquals(16, s.knee().threads());
        assertTrue(s.notes().stream().anyMatch(n -> n.contains("again at 64 threads")), s.notes().toString());
        assertNull(s.fall());
        assertTrue(s.points().stream().allMatch(ThreadSweep.Point::consistent), s.notes().toString());
        assertEquals(8.0, s.points().get(0).littleThreads(), 0.05);
        assertTrue(s.notes().get(0).startsWith("knee at 16 threads"));
    }

    @Test
    void kneeFallAndLittlesLawOnAKnownCurve() {
        ThreadSweep s = ThreadSweep.of(List.of(run(32, 1000, 32), run(64, 1900, 33.7), run(128, 3000, 42.7),
                run(256, 3100, 82.6), run(512, 2500, 204.8), run(16, 520, 30.8)));
        assertEquals(List.of(16, 32, 64, 128, 256, 512), s.points().stream().map(ThreadSweep.Point::threads).toList());
        assertEquals(128, s.knee().threads());
        assertEquals(256, s.peak().threads());
        assertEquals(512, s.fall().threads());
        assertTrue(s.points().stream().allMatch(ThreadSweep.Point::consistent), s.notes().toString());
        ThreadSweep bad = ThreadSweep.of(List.of(run(64, 100, 10), run(128, 120, 1000)));
        assertFalse(bad.points().get(0).consistent());
        assertTrue(bad.notes().stream().anyMatch(n -> n.startsWith("64 threads") && n.contains("inconsistent")));
    }

    @Test
    void sweepNotesInEnglishAreAsBeforeAndInChineseOnRequest() {
        List<BenchRun> curve = List.of(run(16, 520, 30.8), run(32, 1000, 32), run(64, 1900, 33.7), run(128, 3000, 42.7),
                run(256, 3100, 82.6), run(512, 2500, 204.8), run(1024, 3300, 310));
        ThreadSweep en = ThreadSweep.of(curve);
        assertEquals(en.notes(), ThreadSweep.of(curve, java.util.Locale.ENGLISH).notes());
        // the sentences exactly as String.format wrote them before they were translatable
        assertEquals(String.format(java.util.Locale.ROOT, "knee at %d threads (%.1f tps): the last thread count that still added %.0f%% or more",
                128, 3000.0, 5.0), en.notes().get(0));
        assertEquals(String.format(java.util.Locale.ROOT, "throughput falls at %d threads (%.1f tps, peak %.1f at %d threads)",
                512, 2500.0, 3300.0, 1024), en.notes().get(1));
        assertTrue(en.notes().contains(String.format(java.util.Locale.ROOT,
                "after the knee throughput grows by %.0f%% or more again at %d threads (%.1f tps)", 5.0, 1024, 3300.0)), en.notes().toString());
        ThreadSweep bad = ThreadSweep.of(List.of(run(64, 100, 10), run(128, 120, 1000)));
        double little = 100 * 10 / 1000.0;
        assertEquals(String.format(java.util.Locale.ROOT,
                "%d threads: TPS x average latency = %.1f x %.2f ms = %.1f busy threads, not %d (%.0f%%): the numbers "
                        + "are inconsistent (rate limit, think time, idle threads or a mixed-up log)",
                64, 100.0, 10.0, little, 64, 100 * little / 64), bad.notes().get(bad.notes().size() - 1), bad.notes().toString());
        assertTrue(bad.notes().contains(String.format(java.util.Locale.ROOT, "throughput still grows at the highest thread count tested (%d): "
                + "the knee may lie beyond the sweep", 128)), bad.notes().toString());

        ThreadSweep zh = ThreadSweep.of(curve, java.util.Locale.SIMPLIFIED_CHINESE);
        assertEquals(en.notes().size(), zh.notes().size());
        assertEquals("拐点在 128 线程（3000.0 tps）：吞吐量仍增长 5% 或以上的最后一个线程数", zh.notes().get(0));
        assertEquals("吞吐量在 512 线程时下降（2500.0 tps，峰值为 1024 线程时的 3300.0）", zh.notes().get(1));
        assertTrue(ThreadSweep.of(List.of(run(64, 100, 10), run(128, 120, 1000)), java.util.Locale.SIMPLIFIED_CHINESE)
                .notes().stream().anyMatch(n -> n.startsWith("64 线程：TPS × 平均延迟 = 100.0 × 10.00 ms")));
    }

    static BenchRun run(int threads, double tps, double avgMs) {
        BenchSummary s = new BenchSummary(-1, tps, -1, Double.NaN, -1, -1, -1, 0, 0, 60, -1, 1, avgMs, avgMs * 3,
                avgMs * 1.5, 95, Double.NaN, List.of(), 1);
        return new BenchRun(0, "sweep.log", "sysbench", "1.0.20", "oltp", threads, 1, List.of(), s, true, List.of(), 1, 30);
    }

    @Test
    void saturationOnARealDiskAtOneHundredPercent() throws Exception {
        SeriesSet io = new IostatImporter().parse(ImportContext.forFile(
                conformance("iostat", "Goose97_postgres_long_commit__iostat.log"))).value();
        Timeline t = TimelineBuilder.build(List.of(new TimelineBuilder.Input("", "g", io, null)), Map.of());
        List<Anomaly> sat = AnomalyDetector.detect(t).stream().filter(a -> a.kind() == Anomaly.Kind.DEVICE_SATURATED).toList();
        assertFalse(sat.isEmpty());
        assertTrue(sat.stream().anyMatch(a -> a.entity().equals("vdb") && a.peak() == 100.0));
        assertTrue(sat.stream().noneMatch(a -> a.entity().equals("vda")), "vda never passes 90 %");
        Anomaly first = sat.stream().filter(a -> a.entity().equals("vdb")).findFirst().orElseThrow();
        assertTrue(first.ref().line() > 0);
    }

    @Test
    void iowaitMarkersFromTheRealCapture() throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(CAPTURE);
        Timeline t = TimelineBuilder.build(c, null);
        List<Anomaly> io = AnomalyDetector.detect(t).stream().filter(a -> a.kind() == Anomaly.Kind.CPU_IOWAIT).toList();
        TimeSeries iowait = t.find("mpstat", "iowait").stream().filter(x -> x.series().metric().entity().equals("all"))
                .findFirst().orElseThrow().series();
        boolean anyHigh = false;
        for (int i = 0; i < iowait.size(); i++) {
            anyHigh |= iowait.value(i) >= 20;
        }
        assertEquals(anyHigh, !io.isEmpty());
    }

    @Test
    void alignmentNotesInTheReadersLanguage() throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(java.nio.file.Path.of("sample-data/mariadb-oltp"));
        Timeline en = TimelineBuilder.build(c, null);
        Timeline zh = TimelineBuilder.build(c, null, java.util.Locale.SIMPLIFIED_CHINESE);
        assertFalse(en.alignedByStart().isEmpty(), "sysbench logs are aligned by their start");
        assertEquals(en.alignedFiles(), zh.alignedFiles());
        assertEquals(en.notes().size(), zh.notes().size());
        for (String n : en.alignedByStart()) {
            assertTrue(n.contains("aligned by start at the collector timeline ("), n);
        }
        for (String n : zh.alignedByStart()) {
            assertTrue(n.contains("按起点对齐到采集器时间线（"), n);
        }
    }
}
