package io.tunescope.analysis.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.StackTableTree;
import io.tunescope.analysis.reading.ProfileClock;
import io.tunescope.model.stack.FrameTable;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.SampleColumns;
import io.tunescope.model.stack.StackTable;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * A window's tree cut from the whole profile's tree ({@link WindowProfile#callTree}, {@link StackTableTree}) is
 * exactly the tree {@link CallTree#of} builds from the window's stacks: same nodes, order, frames and numbers.
 */
class WindowTreePropertiesTest {
    private static final String[] NAMES = {"main", "f", "g", "h", "buf_page_get", "row_search", "a b", "x::y<int>", "Z", "_start"};
    private static final String[] MODULES = {"", "/usr/sbin/mariadbd", "libc.so.6", "[kernel.kallsyms]"};
    private static final String[] COMMS = {"mariadbd", "sysbench", "java"};

    /** A random profile of two events with samples one by one (times ordered or not, periods constant or not). */
    static InternedStackProfile profile(long seed, int samples, int shapes, int event) {
        SplittableRandom r = new SplittableRandom(seed);
        FrameTable frames = new FrameTable();
        // a few frames share a name and differ in module: siblings are ordered by name, then module
        int[] ids = new int[NAMES.length + 3];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = frames.frame(NAMES[i % NAMES.length], frames.module(MODULES[i < NAMES.length ? r.nextInt(MODULES.length) : (i % 3) + 1]));
        }
        int alphabet = 2 + r.nextInt(ids.length - 1);
        List<StackTable> tables = List.of(new StackTable(), new StackTable());
        int[][] stacks = new int[shapes][];
        for (int s = 0; s < shapes; s++) {
            stacks[s] = new int[r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(8)];
            for (int d = 0; d < stacks[s].length; d++) {
                stacks[s][d] = ids[r.nextInt(alphabet)];
            }
        }
        boolean ordered = r.nextBoolean();
        boolean constantPeriod = r.nextBoolean();
        SampleColumns.Builder cols = new SampleColumns.Builder();
        long t = 1_000_000_000L;
        for (int i = 0; i < samples; i++) {
            int ev = r.nextInt(4) == 0 ? 1 : 0;
            int[] st = stacks[r.nextInt(shapes)];
            long period = constantPeriod ? 1000 : r.nextInt(5) == 0 ? 0 : 1 + r.nextInt(3000);
            // a stack appended without looking it up may repeat a path already in the table under another id
            StackTable table = tables.get(ev);
            int id = r.nextInt(8) == 0 ? table.addNew(st, st.length, 1, period) : table.add(st, st.length, 1, period);
            t += ordered ? r.nextInt(3) * 1000L : 0;
            long time = ordered ? t : 1_000_000_000L + r.nextInt(samples + 1) * 1000L;
            int comm = r.nextInt(COMMS.length);
            cols.add(time, r.nextInt(4), -1, 100 + comm * 10 + r.nextInt(3), cols.comm(COMMS[comm]), ev, id, period);
        }
        return new InternedStackProfile(frames, List.of("cpu-clock", "cycles"), tables, event, false, true, cols.build());
    }

    static void assertSameTree(CallTree expected, CallTree actual) {
        assertEquals(expected.frames(), actual.frames());
        assertEquals(expected.modules(), actual.modules());
        assertEquals(expected.size(), actual.size(), "nodes");
        assertEquals(expected.maxDepth(), actual.maxDepth());
        for (int n = 0; n < expected.size(); n++) {
            assertEquals(expected.frame(n), actual.frame(n), "frame of node " + n);
            assertEquals(expected.parent(n), actual.parent(n), "parent of node " + n);
            assertEquals(expected.depth(n), actual.depth(n), "depth of node " + n);
            assertEquals(expected.end(n), actual.end(n), "end of node " + n);
            assertEquals(expected.total(n), actual.total(n), "total of node " + n);
            assertEquals(expected.self(n), actual.self(n), "self of node " + n);
        }
        assertEquals(expected.dump(0), actual.dump(0));
    }

    @Property(tries = 300)
    void aWindowsTreeCutFromTheWholeTreeIsTheTreeBuiltFromItsStacks(@ForAll long seed, @ForAll @IntRange(min = 1, max = 400) int samples,
                                                                    @ForAll @IntRange(min = 1, max = 60) int shapes,
                                                                    @ForAll @IntRange(min = 0, max = 1) int event) {
        InternedStackProfile p = profile(seed, samples, shapes, event);
        ProfileSamples ps = ProfileSamples.of(p, ProfileClock.of(null, p.sampleColumns()));
        SplittableRandom r = new SplittableRandom(seed ^ 0x5DEECE66DL);
        for (int k = 0; k < 6; k++) {
            WindowProfile w;
            if (k == 0) {
                w = ps.select(SampleFilter.ALL);
            } else {
                long a = 1_000_000_000L + r.nextLong(samples * 2000L + 2);
                long b = a + r.nextLong(samples * 2000L + 2);
                SampleFilter f = switch (r.nextInt(4)) {
                    case 0 -> SampleFilter.ALL.withComm(COMMS[r.nextInt(COMMS.length)]);
                    case 1 -> SampleFilter.ALL.withFrame("^(f|g)$");
                    default -> SampleFilter.ALL;
                };
                w = ps.select(new Window(a, b), f);
            }
            assertSameTree(CallTree.of(w), w.callTree());
            WindowProfile byPeriod = w.byPeriod();
            assertSameTree(CallTree.of(byPeriod), byPeriod.callTree());
        }
    }

    /** The whole tree is built once per samples and reused by every window; each window gets a tree of its own. */
    @Test
    void theWholeTreeIsBuiltOnce() {
        InternedStackProfile p = profile(7, 300, 40, 0);
        ProfileSamples ps = ProfileSamples.of(p, ProfileClock.of(null, p.sampleColumns()));
        StackTableTree whole = ps.wholeTree();
        assertEquals(ps.profile().table().size(), whole.stacks());
        WindowProfile a = ps.select(new Window(1_000_000_000L, 1_000_200_000L), SampleFilter.ALL);
        CallTree ta = a.callTree();
        CallTree tb = ps.select(SampleFilter.ALL).callTree();
        assertEquals(whole, ps.wholeTree());
        assertNotSame(ta, tb);
        assertSameTree(CallTree.of(a), ta);
        // the whole profile's tree has as many nodes as the whole tree when every stack has samples
        assertEquals(whole.size(), CallTree.of(ps.profile()).size());
    }
}
