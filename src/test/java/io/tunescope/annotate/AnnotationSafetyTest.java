package io.tunescope.annotate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.SourceFile;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Annotations are never lost: the matrix of damaged, foreign and newer annotation files, read-only captures
 * and two writers on one capture. Each case writes the file as the damage leaves it, reads it, adds a note
 * and reads again with a fresh store.
 */
class AnnotationSafetyTest {
    @TempDir
    Path dir;

    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    /** What happens to a new note. */
    enum Outcome {
        /** the capture's own file takes it (the file is read whole, or damaged entries are kept in it) */
        MAIN,
        /** the file is kept byte for byte and the note goes to the .continued.json sibling */
        SIBLING,
        /** nothing is saved: the file stays as it is */
        READ_ONLY
    }

    record Variant(String name, byte[] bytes, Set<String> readable, Outcome outcome, String keptInFile) {
        @Override
        public String toString() {
            return name;
        }
    }

    static String entry(String id, String kind, String note, String created) {
        return "{\"id\":\"" + id + "\",\"target\":{\"kind\":\"" + kind + "\",\"step\":\"01-raw\"},\"note\":\"" + note
                + "\",\"created\":\"" + created + "\",\"updated\":\"" + created + "\"}";
    }

    static String file(int version, String... entries) {
        return "{\"version\":" + version + ",\"annotations\":[" + String.join(",", entries) + "]}";
    }

    static final String A1 = entry("a1", "STEP", "baseline ok", "2026-11-30T10:00:00Z");
    static final String A2 = entry("a2", "STEP", "磁盘延迟高 (disk latency high)", "2026-11-30T10:05:00Z");
    static final String A3 = entry("a3", "STEP", "third", "2026-11-30T10:06:00Z");

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static Stream<Variant> variants() {
        String valid = file(1, A1, A2);
        byte[] bom = utf8("\uFEFF" + valid);
        return Stream.of(
                new Variant("absent", null, Set.of(), Outcome.MAIN, null),
                new Variant("empty file", new byte[0], Set.of(), Outcome.MAIN, null),
                new Variant("valid", utf8(valid), Set.of("a1", "a2"), Outcome.MAIN, null),
                new Variant("truncated inside the second note", utf8(valid.substring(0, valid.indexOf("a2") + 20)), Set.of("a1"),
                        Outcome.SIBLING, null),
                new Variant("truncated to one byte", utf8("{"), Set.of(), Outcome.SIBLING, null),
                new Variant("a comma missing between notes", utf8(file(1, A1 + A2)), Set.of("a1"), Outcome.SIBLING, null),
                new Variant("text after the JSON (two saves run together)", utf8(valid + "\n" + file(1, A3)), Set.of("a1", "a2"),
                        Outcome.SIBLING, null),
                new Variant("not JSON", utf8("my notes: check the redo log\n"), Set.of(), Outcome.SIBLING, null),
                new Variant("a JSON list, not an object", utf8("[" + A1 + "]"), Set.of(), Outcome.SIBLING, null),
                new Variant("annotations not a list", utf8("{\"version\":1,\"annotations\":\"a1\"}"), Set.of(), Outcome.SIBLING, null),
                new Variant("binary bytes", new byte[] {0, 1, 2, (byte) 0xFF, (byte) 0xFE, 0, 0x7F}, Set.of(), Outcome.SIBLING, null),
                new Variant("an unknown kind", utf8(file(1, A1, entry("x1", "SQL_DIGEST", "from the future", "2026-11-30T10:01:00Z"), A3)),
                        Set.of("a1", "a3"), Outcome.MAIN, "SQL_DIGEST"),
                new Variant("an unreadable date", utf8(file(1, A1, entry("x2", "STEP", "when?", "yesterday"))), Set.of("a1"),
                        Outcome.MAIN, "yesterday"),
                new Variant("a note without an id", utf8(file(1, entry("", "STEP", "anonymous", "2026-11-30T10:01:00Z"), A2)),
                        Set.of("a2"), Outcome.MAIN, "anonymous"),
                new Variant("a repeated id", utf8(file(1, A1, entry("a1", "STEP", "second copy", "2026-11-30T10:09:00Z"))),
                        Set.of("a1"), Outcome.MAIN, "second copy"),
                new Variant("a newer version", utf8(file(9, A1, A2)), Set.of("a1", "a2"), Outcome.READ_ONLY, null),
                new Variant("GBK-encoded (Chinese Windows Notepad)", valid.getBytes(Charset.forName("GBK")), Set.of("a1", "a2"),
                        Outcome.MAIN, null),
                new Variant("a UTF-8 BOM", bom, Set.of("a1", "a2"), Outcome.MAIN, null),
                new Variant("fields of a later version", utf8("{\"version\":1,\"colours\":{\"a1\":\"red\"},\"annotations\":["
                        + A1.replace("\"note\"", "\"pinned\":true,\"note\"") + "," + A2 + "]}"), Set.of("a1", "a2"), Outcome.MAIN,
                        "colours"));
    }

    private static Set<String> ids(List<Annotation> l) {
        return l.stream().map(Annotation::id).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    private AnnotationStore store(Path capture) {
        return new AnnotationStore(capture.resolve(AnnotationStore.FILE_NAME), dir.resolve("home/annotations/c.json"), t -> {
        }, d -> true);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("variants")
    void noNoteIsEverLost(Variant v) throws Exception {
        Path capture = Files.createDirectories(dir.resolve("capture"));
        Path main = capture.resolve(AnnotationStore.FILE_NAME);
        if (v.bytes() != null) {
            Files.write(main, v.bytes());
        }
        AnnotationStore store = store(capture);
        AnnotationStore.Reading r = store.read();
        assertEquals(v.readable(), ids(r.annotations()), r.messages().toString());
        if (v.readable().contains("a2") && v.name().startsWith("GBK")) {
            assertEquals("磁盘延迟高 (disk latency high)", r.annotations().get(1).note(), "GBK decoded");
        }
        boolean clean = v.bytes() == null || v.bytes().length == 0 || v.name().equals("valid") || v.name().equals("a UTF-8 BOM")
                || v.name().startsWith("fields");
        assertEquals(clean, r.messages().isEmpty(), "a message for every problem and none without: " + r.messages());
        r.messages().forEach(m -> assertTrue(m.contains(AnnotationStore.FILE_NAME), "the message names the file: " + m));

        List<Annotation> next = new ArrayList<>(r.annotations());
        Annotation added = Annotation.create(AnnotationTarget.step("01-raw"), "new note", T0);
        next.add(added);
        if (v.outcome() == Outcome.READ_ONLY) {
            assertTrue(r.readOnly());
            IOException e = assertThrows(IOException.class, () -> store.save(next));
            assertTrue(e.getMessage().contains("newer"), e.getMessage());
        } else {
            AnnotationStore.Saved s = store.save(next);
            assertEquals(v.outcome() == Outcome.MAIN ? main : capture.resolve("tunescope-annotations.continued.json"), s.file());
        }
        if (v.outcome() != Outcome.MAIN) {
            assertArrayEquals(v.bytes(), Files.readAllBytes(main), "the file is kept byte for byte");
        }
        if (v.keptInFile() != null) {
            assertTrue(Files.readString(main).contains(v.keptInFile()), "what this version cannot read stays in the file");
        }
        // read again, as the next session would: every readable note and the new one
        Set<String> expected = new LinkedHashSet<>(v.readable());
        if (v.outcome() != Outcome.READ_ONLY) {
            expected.add(added.id());
        }
        AnnotationStore.Reading again = store(capture).read();
        assertEquals(expected, ids(again.annotations()));
        if (v.keptInFile() != null) {
            // the entry this version cannot read is still reported, and still kept on the next save
            assertEquals(clean, again.messages().isEmpty());
            store(capture).save(again.annotations());
            assertTrue(Files.readString(main).contains(v.keptInFile()));
        }
        try (Stream<Path> files = Files.list(capture)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary file is left");
        }
    }

    @Test
    void aDeletedNoteOfADamagedFileStaysDeleted() throws Exception {
        Path capture = Files.createDirectories(dir.resolve("capture"));
        Path main = capture.resolve(AnnotationStore.FILE_NAME);
        String valid = file(1, A1, A2, A3);
        byte[] damaged = utf8(valid.substring(0, valid.length() - 5));
        Files.write(main, damaged);
        AnnotationStore s = store(capture);
        List<Annotation> read = s.read().annotations();
        assertEquals(Set.of("a1", "a2"), ids(read));
        s.save(read.stream().filter(a -> !a.id().equals("a1")).toList());
        assertEquals(Set.of("a2"), ids(store(capture).load()));
        assertArrayEquals(damaged, Files.readAllBytes(main));
    }

    @Test
    void aRepairedFileTakesBackTheContinuedNotes() throws Exception {
        Path capture = Files.createDirectories(dir.resolve("capture"));
        Path main = capture.resolve(AnnotationStore.FILE_NAME);
        Files.writeString(main, "{\"version\":1,\"annotations\":[" + A1);
        AnnotationStore s = store(capture);
        List<Annotation> next = new ArrayList<>(s.read().annotations());
        next.add(Annotation.create(AnnotationTarget.step(""), "while it was broken", T0));
        assertEquals(capture.resolve("tunescope-annotations.continued.json"), s.save(next).file());
        // the user repairs the file by hand
        Files.writeString(main, file(1, A1, A3));
        AnnotationStore again = store(capture);
        AnnotationStore.Reading r = again.read();
        assertEquals(main, r.saveTo());
        assertEquals(3, r.annotations().size());
        AnnotationStore.Saved saved = again.save(r.annotations());
        assertEquals(main, saved.file());
        assertTrue(saved.messages().stream().anyMatch(m -> m.contains("continued")), saved.messages().toString());
        assertFalse(Files.exists(capture.resolve("tunescope-annotations.continued.json")));
        assertEquals(3, store(capture).load().size());
    }

    @Test
    void aReadOnlyCaptureSavesInTheUsersFolder() throws Exception {
        Path capture = Files.createDirectories(dir.resolve("ro"));
        Path main = capture.resolve(AnnotationStore.FILE_NAME);
        Files.writeString(main, file(1, A1));
        Path user = dir.resolve("home/annotations/ro.json");
        AnnotationStore s = new AnnotationStore(main, user, t -> {
        }, d -> false);
        AnnotationStore.Reading r = s.read();
        assertEquals(user, r.saveTo());
        assertTrue(r.messages().stream().anyMatch(m -> m.contains("cannot be written") && m.contains(user.toString())), r.messages().toString());
        List<Annotation> next = new ArrayList<>(r.annotations());
        next.add(Annotation.create(AnnotationTarget.step(""), "typed on a read-only capture", T0));
        assertEquals(user, s.save(next).file());
        assertEquals(file(1, A1), Files.readString(main));
        List<Annotation> back = new AnnotationStore(main, user, t -> {
        }, d -> false).load();
        assertEquals(2, back.size());
        // deleting the capture's own note while it cannot be written is remembered in the user's file
        s.save(List.of(back.get(1)));
        assertEquals(List.of("typed on a read-only capture"),
                new AnnotationStore(main, user, t -> {
                }, d -> false).load().stream().map(Annotation::note).toList());
    }

    @Test
    void aWriteRefusedByTheFileSystemGoesToTheUsersFolderNotAwayWithATempPath() throws Exception {
        Path archive = dir.resolve("cap.tar.gz");
        Files.write(archive, new byte[] {31, -117, 8, 0});
        Path main = AnnotationStore.location(archive);
        Path user = dir.resolve("home/annotations/cap.json");
        AnnotationStore s = new AnnotationStore(main, user, t -> {
            if (t.getFileName().toString().contains(AnnotationStore.FILE_NAME) && !t.startsWith(user.getParent())) {
                throw new AccessDeniedException(t.toString());
            }
        }, d -> true);
        Annotation a = Annotation.create(AnnotationTarget.step(""), "note", T0);
        AnnotationStore.Saved saved = s.save(List.of(a));
        assertEquals(user, saved.file());
        assertTrue(saved.messages().get(0).contains(user.toString()), saved.messages().toString());
        assertFalse(saved.messages().get(0).contains(".tmp"), "no temporary path in the message: " + saved.messages());
        assertFalse(Files.exists(main));
        assertEquals(List.of(a), new AnnotationStore(main, user, t -> {
        }, d -> true).load());
    }

    @Test
    void twoWindowsOnOneCaptureMergeByIdAndSaySo() throws Exception {
        Path capture = Files.createDirectories(dir.resolve("capture"));
        Files.writeString(capture.resolve(AnnotationStore.FILE_NAME), file(1, A1, A2));
        AnnotationStore w1 = store(capture);
        AnnotationStore w2 = store(capture);
        List<Annotation> l1 = new ArrayList<>(w1.read().annotations());
        List<Annotation> l2 = new ArrayList<>(w2.read().annotations());
        Annotation n1 = Annotation.create(AnnotationTarget.step(""), "from window 1", T0);
        l1.add(n1);
        assertTrue(w1.save(l1).messages().isEmpty());
        // window 2 did not see window 1's note; it edits a1 and deletes a2
        Annotation a1 = l2.get(0).edit("edited in window 2", T0.plusSeconds(5));
        AnnotationStore.Saved s2 = w2.save(List.of(a1));
        assertTrue(s2.messages().stream().anyMatch(m -> m.contains("merged by id")), s2.messages().toString());
        assertEquals(List.of("a1", n1.id()), s2.annotations().stream().map(Annotation::id).toList());
        assertEquals("edited in window 2", s2.annotations().get(0).note());
        assertEquals(s2.annotations(), store(capture).load());
        // window 1 saves again on its stale view: window 2's edit and delete survive
        l1.add(Annotation.create(AnnotationTarget.step(""), "second from window 1", T0));
        AnnotationStore.Saved s1 = w1.save(l1);
        assertTrue(s1.messages().stream().anyMatch(m -> m.contains("merged by id")));
        List<Annotation> now = store(capture).load();
        assertEquals(3, now.size());
        assertEquals("edited in window 2", now.get(0).note());
        assertTrue(now.stream().noneMatch(a -> a.id().equals("a2")));
    }

    @Test
    void temporaryFilesOfAKilledWriterAreRemovedAndNeverListedAsCaptureFiles() throws Exception {
        Path capture = Files.createDirectories(dir.resolve("capture"));
        Files.writeString(capture.resolve("show-global-variables.txt"), "Variable_name\tValue\nversion\t10.11.6-MariaDB\n");
        Files.writeString(capture.resolve(AnnotationStore.FILE_NAME), file(1, A1));
        Path stale = capture.resolve(".tunescope-annotations.json.3k9x0p1q2w.tmp");
        Path fresh = capture.resolve(".tunescope-annotations.json.7a8b9c.tmp");
        Files.writeString(stale, file(1, A1, A2));
        Files.writeString(fresh, file(1, A1, A2));
        Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minusSeconds(3600)));
        Files.writeString(capture.resolve("tunescope-annotations.continued.json"), file(1, A3));
        Capture c = new CaptureLoader(StandardImporters.registry(), 1, 10L << 20).load(capture);
        assertEquals(List.of("show-global-variables.txt"), c.files().stream().map(SourceFile::path).toList(),
                "our own files are not capture files");
        store(capture).read();
        assertFalse(Files.exists(stale), "a temporary file left by a killed writer is removed");
        assertTrue(Files.exists(fresh), "one that may belong to a writer at work stays");
    }
}
