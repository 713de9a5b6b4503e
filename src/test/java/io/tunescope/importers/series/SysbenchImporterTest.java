package io.tunescope.importers.series;

import static io.tunescope.importers.series.SeriesTestFiles.conformance;
import static io.tunescope.importers.series.SeriesTestFiles.fixture;
import static io.tunescope.importers.series.SeriesTestFiles.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.sysbench.SysbenchImporter;
import io.tunescope.model.bench.BenchInterval;
import io.tunescope.model.bench.BenchLog;
import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.capture.Confidence;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SysbenchImporterTest {
    private final SysbenchImporter imp = new SysbenchImporter();

    private BenchLog read(Path p) throws Exception {
        ImportResult<BenchLog> r = parse(imp, p);
        assertTrue(SeriesTestFiles.errors(r).isEmpty(), p + ": " + SeriesTestFiles.errors(r));
        return r.value();
    }

    @Test
    void everyConformanceFileImportsWithoutError() throws Exception {
        List<Path> files = SeriesTestFiles.files(conformance("sysbench"));
        assertEquals(7, files.size(), "the sysbench conformance folder holds 7 logs");
        for (Path f : files) {
            assertTrue(imp.sniff(Head.read(f)).confidence().atLeast(Confidence.STRONG), f + " sniffed below STRONG");
            BenchLog log = read(f);
            assertFalse(log.runs().isEmpty(), f + " has no run");
            for (BenchRun r : log.runs()) {
                assertTrue(r.complete(), f + " run " + r.index() + " not complete: " + r.notes());
            }
        }
    }

    @Test
    void twelveHourLogHas21600IntervalsAndItsFinalNumbers() throws Exception {
        BenchLog log = read(conformance("sysbench").resolve("mcgrof_plot-sysbench__sysbench_output.txt"));
        assertEquals(1, log.runs().size());
        BenchRun r = log.runs().get(0);
        assertEquals("1.0.17", r.version());
        assertEquals(128, r.threads());
        assertEquals(2.0, r.reportIntervalS());
        assertEquals(21600, r.intervals().size());
        BenchInterval first = r.intervals().get(0);
        assertEquals(2.0, first.seconds());
        assertEquals(5318.92, first.tps());
        assertEquals(106975.40, first.qps());
        assertEquals(74971.45, first.readQps());
        assertEquals(21304.66, first.writeQps());
        assertEquals(10699.29, first.otherQps());
        assertEquals(33.72, first.latencyMs());
        assertEquals(95.0, first.percentile());
        assertEquals(13, first.line());
        assertEquals(43200.0, r.intervals().get(21599).seconds());
        assertEquals(228903139L, r.summary().transactions());
        assertEquals(5298.68, r.summary().tps());
        assertEquals(4578070280L, r.summary().queries());
        assertEquals(105973.80, r.summary().qps());
        assertEquals(454L, r.summary().errors());
        assertEquals(3204650302L, r.summary().reads());
        assertEquals(43200.0178, r.summary().totalTimeS());
        assertEquals(24.15, r.summary().latAvgMs());
        assertEquals(33.72, r.summary().latPctMs());
        assertEquals(95.0, r.summary().percentile());
        assertEquals(140.44, r.summary().latMaxMs());
    }

    @Test
    void fourRunsInOneFileWithHistograms() throws Exception {
        BenchLog log = read(conformance("sysbench").resolve("TonyHuanSheng_sysbench_stress_test_Note__sysbench.log"));
        assertEquals(List.of(8, 16, 32, 64), log.runs().stream().map(BenchRun::threads).toList());
        BenchRun r0 = log.runs().get(0);
        assertEquals(66656L, r0.summary().transactions());
        assertEquals(222.13, r0.summary().tps());
        assertEquals(60, r0.intervals().size());
        assertEquals(5.0, r0.reportIntervalS());
        assertFalse(r0.summary().histogram().isEmpty());
        assertEquals(5.879, r0.summary().histogram().get(0).valueMs());
        assertEquals(75, r0.summary().histogram().get(0).line());
        assertEquals(36.00, r0.summary().latAvgMs());
        assertEquals(240, log.runs().stream().mapToInt(r -> r.intervals().size()).sum());
        assertEquals(262, log.runs().get(1).startLine());
    }

    @Test
    void threeRunsWithoutInterimReports() throws Exception {
        BenchLog log = read(conformance("sysbench").resolve("tmosley032000_ansible_sysbench__sysbench_output.txt"));
        assertEquals(List.of(2, 4, 6), log.runs().stream().map(BenchRun::threads).toList());
        assertEquals(107904L, log.runs().get(0).summary().transactions());
        assertEquals(10787.78, log.runs().get(0).summary().tps());
        assertEquals(10935.08, log.runs().get(1).summary().tps());
        assertTrue(log.runs().stream().allMatch(r -> r.intervals().isEmpty()));
        assertEquals(0.0, log.runs().get(0).reportIntervalS());
    }

    @Test
    void legacy05Format() throws Exception {
        BenchLog log = read(conformance("sysbench").resolve("hgxl64_mariadb-benchmarks__sysbench-0.5.ro.16.res"));
        BenchRun r = log.runs().get(0);
        assertEquals("0.5", r.version());
        assertEquals(16, r.threads());
        assertEquals(45, r.intervals().size());
        BenchInterval i = r.intervals().get(0);
        assertEquals(5370.69, i.tps());
        assertEquals(75253.14, i.readQps());
        assertEquals(4.00, i.latencyMs());
        assertEquals(95.0, i.percentile());
        assertEquals(0.0, i.errorsPerSec());
        assertEquals(534723L, r.summary().transactions());
        assertEquals(5874.46, r.summary().tps());
        assertEquals(2.72, r.summary().latAvgMs());
        assertEquals(3.38, r.summary().latPctMs());
        assertEquals(95.0, r.summary().percentile());
        assertEquals(91.0251, r.summary().totalTimeS());
        assertEquals(8555568L, r.summary().queries());
    }

    @Test
    void errorRateWithoutColonAndSummaryBeforeReports() throws Exception {
        BenchLog log = read(conformance("sysbench").resolve("yokogawa-k_sysbench-output-parser__dummy.log"));
        BenchRun r = log.runs().get(0);
        assertEquals(60, r.intervals().size());
        assertEquals(1.20, r.intervals().get(0).errorsPerSec());
        assertEquals(433L, r.summary().errors());
        assertEquals(346.07, r.summary().tps());
    }

    @Test
    void inspectSummaryHasTheIssueShape() throws Exception {
        BenchLog log = read(conformance("sysbench").resolve("plantegg_sysbench_report__oltp_point_select_128threads.log"));
        Map<String, Object> s = imp.summarize(log);
        @SuppressWarnings("unchecked")
        Map<String, Object> run = ((List<Map<String, Object>>) s.get("runs")).get(0);
        assertEquals(128, run.get("threads"));
        assertEquals(8702150L, run.get("transactions"));
        assertEquals(289999.27, run.get("tps"));
        assertEquals(8702150L, run.get("queries"));
        assertEquals(289999.27, run.get("qps"));
        assertEquals(Map.of("min", 0.04, "avg", 0.44, "max", 140.07, "p95", 0.58), run.get("latency_ms"));
        assertEquals(0L, run.get("errors"));
        assertEquals(0L, run.get("reconnects"));
        assertEquals(30, run.get("intervals"));
        assertEquals(1L, run.get("report_interval_s"));
    }

    @Test
    void realCpuSweepMemoryAndFileioRuns() throws Exception {
        BenchLog sweep = read(fixture("sysbench", "cpu-thread-sweep.txt"));
        assertEquals(List.of(1, 2, 4, 8), sweep.runs().stream().map(BenchRun::threads).toList());
        BenchRun one = sweep.runs().get(0);
        assertEquals("cpu", one.test());
        assertEquals(99.0, one.summary().percentile());
        assertTrue(one.intervals().size() >= 2);
        assertEquals(99.0, one.intervals().get(0).percentile());
        assertTrue(one.summary().tps() > 0);

        BenchLog fio = read(fixture("sysbench", "fileio-rndrw-histogram.txt"));
        BenchRun f = fio.runs().get(0);
        assertEquals("fileio", f.test());
        assertEquals(407.63, f.intervals().get(0).extra().get("reads_mib_s"));
        assertEquals(95989L, f.summary().events());
        assertFalse(f.summary().histogram().isEmpty());

        BenchLog mem = read(fixture("sysbench", "memory-2threads.txt"));
        assertEquals("memory", mem.runs().get(0).test());
        assertEquals(301305.68, mem.runs().get(0).summary().tps());
        assertEquals(367.65, mem.runs().get(0).intervals().get(0).extra().get("mib_s"));
    }

    @Test
    void prepareAndCleanupAreRecognisedAndSkipped() throws Exception {
        ImportResult<BenchLog> prep = parse(imp, fixture("sysbench", "fileio-prepare.txt"));
        assertTrue(prep.value().runs().isEmpty());
        assertEquals(1, prep.value().skipped().size());
        assertTrue(prep.value().skipped().get(0).contains("prepare"));
        assertTrue(prep.diagnostics().stream().anyMatch(d -> d.message().contains("prepare")));
        ImportResult<BenchLog> clean = parse(imp, fixture("sysbench", "fileio-cleanup.txt"));
        assertTrue(clean.value().skipped().get(0).contains("cleanup"));
    }

    @Test
    void aRunThatStopsEarlyIsKeptAndMarked(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        Path src = conformance("sysbench").resolve("plantegg_sysbench_report__oltp_read_write_16threads.log");
        List<String> lines = Files.readAllLines(src);
        int cut = 0;
        while (!lines.get(cut).startsWith("[ 11s ]")) {
            cut++;
        }
        List<String> head = new java.util.ArrayList<>(lines.subList(0, cut));
        head.add("FATAL: mysql_drv_query() returned error 2013 (Lost connection to MySQL server during query)");
        Path f = tmp.resolve("stopped.log");
        Files.write(f, head);
        ImportResult<BenchLog> r = parse(imp, f);
        BenchRun run = r.value().runs().get(0);
        assertFalse(run.complete());
        assertEquals(10, run.intervals().size());
        assertTrue(run.notes().stream().anyMatch(n -> n.contains("FATAL")));
        assertTrue(run.notes().stream().anyMatch(n -> n.contains("stopped before its final statistics")));
        int fatalLine = cut + 1;
        assertNotNull(r.diagnostics().stream().filter(d -> d.line() == fatalLine).findFirst().orElse(null));
    }

    @Test
    void olderLegacyRatesAndTheThroughputBlock(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        // synthetic: the 0.5 'reads/s:' interim form (seen in public 0.5 logs) and a final block using
        // 'Throughput: events/s (eps) / time elapsed' instead of 'General statistics: total time'
        Path f = tmp.resolve("s.log");
        Files.writeString(f, "sysbench 1.1.0-df89d34 (using bundled LuaJIT 2.1.0-beta3)\n\n"
                + "Running the test with following options:\nNumber of threads: 4\n"
                + "Report intermediate results every 5 second(s)\n\nThreads started!\n\n"
                + "[   5s] threads: 4, tps: 5278.21, reads/s: 75346.45, writes/s: 0.00, response time: 474.84ms (95%)\n"
                + "[ 10s ] thds: 4 eps: 1234.50 lat (ms,95%): 3.30\n\n"
                + "Throughput:\n    events/s (eps):                      1230.5000\n"
                + "    time elapsed:                        10.0001s\n    total number of events:              12305\n\n"
                + "Latency (ms):\n         min:                                    0.79\n"
                + "         avg:                                    3.25\n         max:                                    9.00\n"
                + "         95th percentile:                        3.30\n         sum:                                39991.25\n");
        BenchLog log = read(f);
        BenchRun r = log.runs().get(0);
        assertEquals("1.1.0-df89d34", r.version());
        assertTrue(r.complete());
        assertEquals(75346.45, r.intervals().get(0).readQps());
        assertEquals(474.84, r.intervals().get(0).latencyMs());
        assertEquals(1234.50, r.intervals().get(1).tps());
        assertEquals(1230.5, r.summary().tps());
        assertEquals(10.0001, r.summary().totalTimeS());
        assertEquals(12305L, r.summary().events());
    }

    /** sysbench --rate (an open loop): the target rate is read, the queue reports after each interim line are not errors. */
    @Test
    void aRateLimitedRunKeepsItsTargetAndReadsItsQueueReports(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        String log = "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nRunning the test with following options:\nNumber of threads: 4\n"
                + "Target transaction rate: 100/sec\nReport intermediate results every 1 second(s)\n\nThreads started!\n\n"
                + "[ 1s ] thds: 4 tps: 109.90 qps: 2211.95 (r/w/o: 1551.56/439.59/220.80) lat (ms,95%): 18.92 err/s: 0.00 reconn/s: 0.00\n"
                + "[ 1s ] queue length: 5, concurrency: 1\n"
                + "[ 2s ] thds: 4 tps: 93.02 qps: 1846.42 (r/w/o: 1289.30/372.09/185.04) lat (ms,95%): 5.59 err/s: 0.00 reconn/s: 0.00\n"
                + "[ 2s ] queue length: 0, concurrency: 0\n";
        Path f = tmp.resolve("rate.log");
        Files.writeString(f, log);
        ImportResult<BenchLog> r = parse(imp, f);
        BenchRun run = r.value().runs().get(0);
        assertEquals(100, run.targetRate());
        assertTrue(run.rateLimited());
        assertEquals(2, run.intervals().size());
        // (the cut-off log is reported as stopped early; nothing is said of its queue lines)
        assertTrue(r.diagnostics().stream().noneMatch(d -> d.message().contains("queue length")), r.diagnostics().toString());
        assertTrue(run.notes().contains("rate-limited to 100 transactions/s: 2 queue reports, the longest queue 5 transactions waiting"),
                run.notes().toString());
    }
}
