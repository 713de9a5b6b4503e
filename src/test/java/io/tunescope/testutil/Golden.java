package io.tunescope.testutil;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Golden files: compares a text with its golden file, or rewrites the golden file when the build runs with
 * {@code -Dtunescope.refreshGolden=true} (after the diff was reviewed). A mismatch writes the actual text beside it.
 */
public final class Golden {
    private Golden() {
    }

    /** Adds a line to {@code mismatches} when {@code expected} is missing or differs from {@code actual}. */
    public static void compare(String actual, Path expected, Path actualFile, List<String> mismatches) throws java.io.IOException {
        if (Boolean.getBoolean("tunescope.refreshGolden")) {
            Files.createDirectories(expected.toAbsolutePath().getParent());
            Files.writeString(expected, actual, StandardCharsets.UTF_8);
            Files.deleteIfExists(actualFile);
            return;
        }
        if (!Files.exists(expected)) {
            mismatches.add(expected + ": no golden dump (run with -Dtunescope.refreshGolden=true and review it)");
            return;
        }
        if (!Files.readString(expected, StandardCharsets.UTF_8).equals(actual)) {
            Files.writeString(actualFile, actual, StandardCharsets.UTF_8);
            mismatches.add(expected.getFileName() + " differs (see " + actualFile + ")");
        } else {
            Files.deleteIfExists(actualFile);
        }
    }
}
