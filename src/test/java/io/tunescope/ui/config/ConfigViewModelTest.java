package io.tunescope.ui.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.session.CaptureSession;
import io.tunescope.testutil.HandCaptures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The configuration view's state without a window: status rows ranked by size, kinds apart, unchanged hidden. */
class ConfigViewModelTest {
    private static final SourceRef A = new SourceRef("a/status.txt", 1);
    private static final SourceRef B = new SourceRef("b/status.txt", 1);

    private static StatusDelta.Row counter(String name, double before, double after, double seconds) {
        return new StatusDelta.Row(name, false, before, after, after - before, (after - before) / seconds, A, B);
    }

    private static StatusDelta.Row gauge(String name, double before, double after) {
        return new StatusDelta.Row(name, true, before, after, Double.NaN, Double.NaN, A, B);
    }

    private static List<String> names(List<StatusDelta.Row> rows) {
        return rows.stream().map(StatusDelta.Row::name).toList();
    }

    private final List<StatusDelta.Row> rows = List.of(
            counter("Aborted_clients", 5, 5, 10),
            counter("Bytes_received", 1_000, 901_000, 10),
            counter("Com_select", 100, 2_100, 10),
            new StatusDelta.Row("Com_commit", false, 50, 70, Double.NaN, Double.NaN, A, B),
            gauge("Threads_running", 1, 9),
            gauge("Open_files", 40, 40),
            gauge("Threads_connected", 30, 12));

    @Test
    void countersRankedByRateBusiestFirstUnchangedHidden() {
        ConfigViewModel m = new ConfigViewModel();
        assertEquals(ConfigViewModel.StatusKind.COUNTERS, m.statusKindProperty().get());
        assertTrue(m.hideUnchangedProperty().get(), "hidden by default, as pt-mext shows only what moved");
        // 90,000/s before 200/s; a counter whose delta is unknown is not "unchanged" and ranks last; no gauge among them
        assertEquals(List.of("Bytes_received", "Com_select", "Com_commit"), names(m.status(rows)));
        m.hideUnchangedProperty().set(false);
        assertEquals(List.of("Bytes_received", "Com_select", "Aborted_clients", "Com_commit"), names(m.status(rows)));
    }

    @Test
    void gaugesApartRankedByLevel() {
        ConfigViewModel m = new ConfigViewModel();
        m.statusKindProperty().set(ConfigViewModel.StatusKind.GAUGES);
        assertEquals(List.of("Threads_connected", "Threads_running"), names(m.status(rows)));
        m.hideUnchangedProperty().set(false);
        assertEquals(List.of("Open_files", "Threads_connected", "Threads_running"), names(m.status(rows)));
        m.filterProperty().set("threads");
        assertEquals(List.of("Threads_connected", "Threads_running"), names(m.status(rows)));
    }

    @Test
    void theSameCaptureKeepsTheChoicesAnotherStartsAfresh(@TempDir Path tmp) throws Exception {
        Capture c = CaptureSession.open(HandCaptures.get("hand-3step", tmp)).capture();
        ConfigViewModel m = new ConfigViewModel();
        assertFalse(m.show(c));
        assertEquals(c.steps().get(0).dir(), m.stepProperty().get());
        assertEquals(c.steps().get(0).dir(), m.diffFromProperty().get());
        assertEquals(c.steps().get(1).dir(), m.diffToProperty().get());
        m.stepProperty().set(c.steps().get(2).dir());
        m.filterProperty().set("innodb");
        m.statusKindProperty().set(ConfigViewModel.StatusKind.GAUGES);
        m.tabProperty().set(1);
        assertTrue(m.show(c), "the window built again in another language shows the same capture");
        assertEquals(c.steps().get(2).dir(), m.stepProperty().get());
        assertEquals("innodb", m.filterProperty().get());
        assertEquals(1, m.tabProperty().get());
        assertFalse(m.show(null));
        assertNull(m.stepProperty().get());
        assertEquals("", m.filterProperty().get());
    }
}
