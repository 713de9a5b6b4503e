package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.capture.FileStatus;
import io.tunescope.model.capture.SourceFile;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One file, or one folder, never takes down a capture: failures stay with the file and name it. */
class CaptureContainmentTest {
    private static final String SYSCTL = "kernel.numa_balancing = 1\nvm.swappiness = 60\nvm.dirty_ratio = 20\n";

    @TempDir
    Path tmp;

    private static SourceFile file(Capture c, String path) {
        return c.files().stream().filter(f -> f.path().equals(path)).findFirst()
                .orElseThrow(() -> new AssertionError("no file " + path + " in " + c.files().stream().map(SourceFile::path).toList()));
    }

    private static String messages(SourceFile f) {
        return String.join("\n", f.diagnostics().stream().map(Diagnostic::message).toList());
    }

    /** An importer that fails in the way it is told to, for files that start with its marker. */
    private static final class Failing implements Importer<String> {
        private final String marker;
        private final Throwable inSniff;
        private final Throwable inParse;

        Failing(String marker, Throwable inSniff, Throwable inParse) {
            this.marker = marker;
            this.inSniff = inSniff;
            this.inParse = inParse;
        }

        @Override
        public String format() {
            return "failing-" + marker;
        }

        @Override
        public String description() {
            return "a test format";
        }

        @Override
        public Dataset<String> dataset() {
            return Dataset.of("test.failing-" + marker, String.class);
        }

        @Override
        public Sniff sniff(Head head) {
            if (inSniff != null) {
                sneak(inSniff);
            }
            return head.firstNonBlank().startsWith(marker) ? Sniff.certain("marker") : Sniff.no("no marker");
        }

        @Override
        public ImportResult<String> parse(ImportContext ctx) throws IOException {
            try (ImportContext.Lines l = ctx.lines()) {
                l.next();
                l.next();
                sneak(inParse);
            }
            return ctx.result("");
        }

        @Override
        public Map<String, Object> summarize(String value) {
            return Map.of();
        }

        @SuppressWarnings("unchecked")
        private static <E extends Throwable> void sneak(Throwable e) throws E {
            throw (E) e;
        }
    }

    private static CaptureLoader loaderWith(Importer<?>... extra) {
        List<Importer<?>> all = new ArrayList<>(List.of(extra));
        all.addAll(StandardImporters.registry().importers());
        return new CaptureLoader(new ImporterRegistry(all), 2, 10L << 20);
    }

    @Test
    void aSnifferThatOverflowsTheStackIsNamedAndTheFileStillLoads() throws Exception {
        Path c = tmp.resolve("cap");
        Files.createDirectories(c);
        Files.writeString(c.resolve("sysctl.txt"), SYSCTL);
        Capture cap = loaderWith(new Failing("x", new StackOverflowError(), null)).load(c);
        SourceFile f = file(cap, "sysctl.txt");
        assertEquals("sysctl", f.format(), "the other importers still decide");
        assertTrue(messages(f).contains("sysctl.txt: the failing-x reader could not check it (a line too long or too deeply nested to read)"),
                messages(f));
        assertFalse(messages(f).contains("StackOverflowError"), messages(f));
    }

    @Test
    void aParserErrorStaysWithItsFileWithTheLineWhereItHappened() throws Exception {
        Path c = tmp.resolve("cap");
        Files.createDirectories(c);
        Files.writeString(c.resolve("sysctl.txt"), SYSCTL);
        Files.writeString(c.resolve("odd.txt"), "MARK\nsecond line\nthird\n");
        for (Throwable t : List.of(new StackOverflowError(), new NullPointerException("x is null"), new AssertionError("no"),
                new NoClassDefFoundError("Gone"))) {
            Capture cap = loaderWith(new Failing("MARK", null, t)).load(c);
            SourceFile odd = file(cap, "odd.txt");
            assertEquals(FileStatus.ERROR, odd.status(), t.toString());
            assertTrue(messages(odd).startsWith("odd.txt, line 2: the a test format reader stopped on "), messages(odd));
            assertFalse(messages(odd).contains("Error") || messages(odd).contains("Exception"), messages(odd));
            assertEquals(2, odd.diagnostics().get(0).line());
            assertEquals(FileStatus.OK, file(cap, "sysctl.txt").status(), "the rest of the capture loads");
        }
    }

    @Test
    void aPathologicalNumastatHeaderLineDoesNotFailTheCapture() throws Exception {
        // Before: NumastatImporter.HEADER recursed once per column and threw StackOverflowError out of
        // ImporterRegistry.detect (it caught RuntimeException only): every command failed.
        Path c = tmp.resolve("cap");
        Files.createDirectories(c);
        Files.writeString(c.resolve("sysctl.txt"), SYSCTL);
        Files.writeString(c.resolve("numastat.txt"), "Per-node numastat info (in MBs):\n" + "node0 ".repeat(40_000) + "\n");
        Files.writeString(c.resolve("sysctl-long.txt"), "kernel." + "1.".repeat(100_000) + " = 1\n" + SYSCTL);
        Capture cap = new CaptureLoader(StandardImporters.registry(), 2, 10L << 20).load(c);
        assertEquals(FileStatus.OK, file(cap, "sysctl.txt").status());
        assertEquals(3, cap.files().size());
    }

    @Test
    void anUnreadableSubFolderIsListedAndTheRestLoads() throws Exception {
        Path c = tmp.resolve("cap");
        Files.createDirectories(c.resolve("00-base/private"));
        Files.createDirectories(c.resolve("01-tuned"));
        Files.writeString(c.resolve("00-base/sysctl.txt"), SYSCTL);
        Files.writeString(c.resolve("00-base/private/sysctl.txt"), SYSCTL);
        Files.writeString(c.resolve("01-tuned/sysctl.txt"), SYSCTL.replace("60", "1"));
        Path denied = c.resolve("00-base/private");
        CaptureLoader loader = new CaptureLoader(StandardImporters.registry(), 2, 10L << 20).withLister(dir -> {
            if (dir.equals(denied)) {
                throw new AccessDeniedException(dir.toString());
            }
            return CaptureLoader.FolderLister.FILES.list(dir);
        });
        Capture cap = loader.load(c);
        assertEquals(List.of("00-base/sysctl.txt", "01-tuned/sysctl.txt"), cap.files().stream().map(SourceFile::path).toList());
        assertTrue(cap.notes().stream().anyMatch(n -> n.message().equals(
                "00-base/private/: this folder cannot be read (permission denied); its files were not loaded, the rest of the capture was")),
                cap.notes().toString());
    }

    @Test
    void aFolderWithoutPermissionsIsListedAndTheRestLoads() throws Exception {
        assumeFalse("root".equals(System.getProperty("user.name")),
                "running as root: folder permissions do not stop root from reading (the lister test above covers it)");
        Path c = tmp.resolve("cap");
        Files.createDirectories(c.resolve("private"));
        Files.writeString(c.resolve("sysctl.txt"), SYSCTL);
        Files.writeString(c.resolve("private/sysctl.txt"), SYSCTL);
        Files.setPosixFilePermissions(c.resolve("private"), PosixFilePermissions.fromString("---------"));
        try {
            Capture cap = new CaptureLoader(StandardImporters.registry(), 2, 10L << 20).load(c);
            assertEquals(List.of("sysctl.txt"), cap.files().stream().map(SourceFile::path).toList());
            assertTrue(cap.notes().stream().anyMatch(n -> n.message().startsWith("private/: this folder cannot be read")));
        } finally {
            Files.setPosixFilePermissions(c.resolve("private"), PosixFilePermissions.fromString("rwx------"));
        }
    }
}
