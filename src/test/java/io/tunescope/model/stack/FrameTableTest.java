package io.tunescope.model.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class FrameTableTest {

    @Test
    void aNameWithAndWithoutAModuleIsTwoFrames() {
        FrameTable t = new FrameTable();
        int k = t.module("[kernel]");
        int withModule = t.frame("f", k);
        int plain = t.frame("f", 0);
        assertNotEquals(withModule, plain);
        assertEquals(plain, t.frame("f", 0));
        assertEquals(withModule, t.frame("f", k));
        assertEquals(plain, t.withModule(withModule, 0));
        assertEquals(withModule, t.withModule(plain, k));
        // many names: ids dense, found again, modules kept apart
        for (int i = 0; i < 2000; i++) {
            int a = t.frame("n" + i, 0);
            int b = t.frame("n" + i, k);
            assertEquals(a, t.frame("n" + i, 0));
            assertEquals(b, t.frame("n" + i, k));
            assertEquals("", t.modules().get(a));
            assertEquals("[kernel]", t.modules().get(b));
        }
        assertEquals(2 + 4000, t.size());
        FrameTable copy = new FrameTable();
        int[] map = copy.addAll(t);
        for (int f = 0; f < t.size(); f++) {
            assertEquals(t.names().get(f), copy.names().get(map[f]));
            assertEquals(t.modules().get(f), copy.modules().get(map[f]));
        }
        assertEquals(List.of("f", "f"), t.names().subList(0, 2));
    }
}
