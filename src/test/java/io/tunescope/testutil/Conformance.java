package io.tunescope.testutil;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the shared conformance data lives (system property {@code tunescope.conformance}, set by the pom). */
public final class Conformance {
    private Conformance() {
    }

    public static Path dir(String format) {
        String base = System.getProperty("tunescope.conformance");
        assertTrue(base != null && !base.isEmpty(),
                "system property tunescope.conformance is not set (run the tests through Maven)");
        Path d = Path.of(base, format);
        assertTrue(Files.isDirectory(d), "conformance folder missing: " + d);
        return d;
    }
}
