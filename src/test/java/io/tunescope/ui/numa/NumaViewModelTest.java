package io.tunescope.ui.numa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.numa.NumaMatrices;
import io.tunescope.analysis.numa.NumaMatrix;
import io.tunescope.analysis.numa.NumaStep;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Step;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The NUMA view's state without a window. */
class NumaViewModelTest {
    static final Path SYN = Path.of("sample-data/numa-4node-synthetic");

    private static List<NumaStep> steps(Capture c) {
        List<NumaStep> out = new ArrayList<>();
        for (Step s : c.steps()) {
            out.add(NumaStep.of(c, s));
        }
        return out;
    }

    @Test
    void windowsKindsAndModes() throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(SYN);
        NumaViewModel m = new NumaViewModel();
        m.setSteps(steps(c));
        NumaStep s = m.stepProperty().get();
        assertEquals(List.of(NumaViewModel.Kind.ALLOCATIONS, NumaViewModel.Kind.TREND, NumaViewModel.Kind.DISTANCES,
                NumaViewModel.Kind.PROCESSES, NumaViewModel.Kind.MEMORY),
                NumaViewModel.available(s));
        List<NumaViewModel.Window> ws = NumaViewModel.windows(s);
        assertEquals(List.of("numastat-before.txt \u2192 numastat-after.txt (60 s)",
                "numastat-before.txt \u2192 numastat-during.txt (30 s)",
                "numastat-during.txt \u2192 numastat-after.txt (30 s)",
                "numastat-before.txt (since boot)", "numastat-during.txt (since boot)", "numastat-after.txt (since boot)"),
                ws.stream().map(NumaViewModel.Window::label).toList());
        assertEquals("numastat-after.txt（开机以来）",
                NumaViewModel.windows(s, java.util.Locale.SIMPLIFIED_CHINESE).get(5).label(), "window labels follow the UI language");
        m.windowProperty().set(ws.get(1));
        m.modeProperty().set(NumaMatrices.Mode.RATE);
        NumaMatrix rate = m.matrixProperty().get();
        assertEquals(3800000.0 / 30, rate.value(1, rate.columnIndex("other_node")), 1e-9);
        m.windowProperty().set(ws.get(3));
        NumaMatrix snapshotRate = m.matrixProperty().get();
        assertTrue(Double.isNaN(snapshotRate.value(0, 0)), "one snapshot has no rate: n/a, not totals");
        assertEquals(2, m.ratioTrend().size());
        assertEquals(3800000.0 / 4500000, m.ratioTrend().get(0).perNode().get(1), 1e-12);
        assertEquals(1, m.memoryTrend().size());
        m.kindProperty().set(NumaViewModel.Kind.PROCESSES);
        assertEquals(List.of("4242 (mysqld)", "numa_maps.txt"), m.matrixProperty().get().rows());
    }

    @Test
    void compareTwoStepsGivesAfterMinusBefore(@TempDir Path dir) throws Exception {
        Path a = Files.createDirectories(dir.resolve("00-before"));
        Path b = Files.createDirectories(dir.resolve("01-after"));
        Files.copy(SYN.resolve("numastat-before.txt"), a.resolve("numastat.txt"));
        Files.copy(SYN.resolve("numastat-after.txt"), b.resolve("numastat.txt"));
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(dir);
        NumaViewModel m = new NumaViewModel();
        List<NumaStep> steps = steps(c);
        m.setSteps(steps);
        assertEquals("00-before", m.stepProperty().get().step().dir());
        m.stepProperty().set(steps.get(1));
        m.compareWithProperty().set(steps.get(0));
        NumaMatrix d = m.matrixProperty().get();
        assertTrue(d.diverging());
        assertEquals(7500000.0, d.value(1, d.columnIndex("other_node")));
        assertTrue(d.title().endsWith(": 01-after minus 00-before"), d.title());
        m.compareWithProperty().set(null);
        assertTrue(!m.matrixProperty().get().diverging());
    }

    @Test
    void realSingleNodeFilesGiveASingleNodeMatrix(@TempDir Path dir) throws Exception {
        Path fx = Path.of("src/test/resources/fixtures");
        Files.copy(fx.resolve("numastat/real-1node-default.txt"), dir.resolve("numastat.txt"));
        Files.copy(fx.resolve("numactl-hardware/real-1node-H.txt"), dir.resolve("numactl-H.txt"));
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(dir);
        NumaViewModel m = new NumaViewModel();
        m.setSteps(steps(c));
        assertTrue(m.matrixProperty().get().singleNode());
        m.kindProperty().set(NumaViewModel.Kind.DISTANCES);
        assertEquals(1, m.matrixProperty().get().rows().size());
        assertTrue(m.matrixProperty().get().singleNode());
    }

    @Test
    void realSingleNodeSampleCapture() throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(io.tunescope.TestData.sampleCapture());
        NumaViewModel m = new NumaViewModel();
        List<NumaStep> steps = steps(c);
        m.setSteps(steps);
        assertEquals(3, steps.stream().filter(s -> !s.isEmpty()).count());
        NumaStep base = m.stepProperty().get();
        assertEquals("00-baseline", base.step().dir());
        assertEquals("00-baseline/numastat-before.txt \u2192 00-baseline/numastat-after.txt (33 s)",
                m.windowProperty().get().label(), "times from the collector's timeline.log");
        NumaMatrix abs = m.matrixProperty().get();
        assertTrue(abs.singleNode());
        assertEquals(List.of("node 0"), abs.rows());
        assertEquals("0.0% remote allocation", abs.rowNotes().get(0));
        assertEquals(0.0, abs.value(0, abs.columnIndex("other_node")));
        assertTrue(abs.value(0, abs.columnIndex("numa_hit")) > 0);
        assertEquals("server CPUs 0-1 on node 0; memory allowed on node 0", base.placement().describe());
        m.kindProperty().set(NumaViewModel.Kind.PROCESSES);
        assertEquals("8178 (mariadbd)", m.matrixProperty().get().rows().get(0));
        assertEquals(139.03, m.matrixProperty().get().value(0, 0));
        m.kindProperty().set(NumaViewModel.Kind.TREND);
        assertEquals(2, m.ratioTrend().size());
        assertEquals(0.0, m.ratioTrend().get(0).perNode().get(0));
    }

    @Test
    void memoryHeatmapIsNumastatMAsPrinted() throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(SYN);
        NumaViewModel m = new NumaViewModel();
        m.setSteps(steps(c));
        m.kindProperty().set(NumaViewModel.Kind.MEMORY);
        var matrix = m.matrixProperty().get();
        assertEquals("Memory per node (numastat -m, MB)", matrix.title());
        assertEquals(List.of("node 0", "node 1", "node 2", "node 3"), matrix.columns());
        assertEquals(List.of("MemTotal", "MemFree", "MemUsed"), matrix.rows().subList(0, 3));
        assertEquals(62109.75, matrix.value(matrix.rowIndex("MemFree"), 0), 1e-9);
        assertEquals("48.3% - 95.2% of MemTotal", matrix.rowNotes().get(matrix.rowIndex("MemFree")));
    }

    @Test
    void aFindingsCellOpensTheCountersItWasMeasuredOn() throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(SYN);
        NumaStep s = steps(c).get(0);
        var after = new io.tunescope.analysis.numa.NumaCell(io.tunescope.analysis.numa.NumaCell.Heatmap.ALLOCATIONS, "node 1", "other_node",
                io.tunescope.model.capture.SourceRef.of("numastat-after.txt", 7));
        assertEquals("numastat-after.txt (since boot)", NumaViewModel.windowFor(s, after).label(), "the rule read that file alone");
        var unknown = new io.tunescope.analysis.numa.NumaCell(io.tunescope.analysis.numa.NumaCell.Heatmap.ALLOCATIONS, "node 1", "other_node", null);
        assertEquals(NumaViewModel.windows(s).get(0), NumaViewModel.windowFor(s, unknown), "else the whole window");
    }
}
