package io.tunescope.analysis.calltree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.importers.folded.FoldedParser;
import io.tunescope.model.stack.StackProfile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Real folded stacks (FlameGraph's 78 expected stackcollapse-perf results) read by the folded importer's
 * parser, built into call trees: folded -> tree -> folded keeps every (stack, weight); hotspots, transforms
 * and diffs keep their totals on real shapes.
 */
class CallTreeConformanceTest {

    static StackProfile parse(Path file) throws IOException {
        FoldedParser p = new FoldedParser();
        long no = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            byte[] b = line.getBytes(StandardCharsets.UTF_8);
            p.line(b, 0, b.length, ++no);
        }
        return p.profile();
    }

    static Map<String, Long> aggregate(List<String> lines) {
        Map<String, Long> m = new TreeMap<>();
        for (String l : lines) {
            if (l.isBlank()) {
                continue;
            }
            int sp = l.lastIndexOf(' ');
            m.merge(l.substring(0, sp), Long.parseLong(l.substring(sp + 1).strip()), Long::sum);
        }
        return m;
    }

    @Test
    void everyConformanceFoldedFileRoundTripsThroughTheTree() throws IOException {
        Path results = TestData.conformance("flamegraph").resolve("test/results");
        List<Path> files;
        try (Stream<Path> s = Files.list(results)) {
            files = s.filter(f -> f.getFileName().toString().endsWith(".txt")).sorted().toList();
        }
        assertEquals(78, files.size(), "13 inputs x 6 options");
        CallTree previous = null;
        for (Path f : files) {
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            CallTree t = CallTree.of(parse(f));
            assertEquals(aggregate(lines), aggregate(t.toFolded(0)), f.getFileName().toString());
            long total = aggregate(lines).values().stream().mapToLong(Long::longValue).sum();
            assertEquals(total, t.grandTotal());
            List<Hotspot> hs = Hotspots.of(t, 0);
            assertEquals(total, hs.stream().mapToLong(Hotspot::self).sum(), "self weights add up to the total");
            assertTrue(hs.stream().allMatch(h -> h.total() <= total && h.self() <= h.total()));
            assertEquals(total, Transforms.apply(t, new Transform.InvertAll()).grandTotal());
            if (!hs.isEmpty()) {
                String top = hs.get(0).function();
                assertEquals(hs.get(0).total(), Transforms.apply(t, new Transform.FocusFunction(top)).grandTotal());
                assertEquals(total, Transforms.apply(t, new Transform.MergeFunction(top)).grandTotal());
            }
            if (previous != null) {
                DiffTree d = DiffTree.of(previous, t);
                assertEquals(previous.toFolded(0), d.tree().toFolded(DiffTree.BEFORE));
                assertEquals(t.toFolded(0), d.tree().toFolded(DiffTree.AFTER));
            }
            previous = t;
        }
    }

    @Test
    void modulesOfFoldedAnnotationsAreKept() throws IOException {
        Path f = TestData.conformance("flamegraph").resolve("test/results/perf-numa-stacks-01-collapsed-all.txt");
        CallTree t = CallTree.of(parse(f));
        List<String> kernel = new ArrayList<>();
        for (Hotspot h : Hotspots.of(t, 0)) {
            if (h.function().endsWith("_[k]")) {
                kernel.add(h.function());
                assertEquals(FrameModule.KERNEL, h.module(), h.function());
            } else if (h.function().endsWith("_[j]")) {
                assertEquals(FrameModule.JIT, h.module(), h.function());
            }
        }
        assertTrue(kernel.size() > 10);
    }
}
