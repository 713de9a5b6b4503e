package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.capture.FileStatus;
import io.tunescope.model.capture.SourceFile;
import io.tunescope.model.numa.NumaTopology;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The importer exceptions the robustness sweep found, each once a whole file rejected at "line 0" with a
 * Java class name: now a message with the file and line in plain words, and the rest of the file read.
 */
class ImporterExceptionsTest {
    @TempDir
    Path tmp;

    private SourceFile load(String name, String content) throws Exception {
        return OneFile.load(tmp, name, content);
    }

    private static String messages(SourceFile f) {
        return OneFile.messages(f);
    }

    private static void plain(SourceFile f) {
        for (Diagnostic d : f.diagnostics()) {
            assertFalse(d.message().matches("(?s).*(Exception|Error\\b|java\\.|reader stopped on).*"), d.message());
        }
    }

    @Test
    void aTwentyDigitNumastatCounterSkipsItsLineOnly() throws Exception {
        // numastat -n from this machine with its Numa_Hit counters made 20 digits long and a node 2147483648 column
        String numastat = Files.readString(io.tunescope.TestData.fixtures().resolve("numastat/real-1node-n.txt"))
                .replace("12937.52        12937.52", "99999999999999999999        12937.52")
                + "\nPer-node numastat info (in MBs):\n                          Node 2147483648           Total\n";
        SourceFile f = load("numastat.txt", numastat);
        assertEquals("numastat", f.format());
        assertTrue(f.hasValue(), messages(f));
        assertTrue(f.diagnostics().stream().anyMatch(d -> d.line() > 0 && d.message().startsWith("numastat.txt: a number it cannot read")),
                messages(f));
        plain(f);
    }

    @Test
    void aSysbenchRunSectionAfterItsResultsDoesNotCrash() throws Exception {
        String log = """
                sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)

                Running the test with following options:
                Number of threads: 2
                Report intermediate results every 1 second(s)

                Threads started!

                [ 1s ] thds: 2 tps: 100.00 qps: 2000.00 (r/w/o: 1400.00/400.00/200.00) lat (ms,95%): 30.00 err/s: 0.00 reconn/s: 0.00
                [ 2s ] thds: 2 tps: 110.00 qps: 2200.00 (r/w/o: 1540.00/440.00/220.00) lat (ms,95%): 28.00 err/s: 0.00 reconn/s: 0.00
                Running the test with following options:
                Number of threads: 4
                [ 1s ] thds: 4 tps: 99999999999999999999 qps: 2000.00 (r/w/o: 1400.00/400.00/200.00) lat (ms,95%): 30.00 err/s: 0.00 reconn/s: 0.00
                """;
        SourceFile f = load("sysbench.log", log);
        assertEquals("sysbench", f.format());
        assertTrue(f.status() != FileStatus.ERROR, messages(f));
        plain(f);
    }

    @Test
    void aStrayQuoteInSadfOutputKeepsTheRow() throws Exception {
        String sadf = """
                # hostname;interval;timestamp;CPU;%user;%nice;%system;%iowait;%steal;%idle
                host;1;2025-04-08 10:00:01 UTC;-1;2.00;0.00;1.00;0.00;0.00;97.00
                host;1;2025-04-08 10:00:02 UTC;-1;3.00;0.00;1.00;0.00;0.00;"96.00
                host;1;2025-04-08 10:00:03 UTC;-1;4.00;0.00;1.00;0.00;0.00;95.00
                """;
        SourceFile f = load("sadf.csv", sadf);
        assertEquals("sadf", f.format(), messages(f));
        assertTrue(f.hasValue(), messages(f));
        assertTrue(messages(f).contains("3: sadf.csv: a quote that does not close"), messages(f));
        plain(f);
    }

    @Test
    void aNulInAnIncludePathIsNamedAndTheRestRead() throws Exception {
        // a NUL byte makes the file binary to the loader; read directly, the option reader names the include
        Path f = tmp.resolve("my.cnf");
        Files.write(f, "[mysqld]\nmax_connections = 200\n!include /etc/my\0x.cnf\ninnodb_buffer_pool_size = 1G\n".getBytes(StandardCharsets.UTF_8));
        ImportResult<?> r = new io.tunescope.importers.config.MyCnfImporter().parse(ImportContext.forFile(f));
        String m = String.join("\n", r.diagnostics().stream().map(d -> d.line() + ": " + d.message()).toList());
        assertTrue(m.contains("3: my.cnf: !include /etc/my\\0x.cnf is not a valid path"), m);
        assertEquals("1G", ((io.tunescope.model.config.ConfigSnapshot) r.value()).get("innodb_buffer_pool_size").orElseThrow(), m);
    }

    @Test
    void aTenThousandDeepPerfReportChainIsCutWithAMessage() throws Exception {
        StringBuilder b = new StringBuilder("""
                # Samples: 127  of event 'cpu-clock'
                # Event count (approx.): 1282828270
                #
                # Overhead  Command  Shared Object  Symbol
                # ........  .......  .............  ................................
                #
                    21.26%  work     libc.so.6      [.] f0
                            |
                            ---f0
                """);
        for (int i = 1; i < 10_000; i++) {
            b.append("               f").append(i).append('\n');
        }
        b.append("\n    10.00%  work     libc.so.6      [.] g\n");
        SourceFile f = load("report.txt", b.toString());
        assertEquals("perf-report", f.format());
        assertTrue(f.hasValue(), messages(f));
        assertTrue(messages(f).contains("call chain deeper than 1024 frames"), messages(f));
        plain(f);
    }

    @Test
    void anAbsurdNumactlNodeRangeIsSkippedNotDrawn() throws Exception {
        SourceFile f = load("numactl.txt", "available: 3 nodes (0-2147483647)\nnode 0 cpus: 0 1\nnode 0 size: 100 MB\n"
                + "node 1 size: 9999999999999999 GB\n");
        assertEquals("numactl-hardware", f.format());
        NumaTopology t = (NumaTopology) f.value();
        assertNotNull(t, messages(f));
        assertEquals(List.of(0), t.nodes(), messages(f));
        assertTrue(messages(f).contains("1: numactl.txt: 'available: 3 nodes (0-2147483647)' names nodes beyond the 1024 Linux supports"),
                messages(f));
        assertTrue(messages(f).contains("4: numactl.txt: a number too large to count with"), messages(f));
        plain(f);
    }
}
