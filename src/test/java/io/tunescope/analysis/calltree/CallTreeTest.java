package io.tunescope.analysis.calltree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.testing.FoldedTestProfile;
import java.util.List;
import org.junit.jupiter.api.Test;

class CallTreeTest {
    static final CallTree T = CallTree.of(FoldedTestProfile.of(
            "mysqld;main;f;g 3",
            "mysqld;main;f;f;g 2",
            "mysqld;main;h 5",
            "mysqld;main 1",
            "swapper;cpu_idle 4"));

    @Test
    void buildsTotalsSelfAndPreorder() {
        assertEquals("""
                all (15, 0)
                  mysqld (11, 0)
                    main (11, 1)
                      f (5, 0)
                        f (2, 0)
                          g (2, 2)
                        g (3, 3)
                      h (5, 5)
                  swapper (4, 0)
                    cpu_idle (4, 4)
                """, T.dump(0));
        int main = T.nodeByPath(List.of("mysqld", "main"));
        assertEquals(2, main);
        assertEquals(main + 1, T.firstChild(main));
        assertEquals(List.of("mysqld", "main"), T.path(main));
        assertEquals(3, T.childCount(T.root()) + T.childCount(T.nodeByPath(List.of("mysqld"))));
        assertTrue(T.contains(main, T.nodeByPath(List.of("mysqld", "main", "f", "f", "g"))));
        assertFalse(T.contains(main, T.nodeByPath(List.of("swapper"))));
        assertEquals(-1, T.nodeByPath(List.of("mysqld", "nope")));
        assertEquals(5, T.maxDepth());
    }

    @Test
    void foldedRoundTrip() {
        assertEquals(List.of("mysqld;main 1", "mysqld;main;f;f;g 2", "mysqld;main;f;g 3", "mysqld;main;h 5",
                "swapper;cpu_idle 4"), T.toFolded(0));
    }

    @Test
    void hotspotsCountRecursionOnce() {
        List<Hotspot> hs = Hotspots.of(T, 0);
        Hotspot f = hs.stream().filter(h -> h.function().equals("f")).findFirst().orElseThrow();
        assertEquals(5, f.total());
        assertEquals(0, f.self());
        Hotspot g = hs.stream().filter(h -> h.function().equals("g")).findFirst().orElseThrow();
        assertEquals(5, g.total());
        assertEquals(5, g.self());
        assertEquals(15, g.grandTotal());
        assertEquals("g", hs.get(0).function()); // self 5, total 5, ties with h broken by name
        assertEquals(FrameModule.DATABASE, f.module()); // unknown name in a mysqld process
        assertEquals(FrameModule.KERNEL, hs.stream().filter(h -> h.function().equals("cpu_idle")).findFirst()
                .orElseThrow().module());
        assertEquals(11, Hotspots.coveredWeight(T, 0, id -> T.frames().get(id).equals("main")));
        assertEquals(5, Hotspots.coveredWeight(T, 0, id -> T.frames().get(id).equals("f")));
    }

    @Test
    void transforms() {
        CallTree focus = Transforms.apply(T, new Transform.FocusSubtree(List.of("mysqld", "main", "f")));
        assertEquals(List.of("f;f;g 2", "f;g 3"), focus.toFolded(0));
        CallTree ff = Transforms.apply(T, new Transform.FocusFunction("f"));
        assertEquals(List.of("f;f;g 2", "f;g 3"), ff.toFolded(0));
        CallTree merged = Transforms.apply(T, new Transform.MergeFunction("f"));
        assertEquals(List.of("mysqld;main 1", "mysqld;main;g 5", "mysqld;main;h 5", "swapper;cpu_idle 4"), merged.toFolded(0));
        CallTree dropped = Transforms.apply(T, new Transform.DropSubtree(List.of("mysqld", "main", "h")));
        assertEquals(10, dropped.grandTotal());
        CallTree callers = Transforms.apply(T, new Transform.CallersOf("g"));
        assertEquals(List.of("g;f;f;main;mysqld 2", "g;f;main;mysqld 3"), callers.toFolded(0));
        CallTree inv = Transforms.apply(T, new Transform.InvertAll());
        assertEquals(15, inv.grandTotal());
        assertTrue(inv.toFolded(0).contains("cpu_idle;swapper 4"));
        CallTree collapsed = Transforms.apply(T, new Transform.CollapseRecursion("f"));
        assertEquals(List.of("mysqld;main 1", "mysqld;main;f;g 5", "mysqld;main;h 5", "swapper;cpu_idle 4"),
                collapsed.toFolded(0));
        // unknown names: focus keeps nothing, merge/drop keep everything
        assertEquals(0, Transforms.apply(T, new Transform.FocusFunction("zzz")).grandTotal());
        assertEquals(15, Transforms.apply(T, new Transform.MergeFunction("zzz")).grandTotal());
        assertEquals(15, Transforms.apply(T, new Transform.DropSubtree(List.of("zzz"))).grandTotal());
    }

    @Test
    void transformStackUndo() {
        TransformStack s = TransformStack.EMPTY.push(new Transform.MergeFunction("f"))
                .push(new Transform.FocusFunction("g"));
        assertEquals(List.of("g 5"), s.apply(T).toFolded(0));
        assertEquals(T.toFolded(0), s.pop().pop().apply(T).toFolded(0));
        assertEquals(TransformStack.EMPTY, s.pop().pop().pop());
    }

    @Test
    void sandwich() {
        Sandwich s = Sandwich.of(T, "g");
        assertEquals(5, s.total());
        assertEquals(5, s.self());
        assertEquals(5, s.callers().grandTotal());
        assertEquals(5, s.callees().grandTotal());
        Sandwich f = Sandwich.of(T, "f");
        assertEquals(5, f.total());
        assertEquals(List.of("f;f;main;mysqld 2", "f;main;mysqld 3"), f.callers().toFolded(0));
    }

    @Test
    void diffTree() {
        CallTree before = CallTree.of(FoldedTestProfile.of("a;b 50", "a;c 50"));
        CallTree after = CallTree.of(FoldedTestProfile.of("a;b 150", "a;d 50"));
        DiffTree d = DiffTree.of(before, after);
        CallTree u = d.tree();
        int b = u.nodeByPath(List.of("a", "b"));
        int c = u.nodeByPath(List.of("a", "c"));
        int dd = u.nodeByPath(List.of("a", "d"));
        assertEquals(0.25, d.delta(b), 1e-9);
        assertEquals(-0.5, d.delta(c), 1e-9);
        assertTrue(d.isNew(dd));
        assertTrue(d.isGone(c));
        assertEquals(0.0, d.delta(u.nodeByPath(List.of("a"))), 1e-9);
        assertEquals(0.0, d.delta(b, 0.3), 1e-9);
        assertEquals(DiffTree.AFTER, d.shapeColumn());
        assertEquals(DiffTree.BEFORE, d.reverse().shapeColumn());
        assertEquals(before.toFolded(0), u.toFolded(DiffTree.BEFORE));
        assertEquals(after.toFolded(0), u.toFolded(DiffTree.AFTER));
    }

    @Test
    void framesWithTheSameNameInTwoModulesStayApartButTransformsMatchByName() {
        // memcpy in libc and memcpy in the kernel: two frames with one name
        java.util.List<String> names = List.of("mariadbd", "memcpy", "memcpy", "row_ins");
        java.util.List<String> modules = List.of("", "/usr/lib/x86_64-linux-gnu/libc.so.6", "[kernel.kallsyms]", "/usr/sbin/mariadbd");
        CallTreeBuilder b = new CallTreeBuilder(names, modules, 1);
        b.add(new int[] {0, 3, 1}, 3, 0, 5);
        b.add(new int[] {0, 3, 2}, 3, 0, 7);
        CallTree t = b.build();
        assertEquals(5, t.size());
        List<Hotspot> hs = Hotspots.of(t, 0);
        assertEquals(List.of("memcpy:kernel.kallsyms:KERNEL:7", "memcpy:libc.so.6:LIBC:5", "mariadbd:database:DATABASE:0",
                "row_ins:mariadbd:DATABASE:0"),
                hs.stream().map(h -> h.function() + ":" + h.moduleLabel().replace("[", "").replace("]", "") + ":"
                        + h.module() + ":" + h.self()).toList());
        CallTree merged = Transforms.apply(t, new Transform.MergeFunction("memcpy"));
        assertEquals(List.of("mariadbd;row_ins 12"), merged.toFolded(0));
        assertEquals(12, Transforms.apply(t, new Transform.FocusFunction("memcpy")).grandTotal());
        DiffTree d = DiffTree.of(t, merged);
        assertEquals(t.toFolded(0), d.tree().toFolded(DiffTree.BEFORE));
        assertEquals(2, d.tree().childCount(d.tree().nodeByPath(List.of("mariadbd", "row_ins"))));
        assertEquals(FrameModule.JIT, Modules.classify("Lfoo;::bar", "/tmp/perf-4242.map", null));
        assertEquals(FrameModule.LIBRARY, Modules.classify("ZSTD_compress", "/usr/lib/libzstd.so.1", null));
    }
}
