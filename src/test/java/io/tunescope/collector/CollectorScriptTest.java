package io.tunescope.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The collector's command line, without a database: {@code --help}, {@code --dry-run} (prints, creates
 * nothing) and the refusals. Runs {@code sh packaging/tunescope-collect.sh} as a process. The run against
 * a real MariaDB is {@link CollectorIT}.
 *
 * <p>The system property {@code tunescope.collectorShell} replaces {@code /bin/sh} by another shell command
 * (words split on blanks): .ci/arm64-smoke.sh runs this test with Debian's arm64 dash under
 * {@code qemu-aarch64-static}, the shell of an aarch64 (Kunpeng) server.
 */
class CollectorScriptTest {
    private static final Path SCRIPT = Path.of("packaging/tunescope-collect.sh").toAbsolutePath();
    private static final String SECRET = "Dry-Run-Secret-4711";

    record Run(int exit, String out, String err) {
    }

    private static Run run(Path workDir, String... args) throws IOException, InterruptedException {
        if (!Files.isRegularFile(SCRIPT)) {
            fail("collector not found: " + SCRIPT);
        }
        List<String> shell = List.of(System.getProperty("tunescope.collectorShell", "/bin/sh").trim().split("\\s+"));
        for (String word : shell) {
            if (word.startsWith("/") && !Files.isExecutable(Path.of(word))) {
                fail(word + " is needed to test the collector");
            }
        }
        List<String> cmd = new ArrayList<>(shell);
        cmd.add(SCRIPT.toString());
        cmd.addAll(List.of(args));
        Path io = Files.createTempDirectory("collector-script-io");
        try {
            Path out = io.resolve("out");
            Path err = io.resolve("err");
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            pb.environment().put("MYSQL_PWD", SECRET);
            pb.environment().put("LC_ALL", "C");
            Process p = pb.start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("the collector did not return: " + cmd);
            }
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            try (Stream<Path> s = Files.list(io)) {
                for (Path f : s.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(io);
        }
    }

    private static List<String> entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).toList();
        }
    }

    @Test
    void helpDescribesTheOptions(@TempDir Path tmp) throws Exception {
        Run r = run(tmp, "--help");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("Usage: tunescope-collect.sh --out DIR [options]"), r.out());
        for (String opt : List.of("--out DIR", "--label TEXT", "--change TEXT", "--duration SECONDS", "--pid PID",
                "--perf-freq HZ", "--offcpu-seconds N", "--mysql-user USER", "--mysql-socket PATH", "--mysql-defaults-file", "--sysbench",
                "--sweep", "--dry-run", "-h, --help", "MYSQL_PWD", "missing-tools.txt")) {
            assertTrue(r.out().contains(opt), "help does not mention " + opt + ":\n" + r.out());
        }
        assertEquals("", r.err());
        assertEquals(List.of(), entries(tmp));
        assertEquals(r.out(), run(tmp, "-h").out());
    }

    @Test
    void dryRunPrintsTheCommandsAndCreatesNothing(@TempDir Path tmp) throws Exception {
        Path step = tmp.resolve("capture").resolve("00-step");
        Run r = run(tmp, "--dry-run", "--out", step.toString(), "--label", "Dry", "--duration", "3",
                "--mysql-user", "reader", "--sysbench", "oltp_read_only --threads=2");
        assertEquals(0, r.exit(), "stderr: " + r.err() + "\nstdout: " + r.out());
        assertEquals(List.of(), entries(tmp), "the dry run created files");
        String o = r.out();
        String s = step.toString();
        // every collected file is either announced with its command or its tool is reported missing
        expectCommandOrMissing(o, "lscpu", "lscpu > " + s + "/lscpu.txt");
        expectCommandOrMissing(o, "sysctl", "sysctl -a > " + s + "/sysctl.txt");
        expectCommandOrMissing(o, "vmstat", "vmstat -t 1 3 > " + s + "/vmstat.txt &");
        expectCommandOrMissing(o, "iostat", "env LC_ALL=C iostat -x -t 1 3 > " + s + "/iostat-x.txt &");
        expectCommandOrMissing(o, "mpstat", "env LC_ALL=C mpstat -P ALL 1 3 > " + s + "/mpstat.txt &");
        expectCommandOrMissing(o, "numastat", "numastat > " + s + "/numastat-before.txt");
        // host facts: cheap reads whose absent files are no failure
        expectCommandOrMissing(o, "uname", "uname -a > " + s + "/uname.txt");
        expectCommandOrMissing(o, "getconf", "getconf -a > " + s + "/getconf.txt");
        assertTrue(o.contains("sh -c 'cat /etc/os-release 2>/dev/null || true' > " + s + "/os-release.txt\n"), o);
        assertTrue(o.contains("sh -c 'grep . /sys/block/*/queue/rotational /sys/block/*/queue/scheduler /sys/block/*/queue/nr_requests "
                + "/sys/block/*/queue/read_ahead_kb 2>/dev/null || true' > " + s + "/block-queue.txt\n"), o);
        assertTrue(o.contains("sh -c 'grep . /proc/pressure/* 2>/dev/null || true' > " + s + "/pressure.txt\n"), o);
        if (o.contains("cgroup_files ")) {
            // with a server process: its cgroup before and after the window, so that cpu.stat differences cover the run
            assertTrue(o.indexOf("/cgroup-before.txt") < o.indexOf("/cgroup-after.txt"), o);
        }
        expectCommandOrMissing(o, "sysbench",
                "sysbench oltp_read_only --threads=2 --report-interval=1 --time=3 --mysql-user=reader run > " + s + "/sysbench.log &");
        boolean mysql = o.contains("# missing tool: mysql");
        if (!mysql) {
            assertTrue(o.contains("--user=reader -B -e 'SHOW GLOBAL VARIABLES' > " + s + "/show-global-variables.txt"), o);
        }
        assertTrue(o.contains("sleep 1\n"), "the half-window sleep is not shown:\n" + o);
        assertTrue(o.contains("write " + s + "/tunescope.json"), o);
        assertFalse(o.contains(SECRET) || r.err().contains(SECRET), "the password was printed");
    }

    private static void expectCommandOrMissing(String out, String tool, String line) {
        assertTrue(out.contains(line + "\n") || out.contains("# missing tool: " + tool + "\n"),
                "neither '" + line + "' nor '" + tool + "' reported missing in:\n" + out);
    }

    @Test
    void dryRunWithoutOutCreatesNothingInTheWorkingFolder(@TempDir Path tmp) throws Exception {
        Run r = run(tmp, "--dry-run", "--duration", "1");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("write ./tunescope-step/tunescope.json"), r.out());
        assertEquals(List.of(), entries(tmp));
    }

    @Test
    void durationAboveTheLimitIsRefused(@TempDir Path tmp) throws Exception {
        Path step = tmp.resolve("step");
        Run r = run(tmp, "--out", step.toString(), "--duration", "4000");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("--duration 4000 refused: at most 3600 seconds"), r.err());
        assertEquals(List.of(), entries(tmp), "a refused run created files");
        // at the limit the check passes (shown with --dry-run, which runs nothing)
        assertEquals(0, run(tmp, "--dry-run", "--out", step.toString(), "--duration", "3600").exit());
    }

    @Test
    void offCpuRecordingIsBoundedInTimeAndSize(@TempDir Path tmp) throws Exception {
        Path step = tmp.resolve("step");
        Run r = run(tmp, "--out", step.toString(), "--duration", "4", "--offcpu-seconds", "5");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("--offcpu-seconds 5 refused: at most --duration (4)"), r.err());
        assertEquals(List.of(), entries(tmp), "a refused run created files");
        String self = String.valueOf(ProcessHandle.current().pid());
        Run d = run(tmp, "--dry-run", "--out", step.toString(), "--duration", "10", "--pid", self, "--offcpu-seconds", "4");
        assertEquals(0, d.exit(), d.err());
        String o = d.out();
        if (!o.contains("# missing tool: perf")) {
            // centred on the middle of the window: 3 s in, 4 s long, then the rest of the half before numastat
            assertTrue(o.contains("sleep 3\n# off-CPU recording: sched:sched_switch with call chains of pid " + self + " for 4s, at most 16M\n"
                    + "perf record -e sched:sched_switch -g -p " + self + " --max-size=16M -o " + step + "/perf-sched.data -- sleep 4 &\nsleep 2\n"), o);
            assertTrue(o.contains("perf script -i " + step + "/perf-sched.data > " + step + "/perf-sched.script.txt\n"), o);
            assertTrue(o.contains("rm -f " + step + "/perf-sched.data\n"), o);
        }
        Run off = run(tmp, "--dry-run", "--out", step.toString(), "--duration", "10", "--pid", self, "--offcpu-seconds", "0");
        assertFalse(off.out().contains("sched:sched_switch"), off.out());
        assertEquals(List.of(), entries(tmp));
    }

    @Test
    void badArgumentsAreRefusedBeforeAnythingRuns(@TempDir Path tmp) throws Exception {
        String out = tmp.resolve("step").toString();
        List<List<String>> bad = List.of(
                List.of("--out", out, "--duration", "0"),
                List.of("--out", out, "--duration", "ten"),
                List.of("--out", out, "--perf-freq", "0"),
                List.of("--out", out, "--pid", "12x"),
                List.of("--out", out, "--mysql-password=secret"),
                List.of("--out", out, "--password", "secret"),
                List.of("--out", out, "--sweep", "1 2"),
                List.of("--out", out, "--sysbench", "oltp_read_only", "--sweep", "1 zero"),
                List.of("--out", out, "--mysql-defaults-file", tmp.resolve("nope.cnf").toString()),
                List.of("--out", out, "--bogus"),
                List.of("--out"),
                List.of("--duration", "5"));
        for (List<String> args : bad) {
            Run r = run(tmp, args.toArray(String[]::new));
            assertEquals(2, r.exit(), "accepted: " + args + "\n" + r.out() + r.err());
            assertTrue(r.err().contains("tunescope-collect.sh: "), "no message for " + args + ": " + r.err());
            assertFalse(r.err().contains("secret"), "the refused password was echoed: " + r.err());
        }
        assertEquals(List.of(), entries(tmp), "a refused run created files");
    }

    @Test
    void aNonEmptyOutputFolderIsNotOverwritten(@TempDir Path tmp) throws Exception {
        Path step = Files.createDirectories(tmp.resolve("step"));
        Files.writeString(step.resolve("keep.txt"), "mine");
        Run r = run(tmp, "--out", step.toString(), "--duration", "1");
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("exists and is not empty"), r.err());
        assertEquals(List.of("keep.txt"), entries(step));
    }
}
