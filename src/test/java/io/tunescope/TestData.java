package io.tunescope;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the shared conformance data, the sample captures and the fixtures are. */
public final class TestData {
    private TestData() {
    }

    /**
     * The shared conformance folder, from the {@code tunescope.conformance} system property (set by the
     * pom and by .ci/run). Fails the test with a clear message when it is missing: the suite must run.
     */
    public static Path conformance() {
        String p = System.getProperty("tunescope.conformance");
        if (p == null || p.isBlank()) {
            fail("System property tunescope.conformance is not set: run the tests through Maven (mvn verify), "
                    + "which points it at ../shared/conformance, or pass -Dtunescope.conformance=/path/to/shared/conformance");
        }
        Path dir = Path.of(p);
        if (!Files.isDirectory(dir)) {
            fail("Conformance data folder not found: " + dir.toAbsolutePath()
                    + " (tunescope.conformance). It lives in shared/conformance beside the repository checkout.");
        }
        return dir;
    }

    public static Path conformance(String sub) {
        Path d = conformance().resolve(sub);
        if (!Files.isDirectory(d)) {
            fail("Conformance sub-folder missing: " + d.toAbsolutePath());
        }
        return d;
    }

    public static Path sampleData() {
        String p = System.getProperty("tunescope.sampleData", "sample-data");
        Path dir = Path.of(p);
        if (!Files.isDirectory(dir)) {
            fail("sample-data folder not found: " + dir.toAbsolutePath());
        }
        return dir;
    }

    public static Path sampleCapture() {
        return sampleData().resolve("mariadb-oltp");
    }

    public static Path fixtures() {
        Path dir = Path.of("src/test/resources/fixtures");
        if (!Files.isDirectory(dir)) {
            fail("fixtures folder not found: " + dir.toAbsolutePath());
        }
        return dir;
    }
}
