package io.tunescope.analysis.flame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.CallTreePropertiesTest;
import io.tunescope.analysis.calltree.Hotspots;
import io.tunescope.testing.FoldedTestProfile;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class FlameLayoutPropertiesTest {
    @Provide
    Arbitrary<List<String>> folded() {
        return new CallTreePropertiesTest().folded();
    }

    @Provide
    Arbitrary<String> query() {
        return Arbitraries.of("f", "buf", "g", "a b", "main", "x::y", "zzz", "_");
    }

    @Property(tries = 300)
    void childrenLieInsideTheirParent(@ForAll("folded") List<String> lines) {
        CallTree t = CallTree.of(FoldedTestProfile.of(lines));
        FlameLayout l = FlameLayout.of(t);
        for (int n = 1; n < t.size(); n++) {
            int p = t.parent(n);
            assertTrue(l.x(n) >= l.x(p));
            assertTrue(l.x(n) + l.width(n) <= l.x(p) + l.width(p));
            int hit = l.nodeAt(l.x(n), l.row(n));
            assertEquals(n, hit);
        }
    }

    @Property(tries = 300)
    void paintingPositionsEqualTheLayoutsInEveryZoom(@ForAll("folded") List<String> lines) {
        CallTree t = CallTree.of(FoldedTestProfile.of(lines));
        for (int z = 0; z < t.size(); z += 3) {
            FlameLayout l = FlameLayout.of(t, 0, z, Orientation.FLAME);
            int[] seen = {0};
            int zoom = z;
            l.visit(0, l.span(), 0, l.rows(), 0, new FlameLayout.Visitor() {
                @Override
                public void frame(int n, double x, double w, int row) {
                    seen[0]++;
                    assertEquals((double) l.x(n), x, 1e-9);
                    assertEquals((double) l.width(n), w, 1e-9);
                    assertTrue(row < l.rows());
                }

                @Override
                public void merged(double x, double w, int row, int hidden) {
                    throw new AssertionError("min width 0 merges nothing");
                }
            });
            assertEquals(t.end(zoom) - zoom + t.depth(zoom), seen[0], "every node of the zoomed subtree and its ancestors");
            int deepest = 0;
            for (int n = z; n < t.end(z); n++) {
                deepest = Math.max(deepest, t.depth(n));
            }
            assertEquals(deepest + 1, l.rows());
        }
    }

    @Property(tries = 300)
    void matchedShareCountsEachStackOnce(@ForAll("folded") List<String> lines, @ForAll("query") String q) {
        CallTree t = CallTree.of(FoldedTestProfile.of(lines));
        FlameSearch s = FlameSearch.of(t, 0, q, false);
        long expected = 0;
        for (String line : t.toFolded(0)) {
            int sp = line.lastIndexOf(' ');
            for (String f : line.substring(0, sp).split(";")) {
                if (f.contains(q)) {
                    expected += Long.parseLong(line.substring(sp + 1));
                    break;
                }
            }
        }
        assertEquals(expected, s.matchedWeight());
        assertEquals(expected, Hotspots.coveredWeight(t, 0, s::matchesFrame));
    }
}
