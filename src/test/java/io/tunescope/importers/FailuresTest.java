package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FailuresTest {
    private static final long MB = 1 << 20;

    @Test
    void runningOutPartWayScalesTheHeapToTheWholeFile() {
        // a third of 300 MB filled 256 MB: the whole file needs about 256 x 3 x 1.5 = 1152 MB
        String s = Failures.outOfMemory(300 * MB, 100 * MB, 256 * MB);
        assertTrue(s.contains("(256 MB)"), s);
        assertTrue(s.contains("after reading 33 % of its 300 MB"), s);
        assertTrue(s.contains("about 1152 MB"), s);
        assertTrue(s.contains("-Xmx2g"), s);
    }

    @Test
    void runningOutAfterTheWholeFileAsksForHalfAsMuchAgain() {
        String s = Failures.outOfMemory(50 * MB, 50 * MB, 128 * MB);
        assertTrue(s.contains("after reading all of its 50 MB"), s);
        assertTrue(s.contains("about 192 MB"), s);
        assertTrue(s.contains("-Xmx192m"), s);
    }

    @Test
    void xmxRoundsUpToWholeGigabytesOrTo64Megabytes() {
        assertEquals("64m", Failures.xmx(1));
        assertEquals("512m", Failures.xmx(500 * MB));
        assertEquals("1g", Failures.xmx(1024 * MB));
        assertEquals("2g", Failures.xmx(1025 * MB));
    }
}
