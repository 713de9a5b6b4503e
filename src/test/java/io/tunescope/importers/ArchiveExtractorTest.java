package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.capture.FileStatus;
import io.tunescope.model.capture.SourceFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hostile and foreign archives: every entry the file system refuses is skipped with a note, never a stack trace. */
class ArchiveExtractorTest {
    @TempDir
    Path tmp;

    static final String CNF = "[mysqld]\ninnodb_buffer_pool_size = 1G\n";
    final CaptureLoader loader = new CaptureLoader(StandardImporters.registry(), 1, 10L << 20);

    private static List<String> paths(Capture c) {
        return c.files().stream().map(SourceFile::path).toList();
    }

    private static String notes(Capture c) {
        return String.join("\n", c.notes().stream().map(Diagnostic::message).toList());
    }

    private Path zip(String name, Charset cs, String... namesAndData) throws IOException {
        Path z = tmp.resolve(name);
        try (ZipOutputStream out = cs == null ? new ZipOutputStream(Files.newOutputStream(z)) : new ZipOutputStream(Files.newOutputStream(z), cs)) {
            for (int i = 0; i < namesAndData.length; i += 2) {
                out.putNextEntry(new ZipEntry(namesAndData[i]));
                out.write(namesAndData[i + 1].getBytes(StandardCharsets.UTF_8));
            }
        }
        return z;
    }

    /** A zip made the way Chinese Windows makes it: names in GBK, no UTF-8 flag. */
    @Test
    void gbkNamesWithoutTheUtf8FlagAreDecoded() throws Exception {
        Path z = zip("gbk.zip", Charset.forName("GBK"), "性能测试/基线/my.cnf", CNF, "性能测试/基线/说明.txt", "x\n");
        byte[] b = Files.readAllBytes(z);
        assertEquals(0, (b[6] & 0xFF | (b[7] & 0xFF) << 8) & 0x800, "the test zip has no UTF-8 flag, as Windows writes it");
        Capture c = loader.load(z);
        assertTrue(paths(c).contains("基线/my.cnf"), paths(c).toString());
        assertEquals(FileStatus.OK, c.files().stream().filter(f -> f.path().endsWith("my.cnf")).findFirst().orElseThrow().status());
        // a UTF-8 zip (flag set) and a plain UTF-8 zip without flag (macOS, Info-ZIP) read the same names
        Capture u = loader.load(zip("utf8.zip", null, "性能测试/基线/my.cnf", CNF));
        assertEquals(List.of("基线/my.cnf"), paths(u));
        ArchiveExtractor.release(c.root());
        ArchiveExtractor.release(u.root());
    }

    @Test
    void namesAreDecodedUtf8ThenGb18030ThenCp437() {
        assertEquals("中文.txt", ArchiveExtractor.zipName("中文.txt".getBytes(StandardCharsets.UTF_8), true));
        assertEquals("中文.txt", ArchiveExtractor.zipName("中文.txt".getBytes(StandardCharsets.UTF_8), false));
        assertEquals("中文.txt", ArchiveExtractor.zipName("中文.txt".getBytes(Charset.forName("GB18030")), false));
        // 0x80 and 0xFF are no GB18030 lead bytes: the zip format's own code page
        assertEquals("Çÿ.txt", ArchiveExtractor.zipName(new byte[] {(byte) 0x80, (byte) 0x98, '.', 't', 'x', 't'}, false));
        assertEquals(null, ArchiveExtractor.zipName(new byte[] {(byte) 0xC3, 0x28}, true), "flagged UTF-8 that is not");
    }

    @Test
    void entriesTheFileSystemRefusesAreSkippedWithANoteNamingThem() throws Exception {
        String deep = "d/".repeat(3000) + "deep.txt";
        Path z = zip("hostile.zip", null,
                "cap/my.cnf", CNF,
                "cap/nul\0name.txt", "x",
                "cap/" + "n".repeat(300) + ".txt", "x",
                "cap/" + deep, "x",
                "cap/same", "a file",
                "cap/same/inner.txt", "under a file",
                "cap/.", "no name",
                "", "empty name",
                "cap/my.cnX", "second copy",
                "cap/bad-\u00e9.txt", "x");
        byte[] b = Files.readAllBytes(z);
        // a repeated name (ZipOutputStream refuses to write one) and a flagged name that is not UTF-8
        replace(b, "cap/my.cnX".getBytes(StandardCharsets.UTF_8), "cap/my.cnf".getBytes(StandardCharsets.UTF_8));
        replace(b, new byte[] {(byte) 0xC3, (byte) 0xA9, '.'}, new byte[] {(byte) 0xC3, 0x28, '.'});
        Files.write(z, b);
        Capture c = loader.load(z);
        assertEquals(List.of("my.cnf", "same"), paths(c));
        assertEquals(CNF, Files.readString(c.root().resolve("my.cnf")), "the first copy is kept");
        String n = notes(c);
        assertTrue(n.contains("nul\\0name.txt") && n.contains("NUL"), n);
        assertTrue(n.contains("longer than 255 bytes") && n.contains("nnnn"), n);
        assertTrue(n.contains("nested too deep"), n);
        assertTrue(n.contains("'cap/same/inner.txt'") && n.contains("a file and a folder of the same name"), n);
        assertTrue(n.contains("entry '' cannot be created here (it has no name)"), n);
        assertTrue(n.contains("'cap/.' appears as both a file and a folder"), n);
        assertTrue(n.contains("'cap/my.cnf' appears twice; the first copy was kept"), n);
        assertTrue(n.contains("bad-\\xC3(.txt") && n.contains("not valid UTF-8"), n);
        ArchiveExtractor.release(c.root());
    }

    private static void replace(byte[] b, byte[] what, byte[] with) {
        for (int i = 0; i + what.length <= b.length; i++) {
            boolean eq = true;
            for (int j = 0; j < what.length && eq; j++) {
                eq = b[i + j] == what[j];
            }
            if (eq) {
                System.arraycopy(with, 0, b, i, with.length);
            }
        }
    }

    /** A tar writer for hostile headers: GNU long names, any type, any size field. */
    static final class Tar {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Tar entry(String name, char type, byte[] data, String link) throws IOException {
            byte[] nb = name.getBytes(StandardCharsets.UTF_8);
            if (nb.length > 99) {
                byte[] ln = java.util.Arrays.copyOf(nb, nb.length + 1);
                header("././@LongLink", 'L', ln.length, null, null);
                out.write(ln);
                out.write(new byte[(512 - ln.length % 512) % 512]);
                name = name.substring(0, 50);
            }
            header(name, type, data.length, null, link);
            out.write(data);
            out.write(new byte[(512 - data.length % 512) % 512]);
            return this;
        }

        void header(String name, char type, long size, byte[] rawSize, String link) {
            byte[] h = new byte[512];
            put(h, 0, name, 100);
            put(h, 100, "0000644", 8);
            put(h, 108, "0000000", 8);
            put(h, 116, "0000000", 8);
            if (rawSize != null) {
                System.arraycopy(rawSize, 0, h, 124, 12);
            } else {
                put(h, 124, String.format("%011o", size), 12);
            }
            put(h, 136, "00000000000", 12);
            h[156] = (byte) type;
            if (link != null) {
                put(h, 157, link, 100);
            }
            put(h, 257, "ustar ", 6);
            h[263] = ' ';
            java.util.Arrays.fill(h, 148, 156, (byte) ' ');
            int sum = 0;
            for (byte x : h) {
                sum += x & 0xFF;
            }
            put(h, 148, String.format("%06o", sum), 7);
            h[154] = 0;
            out.write(h, 0, 512);
        }

        Path gz(Path p) throws IOException {
            out.write(new byte[1024], 0, 1024);
            try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(p))) {
                o.write(out.toByteArray());
            }
            return p;
        }

        private static void put(byte[] h, int off, String s, int len) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            System.arraycopy(b, 0, h, off, Math.min(b.length, len));
        }
    }

    @Test
    void tarLinksNegativeSizesAndRepeatsAreNotedNotThrown() throws Exception {
        Tar t = new Tar()
                .entry("./", '5', new byte[0], null)
                .entry("./my.cnf", '0', CNF.getBytes(StandardCharsets.UTF_8), null)
                .entry("./my.cnf", '0', "second".getBytes(StandardCharsets.UTF_8), null)
                .entry("./passwd", '2', new byte[0], "/etc/passwd")
                .entry("./" + "long-".repeat(30) + ".txt", '0', "x".getBytes(StandardCharsets.UTF_8), null);
        byte[] negative = new byte[12];
        java.util.Arrays.fill(negative, (byte) 0xFF);
        t.header("././@LongLink", 'L', 0, negative, null);
        Path p = t.gz(tmp.resolve("hostile.tar.gz"));
        Capture c = loader.load(p);
        assertEquals(List.of("long-".repeat(30) + ".txt", "my.cnf"), paths(c));
        assertEquals(CNF, Files.readString(c.root().resolve("my.cnf")));
        String n = notes(c);
        assertTrue(n.contains("'./my.cnf' appears twice"), n);
        assertTrue(n.contains("symbolic link './passwd' -> '/etc/passwd' was not unpacked"), n);
        assertTrue(n.contains("negative size (-1)"), n);
        ArchiveExtractor.release(c.root());
    }

    @Test
    void aLinkInsideTheTargetFolderIsNotWrittenThrough() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Path dest = Files.createDirectories(tmp.resolve("dest"));
        Files.createSymbolicLink(dest.resolve("cap"), outside);
        Path z = zip("through.zip", null, "cap/x.txt", "x", "ok.txt", "y");
        ArchiveExtractor ex = new ArchiveExtractor(1 << 20, 100);
        ex.extract(z, dest);
        assertFalse(Files.exists(outside.resolve("x.txt")), "nothing written through the link");
        assertTrue(Files.exists(dest.resolve("ok.txt")));
        assertTrue(ex.notes().get(0).contains("'cap/x.txt' would be written through a link"), ex.notes().toString());
    }

    @Test
    void aBombIsRefusedBeforeItsBytesAreWritten() throws Exception {
        byte[] chunk = new byte[1 << 20];
        java.util.Arrays.fill(chunk, (byte) 'a');
        Path zip = tmp.resolve("bomb.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            z.putNextEntry(new ZipEntry("small.txt"));
            z.write(1);
            z.putNextEntry(new ZipEntry("zeros.txt"));
            for (int i = 0; i < 12; i++) {
                z.write(chunk);
            }
        }
        Tar t = new Tar().entry("small.txt", '0', new byte[] {1}, null);
        t.header("zeros.txt", '0', 12L << 20, null, null);
        for (int i = 0; i < 12; i++) {
            t.out.write(chunk);
        }
        Path tgz = t.gz(tmp.resolve("bomb.tar.gz"));
        for (Path bomb : List.of(zip, tgz)) {
            Path dest = Files.createDirectories(tmp.resolve("into-" + bomb.getFileName()));
            CaptureException e = assertThrows(CaptureException.class, () -> new ArchiveExtractor(10L << 20, 100).extract(bomb, dest));
            assertTrue(e.getMessage().contains("more than 10 MB"), e.getMessage());
            long bytes;
            try (Stream<Path> s = Files.walk(dest)) {
                bytes = s.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
            }
            assertTrue(bytes <= 1, bomb + ": " + bytes + " bytes written before the bound stopped it");
        }
    }

    private static Set<String> tempFolders() throws IOException {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("tunescope-")).collect(java.util.stream.Collectors.toSet());
        }
    }

    @Test
    void cancelStopsUnpackingAndTheTemporaryFolderGoes() throws Exception {
        Path big = tmp.resolve("big.zip");
        byte[] chunk = new byte[1 << 16];
        new java.util.Random(1).nextBytes(chunk);
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(big))) {
            for (int i = 0; i < 40; i++) {
                z.putNextEntry(new ZipEntry("f" + i + ".bin"));
                z.write(chunk);
            }
        }
        Set<String> before = tempFolders();
        Set<Path> heldBefore = ArchiveExtractor.held();
        AtomicInteger calls = new AtomicInteger();
        AtomicReference<Set<Path>> heldWhileUnpacking = new AtomicReference<>();
        assertThrows(CancelledException.class, () -> loader.load(big, LoadListener.NONE, () -> {
            if (calls.incrementAndGet() == 5) {
                heldWhileUnpacking.set(new java.util.HashSet<>(ArchiveExtractor.held()));
            }
            return calls.get() > 5;
        }));
        heldWhileUnpacking.get().removeAll(heldBefore);
        assertFalse(heldWhileUnpacking.get().isEmpty(), "the folder is registered for deletion at exit before unpacking");
        assertTrue(calls.get() < 40, "cancel was seen during unpacking, not after it: " + calls.get() + " checks");
        assertEquals(before, tempFolders(), "the temporary folder is deleted on cancel");
        for (Path p : heldWhileUnpacking.get()) {
            assertFalse(ArchiveExtractor.held().contains(p));
        }
    }

    @Test
    void closingACaptureDeletesItsUnpackedCopy() throws Exception {
        Capture c = loader.load(zip("cap.zip", null, "cap/my.cnf", CNF));
        Path root = c.root();
        assertTrue(Files.isDirectory(root));
        List<Path> held = new ArrayList<>(ArchiveExtractor.held());
        assertTrue(held.stream().anyMatch(root::startsWith));
        CaptureLoader.release(c);
        assertFalse(Files.exists(root));
        assertTrue(ArchiveExtractor.held().stream().noneMatch(root::startsWith));
        // a folder capture is never deleted
        Path folder = Files.createDirectories(tmp.resolve("folder"));
        Files.writeString(folder.resolve("my.cnf"), CNF);
        CaptureLoader.release(loader.load(folder));
        assertTrue(Files.exists(folder.resolve("my.cnf")));
    }
}
