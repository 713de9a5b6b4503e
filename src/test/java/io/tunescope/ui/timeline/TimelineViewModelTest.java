package io.tunescope.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import java.nio.file.Paths;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The timeline view's state without a window. */
class TimelineViewModelTest {

    @Test
    void stateStaysForTheSameCaptureAndGoesWithAnother() throws Exception {
        Capture c = new CaptureLoader(StandardImporters.registry()).load(Paths.get("src/test/resources/captures/fileio-run"));
        TimelineViewModel m = new TimelineViewModel();
        assertFalse(m.show(c));
        m.hide(Set.of("vmstat", "cs"));
        m.zoomProperty().set(new TimelineViewModel.Range(10, 20));
        m.crosshairProperty().set(12);
        m.tabProperty().set(2);
        assertTrue(m.show(c));
        assertEquals(Set.of("vmstat", "cs"), m.hidden());
        assertEquals(new TimelineViewModel.Range(10, 20), m.zoomProperty().get());
        assertEquals(12, m.crosshairProperty().get());
        assertEquals(2, m.tabProperty().get());
        m.hide(Set.of("cs"));
        assertEquals(Set.of("cs"), m.hidden());

        Capture other = new CaptureLoader(StandardImporters.registry()).load(Paths.get("src/test/resources/captures/fileio-run"));
        assertFalse(m.show(other), "another capture (even of the same folder) starts afresh");
        assertTrue(m.hidden().isEmpty());
        assertNull(m.zoomProperty().get());
        assertTrue(Double.isNaN(m.crosshairProperty().get()));
        assertEquals(0, m.tabProperty().get());
    }

    @Test
    void anotherStepOrClockDropsTheZoomAndCrosshair() {
        TimelineViewModel m = new TimelineViewModel();
        m.zoomProperty().set(new TimelineViewModel.Range(1, 2));
        m.crosshairProperty().set(1.5);
        m.stepProperty().set("2_redo_bp");
        assertNull(m.zoomProperty().get());
        assertTrue(Double.isNaN(m.crosshairProperty().get()));
        m.zoomProperty().set(new TimelineViewModel.Range(1, 2));
        m.clockProperty().set(TimelineViewModel.Clock.RUN_START);
        assertNull(m.zoomProperty().get());
        assertThrows(IllegalArgumentException.class, () -> new TimelineViewModel.Range(2, 2));
    }
}
