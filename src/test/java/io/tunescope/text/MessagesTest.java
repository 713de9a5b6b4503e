package io.tunescope.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.ResourceBundle;
import org.junit.jupiter.api.Test;

/** {@link Messages#bundle}: the bundle ResourceBundle gives without falling back to the default locale, looked up once. */
class MessagesTest {
    private static final ResourceBundle.Control NO_FALLBACK =
            ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES);

    @Test
    void givesWhatResourceBundleGivesAndKeepsIt() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.SIMPLIFIED_CHINESE);     // never the default locale's bundle
            for (Locale l : new Locale[] {Locale.ROOT, Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE, Locale.CHINESE, Locale.FRENCH}) {
                ResourceBundle want = ResourceBundle.getBundle("io.tunescope.rules.cpu.findings", l, NO_FALLBACK);
                ResourceBundle got = Messages.bundle("io.tunescope.rules.cpu.findings", l).orElseThrow();
                assertEquals(want.getLocale(), got.getLocale(), l.toString());
                assertEquals(java.util.Collections.list(want.getKeys()), java.util.Collections.list(got.getKeys()), l.toString());
                for (String k : want.keySet()) {
                    assertEquals(want.getString(k), got.getString(k), k);
                }
                assertSame(got, Messages.bundle("io.tunescope.rules.cpu.findings", l).orElseThrow(), "looked up once");
            }
            assertEquals(Messages.bundle("io.tunescope.rules.cpu.findings", Locale.ROOT), Messages.bundle("io.tunescope.rules.cpu.findings", null));
            assertEquals(Locale.ROOT, Messages.bundle("io.tunescope.rules.cpu.findings", Locale.FRENCH).orElseThrow().getLocale());
            assertTrue(Messages.bundle("io.tunescope.no.such.bundle", Locale.ROOT).isEmpty());
            assertTrue(Messages.bundle("io.tunescope.no.such.bundle", Locale.ROOT).isEmpty(), "a missing bundle stays missing");
        } finally {
            Locale.setDefault(before);
        }
    }
}
