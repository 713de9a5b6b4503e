package io.tunescope.files;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** Writes a file through a temporary file in the same folder and a rename, so readers never see half a file. */
public final class AtomicFiles {
    /** Something that writes to a stream. */
    @FunctionalInterface
    public interface Writer {
        void write(OutputStream out) throws IOException;
    }

    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    private AtomicFiles() {
    }

    /** A file written again keeps its permissions. */
    private static void keepPermissions(Path from, Path to) {
        try {
            Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(from));
        } catch (UnsupportedOperationException | IOException e) {
            // not a POSIX file system, or not allowed: the new file keeps its default permissions
        }
    }

    /** Called between writing the temporary file and moving it into place (tests inject failures here). */
    @FunctionalInterface
    public interface BeforeMove {
        void run(Path temp) throws IOException;
    }

    public static void write(Path target, Writer writer) throws IOException {
        write(target, writer, t -> {
        });
    }

    /** {@link #write(Path, Writer)} with a hook just before the rename. */
    public static void write(Path target, Writer writer, BeforeMove beforeMove) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        Files.createDirectories(dir);
        // created like any new file (mode 0666 less the umask), not 0600 as createTempFile would: the result is
        // the user's report or notes, to be shared like the files around it
        Path tmp = dir.resolve("." + abs.getFileName() + "." + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                writer.write(out);
            }
            if (Files.exists(abs)) {
                keepPermissions(abs, tmp);
            }
            beforeMove.run(tmp);
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
