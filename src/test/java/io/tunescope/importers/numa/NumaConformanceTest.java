package io.tunescope.importers.numa;

import static io.tunescope.importers.numa.NumaFixtures.problems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.importers.numactl.NumactlHardwareImporter;
import io.tunescope.importers.numastat.NumastatImporter;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.numa.NumaTable;
import io.tunescope.model.numa.NumaTopology;
import io.tunescope.model.numa.NumaVariant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every file of the shared conformance folder {@code numastat} imports without error, with known values. */
class NumaConformanceTest {
    private final Path dir = NumaFixtures.conformance("numastat");

    @Test
    void everyFileImportsWithoutProblems() throws Exception {
        ImporterRegistry reg = io.tunescope.importers.formats.StandardImporters.registry();
        int n = 0;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                ImporterRegistry.Detection d = reg.detect(Head.read(p));
                assertNotNull(d.importer(), p + ": not recognised " + d.verdicts());
                String expected = p.getFileName().toString().contains("numactl") ? "numactl-hardware" : "numastat";
                assertEquals(expected, d.importer().format(), p.toString());
                ImportResult<?> r = d.importer().parse(ImportContext.forFile(p));
                assertEquals(List.of(), problems(r), p.toString());
                n++;
            }
        }
        assertEquals(5, n, "the conformance folder holds 5 .txt files");
    }

    private NumaStats stats(String name) throws Exception {
        return new NumastatImporter().parse(ImportContext.forFile(dir.resolve(name))).value();
    }

    @Test
    void insightsCoreTwoNodeCounters() throws Exception {
        NumaStats s = stats("insights-core__numastat.txt");
        assertEquals(List.of(0, 1), s.nodes());
        NumaTable t = s.first().counters();
        assertEquals(4735090719.0, t.value("numa_hit", 0));
        assertEquals(92981, t.value("numa_miss", 1));
        assertEquals(92981, t.value("numa_foreign", 0));
        assertEquals(690808, t.value("other_node", 1));
        Map<String, Object> sum = new NumastatImporter().summarize(s);
        assertEquals("counters", sum.get("variant"));
        assertEquals(List.of(766838L, 690808L), ((Map<?, ?>) sum.get("values")).get("other_node"));
        assertEquals(1, sum.get("snapshots"));
    }

    @Test
    void insightsCoreMeminfo() throws Exception {
        NumaStats s = stats("insights-core_rhel7.8__numastat-m.txt");
        assertEquals(NumaVariant.MEMINFO, s.variant());
        NumaTable t = s.first().table(NumaVariant.MEMINFO);
        assertEquals(29, t.rows().size());
        assertEquals(96732.40, t.value("MemTotal", 1));
        assertEquals(191989.64, t.row("MemTotal").total());
        assertEquals(52224.00, t.value("HugePages_Free", 0));
    }

    @Test
    void rooflineAndChinabin() throws Exception {
        NumaTable r = stats("bokotomo_RooflineMeasurement__numastat.txt").first().counters();
        assertEquals(5610521, r.value("other_node", 1));
        assertEquals(5451975, r.value("interleave_hit", 0));
        NumaTable c = stats("chinabin_work_note__numastat-1node.txt").first().counters();
        assertEquals(List.of(0), c.nodes());
        assertEquals(43480318208.0, c.value("numa_hit", 0));
        NumaTopology t = new NumactlHardwareImporter()
                .parse(ImportContext.forFile(dir.resolve("bokotomo_RooflineMeasurement__numactl-H.txt"))).value();
        assertEquals(21, t.distance(0, 1));
        assertEquals(18, t.cpus().get(1).size());
        assertEquals(126148L, t.freeMb().get(1));
    }
}
