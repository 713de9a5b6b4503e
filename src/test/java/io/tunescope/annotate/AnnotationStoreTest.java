package io.tunescope.annotate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AnnotationStoreTest {
    @TempDir
    Path dir;

    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    private List<Annotation> sample() {
        return List.of(
                new Annotation("a1", AnnotationTarget.flameFrame("01-raw-disk", "perf.script", List.of("mysqld", "do_command", "ut_delay")),
                        "spin here, 中文备注", T0, T0),
                new Annotation("a2", AnnotationTarget.timeRange("01-raw-disk", 10_000, 70_000), "stall", T0, T0.plusSeconds(60)),
                new Annotation("a3", AnnotationTarget.heatmapCell("", "numastat other_node", "node 2", "snapshot 3"), "remote", T0, T0),
                new Annotation("a4", AnnotationTarget.step("02-numa-bind"), "binding applied", T0, T0),
                new Annotation("a5", AnnotationTarget.finding("", "CFG-UNKNOWN-VARIABLE"), "fixed in next step", T0, T0));
    }

    @Test
    void roundTripInACaptureFolder() throws IOException {
        Path capture = Files.createDirectories(dir.resolve("capture"));
        Files.writeString(capture.resolve("my.cnf"), "[mysqld]\n");
        AnnotationStore store = AnnotationStore.forCapture(capture);
        assertEquals(capture.toAbsolutePath().resolve("tunescope-annotations.json"), store.file());
        assertEquals(List.of(), store.load());
        store.save(sample());
        assertEquals(sample(), AnnotationStore.forCapture(capture).load());
        assertEquals("[mysqld]\n", Files.readString(capture.resolve("my.cnf")));
        Annotation edited = sample().get(1).edit("longer stall", T0.plusSeconds(120));
        store.save(List.of(edited));
        List<Annotation> back = store.load();
        assertEquals(1, back.size());
        assertEquals("longer stall", back.get(0).note());
        assertEquals(T0, back.get(0).created());
        assertEquals(T0.plusSeconds(120), back.get(0).updated());
        try (Stream<Path> files = Files.list(capture)) {
            assertEquals(List.of("my.cnf", "tunescope-annotations.json"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void aFailedWriteLeavesTheOldFile() throws IOException {
        Path capture = Files.createDirectories(dir.resolve("capture"));
        AnnotationStore ok = AnnotationStore.forCapture(capture);
        ok.save(sample());
        String before = Files.readString(ok.file());
        AnnotationStore failing = new AnnotationStore(ok.file(), temp -> {
            assertTrue(Files.exists(temp));
            throw new IOException("disk full");
        });
        IOException e = assertThrows(IOException.class, () -> failing.save(List.of()));
        assertEquals("disk full", e.getMessage());
        assertEquals(before, Files.readString(ok.file()));
        assertEquals(sample(), ok.load());
        try (Stream<Path> files = Files.list(capture)) {
            assertEquals(1, files.count(), "the temporary file is removed");
        }
    }

    @Test
    void archivesKeepAnnotationsBesideTheArchive() throws IOException {
        Path archive = dir.resolve("session.tar.gz");
        Files.write(archive, new byte[] {31, -117, 8, 0});
        byte[] archiveBytes = Files.readAllBytes(archive);
        AnnotationStore store = AnnotationStore.forCapture(archive);
        assertEquals(dir.toAbsolutePath().resolve("session.tar.gz.tunescope-annotations.json"), store.file());
        store.save(sample());
        assertEquals(sample(), AnnotationStore.forCapture(archive).load());
        assertTrue(java.util.Arrays.equals(archiveBytes, Files.readAllBytes(archive)), "the archive is never changed");
    }

    @Test
    void targetsAreValidated() {
        assertThrows(IllegalArgumentException.class, () -> AnnotationTarget.timeRange("", 10, 5));
        assertThrows(IllegalArgumentException.class, () -> AnnotationTarget.flameFrame("", "p", List.of()));
        assertThrows(IllegalArgumentException.class, () -> AnnotationTarget.finding("", ""));
        assertFalse(AnnotationTarget.step("").step().length() > 0);
    }

    @Test
    void newerFormatIsReadOnly() throws IOException {
        Path capture = Files.createDirectories(dir.resolve("c"));
        Files.writeString(capture.resolve(AnnotationStore.FILE_NAME), "{\"version\": 9, \"annotations\": []}");
        AnnotationStore store = AnnotationStore.forCapture(capture);
        AnnotationStore.Reading r = store.read();
        assertTrue(r.readOnly());
        assertTrue(r.messages().stream().anyMatch(m -> m.contains("version 9")), r.messages().toString());
        IOException e = assertThrows(IOException.class, () -> store.save(sample()));
        assertTrue(e.getMessage().contains("version 9"), e.getMessage());
        assertEquals("{\"version\": 9, \"annotations\": []}", Files.readString(capture.resolve(AnnotationStore.FILE_NAME)));
    }
}
