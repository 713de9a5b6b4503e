package io.tunescope.model.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** {@link StackTable#appendNew} is {@link StackTable#addNew} of each mapped stack in index order. */
class StackTableAppendProperties {

    static StackTable random(Random r, int stacks, int frames) {
        StackTable t = new StackTable();
        for (int i = 0; i < stacks; i++) {
            int[] s = new int[r.nextInt(7)];
            for (int k = 0; k < s.length; k++) {
                s[k] = r.nextInt(frames);
            }
            long c = 1 + r.nextInt(100);
            if (r.nextBoolean()) {
                t.add(s, s.length, c, c * 3);
            } else {
                t.addNew(s, s.length, c, c * 3);
            }
        }
        return t;
    }

    static String dump(StackTable t) {
        StringBuilder sb = new StringBuilder(t.size() + " " + t.totalSamples() + " " + t.totalPeriod() + " " + t.maxDepth()
                + " " + t.storedFrames() + "\n");
        int[] b = new int[64];
        for (int i = 0; i < t.size(); i++) {
            int d = t.copy(i, b);
            sb.append(Arrays.toString(Arrays.copyOf(b, d))).append(' ').append(t.samples(i)).append('/').append(t.period(i)).append('\n');
        }
        return sb.toString();
    }

    @Property(tries = 200)
    void appendNewIsAddNewOfEachStack(@ForAll long seed, @ForAll @IntRange(min = 0, max = 40) int a,
                                      @ForAll @IntRange(min = 0, max = 40) int b, @ForAll @IntRange(min = 0, max = 45) int from) {
        Random r = new Random(seed);
        StackTable base1 = random(new Random(seed), a, 9);
        StackTable base2 = random(new Random(seed), a, 9);
        StackTable other = random(r, b, 9);
        int[] map = new int[9];
        for (int f = 0; f < map.length; f++) {
            map[f] = r.nextInt(20);
        }
        int[] buf = new int[64];
        StackTable otherCopy = new StackTable();
        for (int id = 0; id < other.size(); id++) {
            int d = other.copy(id, buf);
            otherCopy.addNew(buf, d, other.samples(id), other.period(id));
        }
        for (int id = Math.min(from, other.size()); id < other.size(); id++) {
            int d = other.copy(id, buf);
            for (int k = 0; k < d; k++) {
                buf[k] = map[buf[k]];
            }
            base1.addNew(buf, d, other.samples(id), other.period(id));
        }
        base2.appendNew(other, Math.min(from, other.size()), map);
        assertEquals(dump(base1), dump(base2));
        // the stacks moved: other is left empty, and takes stacks as a new table does
        assertEquals(dump(new StackTable()), dump(other));
        other.add(new int[] {1, 2}, 2, 1, 1);
        assertEquals("1 1 1 2 2\n[1, 2] 1/1\n", dump(other));
        // and both still find their stacks by hash afterwards
        for (int id = 0; id < otherCopy.size(); id++) {
            int d = otherCopy.copy(id, buf);
            assertEquals(base1.add(buf, d, 1, 1), base2.add(buf, d, 1, 1));
        }
        assertEquals(dump(base1), dump(base2));
    }
}
