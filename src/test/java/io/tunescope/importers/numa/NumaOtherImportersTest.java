package io.tunescope.importers.numa;

import static io.tunescope.importers.numa.NumaFixtures.fixture;
import static io.tunescope.importers.numa.NumaFixtures.parse;
import static io.tunescope.importers.numa.NumaFixtures.problems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.importers.numactl.NumactlHardwareImporter;
import io.tunescope.importers.numamaps.NumaMapsImporter;
import io.tunescope.importers.numamatrix.NodeMatrixImporter;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.numa.NodeMatrix;
import io.tunescope.model.numa.NumaMapping;
import io.tunescope.model.numa.NumaMaps;
import io.tunescope.model.numa.NumaTopology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NumaOtherImportersTest {

    @Test
    void numactlRealOneNode() throws Exception {
        NumactlHardwareImporter imp = new NumactlHardwareImporter();
        ImportResult<NumaTopology> r = parse(imp, fixture("numactl-hardware", "real-1node-H.txt"));
        assertEquals(List.of(), problems(r));
        NumaTopology t = r.value();
        assertEquals(List.of(0), t.nodes());
        assertEquals(List.of(0, 1), t.cpus().get(0));
        assertEquals(4697L, t.sizeMb().get(0));
        assertEquals(10, t.distance(0, 0));
        Map<String, Object> s = imp.summarize(t);
        assertEquals(List.of(0), s.get("nodes"));
        assertEquals(Map.of("0", List.of(0, 1)), s.get("cpus"));
        assertEquals(Map.of("0", 4697L), s.get("size_mb"));
        assertEquals(List.of(List.of(10)), s.get("distances"));
    }

    @Test
    void numactlKunpengFourNodes() throws Exception {
        NumaTopology t = parse(new NumactlHardwareImporter(), fixture("numactl-hardware", "synthetic-kunpeng920-4node-H.txt")).value();
        assertEquals(List.of(0, 1, 2, 3), t.nodes());
        assertEquals(32, t.cpus().get(3).size());
        assertEquals(96, t.cpus().get(3).get(0));
        assertEquals(24, t.distance(1, 3));
        assertEquals(12, t.distance(2, 3));
        assertEquals(2, t.nodeOfCpu(70));
        assertEquals(125846L, t.freeMb().get(3));
        NumaTopology eight = parse(new NumactlHardwareImporter(), fixture("numactl-hardware", "synthetic-8node-H.txt")).value();
        assertEquals(32, eight.distance(0, 7));
        assertEquals(16, eight.distance(5, 6));
    }

    @Test
    void numactlMemoryOnlyNodeAndNoDistances(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("h.txt");
        Files.writeString(f, """
                available: 2 nodes (0,2)
                node 0 cpus: 0 1 2 3
                node 0 size: 2048 MB
                node 0 free: 1024 MB
                node 2 cpus:
                node 2 size: 4096 MB
                node 2 free: 4000 MB
                No distance information available.
                """);
        ImportResult<NumaTopology> r = parse(new NumactlHardwareImporter(), f);
        assertEquals(List.of(), problems(r));
        assertEquals(List.of(0, 2), r.value().nodes());
        assertEquals(List.of(), r.value().cpus().get(2));
        assertFalse(r.value().hasDistances());
    }

    @Test
    void numaMapsReal() throws Exception {
        NumaMapsImporter imp = new NumaMapsImporter();
        ImportResult<NumaMaps> r = parse(imp, fixture("numa-maps", "real-cat-self-numa_maps.txt"));
        assertEquals(List.of(), problems(r));
        NumaMaps m = r.value();
        assertEquals(37, m.mappings().size());
        assertEquals(404L, m.pagesPerNode().get(0));
        assertEquals(1616L, m.kbPerNode().get(0));
        assertEquals(Map.of("default", 1616L), m.kbPerPolicy());
        NumaMapping first = m.mappings().get(0);
        assertEquals("55ee857a4000", first.address());
        assertEquals("/usr/bin/cat", first.file());
        assertEquals("file", first.kind());
        assertTrue(m.mappings().stream().anyMatch(x -> x.kind().equals("heap")));
        assertTrue(m.mappings().stream().anyMatch(x -> x.kind().equals("stack")));
    }

    @Test
    void numaMapsPoliciesOfTheSampleCapture() throws Exception {
        NumaMaps m = parse(new NumaMapsImporter(), Path.of("sample-data/numa-4node-synthetic/numa_maps.txt")).value();
        assertEquals(Map.of("bind", 4194304L, "default", 32316052L, "interleave", 16777216L, "preferred", 1048576L),
                m.kbPerPolicy());
        assertEquals(1048606L, m.pagesPerNode().get(3));
        assertEquals("interleave:0-3", m.mappings().get(3).policy());
        assertEquals("prefer:1", m.mappings().get(6).policy());
        assertEquals("preferred", m.mappings().get(6).policyKind());
        assertEquals(4194304L, m.kbPerPolicyAndNode().get("interleave").get(2));
    }

    @Test
    void numaMapsOddPolicies(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("m");
        Files.writeString(f, """
                7f0000000000 bind=static:0-1 anon=10 N0=6 N1=4 kernelpagesize_kB=4
                7f0000200000 prefer (many):0-1 anon=2 N1=2 kernelpagesize_kB=4
                7f0000400000 weighted interleave:0-1 anon=4 N0=2 N1=2 kernelpagesize_kB=4
                7f0000600000 default file=/dev/hugepages/x huge dirty=2 N1=2 kernelpagesize_kB=2048
                7f0000800000 local anon=1 N0=1 kernelpagesize_kB=4
                not a mapping
                """);
        ImportResult<NumaMaps> r = parse(new NumaMapsImporter(), f);
        assertEquals(1, problems(r).size());
        assertEquals(6, problems(r).get(0).line());
        List<NumaMapping> ms = r.value().mappings();
        assertEquals("bind", ms.get(0).policyKind());
        assertEquals("preferred-many", ms.get(1).policyKind());
        assertEquals("weighted-interleave", ms.get(2).policyKind());
        assertEquals("huge", ms.get(3).kind());
        assertEquals(4096L + 16 + 8 + 8, r.value().kbPerNode().get(1));
        assertEquals("local", ms.get(4).policyKind());
    }

    @Test
    void nodeMatrixRowsLayout() throws Exception {
        NodeMatrixImporter imp = new NodeMatrixImporter();
        ImportResult<NodeMatrix> r = parse(imp, fixture("node-matrix", "synthetic-rows-bandwidth.csv"));
        assertEquals(List.of(), problems(r));
        NodeMatrix m = r.value();
        assertEquals("memory bandwidth, source CPU node to destination memory node", m.title());
        assertEquals("GB/s", m.unit());
        assertTrue(m.measuresAccesses());
        assertEquals(List.of(0, 1, 2, 3), m.src());
        assertEquals(61.2, m.value(0, 1));
        assertEquals(21.8, m.value(3, 1));
    }

    @Test
    void nodeMatrixSquareLayout() throws Exception {
        NodeMatrix m = parse(new NodeMatrixImporter(), fixture("node-matrix", "synthetic-square-accesses.csv")).value();
        assertEquals(List.of(0, 1), m.dst());
        assertEquals(30877.0, m.value(1, 0));
        assertEquals("accesses", m.unit());
        assertTrue(m.measuresAccesses());
    }

    @Test
    void nodeMatrixWithoutAccessWordsDoesNotClaimAccesses(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("m.csv");
        Files.writeString(f, "src_node,dst_node,value\n0,0,1\n0,1,2\n1,0,3\n1,1,oops\n");
        ImportResult<NodeMatrix> r = parse(new NodeMatrixImporter(), f);
        assertFalse(r.value().measuresAccesses());
        assertEquals(1, problems(r).size());
        assertEquals(5, problems(r).get(0).line());
        assertTrue(Double.isNaN(r.value().value(1, 1)));
    }

    @Test
    void eachImporterOwnsItsFixturesInTheStandardRegistry() throws Exception {
        ImporterRegistry reg = io.tunescope.importers.formats.StandardImporters.registry();
        Map<String, String> owners = Map.of("numastat", "numastat", "numactl-hardware", "numactl-hardware",
                "numa-maps", "numa-maps", "node-matrix", "node-matrix");
        for (Map.Entry<String, String> e : owners.entrySet()) {
            try (var files = Files.list(NumaFixtures.FIXTURES.resolve(e.getKey()))) {
                for (Path p : files.filter(p -> !p.getFileName().toString().equals("README.md")).toList()) {
                    ImporterRegistry.Detection d = reg.detect(Head.read(p));
                    assertEquals(e.getValue(), d.importer() == null ? null : d.importer().format(), p + " " + d.verdicts());
                    for (var other : reg.importers()) {
                        if (!other.format().equals(e.getValue())) {
                            Confidence c = other.sniff(Head.read(p)).confidence();
                            assertTrue(c == Confidence.NO || c == Confidence.WEAK || c == Confidence.UNSURE,
                                    other.format() + " on " + p + ": " + c);
                        }
                    }
                }
            }
        }
    }
}
