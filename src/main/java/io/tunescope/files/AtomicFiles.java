package io.tunescope.files;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Pattern;

/**
 * Writes a file through a temporary file in the same folder and a rename, so readers never see half a file.
 * The temporary file is flushed to the disk (fsync) before the rename and the folder after it, so a crash
 * leaves either the old file or the new one. Temporary files are named {@code .<name>.<random>.tmp}:
 * {@link #isTemporary} recognises them (capture listings skip them) and {@link #removeStale} deletes those a
 * killed writer left behind.
 */
public final class AtomicFiles {
    /** Something that writes to a stream. */
    @FunctionalInterface
    public interface Writer {
        void write(OutputStream out) throws IOException;
    }

    /**
     * Made on the first write, not with the class: opening a capture lists its files through {@link #isTemporary}, and
     * seeding a SecureRandom loads the security providers (15-20 ms of CPU on the main thread of a cold start).
     */
    private static final class Random {
        static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();
    }
    private static final Pattern TEMP = Pattern.compile("^\\..+\\.[0-9a-z]{1,13}\\.tmp$");

    private AtomicFiles() {
    }

    /** True for the name of one of our temporary files ({@code .<name>.<random>.tmp}). */
    public static boolean isTemporary(String fileName) {
        return fileName.length() < 300 && TEMP.matcher(fileName).matches();
    }

    /**
     * Deletes the temporary files of {@code target} (ours, by name) older than {@code age}: left by a writer
     * that was killed between writing and renaming. Younger ones may belong to a writer still at work.
     * Returns how many were deleted; never fails.
     */
    public static int removeStale(Path target, Duration age) {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        String prefix = "." + abs.getFileName() + ".";
        int removed = 0;
        Instant before = Instant.now().minus(age);
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, p -> {
            String n = p.getFileName().toString();
            return n.startsWith(prefix) && isTemporary(n) && n.length() - prefix.length() <= 17;
        })) {
            for (Path p : ds) {
                try {
                    if (Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                            && Files.getLastModifiedTime(p).toInstant().isBefore(before) && Files.deleteIfExists(p)) {
                        removed++;
                    }
                } catch (IOException e) {
                    // not ours to worry about: it stays
                }
            }
        } catch (IOException | RuntimeException e) {
            // the folder cannot be listed: nothing to clean
        }
        return removed;
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
        Path tmp = dir.resolve("." + abs.getFileName() + "." + Long.toUnsignedString(Random.RANDOM.nextLong(), 36) + ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                OutputStream out = new java.io.BufferedOutputStream(Channels.newOutputStream(ch), 1 << 16);
                writer.write(out);
                out.flush();
                ch.force(true);
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
            syncFolder(dir);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Flushes the folder's entry list (the rename) where the platform allows opening a folder. */
    private static void syncFolder(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | RuntimeException e) {
            // Windows and some file systems cannot open a folder: the rename is as durable as they make it
        }
    }
}
