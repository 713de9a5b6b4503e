package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.prefs.Preferences;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The size logic of the PNG export: defaults, the aspect lock, the scale, the limits and what is remembered. */
class ExportSizeTest {
    private final Preferences prefs = Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime());
    private final Settings settings = new Settings(prefs);

    @AfterEach
    void clean() throws Exception {
        prefs.removeNode();
    }

    @Test
    void startsAtTheViewsSizeScaledTwiceAndLocked() {
        ExportSize s = ExportSize.load(settings, 1013.4, 587.6);
        assertEquals(1013, s.width());
        assertEquals(588, s.height());
        assertEquals(2, s.scale());
        assertTrue(s.lockAspect());
        assertEquals(2026, s.pictureWidth());
        assertEquals(1176, s.pictureHeight());
        assertTrue(s.isSizeOf(1013.4, 587.6));
    }

    @Test
    void lockedWidthMovesTheHeightAndBack() {
        ExportSize s = ExportSize.of(1600, 900, 1, true);
        ExportSize w = s.withWidth(1920);
        assertEquals(1920, w.width());
        assertEquals(1080, w.height());
        ExportSize h = w.withHeight(450);
        assertEquals(800, h.width());
        assertEquals(450, h.height());
        // the ratio is the one at locking time, not drifting with rounding
        assertEquals(16.0 / 9, h.withWidth(1001).aspect(), 1e-12);
        assertEquals(563, h.withWidth(1001).height());
    }

    @Test
    void unlockedSidesAreIndependentAndLockingKeepsTheNewRatio() {
        ExportSize s = ExportSize.of(1600, 900, 1, false);
        ExportSize w = s.withWidth(1000);
        assertEquals(900, w.height());
        ExportSize square = w.withHeight(1000).withLockAspect(true);
        assertEquals(1.0, square.aspect(), 1e-12);
        assertEquals(700, square.withWidth(700).height());
    }

    @Test
    void scaleMultipliesAndIsClamped() {
        ExportSize s = ExportSize.of(800, 600, 3, true);
        assertEquals(2400, s.pictureWidth());
        assertEquals(1800, s.pictureHeight());
        assertEquals(ExportSize.MAX_SCALE, s.withScale(9).scale());
        assertEquals(ExportSize.MIN_SCALE, s.withScale(0).scale());
    }

    @Test
    void sidesAreClampedAndHugePicturesDoNotFit() {
        assertEquals(ExportSize.MIN_SIDE, ExportSize.of(3, 3, 1, false).width());
        assertEquals(ExportSize.MAX_SIDE, ExportSize.of(800, 600, 1, false).withWidth(50_000).width());
        assertTrue(ExportSize.of(4096, 1000, 4, false).fits(), "16384 pixels wide");
        assertFalse(ExportSize.of(4097, 1000, 4, false).fits(), "wider than 16384 pixels");
        assertTrue(ExportSize.of(5000, 5000, 2, false).fits(), "exactly 100 megapixels");
        assertFalse(ExportSize.of(8000, 6000, 2, false).fits(), "192 megapixels");
    }

    @Test
    void aSizeOfTheUsersOwnIsOfferedAgainTheViewsSizeIsNot() {
        ExportSize custom = ExportSize.of(1000, 700, 2, true).withWidth(1920).withScale(3);
        custom.save(settings, 1000, 700);
        ExportSize again = ExportSize.load(settings, 1200, 800);
        assertEquals(1920, again.width());
        assertEquals(1344, again.height());
        assertEquals(3, again.scale());
        assertTrue(again.lockAspect());

        ExportSize atView = ExportSize.of(1200, 800, 1, false);
        atView.save(settings, 1200, 800);
        ExportSize next = ExportSize.load(settings, 1300, 650);
        assertEquals(1300, next.width(), "the view's current size, as the view is now");
        assertEquals(650, next.height());
        assertEquals(1, next.scale());
        assertFalse(next.lockAspect());
    }
}
