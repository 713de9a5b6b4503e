package io.tunescope.model.stack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The pool's pages: stacks that fill several pages, a stack longer than a page, empty stacks, and tables of several
 * pages joined by {@link StackTable#appendNew}, each stack read back and found again by hash as it went in.
 */
class StackTablePagesTest {

    /** Distinct stacks of 1-40 frames (the first frame is {@code first} + the index), one empty when {@code first} is 0, a few of them about a page long, enough to fill a few pages. */
    private static List<int[]> stacks(long seed, int frames, int first) {
        Random r = new Random(seed);
        List<int[]> out = new ArrayList<>();
        long total = 0;
        while (total < 3L * StackTable.PAGE_INTS) {
            int d = out.size() % 997 == 500 ? StackTable.PAGE_INTS + r.nextInt(9) - 4 : out.size() == 7 && first == 0 ? 0 : 1 + r.nextInt(40);
            int[] s = new int[d];
            for (int k = 0; k < d; k++) {
                s[k] = r.nextInt(frames);
            }
            if (d > 0) {
                s[0] = first + out.size();  // distinct stacks whatever else they hold
            }
            out.add(s);
            total += d;
        }
        return out;
    }

    private static void check(StackTable t, List<int[]> expected, int[] map) {
        assertEquals(expected.size(), t.size());
        long frames = 0;
        int[] buf = new int[StackTable.PAGE_INTS + 8];
        for (int id = 0; id < expected.size(); id++) {
            int[] e = expected.get(id);
            if (map != null && e.length > 0) {
                e = Arrays.stream(e).map(f -> map[f]).toArray();
            }
            int d = t.copy(id, buf);
            assertArrayEquals(e, Arrays.copyOf(buf, d), "stack " + id);
            if (d > 0) {
                assertEquals(e[d - 1], t.frame(id, d - 1));
            }
            frames += d;
        }
        assertEquals(frames, t.storedFrames());
    }

    @Test
    void stacksFillingSeveralPagesReadBackAndAreFoundAgain() {
        List<int[]> in = stacks(17, 1 << 20, 0);
        StackTable t = new StackTable();
        for (int i = 0; i < in.size(); i++) {
            int[] s = in.get(i);
            int id = i % 3 == 0 ? t.add(s, s.length, 1, 2) : t.addNew(s, s.length, 1, 2);
            assertEquals(i, id);
        }
        check(t, in, null);
        for (int i = in.size() - 1; i >= 0; i -= i > 20 ? 7 : 1) {
            int[] s = in.get(i);
            assertEquals(i, t.add(s, s.length, 1, 1), "stack " + i);
        }
    }

    @Test
    void tablesOfSeveralPagesJoinAsOneReading() {
        List<int[]> a = stacks(1, 70_000, 0);
        List<int[]> b = stacks(2, 70_000, 100_000);
        int[] map = new int[1 << 20];
        for (int f = 0; f < map.length; f++) {
            map[f] = (f * 7 + 3) % map.length;
        }
        StackTable ta = new StackTable();
        a.forEach(s -> ta.addNew(s, s.length, 2, 3));
        StackTable tb = new StackTable();
        b.forEach(s -> tb.addNew(s, s.length, 5, 7));
        ta.appendNew(tb, 1, map);
        assertEquals(0, tb.size());
        assertEquals(0, tb.storedFrames());
        List<int[]> joined = new ArrayList<>(a);
        for (int[] s : b.subList(1, b.size())) {
            joined.add(Arrays.stream(s).map(f -> map[f]).toArray());
        }
        check(ta, joined, null);
        assertEquals(2L * a.size() + 5L * (b.size() - 1), ta.totalSamples());
        assertEquals(3L * a.size() + 7L * (b.size() - 1), ta.totalPeriod());
        // stacks added after the join go on in the joined table's last page, and every stack is found by hash
        int[] more = {1, 2, 3};
        int id = ta.add(more, 3, 1, 1);
        joined.add(more);
        assertEquals(joined.size() - 1, id);
        check(ta, joined, null);
        for (int i = 0; i < joined.size(); i += i < 20 || i > joined.size() - 20 ? 1 : 11) {
            int[] s = joined.get(i);
            assertEquals(i, ta.add(s, s.length, 1, 1), "stack " + i);
        }
    }
}
