package io.tunescope.model.stack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class StackTableTest {

    @Test
    void stacksAppendedUnhashedAreFoundByALaterAdd() {
        StackTable t = new StackTable();
        // enough appended stacks that indexing them grows the hash table several times
        for (int i = 0; i < 1000; i++) {
            assertEquals(i, t.addNew(new int[] {1, i, i % 7}, 3, 1, 10));
        }
        assertEquals(1000, t.size());
        assertEquals(3, t.maxDepth());
        for (int i = 999; i >= 0; i -= 3) {
            assertEquals(i, t.add(new int[] {1, i, i % 7}, 3, 2, 20), "stack " + i);
        }
        assertEquals(1000, t.size());
        assertEquals(3, t.samples(999));
        assertEquals(30, t.period(999));
        assertEquals(1, t.samples(998));
        assertEquals(1000, t.add(new int[] {1, 2, 3, 4}, 4, 1, 1));
        assertEquals(4, t.maxDepth());
        // appended again after hashed adds, then found again
        assertEquals(1001, t.addNew(new int[] {9}, 1, 1, 1));
        assertEquals(1001, t.add(new int[] {9}, 1, 1, 1));
        assertEquals(2, t.samples(1001));
        int[] buf = new int[4];
        assertEquals(3, t.copy(5, buf));
        assertArrayEquals(new int[] {1, 5, 5}, Arrays.copyOf(buf, 3));
        assertEquals(1000 + 334 * 2 + 1 + 2, t.totalSamples());
    }

    @Test
    void addToCountsTheStackAgainAndChecksItsIndex() {
        StackTable t = new StackTable();
        int id = t.addNew(new int[] {4, 5}, 2, 3, 30);
        assertEquals(id, t.addTo(id, 2, 20));
        assertEquals(5, t.samples(id));
        assertEquals(50, t.totalPeriod());
        assertThrows(IndexOutOfBoundsException.class, () -> t.addTo(1, 1, 1));
        assertThrows(ArithmeticException.class, () -> t.addTo(id, Long.MAX_VALUE, 0));
    }
}
