package io.tunescope.rules;

import io.tunescope.TestData;
import io.tunescope.analysis.numa.NumaCell;
import io.tunescope.analysis.numa.NumaMatrices;
import io.tunescope.analysis.numa.NumaMatrix;
import io.tunescope.analysis.numa.NumaStep;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Step;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.rules.numa.MemoryAwayFromCpusRule;
import io.tunescope.rules.numa.NodeExhaustedSwapRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * NUMA findings name the heatmap cell that shows them ("show evidence" outlines it), and that cell exists in
 * the heatmap the NUMA view draws for the finding's step.
 */
class NumaFindingCellsTest {
    @TempDir
    Path dir;

    private static Capture load(String path) throws Exception {
        return new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(TestData.sampleData().resolve(path));
    }

    private static Finding finding(RuleEngine.Report r, String ruleId, String step) {
        return r.findings().stream().filter(f -> f.ruleId().equals(ruleId) && f.step().equals(step)).findFirst()
                .orElseThrow(() -> new AssertionError(ruleId + " in step '" + step + "': " + r.findings()));
    }

    /** The matrix the NUMA view draws for the cell's heatmap in the step (default window, absolute values). */
    private static NumaMatrix drawn(Capture c, String stepDir, NumaCell cell) {
        Step step = c.steps().stream().filter(s -> s.dir().equals(stepDir)).findFirst().orElseThrow();
        NumaStep s = NumaStep.of(c, step);
        return switch (cell.heatmap()) {
            case ALLOCATIONS -> s.series().intervals().isEmpty()
                    ? NumaMatrices.nodeCounters(s.series().samples().get(0).counters(), NumaMatrices.Mode.ABSOLUTE, Double.NaN)
                    : NumaMatrices.nodeCounters(s.series().overall().delta(), NumaMatrices.Mode.ABSOLUTE, s.series().overall().seconds());
            case PROCESSES -> NumaMatrices.processes(s.processes(), s.maps());
            case MEMORY -> NumaMatrices.meminfo(s.meminfo());
            case DISTANCES -> NumaMatrices.distances(s.topology());
            case MEASURED -> NumaMatrices.nodeMatrix(s.measured().get(0));
        };
    }

    private static void assertDrawn(Capture c, Finding f) {
        NumaCell cell = f.numaCell().orElseThrow();
        NumaMatrix m = drawn(c, f.step(), cell);
        assertTrue(m.rowIndex(cell.row()) >= 0, cell + " row not in " + m.rows());
        assertTrue(m.columnIndex(cell.column()) >= 0, cell + " column not in " + m.columns());
    }

    @Test
    void numaBoundVms() throws Exception {
        Capture c = load("case-studies/numa-bound-vms");
        RuleEngine.Report r = io.tunescope.rules.catalog.RuleCatalog.engine().run(c, Settings.defaults());

        Finding remote = finding(r, "NUMA-REMOTE-ALLOC", "00-64c-unbound");
        NumaCell cell = remote.numaCell().orElseThrow();
        assertEquals(NumaCell.Heatmap.ALLOCATIONS, cell.heatmap());
        assertEquals("node 3", cell.row(), "the node the summary names");
        assertEquals("other_node", cell.column());
        assertEquals("00-64c-unbound/numastat.txt", cell.ref().file());
        assertDrawn(c, remote);

        Finding vm = finding(r, "NUMA-VM-SPANS-NODES", "00-64c-unbound");
        cell = vm.numaCell().orElseThrow();
        assertEquals(new NumaCell(NumaCell.Heatmap.PROCESSES, "21877 (qemu-kvm)", "node 3",
                SourceRef.of("00-64c-unbound/numastat-p-qemu.txt", vm.evidence().get(0).ref().line())), cell,
                "the VM's row, at the node on the other socket holding most of its memory");
        assertDrawn(c, vm);

        // the unbound VM is allowed on CPUs 8-95 of all four nodes: not a binding, so no balancing-vs-binding finding
        assertTrue(r.findings("00-64c-unbound").stream().noneMatch(f -> f.ruleId().equals("NUMA-BALANCING-WITH-BINDING")));
    }

    @Test
    void fourNodeSynthetic() throws Exception {
        Capture c = load("numa-4node-synthetic");
        RuleEngine.Report r = io.tunescope.rules.catalog.RuleCatalog.engine().run(c, Settings.defaults());
        Finding remote = finding(r, "NUMA-REMOTE-ALLOC", "");
        assertEquals(new NumaCell(NumaCell.Heatmap.ALLOCATIONS, "node 1", "other_node", SourceRef.of("numastat-after.txt", 7)),
                remote.numaCell().orElseThrow());
        assertDrawn(c, remote);
    }

    @Test
    void memoryAwayFromCpusPointsAtTheFarNodeHoldingMost() {
        Finding f = Caps.in(dir.resolve("a")).file("numastat-p.txt", SeriesRulesTest.NUMASTAT_P).lscpu(128, 4).binding("64-127", "0-3")
                .fire(new MemoryAwayFromCpusRule());
        assertEquals(new NumaCell(NumaCell.Heatmap.PROCESSES, "4242 (mysqld)", "node 0", SourceRef.of("numastat-p.txt", 10)),
                f.numaCell().orElseThrow());
    }

    @Test
    void nodeExhaustedPointsAtTheFullNodesMemFree() {
        Caps caps = Caps.in(dir.resolve("b")).file("numastat-m.txt", SeriesRulesTest.NUMASTAT_M).meminfo(128L << 20, 1024, 8L << 20, 6L << 20);
        Finding f = caps.fire(new NodeExhaustedSwapRule());
        NumaCell cell = f.numaCell().orElseThrow();
        assertEquals(new NumaCell(NumaCell.Heatmap.MEMORY, "MemFree", "node 0", SourceRef.of("numastat-m.txt", 6)), cell);
        Capture c = caps.load();
        NumaMatrix m = NumaMatrices.meminfo(NumaStep.of(c, c.steps().get(0)).meminfo());
        assertEquals(640.0, m.value(m.rowIndex(cell.row()), m.columnIndex(cell.column())), 1e-9, "the cell holds the value the summary names");
    }
}
