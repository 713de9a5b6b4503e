package io.tunescope.importers;

import io.tunescope.analysis.reading.CaptureReading;
import io.tunescope.analysis.reading.FileClock;
import io.tunescope.analysis.reading.TimeSource;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.FileStatus;
import io.tunescope.model.capture.SourceFile;
import io.tunescope.model.capture.Step;
import io.tunescope.testutil.HandCaptures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real pt-stalk collection (captures/pt-stalk-2x.tar.gz, see its README): one step per sample prefix. */
class PtStalkCaptureTest {
    private static Capture capture;

    @BeforeAll
    static void load() throws Exception {
        capture = new CaptureLoader(StandardImporters.registry()).load(HandCaptures.get("pt-stalk-2x.tar.gz", Path.of("unused")));
    }

    private static Map<String, String> formats(String step) {
        Map<String, String> out = new TreeMap<>();
        for (SourceFile f : capture.files()) {
            if (f.step().equals(step) && f.status() != FileStatus.UNRECOGNISED) {
                out.put(f.path().substring(step.length() + 1), f.format() + "/" + f.status().slug());
            }
        }
        return out;
    }

    private static SourceFile file(String path) {
        return capture.files().stream().filter(f -> f.path().equals(path)).findFirst().orElseThrow(() -> new AssertionError(path));
    }

    @Test
    void eachPrefixIsAStepLabelledWithItsTime() {
        assertEquals("pt-stalk", capture.meta().get(CaptureLoader.LAYOUT));
        assertEquals(List.of(new Step(0, "2026_12_02_02_35_20", "2026-12-02 02:35:20", "", "2026-12-02T02:35:20"),
                new Step(1, "2026_12_02_02_35_25", "2026-12-02 02:35:25", "", "2026-12-02T02:35:25")), capture.steps());
        assertEquals(63, capture.files().size());
        assertTrue(capture.files().stream().allMatch(f -> f.path().startsWith(f.step() + "-") && !f.step().isEmpty()),
                "every file belongs to the sample of its prefix");
        assertEquals(32, capture.files().stream().filter(f -> f.step().equals("2026_12_02_02_35_20")).count());
        assertEquals(31, capture.files().stream().filter(f -> f.step().equals("2026_12_02_02_35_25")).count());
    }

    @Test
    void theToolFilesAreRecognisedByContent() {
        Map<String, String> want = new TreeMap<>(Map.of(
                "innodbstatus1", "innodb-status/ok",
                "innodbstatus2", "innodb-status/ok",
                "interrupts", "proc-interrupts/ok",
                "iostat", "iostat/ok",
                "meminfo", "meminfo/ok",
                "mpstat", "mpstat/ok",
                "mysqladmin", "mysqladmin-ext/ok",
                "sysctl", "sysctl/ok",
                "variables", "mysql-variables/warning",
                "vmstat", "vmstat/ok"));
        assertEquals(want, formats("2026_12_02_02_35_20"));
        assertEquals(want, formats("2026_12_02_02_35_25"));
    }

    @Test
    void overallSummariesAndUnreadFilesAreListedWithAReason() {
        for (String tool : List.of("vmstat", "iostat", "mpstat")) {
            SourceFile f = file("2026_12_02_02_35_25-" + tool + "-overall");
            assertEquals(FileStatus.UNRECOGNISED, f.status());
            assertEquals("pt-stalk whole-sample summary (since boot, then one average over the sample); the per-interval "
                    + "series is read from the -" + tool + " file beside it", f.reason());
            assertNull(f.value());
        }
        for (String tool : List.of("opentables1", "output", "procvmstat", "trigger", "hostname")) {
            SourceFile f = file("2026_12_02_02_35_20-" + tool);
            assertEquals(FileStatus.UNRECOGNISED, f.status(), tool);
            assertEquals("no importer recognised the content", f.reason(), tool);
        }
        assertEquals(List.of("2026_12_02_02_35_20-lock-waits"), capture.files().stream()
                .filter(f -> f.path().endsWith("-lock-waits")).map(SourceFile::path).toList());
    }

    @Test
    void inspectListsTheStepsAndTheFilesItDoesNotRead() {
        java.io.StringWriter out = new java.io.StringWriter();
        int code = io.tunescope.cli.TunescopeCli.run(new String[] {"inspect", HandCaptures.DIR.resolve("pt-stalk-2x.tar.gz").toString()},
                new java.io.PrintWriter(out), new java.io.PrintWriter(new java.io.StringWriter()));
        assertEquals(io.tunescope.cli.TunescopeCli.OK, code);
        String text = out.toString();
        assertTrue(text.startsWith("Capture: pt-stalk-2x (63 files, 2 step(s))\n"
                + "  step 2026_12_02_02_35_20: 2026-12-02 02:35:20\n"
                + "  step 2026_12_02_02_35_25: 2026-12-02 02:35:25\n"), text);
        assertTrue(text.contains("2026_12_02_02_35_25-vmstat-overall  -                      no        unrecognised\n"
                + "    info: 2026_12_02_02_35_25-vmstat-overall: not read as a series (a pt-stalk -overall summary)\n"
                + "    not recognised: pt-stalk whole-sample summary (since boot, then one average over the sample); "
                + "the per-interval series is read from the -vmstat file beside it\n"), text);
        assertTrue(text.contains("2026_12_02_02_35_25-trigger         -                      no        unrecognised\n"
                + "    info: 2026_12_02_02_35_25-trigger: not recognised (2 lines sniffed, UTF-8)\n"
                + "    not recognised: no importer recognised the content\n"), text);
    }

    @Test
    void seriesWithoutTimestampsStartAtTheirSamplePrefix() {
        CaptureReading r = CaptureReading.of(capture);
        FileClock vm = r.clocks().file("2026_12_02_02_35_25-vmstat");
        assertEquals(TimeSource.SAMPLE_PREFIX, vm.source());
        assertEquals("2026-12-02T02:35:25Z", vm.startIso());
        assertEquals("2026-12-02T02:35:38Z", FileClock.iso(vm.end()));
        // mpstat prints its own times: they win over the prefix
        FileClock mp = r.clocks().file("2026_12_02_02_35_20-mpstat");
        assertEquals(TimeSource.CONTENT, mp.source());
        assertEquals("2026-12-02T02:35:22Z", mp.startIso());
    }

    @Test
    void prefixStepsNeedTwoFilesOfOneSampleAndMostOfTheFolder(@TempDir Path tmp) throws Exception {
        assertNull(CaptureLoader.ptStalkSamples(List.of("2026_12_02_02_35_20-vmstat")));
        assertNull(CaptureLoader.ptStalkSamples(List.of("2026_12_02_02_35_20-vmstat", "2026_12_02_02_35_20-iostat",
                "iostat.txt", "vmstat.txt", "driver.log")));
        assertEquals(List.of(new Step(0, "2026_12_02_02_35_20", "2026-12-02 02:35:20", "", "2026-12-02T02:35:20")),
                CaptureLoader.ptStalkSamples(List.of("2026_12_02_02_35_20-vmstat", "2026_12_02_02_35_20-iostat", "README.md")));
        assertNull(CaptureLoader.ptStalkSummary("vmstat-overall"));
        // a plain folder with one vmstat file stays a one-step capture of the whole folder
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        Files.writeString(plain.resolve("2026_12_02_02_35_20-vmstat.txt"), "x\n");
        Capture c = new CaptureLoader(StandardImporters.registry()).load(plain);
        assertEquals(List.of(new Step(0, "", "", "", "")), c.steps());
        assertNull(c.meta().get(CaptureLoader.LAYOUT));
    }
}
