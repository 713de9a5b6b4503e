package io.tunescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunescope.TestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FindingsCommandTest {
    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = TunescopeCli.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    private static String capture(String name) {
        return TestData.sampleData().resolve("case-studies").resolve(name).toString();
    }

    @Test
    void failOnGatesTheExitCode() {
        assertEquals(TunescopeCli.FINDINGS, run("findings", capture("knee-256-threads"), "--fail-on", "warning").code());
        assertEquals(TunescopeCli.OK, run("findings", capture("knee-256-threads"), "--fail-on", "critical").code());
        assertEquals(TunescopeCli.OK, run("findings", capture("knee-256-threads")).code());
        assertEquals(TunescopeCli.OK, run("findings", capture("healthy-oltp"), "--fail-on", "info").code());
        Run bad = run("findings", capture("healthy-oltp"), "--fail-on", "loud");
        assertEquals(TunescopeCli.USAGE, bad.code());
        assertTrue(bad.err().contains("--fail-on must be info, warning or critical"), bad.err());
    }

    @Test
    void textShowsEvidenceAndRecommendations() {
        Run r = run("findings", capture("software-crc32-hotspot"), "--all");
        assertTrue(r.out().startsWith("1 finding\n"), r.out());
        assertTrue(r.out().contains("INFO (68) CPU-CRC32-SOFTWARE: CRC32 computed in software"), r.out());
        assertTrue(r.out().contains("  - self ut_crc32_sw: 5.7 %  (mysqld.folded)"), r.out());
        assertTrue(r.out().contains("objdump -d"), r.out());
        assertTrue(r.out().contains("Not evaluated:"), r.out());
        // checked and fine, with the value the rule read
        assertTrue(r.out().contains("Checked and fine:"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("  CPU-SPIN-WAIT-HOT: ut_delay")), r.out());
    }

    @Test
    void langZhWritesTheFindingsAndHeadingsInChinese() {
        String sample = io.tunescope.TestData.sampleData().resolve("mariadb-oltp").toString();
        Run zh = run("findings", sample, "--lang", "zh", "--all");
        assertEquals(TunescopeCli.OK, zh.code(), zh.err());
        assertTrue(zh.out().contains("OS-SWAPPINESS [步骤 "), zh.out());
        assertTrue(zh.out().contains(": 内核过于积极地使用交换分区"), zh.out());
        assertTrue(zh.out().contains("未评估的规则："), zh.out());
        Run en = run("findings", sample, "--lang", "en");
        assertTrue(en.out().contains("vm.swappiness is "), en.out());
        assertTrue(en.out().contains("  Do: Lower swappiness and persist it"), en.out());
    }

    @Test
    void jsonHasFindingsWithFileAndLine() throws Exception {
        Run r = run("findings", capture("disk-bound-idle-cpu"), "--json");
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertEquals("disk-bound-idle-cpu", root.get("capture").asText());
        JsonNode first = root.get("findings").get(0);
        assertEquals("IO-SATURATED-CPU-IDLE", first.get("id").asText());
        assertEquals("warning", first.get("severity").asText());
        assertEquals("iostat-x.txt", first.get("evidence").get(0).get("file").asText());
        assertTrue(first.get("evidence").get(0).get("line").asInt() > 0);
        assertTrue(first.get("thresholds").get(0).get("basis").asText().matches("heuristic|source"));
        assertTrue(root.get("notEvaluated").size() > 0);
    }

    @Test
    void baselineAndNothingRead() throws Exception {
        Run r = run("findings", capture("knee-256-threads"), "--baseline");
        assertEquals(Files.readString(TestData.sampleData().resolve("case-studies/knee-256-threads.findings.expected.txt")), r.out());
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Files.write(empty.resolve("blob.bin"), new byte[] {0, 1, 2, 3, 0, 0});
        assertEquals(TunescopeCli.NOTHING_READ, run("findings", empty.toString()).code());
    }

    @Test
    void settingsFileFlipsAFindingAndTheReportSaysWhichThresholdChanged() throws Exception {
        String crc = capture("software-crc32-hotspot");
        Run before = run("findings", crc, "--baseline");
        assertTrue(before.out().contains("CPU-CRC32-SOFTWARE | info | Software CRC32 takes 5.7 %"), before.out());
        // 5.7 % of the samples: below a 6 % threshold the rule passes
        Path raised = Files.writeString(dir.resolve("raised.json"), "{\"thresholds\": {\"CPU-CRC32-SOFTWARE.minPercent\": 6}}");
        Run after = run("findings", crc, "--baseline", "--settings", raised.toString());
        assertEquals(TunescopeCli.OK, after.code(), after.err());
        assertEquals("", after.err());
        assertFalse(after.out().contains("CPU-CRC32-SOFTWARE"), after.out());
        Run text = run("findings", crc, "--all", "--settings", raised.toString());
        assertTrue(text.out().contains("Thresholds changed from default:\n  CPU-CRC32-SOFTWARE minPercent (software CRC32 self share at least): "
                + "changed from 1 % to 6 % by settings " + raised), text.out());
        assertTrue(text.out().lines().anyMatch(l -> l.startsWith("  CPU-CRC32-SOFTWARE: ")), "listed as checked and fine");
        // without --settings the defaults apply again (the report is memoised per settings, not shared)
        assertEquals(before.out(), run("findings", crc, "--baseline").out());
    }

    @Test
    void jsonCarriesTheEffectiveValueAndTheDefault() throws Exception {
        String crc = capture("software-crc32-hotspot");
        Path lowered = Files.writeString(dir.resolve("lowered.json"), "{\"thresholds\": {\"CPU-CRC32-SOFTWARE.minPercent\": 3}}");
        JsonNode root = new ObjectMapper().readTree(run("findings", crc, "--json", "--settings", lowered.toString()).out());
        JsonNode th = root.get("findings").get(0).get("thresholds").get(0);
        assertEquals("minPercent", th.get("key").asText());
        assertEquals(3.0, th.get("value").asDouble());
        assertEquals(1.0, th.get("default").asDouble());
        assertEquals("settings " + lowered, th.get("changedBy").asText());
        assertEquals(lowered.toString(), root.get("settings").get("file").asText());
        JsonNode ch = root.get("settings").get("changed").get(0);
        assertEquals("CPU-CRC32-SOFTWARE", ch.get("id").asText());
        assertEquals(3.0, ch.get("value").asDouble());
        assertEquals(1.0, ch.get("default").asDouble());
        // with the defaults: the value is the default, nothing says it changed
        JsonNode plain = new ObjectMapper().readTree(run("findings", crc, "--json").out());
        JsonNode dth = plain.get("findings").get(0).get("thresholds").get(0);
        assertEquals(dth.get("value").asDouble(), dth.get("default").asDouble());
        assertFalse(dth.has("changedBy"));
        assertFalse(plain.has("settings"));
    }

    @Test
    void badSettingsEntriesAreNamedAndTheRestApplies() throws Exception {
        Path f = Files.writeString(dir.resolve("mixed.json"),
                "{\"thresholds\": {\"CPU-CRC32-SOFTWARE.minPercent\": 6, \"CPU-CRC32-SOFTWARE.maxPercent\": 1, \"IO-HIGH-AWAIT.awaitNvmeMs\": -1}}");
        Run r = run("findings", capture("software-crc32-hotspot"), "--baseline", "--settings", f.toString());
        assertEquals(TunescopeCli.OK, r.code());
        assertTrue(r.err().contains("tunescope findings: " + f + ": CPU-CRC32-SOFTWARE.maxPercent: the rule has no such threshold"), r.err());
        assertTrue(r.err().contains("tunescope findings: " + f + ": IO-HIGH-AWAIT.awaitNvmeMs: -1 (\u2265 0 ms) is out of range; ignored"), r.err());
        assertFalse(r.out().contains("CPU-CRC32-SOFTWARE"), "the valid entry applies: " + r.out());
        Run missing = run("findings", capture("software-crc32-hotspot"), "--settings", dir.resolve("none.json").toString());
        assertEquals(TunescopeCli.USAGE, missing.code());
        assertTrue(missing.err().startsWith("tunescope findings: --settings: no such file or folder: "), missing.err());
    }
}
