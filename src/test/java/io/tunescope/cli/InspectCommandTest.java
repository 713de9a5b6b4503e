package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunescope.TestData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InspectCommandTest {
    @TempDir
    Path tmp;

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = TunescopeCli.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void jsonOnTheSampleCaptureHasTheDocumentedShape() throws Exception {
        Run r = run("inspect", TestData.sampleCapture().toString(), "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertEquals("mariadb-oltp", root.get("capture").asText());
        JsonNode files = root.get("files");
        assertTrue(files.size() > 30);
        Set<String> steps = new HashSet<>();
        for (JsonNode f : files) {
            for (String field : new String[] {"path", "step", "format", "confidence", "status", "diagnostics", "summary"}) {
                assertTrue(f.has(field), "file entry lacks " + field + ": " + f);
            }
            assertTrue(Set.of("ok", "warning", "error", "unrecognised").contains(f.get("status").asText()));
            for (JsonNode d : f.get("diagnostics")) {
                assertTrue(d.has("line") && d.has("message"));
            }
            steps.add(f.get("step").asText());
        }
        assertEquals(Set.of("00-baseline", "01-flush-log-2", "02-thread-sweep"), steps);
        JsonNode vars = find(files, "00-baseline/show-global-variables.txt");
        assertEquals("mysql-variables", vars.get("format").asText());
        assertEquals("ok", vars.get("status").asText());
        assertTrue(vars.get("summary").get("values").get("version").asText().contains("MariaDB"));
        JsonNode cnf = find(files, "01-flush-log-2/mariadb.conf.d/99-tunescope.cnf");
        assertEquals("2", cnf.get("summary").get("values").get("innodb_flush_log_at_trx_commit").asText());
    }

    private static JsonNode find(JsonNode files, String path) {
        for (JsonNode f : files) {
            if (f.get("path").asText().equals(path)) {
                return f;
            }
        }
        throw new AssertionError("no " + path);
    }

    @Test
    void tableOutputAndHelp() {
        Run r = run("inspect", TestData.sampleCapture().toString());
        assertEquals(0, r.code());
        assertTrue(r.out().contains("mysql-variables"));
        Run help = run("inspect", "--help");
        assertEquals(0, help.code());
        assertTrue(help.out().contains("--json"));
        assertTrue(run("--help").out().contains("inspect"));
    }

    @Test
    void exitCodes() throws Exception {
        assertEquals(2, run("inspect").code(), "missing PATH is a usage error");
        assertEquals(2, run("inspect", "x", "--no-such-option").code());
        Run missing = run("inspect", tmp.resolve("nope").toString());
        assertEquals(3, missing.code());
        assertTrue(missing.err().contains("no such file"), missing.err());
        Files.write(tmp.resolve("random.bin"), new byte[] {0, 1, 2, 3, 0, 0, 7});
        assertEquals(3, run("inspect", tmp.toString()).code(), "nothing readable");
    }

    @Test
    void aFolderWithACorruptAndABinaryFileStillListsTheRest() throws Exception {
        Files.writeString(tmp.resolve("my.cnf"), "[mysqld]\nmax_connections=10\n");
        Files.write(tmp.resolve("core.bin"), new byte[] {0x7F, 'E', 'L', 'F', 0, 0, 0, 0});
        Files.writeString(tmp.resolve("vars.txt"), "Variable_name\tValue\nmax_connections\t10\nversion\t8.0.33\nbad line here\nsql_mode\t\n");
        Run r = run("inspect", tmp.toString(), "--json");
        assertEquals(0, r.code());
        JsonNode files = new ObjectMapper().readTree(r.out()).get("files");
        assertEquals(3, files.size());
        assertEquals("unrecognised", find(files, "core.bin").get("status").asText());
        JsonNode vars = find(files, "vars.txt");
        assertEquals("warning", vars.get("status").asText());
        assertEquals(4, vars.get("diagnostics").get(0).get("line").asInt());
        assertFalse(vars.get("summary").get("values").has("bad"));
    }

    @Test
    void innodbStatusSummaryNamesTheNumbers() throws Exception {
        Files.copy(Path.of("src/test/resources/fixtures/innodb-status/mariadb-10.11-sysbench-3x10s.G.txt"), tmp.resolve("innodb.txt"));
        Run r = run("inspect", tmp.toString(), "--json");
        assertEquals(0, r.code());
        JsonNode f = find(new ObjectMapper().readTree(r.out()).get("files"), "innodb.txt");
        assertEquals("innodb-status", f.get("format").asText());
        JsonNode s = f.get("summary");
        assertEquals(3, s.get("snapshots").asInt());
        assertEquals(43, s.get("history_list_length").asLong());
        assertEquals(86, s.get("history_list_length_first").asLong());
        assertEquals(125017588L, s.get("log_sequence_number").asLong());
        assertEquals(101436245L, s.get("last_checkpoint_at").asLong());
        assertEquals(23581343L, s.get("checkpoint_age").asLong());
        assertEquals(0, s.get("pending_reads").asLong());
        assertEquals(0, s.get("pending_writes").asLong());
        assertEquals(100, s.get("buffer_pool_hit_rate").asLong());
        assertEquals("no", s.get("latest_deadlock").asText());
        assertFalse(s.has("os_wait_reservation_count"), "MariaDB 10.11 does not print the OS WAIT ARRAY line");
    }

    @Test
    void pfsSummaryListsKindRowsAndTopByTime() throws Exception {
        Files.copy(Path.of("src/test/resources/fixtures/pfs-summary/synthetic-waits-redo-2x.B.txt"), tmp.resolve("waits.txt"));
        Run r = run("inspect", tmp.toString(), "--json");
        assertEquals(0, r.code());
        JsonNode f = find(new ObjectMapper().readTree(r.out()).get("files"), "waits.txt");
        assertEquals("pfs-summary", f.get("format").asText());
        JsonNode s = f.get("summary");
        assertEquals("events_waits_summary_*_by_event_name", s.get("kind").asText());
        assertEquals(2, s.get("snapshots").asInt());
        assertEquals(7, s.get("rows").asInt());
        JsonNode top = s.get("top");
        assertEquals(5, top.size());
        assertEquals("idle", top.get(0).get("name").asText());
        assertEquals("wait/io/file/innodb/innodb_log_file", top.get(1).get("name").asText());
        assertEquals(160398, top.get(1).get("count").asLong());
        assertEquals("143 s", top.get(1).get("total").asText());
        assertEquals("892 µs", top.get(1).get("average").asText());
        assertEquals(11, top.get(1).get("line").asInt());
    }

    @Test
    void launcherTellsCommandsFromPaths() {
        assertTrue(TunescopeCli.isCliInvocation(new String[] {"inspect", "x"}));
        assertTrue(TunescopeCli.isCliInvocation(new String[] {"--help"}));
        assertFalse(TunescopeCli.isCliInvocation(new String[] {}));
        assertFalse(TunescopeCli.isCliInvocation(new String[] {"sample-data/mariadb-oltp"}));
    }

    @Test
    void mistypedCommandIsNotOpenedAsACapture() {
        String r = TunescopeCli.guiRefusal(new String[] {"step", "sample-data/mariadb-oltp"}, a -> !a.equals("step"));
        assertTrue(r.startsWith("tunescope: unknown command 'step'. Did you mean 'steps'?"), r);
        assertTrue(r.contains("Commands: inspect, steps, findings"), r);
        String far = TunescopeCli.guiRefusal(new String[] {"xyzzy"}, a -> false);
        assertTrue(far.startsWith("tunescope: unknown command 'xyzzy'.\nCommands:"), far);
        String missing = TunescopeCli.guiRefusal(new String[] {"/no/such/capture.tar.gz"}, a -> false);
        assertEquals("tunescope: /no/such/capture.tar.gz: no such file or folder. Give a capture folder or a .tar.gz, .tgz or .zip of one.", missing);
        // An existing folder named like a word is a capture, and no arguments open the welcome page.
        assertEquals(null, TunescopeCli.guiRefusal(new String[] {"step"}, a -> true));
        assertEquals(null, TunescopeCli.guiRefusal(new String[] {}, a -> false));
        assertTrue(TunescopeCli.guiRefusal(new String[] {"a", "b"}, a -> true).contains("one capture at a time"));
    }

    @Test
    void noDisplayIsSaidInsteadOfAToolkitStackTrace() {
        java.util.Map<String, String> none = java.util.Map.of();
        String r = TunescopeCli.noDisplay(none::get, "Linux");
        assertTrue(r.startsWith("tunescope: no display to open the desktop app on"), r);
        assertTrue(r.contains("inspect, steps, findings"), r);
        assertEquals(null, TunescopeCli.noDisplay(java.util.Map.of("DISPLAY", ":0")::get, "Linux"));
        assertEquals(null, TunescopeCli.noDisplay(java.util.Map.of("WAYLAND_DISPLAY", "wayland-0")::get, "Linux"));
        assertEquals(null, TunescopeCli.noDisplay(none::get, "Windows 11"));
        assertEquals(1, TunescopeCli.editDistance("step", "steps"));
    }
}
