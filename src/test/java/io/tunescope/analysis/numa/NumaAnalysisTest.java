package io.tunescope.analysis.numa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.ImportContext;
import io.tunescope.importers.numactl.NumactlHardwareImporter;
import io.tunescope.importers.numamaps.NumaMapsImporter;
import io.tunescope.importers.numastat.NumastatImporter;
import io.tunescope.model.numa.NumaMaps;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.numa.NumaTable;
import io.tunescope.model.numa.NumaTopology;
import io.tunescope.model.numa.NumaVariant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NumaAnalysisTest {
    static final Path SYN = Path.of("sample-data/numa-4node-synthetic");

    static NumaStats stats(Path p) throws Exception {
        return new NumastatImporter().parse(ImportContext.forFile(p)).value();
    }

    static List<NumaSeries.Input> inputs(Path dir, boolean withTimeline) throws Exception {
        TimelineLog log = TimelineLog.parse(withTimeline ? Files.readAllLines(dir.resolve("timeline.log")) : List.of());
        List<NumaSeries.Input> out = new ArrayList<>();
        for (String f : List.of("numastat-after.txt", "numastat-before.txt", "numastat-during.txt", "numastat-m.txt")) {
            out.add(new NumaSeries.Input(f, log.timeOf(f), stats(dir.resolve(f))));
        }
        return out;
    }

    @Test
    void remoteAllocationRatioPerNode() throws Exception {
        NumaTable before = stats(SYN.resolve("numastat-before.txt")).first().counters();
        assertEquals(710000.0 / (11600000 + 710000), RemoteAllocation.ratio(before, 1), 1e-12);
        assertEquals(200000.0 / (40800000 + 200000), RemoteAllocation.ratio(before, 0), 1e-12);
        double overall = (200000.0 + 710000 + 220000 + 140000) / (40800000.0 + 11600000 + 8900000 + 8450000 + 200000 + 710000 + 220000 + 140000);
        assertEquals(overall, RemoteAllocation.overall(before), 1e-12);
        assertEquals("5.8% remote allocation", RemoteAllocation.describe(RemoteAllocation.ratio(before, 1)));
        assertTrue(Double.isNaN(RemoteAllocation.ratio(0, 0)));
    }

    @Test
    void timelineGivesTimesDeltasAndRates() throws Exception {
        NumaSeries s = NumaSeries.counters(inputs(SYN, true));
        assertTrue(s.timed());
        assertEquals(NumaVariant.COUNTERS, s.variant());
        assertEquals(List.of("numastat-before.txt", "numastat-during.txt", "numastat-after.txt"),
                s.samples().stream().map(NumaSeries.Sample::label).toList());
        assertEquals(Instant.parse("2026-11-30T01:00:31Z"), s.samples().get(1).time());
        List<NumaSeries.Interval> iv = s.intervals();
        assertEquals(2, iv.size());
        assertEquals(30.0, iv.get(0).seconds());
        assertFalse(iv.get(0).reset());
        assertEquals(3800000.0, iv.get(0).delta().value("other_node", 1));
        assertEquals(3800000.0 / 30, iv.get(0).rate("other_node", 1), 1e-9);
        assertEquals(3800000.0 / (700000 + 3800000), iv.get(0).remoteRatio(1), 1e-12);
        assertEquals(3700000.0 / (600000 + 3700000), iv.get(1).remoteRatio(1), 1e-12);
        NumaSeries.Interval all = s.overall();
        assertEquals(60.0, all.seconds());
        assertEquals(7500000.0, all.delta().value("other_node", 1));
        List<NumaTrend.Point> trend = NumaTrend.remoteRatioPerInterval(s);
        assertEquals(2, trend.size());
        assertEquals(3800000.0 / 4500000, trend.get(0).perNode().get(1), 1e-12);
        assertEquals(3, NumaTrend.remoteRatioSinceBoot(s).size());
        List<NumaTrend.Point> mem = NumaTrend.memoryUsed(inputs(SYN, true));
        assertEquals(1, mem.size());
        assertEquals(66426.25, mem.get(0).perNode().get(0));
    }

    @Test
    void withoutTimesOrderIsByTheWordsOfTheNamesAndRatesAreUnknown() throws Exception {
        NumaSeries s = NumaSeries.counters(inputs(SYN, false));
        assertFalse(s.timed());
        // before < during < after, never alphabetical (after < before)
        assertEquals(List.of("numastat-before.txt", "numastat-during.txt", "numastat-after.txt"),
                s.samples().stream().map(NumaSeries.Sample::label).toList());
        NumaSeries.Interval first = s.intervals().get(0);
        assertTrue(Double.isNaN(first.seconds()));
        assertFalse(first.reset(), "in the right order no counter goes down");
        assertTrue(Double.isNaN(first.rate("numa_hit", 0)));
        // a pair out of order is still flagged as a reset, not shown as a negative rate
        NumaSeries.Interval backwards = NumaSeries.between(s.samples().get(2), s.samples().get(0));
        assertTrue(backwards.reset());
        assertTrue(Double.isNaN(backwards.rate("numa_hit", 0)));
    }

    @Test
    void snapshotsInsideOneFileUseTheirOwnTimestamps() throws Exception {
        NumaStats st = stats(Path.of("src/test/resources/fixtures/numastat/synthetic-4node-default-3-snapshots.txt"));
        NumaSeries s = NumaSeries.counters(List.of(new NumaSeries.Input("x.txt", null, st)));
        assertTrue(s.timed());
        assertEquals(3, s.samples().size());
        assertEquals("x.txt #2", s.samples().get(1).label());
        assertEquals(30.0, s.intervals().get(1).seconds());
    }

    @Test
    void nodeCounterMatrixModes() throws Exception {
        NumaSeries s = NumaSeries.counters(inputs(SYN, true));
        NumaSeries.Interval iv = s.intervals().get(0);
        NumaMatrix abs = NumaMatrices.nodeCounters(iv.delta(), NumaMatrices.Mode.ABSOLUTE, iv.seconds());
        assertEquals(List.of("node 0", "node 1", "node 2", "node 3"), abs.rows());
        assertEquals(RemoteAllocation.COUNTERS, abs.columns());
        assertEquals(3800000.0, abs.value(1, abs.columnIndex("other_node")));
        assertEquals("84.4% remote allocation", abs.rowNotes().get(1));
        assertFalse(abs.title().toLowerCase().contains("access"));
        NumaMatrix rate = NumaMatrices.nodeCounters(iv.delta(), NumaMatrices.Mode.RATE, iv.seconds());
        assertEquals("pages/s", rate.unit());
        assertEquals(9000000.0 / 30, rate.value(0, 0), 1e-9);
        NumaMatrix share = NumaMatrices.nodeCounters(iv.delta(), NumaMatrices.Mode.SHARE, iv.seconds());
        for (int j = 0; j < share.columns().size(); j++) {
            double sum = 0;
            for (int i = 0; i < share.rows().size(); i++) {
                sum += Double.isNaN(share.value(i, j)) ? 0 : share.value(i, j);
            }
            if (j != share.columnIndex("interleave_hit")) {
                assertEquals(1.0, sum, 1e-9, share.columns().get(j));
            }
        }
        assertTrue(Double.isNaN(share.value(0, share.columnIndex("interleave_hit"))), "no interleave allocations in the interval");
    }

    @Test
    void differenceOfTwoSteps() throws Exception {
        NumaMatrix before = NumaMatrices.nodeCounters(stats(SYN.resolve("numastat-before.txt")).first().counters(),
                NumaMatrices.Mode.ABSOLUTE, Double.NaN);
        NumaMatrix after = NumaMatrices.nodeCounters(stats(SYN.resolve("numastat-after.txt")).first().counters(),
                NumaMatrices.Mode.ABSOLUTE, Double.NaN);
        NumaMatrix d = NumaMatrix.difference(before, after);
        assertTrue(d.diverging());
        assertEquals(7500000.0, d.value(1, d.columnIndex("other_node")));
        assertEquals(17000000.0, d.value(0, 0));
        assertTrue(d.title().endsWith("(after - before)"));
    }

    @Test
    void distancesAndProcesses() throws Exception {
        NumaTopology t = new NumactlHardwareImporter().parse(ImportContext.forFile(SYN.resolve("numactl-hardware.txt"))).value();
        NumaMatrix dist = NumaMatrices.distances(t);
        assertTrue(dist.nodeByNode());
        assertEquals(24.0, dist.value(1, 3));
        assertEquals("32 CPUs 0-31", dist.rowNotes().get(0));
        NumaTable p = stats(SYN.resolve("numastat-p.txt")).first().table(NumaVariant.PROCESS);
        NumaMaps maps = new NumaMapsImporter().parse(ImportContext.forFile(SYN.resolve("numa_maps.txt"))).value();
        List<ProcessNodes.ProcessRow> rows = ProcessNodes.rows(List.of(p), List.of(new ProcessNodes.Maps("numa_maps.txt", maps)));
        assertEquals(2, rows.size());
        ProcessNodes.ProcessRow mysqld = rows.get(0);
        assertEquals("4242 (mysqld)", mysqld.label());
        assertEquals(0, mysqld.largestNode());
        assertEquals(41022.87 / 53231.62, mysqld.imbalance(), 1e-4);
        ProcessNodes.ProcessRow nm = rows.get(1);
        assertEquals(35446644 / 1024.0, nm.mbPerNode().get(0), 1e-9);
        assertEquals(List.of("default", "interleave", "bind", "preferred"), List.copyOf(nm.policyShare().keySet()));
        assertEquals("largest: node 0 65.2%; policy: default 59.5%, interleave 30.9%, bind 7.7%, preferred 1.9%", nm.note());
        NumaMatrix m = NumaMatrices.processes(rows);
        assertEquals(List.of("node 0", "node 1", "node 2", "node 3"), m.columns());
        assertEquals(9131.25, m.value(0, 1), "the Total row: Heap + Private on node 1");
    }

    @Test
    void realSingleNodeCaptureIsMarkedSingleNode() throws Exception {
        Path real = Path.of("src/test/resources/fixtures/numastat/real-1node-default.txt");
        NumaMatrix m = NumaMatrices.nodeCounters(stats(real).first().counters(), NumaMatrices.Mode.ABSOLUTE, Double.NaN);
        assertTrue(m.singleNode());
        assertEquals("0.0% remote allocation", m.rowNotes().get(0));
        NumaTopology t = new NumactlHardwareImporter()
                .parse(ImportContext.forFile(Path.of("src/test/resources/fixtures/numactl-hardware/real-1node-H.txt"))).value();
        assertTrue(NumaMatrices.distances(t).singleNode());
    }

    @Test
    void timelineLogParsing() {
        TimelineLog log = TimelineLog.parse(List.of(
                "2026-11-30T10:40:45+0000 start numastat-before numastat",
                "2026-11-30T10:40:46+0000 end numastat-before numastat",
                "garbage",
                "2026-11-30T10:41:02+0000 start numastat-during numastat"));
        assertEquals(Instant.parse("2026-11-30T10:40:46Z"), log.timeOf("00-baseline/numastat-before.txt"));
        assertEquals(Instant.parse("2026-11-30T10:41:02Z"), log.timeOf("numastat-during.txt"));
        assertNull(log.timeOf("numastat-after.txt"));
    }

    @Test
    void placementAndFileNameTimes() throws Exception {
        NumaTopology t = new NumactlHardwareImporter().parse(ImportContext.forFile(SYN.resolve("numactl-hardware.txt"))).value();
        io.tunescope.model.config.ConfigSnapshot b = new io.tunescope.model.config.ConfigSnapshot(
                io.tunescope.model.config.ConfigKind.PROCESS_BINDING, List.of(
                new io.tunescope.model.config.ConfigEntry("", "cpus_allowed_list", "0-31,40", io.tunescope.model.capture.SourceRef.of("s", 1)),
                new io.tunescope.model.config.ConfigEntry("", "mems_allowed_list", "0-1", io.tunescope.model.capture.SourceRef.of("s", 2))));
        Placement p = Placement.of(b, t);
        assertEquals(List.of(0, 1), p.cpuNodes());
        assertEquals("server CPUs 0-31,40 on nodes 0-1; memory allowed on nodes 0-1", p.describe());
        NumaMatrix d = NumaMatrices.distances(t, p);
        assertEquals("32 CPUs 0-31; server: 32 (all)", d.rowNotes().get(0));
        assertEquals("32 CPUs 32-63; server: 1", d.rowNotes().get(1));
        assertEquals("32 CPUs 64-95; server: none; server may not allocate here", d.rowNotes().get(2));
        assertEquals(Instant.parse("2026-11-30T10:45:00Z"), FileNameTime.parse("step/numastat-20261130-104500.txt"));
        assertEquals(Instant.parse("2026-11-30T10:45:00Z"), FileNameTime.parse("2026-11-30T10-45-00/numastat.txt"));
        assertNull(FileNameTime.parse("numastat-before.txt"));
        assertNull(FileNameTime.parse("numastat-99999999-999999.txt"));
    }
}
