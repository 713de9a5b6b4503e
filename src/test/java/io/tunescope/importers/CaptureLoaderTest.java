package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.FileStatus;
import io.tunescope.model.capture.SourceFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaptureLoaderTest {
    @TempDir
    Path tmp;

    private final CaptureLoader loader = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry(), 2, 10L << 20);

    private static final String CNF = "[mysqld]\ninnodb_buffer_pool_size = 1G\nmax_connections = 200\n";
    private static final String SYSCTL = "kernel.numa_balancing = 1\nvm.swappiness = 60\nvm.dirty_ratio = 20\nkernel.pid_max = 4194304\n";

    private SourceFile file(Capture c, String path) {
        return c.files().stream().filter(f -> f.path().equals(path)).findFirst()
                .orElseThrow(() -> new AssertionError("no file " + path + " in " + c.files().stream().map(SourceFile::path).toList()));
    }

    @Test
    void numberedSubFoldersAreStepsInNameOrderWithNotes() throws Exception {
        Path c = tmp.resolve("cap");
        Files.createDirectories(c.resolve("01-raw-disk"));
        Files.createDirectories(c.resolve("00-baseline"));
        Files.writeString(c.resolve("00-baseline/my.cnf"), CNF);
        Files.writeString(c.resolve("01-raw-disk/my.cnf"), CNF.replace("200", "400"));
        Files.writeString(c.resolve("01-raw-disk/notes.md"), "# Raw disk for the redo log\nmore text\n");
        Capture cap = loader.load(c);
        assertEquals(List.of("00-baseline", "01-raw-disk"), cap.steps().stream().map(s -> s.dir()).toList());
        assertEquals("Raw disk for the redo log", cap.steps().get(1).change());
        assertEquals(2, cap.files().size(), "notes.md is step metadata, not data");
        assertEquals("400", cap.inStep(ConfigDatasets.MYCNF, "01-raw-disk").get(0).value().get("max_connections").orElseThrow());
    }

    @Test
    void manifestNamesStepsLabelsAndOrder() throws Exception {
        Path c = tmp.resolve("cap");
        Files.createDirectories(c.resolve("b"));
        Files.createDirectories(c.resolve("a"));
        Files.writeString(c.resolve("a/my.cnf"), CNF);
        Files.writeString(c.resolve("b/my.cnf"), CNF);
        Files.writeString(c.resolve("tunescope.json"), """
                {"title": "Kunpeng run", "host": "db1", "steps": [
                  {"dir": "b", "label": "Baseline", "change": "none", "date": "2026-01-02"},
                  {"dir": "a", "label": "Bind NUMA", "change": "numactl --cpunodebind=0 --membind=0"},
                  {"dir": "../etc", "label": "outside"}]}
                """);
        Capture cap = loader.load(c);
        assertEquals("Kunpeng run", cap.title());
        assertEquals("db1", cap.meta().get("host"));
        assertEquals(List.of("b", "a"), cap.steps().stream().map(s -> s.dir()).toList());
        assertEquals("Bind NUMA", cap.steps().get(1).label());
        assertTrue(cap.notes().stream().anyMatch(d -> d.message().contains("../etc")));
    }

    @Test
    void brokenBinaryEmptyAndUnknownFilesDoNotStopTheRest() throws Exception {
        Path c = tmp.resolve("cap");
        Files.createDirectories(c);
        Files.writeString(c.resolve("my.cnf"), CNF);
        Files.writeString(c.resolve("sysctl.txt"), SYSCTL);
        byte[] bin = new byte[2048];
        new java.util.Random(1).nextBytes(bin);
        Files.write(c.resolve("perf.data"), bin);
        Files.write(c.resolve("empty.txt"), new byte[0]);
        Files.writeString(c.resolve("notes.txt"), "we changed things today and tps went up\n");
        // recognised as variables but with no rows at all after the header: an error, not a crash
        Files.writeString(c.resolve("vars.txt"), "Variable_name\tValue\n\u0000\u0000\u0000");
        Capture cap = loader.load(c);
        assertEquals(FileStatus.OK, file(cap, "my.cnf").status());
        assertEquals(FileStatus.OK, file(cap, "sysctl.txt").status());
        assertEquals(FileStatus.UNRECOGNISED, file(cap, "perf.data").status());
        assertTrue(file(cap, "perf.data").diagnostics().get(0).message().contains("binary"));
        assertEquals(FileStatus.UNRECOGNISED, file(cap, "empty.txt").status());
        assertTrue(file(cap, "empty.txt").diagnostics().get(0).message().contains("empty"));
        SourceFile notes = file(cap, "notes.txt");
        assertEquals(FileStatus.UNRECOGNISED, notes.status());
        assertFalse(notes.sniffs().isEmpty(), "not recognised files carry every importer's reason");
        assertEquals(6, cap.files().size(), "nothing silently dropped");
    }

    @Test
    void truncatedAndMalformedLinesGiveLineNumbers() throws Exception {
        Path c = tmp.resolve("cap");
        Files.createDirectories(c);
        Files.writeString(c.resolve("my.cnf"), "[mysqld]\r\nmax_connections = 10\r\n%%% broken line\r\n[mysqld\r\ninnodb_io_capacity = 2000");
        Capture cap = loader.load(c);
        SourceFile f = file(cap, "my.cnf");
        assertEquals(FileStatus.WARNING, f.status());
        assertEquals(List.of(3L, 4L), f.diagnostics().stream().map(d -> d.line()).toList());
        assertTrue(f.diagnostics().get(0).message().startsWith("my.cnf: "), "messages name the file");
        assertEquals(Map.of("max_connections", "10", "innodb_io_capacity", "2000"),
                ((io.tunescope.model.config.ConfigSnapshot) f.value()).values());
    }

    @Test
    void tarGzAndZipCapturesLoad() throws Exception {
        Path tgz = tmp.resolve("cap.tar.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(tgz))) {
            out.write(Tar.of(Map.of("cap/00-base/my.cnf", CNF, "cap/00-base/sysctl.txt", SYSCTL, "cap/01-next/my.cnf", CNF)));
        }
        Capture a = loader.load(tgz);
        assertEquals("cap", a.name());
        assertEquals(2, a.steps().size());
        assertEquals(3, a.count(FileStatus.OK));
        assertTrue(a.root().toString().contains("tunescope-"), "unpacked into a private temporary folder");

        Path zip = tmp.resolve("cap.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            z.putNextEntry(new ZipEntry("my.cnf"));
            z.write(CNF.getBytes(StandardCharsets.UTF_8));
            z.putNextEntry(new ZipEntry("sysctl.txt"));
            z.write(SYSCTL.getBytes(StandardCharsets.UTF_8));
        }
        Capture b = loader.load(zip);
        assertEquals(2, b.count(FileStatus.OK));
    }

    @Test
    void pathTraversalAndAbsoluteEntriesRejectTheArchive() throws Exception {
        Path tgz = tmp.resolve("evil.tgz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(tgz))) {
            out.write(Tar.of(Map.of("cap/my.cnf", CNF, "cap/../../escaped.txt", "x")));
        }
        CaptureException e = assertThrows(CaptureException.class, () -> loader.load(tgz));
        assertTrue(e.getMessage().contains("..") && e.getMessage().contains("evil.tgz"), e.getMessage());
        assertFalse(Files.exists(tmp.resolve("escaped.txt")));

        Path zip = tmp.resolve("abs.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            z.putNextEntry(new ZipEntry("/etc/cron.d/x"));
            z.write(1);
        }
        CaptureException e2 = assertThrows(CaptureException.class, () -> loader.load(zip));
        assertTrue(e2.getMessage().contains("absolute"), e2.getMessage());
    }

    @Test
    void archiveBombIsRejected() throws Exception {
        Path bomb = tmp.resolve("bomb.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(bomb))) {
            z.putNextEntry(new ZipEntry("zeros.txt"));
            byte[] chunk = new byte[1 << 20];
            java.util.Arrays.fill(chunk, (byte) 'a');
            for (int i = 0; i < 12; i++) {
                z.write(chunk);
            }
        }
        assertTrue(Files.size(bomb) < 200_000, "the test archive itself is small");
        CaptureException e = assertThrows(CaptureException.class, () -> loader.load(bomb));
        assertTrue(e.getMessage().contains("more than 10 MB"), e.getMessage());
    }

    @Test
    void truncatedArchiveIsAClearError() throws Exception {
        Path tgz = tmp.resolve("cut.tar.gz");
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bo)) {
            out.write(Tar.of(Map.of("cap/my.cnf", CNF.repeat(200))));
        }
        byte[] all = bo.toByteArray();
        Files.write(tgz, java.util.Arrays.copyOf(all, all.length / 2));
        CaptureException e = assertThrows(CaptureException.class, () -> loader.load(tgz));
        assertTrue(e.getMessage().contains("cut.tar.gz"), e.getMessage());
    }

    @Test
    void cancellationStopsTheLoad() throws Exception {
        Path c = tmp.resolve("cap");
        Files.createDirectories(c);
        for (int i = 0; i < 20; i++) {
            Files.writeString(c.resolve("f" + i + ".cnf"), CNF);
        }
        AtomicInteger calls = new AtomicInteger();
        assertThrows(CancelledException.class, () -> loader.load(c, LoadListener.NONE, () -> calls.incrementAndGet() > 3));
    }

    @Test
    void loaderNeverWritesIntoTheCapture() throws Exception {
        Path c = tmp.resolve("cap");
        Files.createDirectories(c.resolve("00-a"));
        Files.writeString(c.resolve("00-a/my.cnf"), CNF);
        long before;
        try (var s = Files.walk(c)) {
            before = s.count();
        }
        loader.load(c);
        try (var s = Files.walk(c)) {
            assertEquals(before, s.count());
        }
    }

    @Test
    void missingPathIsACaptureException() {
        CaptureException e = assertThrows(CaptureException.class, () -> loader.load(tmp.resolve("nope")));
        assertTrue(e.getMessage().contains("no such file"));
    }

    /** A minimal ustar writer for the tests (the product only reads tar). */
    static final class Tar {
        static byte[] of(Map<String, String> files) throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (var e : new java.util.TreeMap<>(files).entrySet()) {
                byte[] data = e.getValue().getBytes(StandardCharsets.UTF_8);
                byte[] h = new byte[512];
                put(h, 0, e.getKey(), 100);
                put(h, 100, "0000644", 8);
                put(h, 108, "0000000", 8);
                put(h, 116, "0000000", 8);
                put(h, 124, String.format("%011o", data.length), 12);
                put(h, 136, "00000000000", 12);
                h[156] = '0';
                put(h, 257, "ustar", 6);
                h[263] = '0';
                h[264] = '0';
                java.util.Arrays.fill(h, 148, 156, (byte) ' ');
                int sum = 0;
                for (byte b : h) {
                    sum += b & 0xFF;
                }
                put(h, 148, String.format("%06o", sum), 7);
                h[154] = 0;
                out.write(h);
                out.write(data);
                out.write(new byte[(512 - data.length % 512) % 512]);
            }
            out.write(new byte[1024]);
            return out.toByteArray();
        }

        private static void put(byte[] h, int off, String s, int len) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            System.arraycopy(b, 0, h, off, Math.min(b.length, len));
        }
    }
}
