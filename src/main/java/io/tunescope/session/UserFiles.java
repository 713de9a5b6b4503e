package io.tunescope.session;

import io.tunescope.analysis.flame.Subsystems;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The user's own files that the core reads (analysis itself reads no files). */
public final class UserFiles {
    private UserFiles() {
    }

    /** The user's default subsystem rules, {@code ~/.tunescope/subsystems.properties}. */
    public static Path defaultSubsystemsFile() {
        return io.tunescope.files.UserDirs.home().resolve("subsystems.properties");
    }

    /** A subsystem rules file ({@code REGEX = subsystem} lines) merged before the built-in rules. */
    public static Subsystems subsystems(Path file) throws IOException {
        return Subsystems.withUserRules(Files.readString(file, StandardCharsets.UTF_8), file.getFileName().toString());
    }

    /** The built-in rules with the user's default file merged when it exists and can be read. */
    public static Subsystems defaultSubsystems() {
        Path p = defaultSubsystemsFile();
        if (Files.isRegularFile(p)) {
            try {
                return subsystems(p);
            } catch (IOException | RuntimeException e) {
                return Subsystems.builtIn();
            }
        }
        return Subsystems.builtIn();
    }
}
