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

    /**
     * The user's own Tunescope folder, {@code ~/.tunescope} (the system property {@code tunescope.home}
     * names another one, for tests and portable installs).
     */
    public static Path home() {
        String own = System.getProperty("tunescope.home");
        return own != null && !own.isBlank() ? Path.of(own) : Path.of(System.getProperty("user.home"), ".tunescope");
    }

    /** The user's default subsystem rules, {@code ~/.tunescope/subsystems.properties}. */
    public static Path defaultSubsystemsFile() {
        return home().resolve("subsystems.properties");
    }

    /**
     * Where the notes on a capture that cannot be written to (a read-only folder, an archive in one) are kept:
     * {@code ~/.tunescope/annotations/<name>-<12 hex digits of the SHA-256 of its real path>.json}, one file
     * per capture, found again when the same capture is opened.
     */
    public static Path annotationsFor(Path opened) {
        Path abs = opened.toAbsolutePath().normalize();
        try {
            abs = abs.toRealPath();
        } catch (IOException e) {
            // a capture that vanished: its path as given
        }
        String name = abs.getFileName() == null ? "capture" : abs.getFileName().toString().replaceAll("[^\\p{L}\\p{N}._-]", "_");
        if (name.length() > 80) {
            name = name.substring(0, 80);
        }
        try {
            byte[] h = java.security.MessageDigest.getInstance("SHA-256").digest(abs.toString().getBytes(StandardCharsets.UTF_8));
            return home().resolve("annotations").resolve(name + "-" + java.util.HexFormat.of().formatHex(h, 0, 6) + ".json");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java", e);
        }
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
