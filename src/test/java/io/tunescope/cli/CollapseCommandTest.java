package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.testutil.Conformance;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class CollapseCommandTest {

    record Run(int exit, String out, String err) {
    }

    static Run run(byte[] stdin, String... args) {
        CommandLine cl = TunescopeCli.commandLine();
        CollapseCommand cmd = cl.getSubcommands().get("collapse").getCommand();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        cmd.out = out;
        if (stdin != null) {
            cmd.in = new ByteArrayInputStream(stdin);
        }
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(StandardCharsets.ISO_8859_1), err.toString());
    }

    static Path test(String name) {
        return Conformance.dir("flamegraph").resolve("test").resolve(name);
    }

    @Test
    void fileWithOptionsMatchesTheReference() throws Exception {
        Run r = run(null, "collapse", "--script-eof", "--all", test("perf-java-stacks-01.txt").toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(Files.readString(test("results/perf-java-stacks-01-collapsed-all.txt"), StandardCharsets.ISO_8859_1), r.out());
        Run a = run(null, "collapse", "--script-eof", "--addrs", test("perf-dd-stacks-01.txt").toString());
        assertEquals(Files.readString(test("results/perf-dd-stacks-01-collapsed-addrs.txt"), StandardCharsets.ISO_8859_1), a.out());
        Run t = run(null, "collapse", "--script-eof", "--tid", test("perf-iperf-stacks-pidtid-01.txt").toString());
        assertEquals(Files.readString(test("results/perf-iperf-stacks-pidtid-01-collapsed-tid.txt"), StandardCharsets.ISO_8859_1), t.out());
    }

    /** The folded fixtures were made with this command (see fixtures/folded/README.md): golden files. */
    @Test
    void foldedFixturesAreReproduced() throws Exception {
        Path script = io.tunescope.testutil.Fixtures.dir("perf-script");
        Path folded = io.tunescope.testutil.Fixtures.dir("folded");
        Run a = run(null, "collapse", script.resolve("x86-dwarf-inlined.txt").toString());
        assertEquals(Files.readString(folded.resolve("x86-dwarf-inlined.collapsed.txt"), StandardCharsets.ISO_8859_1), a.out());
        Run b = run(null, "collapse", "--all", "--tid", script.resolve("x86-pidtid-jit-system-wide.txt").toString());
        assertEquals(Files.readString(folded.resolve("x86-pidtid-jit-all-tid.collapsed.txt"), StandardCharsets.ISO_8859_1), b.out());
        assertTrue(b.out().contains("_[j]") && b.out().contains("_[k]"), "JIT and kernel annotations");
    }

    /** collapse loses no sample inspect counts; --script-eof loses them where stackcollapse-perf.pl does. */
    @Test
    void collapseKeepsTheSamplesInspectCounts() throws Exception {
        Path script = io.tunescope.testutil.Fixtures.dir("perf-script");
        Path noG = script.resolve("x86-no-g-dd-python.txt");
        Run a = run(null, "collapse", noG.toString());
        assertEquals(0, a.exit(), a.err());
        assertEquals(216, total(a.out()) / 2004008, "216 one-frame stacks (period 2004008 each)");
        assertTrue(a.out().contains("dd;chacha_block_generic "), a.out());
        assertEquals("", run(null, "collapse", "--script-eof", noG.toString()).out());
        byte[] in = Files.readAllBytes(noG);
        assertEquals(a.out(), run(in, "collapse", "-").out(), "standard input too");
        Path jit = script.resolve("android-jit-app-cache-no-final-blank-synthetic.txt");
        assertEquals(4 * 250000, total(run(null, "collapse", jit.toString()).out()));
        assertEquals(3 * 250000, total(run(null, "collapse", "--script-eof", jit.toString()).out()));
    }

    private static long total(String folded) {
        return folded.lines().mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    @Test
    void standardInputAndEventFilter() throws Exception {
        byte[] in = Files.readAllBytes(test("perf-cycles-instructions-01.txt"));
        Run first = run(in, "collapse", "-");
        assertEquals(0, first.exit());
        assertEquals(Files.readString(test("results/perf-cycles-instructions-01-collapsed-kernel.txt"))
                .replace("_[k]", ""), first.out(), "default: the first event (instructions)");
        Run cycles = run(in, "collapse", "--event-filter", "cycles", "-");
        long total = 0;
        for (String l : cycles.out().split("\n")) {
            total += Long.parseLong(l.substring(l.lastIndexOf(' ') + 1));
        }
        assertEquals(111, total, "111 cycles samples");
    }

    @Test
    void errorsGiveExitCodes(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Run missing = run(null, "collapse", dir.resolve("nope.txt").toString());
        assertEquals(TunescopeCli.NOTHING_READ, missing.exit());
        assertTrue(missing.err().contains("no such file"), missing.err());
        Run usage = run(null, "collapse", "--bogus", "x");
        assertEquals(TunescopeCli.USAGE, usage.exit());
        Path bad = dir.resolve("bad.txt");
        Files.writeString(bad, "java 1 [000] 1.0: cycles:\n\t7f a (/x)\nnot a perf line\n\n");
        Run warn = run(null, "collapse", bad.toString());
        assertEquals(0, warn.exit());
        assertEquals("java;a 1\n", warn.out());
        assertTrue(warn.err().contains("bad.txt:3: unrecognized line: not a perf line"), warn.err());
    }
}
