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

    /** A report printed at t holds the interval before t: the window covers the first low report's interval. */
    @Test
    void aMarkerWithAReportIntervalCoversWhatItsReportsHold() {
        Anomaly one = new Anomaly(Anomaly.Kind.THROUGHPUT_DIP, 20_015, 20_015, "run", 0, "dip", SourceRef.of("main.sysbench.log", 30), 1000);
        MarkerWindow w = MarkerWindow.of(one);
        assertEquals(19_015, w.fromMs(), "the report at 20.015 s holds 19.015-20.015 s");
        assertEquals(20_015, w.toMs());
        assertEquals(14_015, w.beforeFromMs());

        Anomaly three = new Anomaly(Anomaly.Kind.THROUGHPUT_DIP, 20_000, 22_000, "run", 0, "dip", SourceRef.of("main.sysbench.log", 30), 1000);
        MarkerWindow t = MarkerWindow.of(three);
        assertEquals(19_000, t.fromMs());
        assertEquals(22_000, t.toMs(), "three reports of one second: three seconds");
        assertEquals(3, (t.toMs() - t.fromMs()) / 1000);

        Anomaly iostat = new Anomaly(Anomaly.Kind.DEVICE_SATURATED, 60_000, 60_000, "sda", 99, "sat", SourceRef.of("iostat.txt", 9), 10_000);
        assertEquals(50_000, MarkerWindow.of(iostat).fromMs(), "a 10 s iostat report holds the 10 s before it");
        assertEquals(10, MarkerWindow.beforeSeconds(iostat));
    }

    @Test
    void aRangeComparesWithNothing() {
        MarkerWindow r = MarkerWindow.range(1_000, 2_000);
        assertFalse(r.compared());
        assertEquals(Long.MIN_VALUE, r.beforeFromMs());
    }
}
