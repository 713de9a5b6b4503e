package io.tunescope.analysis.calltree;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tunescope.testing.FoldedTestProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

public class CallTreePropertiesTest {

    /** Folded lines over a small alphabet so that prefixes are shared and recursion happens. */
    @Provide
    public Arbitrary<List<String>> folded() {
        Arbitrary<String> frame = Arbitraries.of("main", "f", "g", "h", "buf_page_get", "row_search", "a b", "x::y<int>");
        Arbitrary<String> stack = frame.list().ofMinSize(1).ofMaxSize(7).map(l -> String.join(";", l));
        Arbitrary<Long> weight = Arbitraries.longs().between(1, 1000);
        return Combinators.combine(stack, weight).as((s, w) -> s + " " + w).list().ofMinSize(1).ofMaxSize(40);
    }

    @Provide
    Arbitrary<String> function() {
        return Arbitraries.of("main", "f", "g", "h", "buf_page_get", "absent");
    }

    static Map<String, Long> aggregate(List<String> lines) {
        Map<String, Long> m = new TreeMap<>();
        for (String l : lines) {
            int sp = l.lastIndexOf(' ');
            m.merge(l.substring(0, sp), Long.parseLong(l.substring(sp + 1)), Long::sum);
        }
        return m;
    }

    static CallTree tree(List<String> lines) {
        return CallTree.of(FoldedTestProfile.of(lines));
    }

    static void assertConsistent(CallTree t) {
        for (int c = 0; c < t.columns(); c++) {
            for (int n = 0; n < t.size(); n++) {
                long sum = t.self(c, n);
                for (int k = t.firstChild(n); k >= 0; k = t.nextSibling(k)) {
                    sum += t.total(c, k);
                    assertEquals(n, t.parent(k));
                    assertEquals(t.depth(n) + 1, t.depth(k));
                }
                assertEquals(t.total(c, n), sum, "total = self + children at node " + n);
            }
        }
    }

    @Property(tries = 300)
    void foldedTreeFoldedKeepsEveryStackAndWeight(@ForAll("folded") List<String> lines) {
        CallTree t = tree(lines);
        assertEquals(aggregate(lines), aggregate(t.toFolded(0)));
        assertEquals(aggregate(lines).values().stream().mapToLong(Long::longValue).sum(), t.grandTotal());
        assertConsistent(t);
    }

    /** Sorted input: each stack reuses the path of the one before it as far as they agree, and must not go further. */
    @Property(tries = 300)
    void sortedStacksBuildTheSameTreeAsShuffled(@ForAll("folded") List<String> lines) {
        List<String> sorted = new ArrayList<>(lines);
        java.util.Collections.sort(sorted);
        List<String> reversed = new ArrayList<>(sorted);
        java.util.Collections.reverse(reversed);
        CallTree a = tree(sorted);
        CallTree b = tree(reversed);
        assertEquals(aggregate(lines), aggregate(a.toFolded(0)));
        assertEquals(a.toFolded(0), b.toFolded(0));
        assertEquals(a.size(), b.size());
        assertConsistent(a);
    }

    @Property(tries = 300)
    void totalKeepingTransformsKeepTheTotal(@ForAll("folded") List<String> lines, @ForAll("function") String fn) {
        CallTree t = tree(lines);
        for (Transform x : List.of(new Transform.MergeFunction(fn), new Transform.CollapseRecursion(fn),
                new Transform.InvertAll())) {
            CallTree r = Transforms.apply(t, x);
            assertEquals(t.grandTotal(), r.grandTotal(), x.describe());
            assertConsistent(r);
        }
    }

    @Property(tries = 300)
    void focusAndCallersTotalIsTheFunctionsTotal(@ForAll("folded") List<String> lines, @ForAll("function") String fn) {
        CallTree t = tree(lines);
        long fnTotal = Hotspots.of(t, 0).stream().filter(h -> h.function().equals(fn)).mapToLong(Hotspot::total)
                .findFirst().orElse(0);
        CallTree focus = Transforms.apply(t, new Transform.FocusFunction(fn));
        CallTree callers = Transforms.apply(t, new Transform.CallersOf(fn));
        assertEquals(fnTotal, focus.grandTotal());
        assertEquals(fnTotal, callers.grandTotal());
        assertConsistent(focus);
        assertConsistent(callers);
        if (fnTotal > 0) {
            // every stack of the focused tree starts with the function
            assertEquals(1, focus.childCount(0));
            assertEquals(fn, focus.name(1));
            assertEquals(fn, callers.name(1));
        }
        // no double counting: focus after collapsing recursion gives the same total
        assertEquals(fnTotal, Transforms.apply(Transforms.apply(t, new Transform.CollapseRecursion(fn)),
                new Transform.FocusFunction(fn)).grandTotal());
    }

    @Property(tries = 300)
    void subtreeTransformsSplitTheTotal(@ForAll("folded") List<String> lines) {
        CallTree t = tree(lines);
        for (int n = 1; n < t.size(); n++) {
            List<String> path = t.path(n);
            CallTree dropped = Transforms.apply(t, new Transform.DropSubtree(path));
            CallTree focused = Transforms.apply(t, new Transform.FocusSubtree(path));
            assertEquals(t.total(n), focused.grandTotal());
            assertEquals(t.grandTotal() - t.total(n), dropped.grandTotal());
            assertEquals(-1, dropped.nodeByPath(path));
        }
    }

    @Property(tries = 300)
    void undoRestoresTheTree(@ForAll("folded") List<String> lines, @ForAll("function") String fn) {
        CallTree t = tree(lines);
        TransformStack s = TransformStack.EMPTY.push(new Transform.InvertAll()).push(new Transform.MergeFunction(fn));
        assertEquals(Transforms.apply(t, new Transform.InvertAll()).toFolded(0), s.pop().apply(t).toFolded(0));
        assertEquals(t.toFolded(0), s.pop().pop().apply(t).toFolded(0));
    }

    @Property(tries = 300)
    void diffReconstructsItsInputs(@ForAll("folded") List<String> before, @ForAll("folded") List<String> after) {
        CallTree b = tree(before);
        CallTree a = tree(after);
        DiffTree d = DiffTree.of(b, a);
        assertEquals(b.toFolded(0), d.tree().toFolded(DiffTree.BEFORE));
        assertEquals(a.toFolded(0), d.tree().toFolded(DiffTree.AFTER));
        assertEquals(0.0, d.delta(0), 1e-12);
        assertConsistent(d.tree());
        List<Integer> newNodes = new ArrayList<>();
        for (int n = 1; n < d.tree().size(); n++) {
            if (d.isNew(n)) {
                newNodes.add(n);
                assertEquals(-1, b.nodeByPath(d.tree().path(n)));
            } else if (d.after(n) > 0) {
                assertEquals(b.total(b.nodeByPath(d.tree().path(n))), d.before(n));
            }
        }
        // transforms apply to both sides alike
        DiffTree merged = d.withTree(Transforms.apply(d.tree(), new Transform.MergeFunction("f")));
        assertEquals(Transforms.apply(b, new Transform.MergeFunction("f")).toFolded(0),
                merged.tree().toFolded(DiffTree.BEFORE));
    }
}
