package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tunescope.TestData;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Failures end in one plain line and a documented exit code; a stack trace only with --debug. */
class CliFailuresTest {
    @TempDir
    Path tmp;

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = TunescopeCli.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    private static void noTrace(Run r) {
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
    }

    private Path notAFolder() throws Exception {
        Path file = tmp.resolve("a-file");
        Files.writeString(file, "x");
        return file;
    }

    @Test
    void exportToAPathUnderAFileSaysSoWithoutATrace() throws Exception {
        Path out = notAFolder().resolve("report.pdf");
        Run r = run("export", TestData.sampleData().resolve("numa-4node-synthetic").toString(), "--pdf", out.toString());
        assertEquals(TunescopeCli.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("tunescope export: cannot write there: " + notAFolder() + " is a file, not a folder"), r.err());
        noTrace(r);
        Run d = run("export", TestData.sampleData().resolve("numa-4node-synthetic").toString(), "--pdf", out.toString(), "--debug");
        assertTrue(d.err().contains("\tat "), "--debug shows the trace");
    }

    @Test
    void timelineAndFlamegraphToAPathUnderAFileSaySoWithoutATrace() throws Exception {
        Path out = notAFolder().resolve("x.png");
        for (String cmd : new String[] {"timeline", "flamegraph"}) {
            Run r = run(cmd, TestData.sampleData().resolve("mariadb-oltp").toString(), "--png", out.toString());
            assertEquals(TunescopeCli.USAGE, r.code(), cmd + ": " + r.err());
            assertTrue(r.err().contains("tunescope " + cmd + ": cannot write"), r.err());
            noTrace(r);
        }
    }

    @Test
    void collapseOutOfMemorySaysTooLarge() {
        CommandLine cl = TunescopeCli.commandLine();
        CollapseCommand cmd = cl.getSubcommands().get("collapse").getCommand();
        cmd.in = new InputStream() {
            @Override
            public int read() {
                throw new OutOfMemoryError("Java heap space");
            }

            @Override
            public int read(byte[] b, int off, int len) {
                throw new OutOfMemoryError("Java heap space");
            }
        };
        cmd.out = OutputStream.nullOutputStream();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        int code = TunescopeCli.execute(cl, new String[] {"collapse", "-"});
        assertEquals(TunescopeCli.NOTHING_READ, code, err.toString());
        assertTrue(err.toString().startsWith("tunescope collapse: too large to process in the memory Java may use here"), err.toString());
        assertFalse(err.toString().contains("\tat "), err.toString());
    }

    @Test
    void aFifoGivenDirectlyIsRefusedNotWaitedOn() throws Exception {
        Path fifo = tmp.resolve("pipe");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(p.waitFor() == 0 && Files.exists(fifo), "mkfifo is not available here");
        Run r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> run("inspect", fifo.toString()));
        assertEquals(TunescopeCli.NOTHING_READ, r.code(), r.err());
        assertTrue(r.err().contains("not a file or folder but a FIFO, device or socket"), r.err());
        noTrace(r);
    }
}
