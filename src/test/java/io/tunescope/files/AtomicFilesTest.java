package io.tunescope.files;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class AtomicFilesTest {
    @TempDir
    Path dir;

    private static boolean posix(Path p) {
        return p.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    @Test
    void aNewFileGetsTheSamePermissionsAsAnyNewFileThere() throws IOException {
        assumeTrue(posix(dir), "POSIX permissions");
        Path plain = dir.resolve("plain.txt");
        Files.writeString(plain, "x");
        Path report = dir.resolve("report.pdf");
        AtomicFiles.write(report, out -> out.write("pdf".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(report),
                "not the 0600 of a temporary file");
        assertEquals("pdf", Files.readString(report));
    }

    @Test
    void aRewrittenFileKeepsItsPermissions() throws IOException {
        assumeTrue(posix(dir), "POSIX permissions");
        Path notes = dir.resolve("notes.json");
        Files.writeString(notes, "old");
        Set<PosixFilePermission> custom = PosixFilePermissions.fromString("rw-r-----");
        Files.setPosixFilePermissions(notes, custom);
        AtomicFiles.write(notes, out -> out.write("new".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(custom, Files.getPosixFilePermissions(notes));
        assertEquals("new", Files.readString(notes));
    }

    @Test
    void aFailedWriteLeavesTheOldFileAndNoTemporaryFile() throws IOException {
        Path notes = dir.resolve("notes.json");
        Files.writeString(notes, "old");
        assertThrows(IOException.class, () -> AtomicFiles.write(notes, out -> out.write("new".getBytes(StandardCharsets.US_ASCII)),
                t -> {
                    throw new IOException("disk full");
                }));
        assertEquals("old", Files.readString(notes));
        try (Stream<Path> s = Files.list(dir)) {
            assertTrue(s.allMatch(p -> p.equals(notes)), "temporary file removed");
        }
    }
}
