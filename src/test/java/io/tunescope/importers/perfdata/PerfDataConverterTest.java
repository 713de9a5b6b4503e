package io.tunescope.importers.perfdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.PerfData;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.capture.FileStatus;
import io.tunescope.model.capture.SourceFile;
import io.tunescope.model.perfreport.PerfHeader;
import io.tunescope.model.stack.StackProfile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A binary perf.data in a capture: told by its PERFILE2 magic and listed as such, converted with this machine's perf into
 * Tunescope's own temporary folder (never beside the capture), with clear outcomes when perf is missing, fails or hangs.
 */
class PerfDataConverterTest {
    static final Path RECORDING = Path.of("src/test/resources/importers/perf-data/sleep-cpu-clock-g.data");

    @TempDir
    Path tmp;

    private static CaptureLoader loader() {
        return new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry());
    }

    private Path captureWithRecording() throws IOException {
        Path cap = Files.createDirectories(tmp.resolve("capture"));
        // a name that says nothing: recognised by content
        Files.copy(RECORDING, cap.resolve("recording.bin"));
        Files.writeString(cap.resolve("notes.txt"), "run 1\n");
        return cap;
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void magicInEitherByteOrder() throws IOException {
        assertTrue(PerfData.is(RECORDING));
        byte[] swapped = "2ELIFREP\0\0\0\0".getBytes(StandardCharsets.US_ASCII);
        assertTrue(PerfData.magic(swapped, swapped.length));
        byte[] other = "PERFILE1\0\0".getBytes(StandardCharsets.US_ASCII);
        assertFalse(PerfData.magic(other, other.length));
        assertFalse(PerfData.magic(swapped, 7));
    }

    @Test
    void listedAsBinaryPerfDataNotAsUnrecognised() throws Exception {
        Capture c = loader().load(captureWithRecording());
        SourceFile f = c.files().stream().filter(x -> x.path().equals("recording.bin")).findFirst().orElseThrow();
        assertEquals(PerfData.FORMAT, f.format());
        assertEquals(Confidence.CERTAIN, f.confidence());
        assertEquals("binary perf.data: run perf script on the recording machine", f.reason());
        assertEquals(FileStatus.UNRECOGNISED, f.status(), "Tunescope does not read it itself");
        assertTrue(f.diagnostics().get(0).message().contains("tunescope inspect --perf-data"), f.diagnostics().toString());
    }

    @Test
    void convertsIntoItsOwnTemporaryFolderAndReadsTheText() throws Exception {
        var perf = PerfDataConverter.findPerf();
        assumeTrue(perf.isPresent(), "perf is installed on the build machine (.ci installs linux-perf)");
        Path cap = captureWithRecording();
        List<String> before = listing(cap);
        Capture c = loader().load(cap);
        PerfDataConverter conv = new PerfDataConverter(perf.get());
        try {
            var o = conv.convert(cap.resolve("recording.bin"), "recording.bin", () -> false);
            assertTrue(o.status().converted(), o.message());
            assertTrue(o.script().startsWith(conv.workDir()) && o.header().startsWith(conv.workDir()), o.script().toString());
            assertFalse(o.script().startsWith(cap));
            Capture with = PerfDataConverter.withConverted(c, List.of(o), loader(), () -> false);
            SourceFile script = with.files().stream().filter(x -> x.path().equals("recording.bin.perf-script.txt")).findFirst().orElseThrow();
            assertEquals("perf-script", script.format(), script.reason());
            StackProfile p = (StackProfile) script.value();
            assertEquals(30, p.samples(), "perf record said 30 samples");
            SourceFile header = with.files().stream().filter(x -> x.path().equals("recording.bin.header.txt")).findFirst().orElseThrow();
            assertNotNull(((PerfHeader) header.value()).get("captured on"));
            SourceFile data = with.files().stream().filter(x -> x.path().equals("recording.bin")).findFirst().orElseThrow();
            assertEquals("binary perf.data, converted with perf script on this machine", data.reason());
            // the one reading places the converted profile on the clock by the header beside it
            var reading = io.tunescope.session.CaptureSession.of(with).reading();
            assertNotNull(reading.clocks().file("recording.bin.perf-script.txt").end());
            // converting again (a second click) replaces the text read before, it does not list it twice
            var again = conv.convert(cap.resolve("recording.bin"), "recording.bin", () -> false);
            Capture twice = PerfDataConverter.withConverted(with, List.of(again), loader(), () -> false);
            assertEquals(with.files().size(), twice.files().size());
        } finally {
            conv.release();
        }
        assertEquals(before, listing(cap), "nothing written beside the user's files");
        assertNull(conv.workDir());
    }

    @Test
    void noPerfOnThePathIsSaid() {
        assertTrue(PerfDataConverter.findPerf(tmp.toString()).isEmpty());
        assertTrue(PerfDataConverter.findPerf("").isEmpty());
        var o = new PerfDataConverter(tmp.resolve("perf")).convert(RECORDING, "run/perf.data", () -> false);
        assertEquals(PerfDataConverter.Status.NO_PERF, o.status());
        assertEquals("run/perf.data: no perf binary on this machine's PATH: run perf script on the recording machine "
                + "(perf script -i perf.data > perf.data.txt) and add the text to the capture", o.message());
    }

    /** A stand-in perf binary: a shell script (its behaviour is the test's). */
    private Path fakePerf(String body) throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path p = bin.resolve("perf");
        Files.writeString(p, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void perfsOwnErrorIsKept() throws IOException {
        Path perf = fakePerf("echo 'incompatible file format (rerun with -v to learn more)' >&2\nexit 255");
        assertEquals(perf, PerfDataConverter.findPerf(tmp.resolve("nothing") + java.io.File.pathSeparator + perf.getParent()).orElseThrow());
        PerfDataConverter conv = new PerfDataConverter(perf);
        try {
            var o = conv.convert(RECORDING, "perf.data", () -> false);
            assertEquals(PerfDataConverter.Status.FAILED, o.status());
            assertEquals("perf.data: perf report --header-only failed: incompatible file format (rerun with -v to learn more); run perf "
                    + "script on the recording machine", o.message());
        } finally {
            conv.release();
        }
    }

    @Test
    void aHangingPerfIsStoppedAtTheTimeLimit() throws IOException {
        Path perf = fakePerf("exec sleep 60");
        PerfDataConverter conv = new PerfDataConverter(perf, Duration.ofMillis(300), PerfDataConverter.DEFAULT_MAX_OUTPUT);
        try {
            var o = conv.convert(RECORDING, "perf.data", () -> false);
            assertEquals(PerfDataConverter.Status.TIMED_OUT, o.status());
            assertTrue(o.message().startsWith("perf.data: perf report --header-only was stopped after 0 s"), o.message());
            var c = conv.convert(RECORDING, "perf.data", () -> true);
            assertEquals(PerfDataConverter.Status.CANCELLED, c.status());
        } finally {
            conv.release();
        }
    }

    @Test
    void unresolvedFramesSayTheSymbolsAreOnTheRecordingMachine() throws IOException {
        // perf script of a recording whose binaries are not on this machine: every user frame [unknown]
        Path perf = fakePerf("""
                case "$1" in
                  report) printf '# ========\\n# captured on    : Tue Dec  1 22:31:17 2026\\n# hostname : kunpeng-db-01\\n# ========\\n' ;;
                  script) printf 'mysqld  4012 [003] 256.051666:   10101010 cpu-clock:\\n\\t    aaaab1c2d3e4 [unknown] (/usr/sbin/mysqld)\\n\\t    aaaab1c2d000 [unknown] (/usr/sbin/mysqld)\\n\\tffff800010001234 el0_svc+0x10 ([kernel.kallsyms])\\n\\n' ;;
                esac""");
        PerfDataConverter conv = new PerfDataConverter(perf);
        try {
            var o = conv.convert(RECORDING, "perf.data", () -> false);
            assertEquals(PerfDataConverter.Status.CONVERTED_NO_SYMBOLS, o.status(), o.message());
            assertTrue(o.message().contains("67 % of the frames have no symbol ([unknown]) (recorded on kunpeng-db-01, converted on "),
                    o.message());
            assertTrue(o.message().contains("run perf archive there and unpack its tarball into ~/.debug here"), o.message());
        } finally {
            conv.release();
        }
    }
}
