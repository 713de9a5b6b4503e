package io.tunescope.importers.numa;

import static io.tunescope.importers.numa.NumaFixtures.fixture;
import static io.tunescope.importers.numa.NumaFixtures.parse;
import static io.tunescope.importers.numa.NumaFixtures.problems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.numastat.NumastatImporter;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.numa.NumaSnapshot;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.numa.NumaTable;
import io.tunescope.model.numa.NumaVariant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NumastatImporterTest {
    private final NumastatImporter imp = new NumastatImporter();

    private NumaStats ok(String name) throws Exception {
        ImportResult<NumaStats> r = parse(imp, fixture("numastat", name));
        assertEquals(List.of(), problems(r), name);
        // the same with a tiny read buffer
        ImportResult<NumaStats> small = parse(imp, fixture("numastat", name), 16);
        assertEquals(NumastatImporterTestSupport.dump(r.value()), NumastatImporterTestSupport.dump(small.value()), name);
        return r.value();
    }

    @Test
    void realDefaultCounters() throws Exception {
        NumaStats s = ok("real-1node-default.txt");
        assertEquals(NumaVariant.COUNTERS, s.variant());
        assertEquals(List.of(0), s.nodes());
        NumaTable t = s.first().counters();
        assertEquals(6, t.rows().size());
        assertEquals(3311807, t.value("numa_hit", 0));
        assertEquals(1137, t.value("interleave_hit", 0));
        assertEquals(0, t.value("other_node", 0));
        assertTrue(Double.isNaN(t.row("numa_hit").total()), "the plain table has no Total column");
        assertEquals(2, t.row("numa_hit").line());
    }

    @Test
    void realThreeSnapshotsWithIsoTimestamps() throws Exception {
        NumaStats s = ok("real-1node-default-3-snapshots.txt");
        assertEquals(3, s.snapshots().size());
        assertEquals(Instant.parse("2026-11-30T10:42:22Z"), s.snapshots().get(0).time());
        assertEquals(Instant.parse("2026-11-30T10:42:24Z"), s.snapshots().get(2).time());
        assertEquals(3313829, s.snapshots().get(0).counters().value("numa_hit", 0));
        assertTrue(s.snapshots().get(2).counters().value("numa_hit", 0) >= s.snapshots().get(0).counters().value("numa_hit", 0));
    }

    @Test
    void realDateOutputBetweenMbSnapshots() throws Exception {
        NumaStats s = ok("real-1node-n-2-snapshots-date.txt");
        assertEquals(NumaVariant.COUNTERS_MB, s.variant());
        assertEquals(2, s.snapshots().size());
        assertEquals(Instant.parse("2026-11-30T10:42:25Z"), s.snapshots().get(0).time());
        assertEquals(Instant.parse("2026-11-30T10:42:26Z"), s.snapshots().get(1).time());
        assertEquals(12995.24, s.first().counters().value("Numa_Hit", 0));
        assertEquals(12995.24, s.first().counters().row("numa_hit").total());
    }

    @Test
    void realCompactAndMb() throws Exception {
        NumaStats c = ok("real-1node-c.txt");
        assertEquals(NumaVariant.COUNTERS_MB, c.variant());
        assertTrue(c.first().counters().compact());
        assertEquals(12938, c.first().counters().value("numa_hit", 0));
        NumaStats cn = ok("real-1node-cn.txt");
        assertEquals(12938, cn.first().counters().value("Local_Node", 0));
        NumaStats n = ok("real-1node-n.txt");
        assertFalse(n.first().counters().compact());
        assertEquals(12937.52, n.first().counters().value("Numa_Hit", 0));
        assertEquals(4.44, n.first().counters().value("Interleave_Hit", 0));
    }

    @Test
    void realMeminfoWithTokenNoise() throws Exception {
        ImportResult<NumaStats> r = parse(imp, fixture("numastat", "real-1node-m.txt"));
        assertEquals(List.of(), problems(r));
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.message().contains("4 'Token")), r.diagnostics().toString());
        NumaTable t = r.value().first().table(NumaVariant.MEMINFO);
        assertEquals(32, t.rows().size());
        assertEquals(4697.78, t.value("MemTotal", 0));
        assertEquals(4697.78, t.row("MemTotal").total());
        assertEquals(66.45, t.value("KReclaimable", 0));
    }

    @Test
    void realMeminfoWrappedTotalColumnJoinsTheTable() throws Exception {
        NumaStats s = ok("real-1node-m-wrapped-width40.txt");
        assertEquals(1, s.snapshots().size());
        NumaTable t = s.first().table(NumaVariant.MEMINFO);
        assertEquals(List.of(0), t.nodes());
        assertEquals(32, t.rows().size());
        assertEquals(3975.89, t.value("MemFree", 0));
        assertEquals(3975.89, t.row("MemFree").total());
    }

    @Test
    void realSortedAndZeroSuppressed() throws Exception {
        NumaTable sorted = ok("real-1node-s-m.txt").first().table(NumaVariant.MEMINFO);
        assertEquals("MemTotal", sorted.rows().get(0).label());
        assertEquals(4697.78, sorted.value("MemTotal", 0));
        NumaTable z = ok("real-1node-z-m.txt").first().table(NumaVariant.MEMINFO);
        assertEquals(23, z.rows().size(), "numastat -z left out the all-zero rows");
        assertNull(z.row("Bounce"));
        assertEquals(0, z.value("Bounce", 0), "a row hidden by -z reads as zero");
    }

    @Test
    void realProcessOnePid() throws Exception {
        NumaStats s = ok("real-1node-p-pid.txt");
        assertEquals(NumaVariant.PROCESS, s.variant());
        NumaTable t = s.first().table(NumaVariant.PROCESS);
        assertEquals(9038, t.pid());
        assertEquals("bash", t.command());
        assertFalse(t.multiProcess());
        assertEquals(List.of("Huge", "Heap", "Stack", "Private", "Total"), t.rows().stream().map(r -> r.label()).toList());
        assertEquals(0.26, t.value("Heap", 0));
    }

    @Test
    void realSeveralProcessesOneTable() throws Exception {
        NumaStats s = ok("real-1node-p-name-several.txt");
        NumaTable t = s.first().table(NumaVariant.PROCESS);
        assertTrue(t.multiProcess());
        assertEquals(7, t.rows().size());
        assertEquals("13338 (perf)", t.rows().get(0).label());
        assertEquals(13.56, t.value("13338 (perf)", 0));
        assertEquals(21.81, t.value("Total", 0));
        Map<String, Object> sum = imp.summarize(s);
        assertEquals("process", sum.get("variant"));
        assertEquals(Map.of("Total", List.of(21.81)), sum.get("values"));
        assertEquals(6, ((Map<?, ?>) sum.get("processes")).size());
        NumaTable c = ok("real-1node-cp-several.txt").first().table(NumaVariant.PROCESS);
        assertTrue(c.compact());
        assertEquals(14, c.value("13338 (perf)", 0));
    }

    @Test
    void realSeveralProcessesVerboseIsOneSnapshotOfSeveralTables() throws Exception {
        NumaStats s = ok("real-1node-p-name-several-v.txt");
        assertEquals(1, s.snapshots().size());
        List<NumaTable> ts = s.first().tables(NumaVariant.PROCESS);
        assertEquals(6, ts.size());
        assertEquals(13343, ts.get(1).pid());
        assertEquals("sleep", ts.get(1).command());
        assertEquals(1.68, ts.get(1).value("Private", 0));
    }

    @Test
    void realCombinedRun() throws Exception {
        NumaStats s = ok("real-1node-p-m-n-combined.txt");
        assertEquals(1, s.snapshots().size());
        NumaSnapshot snap = s.first();
        assertNotNull(snap.table(NumaVariant.PROCESS));
        assertNotNull(snap.table(NumaVariant.MEMINFO));
        assertNotNull(snap.table(NumaVariant.COUNTERS_MB));
        assertEquals(List.of("meminfo", "counters-mb"), imp.summarize(s).get("also"));
    }

    @Test
    void syntheticWrapped8NodesEqualsUnwrapped() throws Exception {
        NumaStats wrapped = ok("synthetic-8node-default-width80.txt");
        NumaStats flat = ok("synthetic-8node-default-unwrapped.txt");
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), wrapped.nodes());
        assertEquals(1, wrapped.snapshots().size());
        assertEquals(NumastatImporterTestSupport.dump(flat), NumastatImporterTestSupport.dump(wrapped));
        assertEquals(2808510, wrapped.first().counters().value("other_node", 6));
        assertEquals(9369620, wrapped.first().counters().value("numa_hit", 7));
    }

    @Test
    void synthetic16NodeMeminfoWrappedInFiveSections() throws Exception {
        NumaStats s = ok("synthetic-16node-m-width80.txt");
        assertEquals(16, s.nodes().size());
        NumaTable t = s.first().table(NumaVariant.MEMINFO);
        assertEquals(32, t.rows().size());
        assertEquals(16000.5, t.value("MemUsed", 15));
        assertEquals(512000.0, t.row("MemTotal").total());
    }

    @Test
    void syntheticFourNodeVariants() throws Exception {
        NumaTable n = ok("synthetic-4node-n.txt").first().counters();
        assertEquals(List.of(0, 1, 2, 3), n.nodes());
        assertEquals(1679.84, n.value("Numa_Miss", 2));
        NumaTable cn = ok("synthetic-4node-cn.txt").first().counters();
        assertEquals(5040, cn.value("Other_Node", 2));
        assertEquals(9444, cn.row("Other_Node").total());
        NumaTable m = ok("synthetic-4node-m.txt").first().table(NumaVariant.MEMINFO);
        assertEquals(12000.5, m.value("MemUsed", 1));
        NumaTable sorted = ok("synthetic-8node-s-m.txt").first().table(NumaVariant.MEMINFO);
        assertEquals("MemTotal", sorted.rows().get(0).label());
        assertEquals(30000.0, sorted.value("MemUsed", 6));
    }

    @Test
    void syntheticProcessTables() throws Exception {
        NumaTable one = ok("synthetic-4node-p-mysqld.txt").first().table(NumaVariant.PROCESS);
        assertEquals(4242, one.pid());
        assertEquals("mysqld", one.command());
        assertEquals(9120.75, one.value("Private", 1));
        NumaTable several = ok("synthetic-4node-p-several.txt").first().table(NumaVariant.PROCESS);
        assertEquals(8192.0, several.value("5151 (mysqld)", 2));
        assertEquals(12.25, several.value("6060 (mysqlrouter)", 0));
        NumaStats z = ok("synthetic-4node-zp-several.txt");
        assertEquals(List.of(0, 2), z.nodes(), "numastat -z hid the all-zero node columns");
        assertEquals(8192.0, z.first().table(NumaVariant.PROCESS).value("Total", 2));
    }

    @Test
    void syntheticSnapshotsWithOffsets() throws Exception {
        NumaStats s = ok("synthetic-4node-default-3-snapshots.txt");
        assertEquals(3, s.snapshots().size());
        assertEquals(Instant.parse("2026-11-30T01:00:30Z"), s.snapshots().get(1).time());
        assertEquals(4, s.snapshots().get(2).counters().nodes().size());
    }

    @Test
    void concatenatedRunsWithoutTimestampsBecomeSnapshots(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("x.txt");
        String one = Files.readString(fixture("numastat", "synthetic-2node-default.txt"));
        Files.writeString(f, one + one + one);
        NumaStats s = parse(imp, f).value();
        assertEquals(3, s.snapshots().size());
        assertNull(s.first().time());
    }

    @Test
    void badLinesAreReportedWithLineNumbersAndParsingContinues(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.txt");
        Files.writeString(f, """
                                           node0           node1
                numa_hit                67798958        57342158
                numa_miss                      0               x
                garbage here
                other_node                  7664         5610521
                """);
        ImportResult<NumaStats> r = parse(imp, f);
        assertEquals(2, problems(r).size(), r.diagnostics().toString());
        assertEquals(3, problems(r).get(0).line());
        assertTrue(problems(r).get(0).message().startsWith("bad.txt: "));
        assertEquals(5610521, r.value().first().counters().value("other_node", 1));
    }

    @Test
    void nothingReadableThrows(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("empty.txt");
        Files.writeString(f, "hello\nworld\n");
        assertThrows(ImportException.class, () -> parse(imp, f));
    }

    @Test
    void sniffsEveryFixtureCertainAndOthersNo() throws Exception {
        try (Stream<Path> files = Files.list(NumaFixtures.FIXTURES.resolve("numastat"))) {
            for (Path p : files.filter(p -> p.toString().endsWith(".txt")).toList()) {
                Head h = Head.read(p);
                assertTrue(imp.sniff(h).confidence().atLeast(Confidence.STRONG), p + ": " + imp.sniff(h));
                Head renamed = Head.of("unknown", Files.readAllBytes(p), (int) Files.size(p), true, Files.size(p));
                assertTrue(imp.sniff(renamed).confidence().atLeast(Confidence.STRONG), p.toString());
            }
        }
        for (String other : List.of("numactl-hardware/real-1node-H.txt", "numa-maps/real-cat-self-numa_maps.txt",
                "node-matrix/synthetic-rows-bandwidth.csv")) {
            assertEquals(Confidence.NO, imp.sniff(Head.read(NumaFixtures.FIXTURES.resolve(other))).confidence(), other);
        }
        assertEquals(Confidence.NO, imp.sniff(Head.ofText("x", "")).confidence());
        assertEquals(Confidence.NO, imp.sniff(Head.of("x", new byte[] {0, 1, 2, 0, (byte) 0xff}, 5, true, 5)).confidence());
    }
}
