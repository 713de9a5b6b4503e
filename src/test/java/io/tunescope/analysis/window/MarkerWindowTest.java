package io.tunescope.analysis.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.timeline.Anomaly;
import io.tunescope.model.capture.SourceRef;
import org.junit.jupiter.api.Test;

/** The window of a timeline marker and the plateau compared with it, as the app's timeline and the report's dip pages take them. */
class MarkerWindowTest {
    private static Anomaly dip(long start, long end) {
        return new Anomaly(Anomaly.Kind.THROUGHPUT_DIP, start, end, "run", 0, "dip", SourceRef.of("main.sysbench.log", 30));
    }

    @Test
    void aMarkerIsComparedWithAsLongBeforeItAtLeastFiveSeconds() {
        MarkerWindow three = MarkerWindow.of(dip(20_000, 23_000));
        assertEquals(20_000, three.fromMs());
        assertEquals(23_000, three.toMs());
        assertEquals(15_000, three.beforeFromMs(), "a 3 s dip: the 5 s before it");
        assertTrue(three.compared());
        assertEquals(5, MarkerWindow.beforeSeconds(dip(20_000, 23_000)));

        MarkerWindow eight = MarkerWindow.of(dip(20_000, 28_000));
        assertEquals(12_000, eight.beforeFromMs(), "an 8 s dip: the 8 s before it");
        assertEquals(8, MarkerWindow.beforeSeconds(dip(20_000, 28_000)));

        MarkerWindow one = MarkerWindow.of(dip(20_000, 20_000));
        assertEquals(21_000, one.toMs(), "a marker on one report is a window of one second");
        assertEquals(15_000, one.beforeFromMs());
    }

    @Test
    void aRangeComparesWithNothing() {
        MarkerWindow r = MarkerWindow.range(1_000, 2_000);
        assertFalse(r.compared());
        assertEquals(Long.MIN_VALUE, r.beforeFromMs());
    }
}
