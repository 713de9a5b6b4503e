package io.tunescope.rules;

import io.tunescope.TestData;
import io.tunescope.export.FindingsWriter;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The case-study captures: the expected findings fire, nothing fires on the healthy capture, and the
 * findings of every capture equal its {@code <name>.findings.expected.txt} baseline (refresh with
 * {@code -Dtunescope.refreshGolden=true}; a mismatch writes {@code <name>.findings.actual.txt}).
 */
class CaseStudyFindingsTest {

    private static Path cases() {
        Path d = TestData.sampleData().resolve("case-studies");
        if (!Files.isDirectory(d)) {
            fail("case-study captures missing: " + d.toAbsolutePath() + " (python3 src/test/tools/case_studies.py writes them)");
        }
        return d;
    }

    private static RuleEngine.Report run(String name) throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(cases().resolve(name));
        return io.tunescope.rules.catalog.RuleCatalog.engine().run(c, Settings.defaults());
    }

    private static Set<String> ids(RuleEngine.Report r, String step) {
        Set<String> s = new TreeSet<>();
        r.findings().stream().filter(f -> step == null || f.step().equals(step)).forEach(f -> s.add(f.ruleId()));
        return s;
    }

    @Test
    void diskBoundRunWithIdleCpu() throws Exception {
        RuleEngine.Report r = run("disk-bound-idle-cpu");
        assertEquals(Set.of("IO-SATURATED-CPU-IDLE", "IO-HIGH-AWAIT", "CONC-THROUGHPUT-KNEE", "CONC-P95-RISING-FLAT-TPS"), ids(r, null));
        Finding io = r.findings().stream().filter(f -> f.ruleId().equals("IO-SATURATED-CPU-IDLE")).findFirst().orElseThrow();
        assertTrue(io.evidence().stream().anyMatch(o -> o.ref() != null && o.ref().file().equals("iostat-x.txt") && o.ref().line() > 0),
                io.evidence().toString());
        assertTrue(io.timeWindow().isPresent());
    }

    @Test
    void kneeAt256Threads() throws Exception {
        RuleEngine.Report r = run("knee-256-threads");
        assertEquals(Set.of("CONC-THROUGHPUT-KNEE", "CONC-P95-RISING-FLAT-TPS"), ids(r, null));
        assertTrue(r.findings().get(0).summary().startsWith("Throughput peaks at 256 threads (4297.4 TPS) and falls 30.2 %"),
                r.findings().get(0).summary());
    }

    @Test
    void numaBoundVms() throws Exception {
        RuleEngine.Report r = run("numa-bound-vms");
        // CPUs 8-95 of all four nodes is no binding: balancing is not fighting a placement there
        assertEquals(Set.of("NUMA-VM-SPANS-NODES", "NUMA-REMOTE-ALLOC"), ids(r, "00-64c-unbound"));
        assertEquals(Set.of(), ids(r, "01-48c-bound"));
    }

    @Test
    void softwareCrc32Hotspot() throws Exception {
        RuleEngine.Report r = run("software-crc32-hotspot");
        assertEquals(Set.of("CPU-CRC32-SOFTWARE"), ids(r, null));
        assertEquals(List.of("ut_crc32_sw"), r.findings().get(0).frames());
    }

    @Test
    void boostKitConfigurationOnMysql80() throws Exception {
        RuleEngine.Report r = run("boostkit-mycnf-mysql80");
        assertEquals(Set.of("CFG-UNKNOWN-VARIABLE", "CFG-MEMORY-OVERCOMMIT", "CFG-DURABILITY-RELAXED", "CFG-GROUP-COMMIT-DELAY",
                "CFG-PER-THREAD-BUFFERS", "CFG-REDO-CAPACITY", "CFG-REPEATED-OPTION", "CFG-DEFAULT-AS-TUNING", "CFG-DEPRECATED-VARIABLE",
                "OS-OVERCOMMIT-NOOP"), ids(r, null));
        assertEquals("CFG-UNKNOWN-VARIABLE", r.findings().get(0).ruleId());
        assertEquals(Severity.CRITICAL, r.findings().get(0).severity());
    }

    @Test
    void healthyCaptureHasNothingAtWarningOrAbove() throws Exception {
        RuleEngine.Report r = run("healthy-oltp");
        assertTrue(r.findings().stream().noneMatch(f -> f.severity().atLeast(Severity.WARNING)), FindingsWriter.baseline(r));
        assertTrue(r.withStatus(Result.Status.FAILED).isEmpty(), r.withStatus(Result.Status.FAILED).toString());
        // the control exercises most rules: they ran and passed rather than being skipped
        assertTrue(r.withStatus(Result.Status.PASSED).size() >= 25, "passed: " + r.withStatus(Result.Status.PASSED).size());
    }

    @Test
    void baselines() throws Exception {
        boolean refresh = Boolean.getBoolean("tunescope.refreshGolden");
        List<String> mismatches = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        try (Stream<Path> s = Files.list(cases())) {
            s.filter(Files::isDirectory).sorted().forEach(dirs::add);
        }
        assertTrue(dirs.size() >= 5, dirs.toString());
        try (Stream<Path> s = Files.list(TestData.sampleData())) {
            s.filter(Files::isDirectory).filter(p -> !p.getFileName().toString().equals("case-studies")).sorted().forEach(dirs::add);
        }
        for (Path d : dirs) {
            String name = d.getFileName().toString();
            Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(d);
            String actual = FindingsWriter.baseline(io.tunescope.rules.catalog.RuleCatalog.engine().run(c, Settings.defaults()));
            Path expected = d.resolveSibling(name + ".findings.expected.txt");
            Path actualFile = d.resolveSibling(name + ".findings.actual.txt");
            if (refresh) {
                Files.writeString(expected, actual, StandardCharsets.UTF_8);
                Files.deleteIfExists(actualFile);
                continue;
            }
            if (!Files.exists(expected)) {
                mismatches.add(name + ": no baseline " + expected + " (run with -Dtunescope.refreshGolden=true)");
                continue;
            }
            String want = Files.readString(expected, StandardCharsets.UTF_8);
            if (!want.equals(actual)) {
                Files.writeString(actualFile, actual, StandardCharsets.UTF_8);
                mismatches.add(name + ":\n--- expected\n" + want + "--- actual (" + actualFile + ")\n" + actual);
            } else {
                Files.deleteIfExists(actualFile);
            }
        }
        if (!mismatches.isEmpty()) {
            fail(String.join("\n", mismatches));
        }
    }

    /** Every capture, evaluated in Chinese: the same findings as in English, every one written in Chinese. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("allCaptures")
    void findingsInChinese(Path dir) throws Exception {
        java.util.regex.Pattern cjk = java.util.regex.Pattern.compile("[\\u4e00-\\u9fff]");
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(dir);
        RuleEngine.Report en = io.tunescope.rules.catalog.RuleCatalog.engine().run(c, Settings.defaults());
        RuleEngine.Report zh = io.tunescope.rules.catalog.RuleCatalog.engine().run(c, Settings.defaults(), java.util.Locale.SIMPLIFIED_CHINESE);
        assertTrue(zh.withStatus(Result.Status.FAILED).isEmpty(), zh.withStatus(Result.Status.FAILED).toString());
        assertEquals(en.findings().stream().map(f -> f.ruleId() + "/" + f.step() + "/" + f.score()).toList(),
                zh.findings().stream().map(f -> f.ruleId() + "/" + f.step() + "/" + f.score()).toList());
        List<String> english = new ArrayList<>();
        for (Finding f : zh.findings()) {
            List<String> texts = new ArrayList<>(List.of(f.title(), f.summary(), f.explanation()));
            for (Recommendation r : f.recommendations()) {
                texts.add(r.action());
                texts.add(r.expectedEffect());
                texts.add(r.risk());
            }
            texts.addAll(f.withheld());
            for (String t : texts) {
                if (!t.isEmpty() && !cjk.matcher(t).find()) {
                    english.add(f.ruleId() + ": " + t);
                }
            }
        }
        assertTrue(english.isEmpty(), "not translated:\n" + String.join("\n", english));
        for (Result r : zh.results()) {
            if (r.status() != Result.Status.FIRED && !r.reason().isEmpty() && r.reason().matches("(?s).*\\b(the|is|needs|no)\\b.*")
                    && !cjk.matcher(r.reason()).find()) {
                english.add(r.ruleId() + " " + r.status() + ": " + r.reason());
            }
        }
        assertTrue(english.isEmpty(), "reasons not translated:\n" + String.join("\n", english));
    }

    static Stream<Path> allCaptures() throws Exception {
        List<Path> dirs = new ArrayList<>();
        try (Stream<Path> s = Files.list(cases())) {
            s.filter(Files::isDirectory).sorted().forEach(dirs::add);
        }
        try (Stream<Path> s = Files.list(TestData.sampleData())) {
            s.filter(Files::isDirectory).filter(p -> !p.getFileName().toString().equals("case-studies")).sorted().forEach(dirs::add);
        }
        return dirs.stream();
    }
}
