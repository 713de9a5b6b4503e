package io.tunescope.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.capture.FileStatus;
import io.tunescope.model.capture.SourceFile;
import io.tunescope.model.capture.Step;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Integration test of {@code packaging/tunescope-collect.sh}: checks a step folder the collector has just
 * written on this machine against a running MariaDB. Not part of {@code mvn verify} (the name does not
 * match surefire's test patterns); {@code .ci/collector-it.sh} installs and starts what it needs, runs the
 * collector and then this class with
 * {@code mvn test -Dtest=CollectorIT -Dtunescope.collectorOutput=DIR -Dtunescope.collectorSecret=PWD ...}.
 *
 * <p>Properties: {@code tunescope.collectorOutput} (required) the step folder; {@code
 * tunescope.collectorSecret} (required) the password the collector was given through MYSQL_PWD; {@code
 * tunescope.collectorLabel} / {@code tunescope.collectorChange} the --label / --change given; {@code
 * tunescope.collectorPerf} "no" when perf could not attach on this machine (default "yes").
 *
 * <p>Formats whose importer is not in {@link ImporterRegistry#standard()} yet are only checked for being
 * present; once their importer is registered they must be recognised, so the test tightens by itself.
 */
@Tag("integration")
class CollectorIT {
    private static final ImporterRegistry REGISTRY = io.tunescope.importers.formats.StandardImporters.registry();
    private static Path step;
    private static Capture capture;
    private static boolean perf;
    private static boolean numa;

    @BeforeAll
    static void load() throws Exception {
        String out = System.getProperty("tunescope.collectorOutput");
        if (out == null || out.isBlank()) {
            fail("CollectorIT needs -Dtunescope.collectorOutput=DIR, a step folder just written by "
                    + "packaging/tunescope-collect.sh (and -Dtunescope.collectorSecret=PASSWORD). "
                    + "Run .ci/collector-it.sh, which sets up MariaDB, runs the collector and then this test.");
        }
        step = Path.of(out);
        if (!Files.isDirectory(step)) {
            fail("tunescope.collectorOutput=" + step.toAbsolutePath() + " is not a folder");
        }
        perf = !"no".equals(System.getProperty("tunescope.collectorPerf", "yes"));
        // numastat and /proc/PID/numa_maps exist only on kernels built with NUMA support
        numa = Files.isDirectory(Path.of("/sys/devices/system/node/node0"));
        capture = new CaptureLoader(REGISTRY).load(step);
    }

    private static SourceFile file(String rel) {
        return capture.files().stream().filter(f -> f.path().equals(rel)).findFirst().orElse(null);
    }

    private static String describe(SourceFile f) {
        return f.path() + " [" + f.status().slug() + ", format '" + f.format() + "', " + f.reason() + "] "
                + f.diagnostics().stream().map(Diagnostic::toString).collect(Collectors.joining("; "));
    }

    @Test
    void noFileHasStatusError() {
        List<String> bad = capture.files().stream().filter(f -> f.status() == FileStatus.ERROR)
                .map(CollectorIT::describe).toList();
        assertTrue(bad.isEmpty(), "files with status error:\n" + String.join("\n", bad));
        assertTrue(capture.files().size() >= 15, "only " + capture.files().size() + " files were collected");
    }

    @Test
    void nothingWasMissingAndTheCollectorLogHasNoFailure() throws IOException {
        Path missing = step.resolve("missing-tools.txt");
        if (Files.exists(missing)) {
            fail("the collector reported missing tools: " + read(missing));
        }
        String log = read(step.resolve("collector.log"));
        assertTrue(log.contains("tunescope-collect.sh"), "collector.log has no header line:\n" + log);
        List<String> failed = log.lines().filter(l -> l.contains(" exited with status ")).toList();
        // perf's probe of the default event may fail on a machine without a PMU: the collector then
        // falls back to cpu-clock, which is not a failure
        List<String> real = failed.stream().filter(l -> !l.contains(" perf-probe exited")).toList();
        assertTrue(real.isEmpty(), "commands failed:\n" + String.join("\n", real) + "\n--- collector.log:\n" + log);
    }

    /**
     * Each collected file and the format slugs it may be read as. A file is required when its tool exists
     * on every machine the test runs on (the CI script installs them); it must be recognised as one of the
     * slugs that are registered.
     */
    @Test
    void expectedFilesAreRecognised() throws IOException {
        Map<String, List<String>> expect = new LinkedHashMap<>();
        expect.put("my.cnf", List.of("mycnf"));
        expect.put("show-global-variables.txt", List.of("mysql-variables"));
        expect.put("show-global-status-before.txt", List.of("mysql-status"));
        expect.put("show-global-status-after.txt", List.of("mysql-status"));
        expect.put("innodb-status-before.txt", List.of("innodb-status"));
        expect.put("innodb-status-after.txt", List.of("innodb-status"));
        expect.put("mysqladmin-ext.txt", List.of("mysqladmin-ext"));
        expect.put("processlist-during.txt", List.of("processlist"));
        expect.put("mysqld-print-defaults.txt", List.of("mysqld-print-defaults"));
        expect.put("sysctl.txt", List.of("sysctl"));
        expect.put("lscpu.txt", List.of("lscpu"));
        expect.put("mysql-version.txt", List.of("server-version"));
        expect.put("taskset.txt", List.of("process-binding"));
        expect.put("cpuset.txt", List.of("process-binding"));
        expect.put("iostat-x.txt", List.of("iostat"));
        expect.put("iostat-x.json", List.of("iostat", "sadf"));
        expect.put("mpstat.txt", List.of("mpstat"));
        expect.put("mpstat.json", List.of("mpstat", "sadf"));
        expect.put("vmstat.txt", List.of("vmstat"));
        expect.put("sysbench.log", List.of("sysbench"));
        expect.put("numactl-hardware.txt", List.of("numactl-hardware", "numactl"));
        for (String n : List.of("interrupts-before.txt", "interrupts-after.txt")) {
            expect.put(n, List.of("proc-interrupts"));
        }
        expect.put("irq-affinity.txt", List.of("irq-affinity"));
        // host facts: every Linux the collector runs on has these files (os-release since systemd, PSI since 4.20 when enabled)
        expect.put("uname.txt", List.of("uname"));
        expect.put("os-release.txt", List.of("os-release"));
        expect.put("getconf.txt", List.of("getconf"));
        expect.put("block-queue.txt", List.of("block-queue"));
        expect.put("cgroup-before.txt", List.of("cgroup"));
        expect.put("cgroup-after.txt", List.of("cgroup"));
        if (Files.isReadable(Path.of("/proc/pressure/cpu"))) {
            expect.put("pressure.txt", List.of("pressure"));
        }
        for (String n : List.of("softirqs-before.txt", "softirqs-after.txt")) {
            expect.put(n, List.of("proc-softirqs"));
        }
        if (numa) {
            for (String n : List.of("numastat-before.txt", "numastat-during.txt", "numastat-after.txt",
                    "numastat-m.txt", "numastat-cn.txt", "numastat-p.txt")) {
                expect.put(n, List.of("numastat"));
            }
            expect.put("numa_maps.txt", List.of("numa-maps"));
        }
        if (perf) {
            expect.put("perf-script.txt", List.of("perf-script"));
            expect.put("perf-report-children.txt", List.of("perf-report"));
            expect.put("perf-report-flat.txt", List.of("perf-report"));
            expect.put("perf-report-caller.txt", List.of("perf-report"));
        } else {
            String log = read(step.resolve("collector.log"));
            assertTrue(log.contains("perf"), "perf was reported unusable but collector.log says nothing about it:\n" + log);
        }
        // the option files of the include folders, when the server has them
        for (String dir : List.of("conf.d", "mariadb.conf.d", "my.cnf.d")) {
            Path d = step.resolve(dir);
            if (Files.isDirectory(d)) {
                try (Stream<Path> s = Files.list(d)) {
                    s.filter(p -> p.getFileName().toString().endsWith(".cnf"))
                            .forEach(p -> expect.put(dir + "/" + p.getFileName(), List.of("mycnf")));
                }
            }
        }

        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<String, List<String>> e : expect.entrySet()) {
            String rel = e.getKey();
            SourceFile f = file(rel);
            if (f == null || f.size() == 0) {
                problems.add(rel + ": " + (f == null ? "not collected" : "empty"));
                continue;
            }
            List<String> registered = e.getValue().stream().filter(s -> REGISTRY.byFormat(s) != null).toList();
            if (registered.isEmpty()) {
                continue; // no importer for it yet: present is all that can be asked
            }
            checked++;
            if (!registered.contains(f.format())) {
                problems.add(rel + ": expected " + registered + ", got " + describe(f));
            } else if (f.status() != FileStatus.OK && f.status() != FileStatus.WARNING) {
                problems.add(rel + ": " + describe(f));
            }
        }
        assertTrue(problems.isEmpty(), "collected files:\n" + String.join("\n", problems));
        assertTrue(checked >= 10, "only " + checked + " files had a registered importer to check");
    }

    @Test
    void manifestGivesTheStepLabel() throws Exception {
        JsonNode m = new ObjectMapper().readTree(step.resolve(CaptureLoader.MANIFEST).toFile());
        String label = System.getProperty("tunescope.collectorLabel", "");
        String change = System.getProperty("tunescope.collectorChange", "");
        assertTrue(m.path("label").isTextual() && !m.path("label").asText().isBlank(), "no label in " + m);
        if (!label.isEmpty()) {
            assertEquals(label, m.path("label").asText());
        }
        if (!change.isEmpty()) {
            assertEquals(change, m.path("change").asText());
        }
        assertTrue(m.path("collector").asText().startsWith("tunescope-collect.sh "), "collector field: " + m);
        assertTrue(m.path("duration_s").canConvertToInt() && m.path("duration_s").asInt() >= 1, "duration_s: " + m);
        assertTrue(Pattern.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[+-]\\d\\d:\\d\\d", m.path("date").asText()),
                "date is not ISO 8601 with offset: " + m);

        // opened as a capture of one step: the manifest names it
        assertEquals(1, capture.steps().size(), capture.steps().toString());
        assertEquals(m.path("label").asText(), capture.steps().get(0).label());

        // opened from the parent folder: the step folder (numbered) is a step with the manifest's label
        Path parent = step.toAbsolutePath().getParent();
        if (step.getFileName().toString().matches("\\d+.*")) {
            Capture outer = new CaptureLoader(REGISTRY).load(parent);
            Step s = outer.step(step.getFileName().toString());
            assertTrue(s != null, "step " + step.getFileName() + " not found in " + outer.steps());
            assertEquals(m.path("label").asText(), s.label());
            assertEquals(m.path("change").asText(), s.change());
        }
    }

    @Test
    void passwordAppearsInNoFile() throws IOException {
        String secret = System.getProperty("tunescope.collectorSecret");
        if (secret == null || secret.length() < 8) {
            fail("CollectorIT needs -Dtunescope.collectorSecret=PASSWORD (at least 8 characters): the MYSQL_PWD "
                    + "the collector ran with, for a user that has this password");
        }
        byte[] needle = secret.getBytes(StandardCharsets.UTF_8);
        List<String> leaks = new ArrayList<>();
        int files = 0;
        try (Stream<Path> s = Files.walk(step)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (p.getFileName().toString().contains(secret)) {
                    leaks.add("file name " + p);
                }
                if (Files.isRegularFile(p)) {
                    files++;
                    if (indexOf(Files.readAllBytes(p), needle) >= 0) {
                        leaks.add(step.relativize(p).toString());
                    }
                }
            }
        }
        assertTrue(leaks.isEmpty(), "the password appears in " + leaks);
        assertTrue(files >= 15, "only " + files + " files searched");
        // the user with that password was really used: its queries produced the variables
        SourceFile vars = file("show-global-variables.txt");
        assertTrue(vars != null && vars.size() > 1000, "SHOW GLOBAL VARIABLES output missing or tiny");
    }

    @Test
    void timelineRecordsTheWindow() throws IOException {
        List<String> lines = read(step.resolve("timeline.log")).lines().toList();
        Pattern line = Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[+-]\\d{4} (start|end) \\S+ .*");
        for (String l : lines) {
            assertTrue(line.matcher(l).matches(), "timeline line: " + l);
        }
        List<String> jobs = new ArrayList<>(List.of("sysbench", "vmstat", "iostat-x", "mpstat", "show-global-status-after",
                "innodb-status-before", "innodb-status-after", "mysqladmin-ext", "processlist-during"));
        if (perf) {
            jobs.add("perf-record");
            jobs.add("perf-script");
        }
        for (String job : jobs) {
            assertTrue(lines.stream().anyMatch(l -> l.contains(" start " + job + " ")), "no start of " + job + " in timeline.log");
            assertTrue(lines.stream().anyMatch(l -> l.contains(" end " + job + " ")), "no end of " + job + " in timeline.log");
        }
        String sb = read(step.resolve("sysbench.log"));
        assertTrue(sb.contains("transactions:"), "sysbench did not finish its run:\n" + sb);
        assertTrue(sb.contains("--report-interval=1"), "the collector did not add --report-interval=1:\n" + sb.lines().findFirst().orElse(""));
        assertFalse(Files.exists(step.resolve("perf.data")), "perf.data was not deleted");
    }

    private static String read(Path p) throws IOException {
        return new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
