package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShowOrderTest {

    private static List<Integer> drain(ShowOrder o) {
        List<Integer> out = new ArrayList<>();
        for (int i = o.next(); i >= 0; i = o.next()) {
            out.add(i);
        }
        return out;
    }

    @Test
    void theVisibleViewFirstThenTheOthersInTabOrder() {
        ShowOrder o = new ShowOrder();
        o.start(5, 3);
        assertEquals(List.of(3, 0, 1, 2, 4), drain(o));
        assertEquals(-1, o.next());
        o.start(4, 0);
        assertEquals(List.of(0, 1, 2, 3), drain(o));
    }

    @Test
    void withoutAVisibleViewTabOrder() {
        ShowOrder o = new ShowOrder();
        o.start(3, -1);
        assertEquals(List.of(0, 1, 2), drain(o));
        o.start(3, 7);
        assertEquals(List.of(0, 1, 2), drain(o), "an index out of range is no view");
    }

    @Test
    void aViewWantedSoonerIsTakenOffAndNotShownTwice() {
        ShowOrder o = new ShowOrder();
        o.start(4, 1);
        assertEquals(1, o.next());
        assertTrue(o.isPending(3));
        assertTrue(o.take(3), "pending: shown now");
        assertFalse(o.isPending(3));
        assertFalse(o.take(3), "already shown");
        assertFalse(o.take(1), "the visible one was shown first");
        assertEquals(2, o.size());
        assertEquals(List.of(0, 2), drain(o));
        assertEquals(0, o.size());
    }

    @Test
    void anotherCaptureStartsANewRoundAndForgetsTheOldOne() {
        ShowOrder o = new ShowOrder();
        int first = o.start(3, 0);
        assertEquals(first, o.round());
        o.next();
        int second = o.start(3, 2);
        assertNotEquals(first, second, "a step queued for the first round sees it is over");
        assertEquals(second, o.round());
        assertEquals(List.of(2, 0, 1), drain(o), "every view is shown the new capture, the old round's leftovers are gone");
        int closed = o.clear();
        assertNotEquals(second, closed);
        assertEquals(0, o.size());
        assertEquals(-1, o.next());
    }
}
