package io.tunescope.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Where Tunescope keeps the user's own files: {@code ~/.tunescope} and what lives in it. */
public final class UserDirs {
    private UserDirs() {
    }

    /**
     * The user's own Tunescope folder, {@code ~/.tunescope} (the system property {@code tunescope.home}
     * names another one, for tests and portable installs).
     */
    public static Path home() {
        String own = System.getProperty("tunescope.home");
        return own != null && !own.isBlank() ? Path.of(own) : Path.of(System.getProperty("user.home"), ".tunescope");
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
}
