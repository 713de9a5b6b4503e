package io.tunescope.importers.perfreport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportResult;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.perfreport.CallChainNode;
import io.tunescope.model.perfreport.PerfReport;
import io.tunescope.model.perfreport.PerfReportEntry;
import io.tunescope.testutil.Conformance;
import io.tunescope.testutil.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PerfReportImporterTest {
    final PerfReportImporter importer = new PerfReportImporter();

    static Path conf(String name) {
        return Conformance.dir("perf-report").resolve(name);
    }

    static Path fix(String name) {
        return Fixtures.file("perf-report", name);
    }

    PerfReport load(Path p) throws Exception {
        ImportResult<PerfReport> r = Fixtures.load(importer, p);
        assertTrue(r.diagnostics().isEmpty(), p + ": " + r.diagnostics());
        assertTrue(importer.sniff(Head.read(p)).confidence().atLeast(Confidence.STRONG), p.toString());
        return r.value();
    }

    /** Event and counts from each file's header; entries = lines matching "^ +N.NN%" (grep -cE). */
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "jafingerhut_linux-perf-demo__perf-report.txt, cpu-clock, 31K, 31000, 7968000000, 4, false",
        "legale_hashtable-linux-kernel__perf_report.txt, cpu-clock:pppH, 7K, 7000, 1847250000, 429, false",
        "tidesdb_tidesdb__perf_report.txt, cycles, 1K, 1000, 6716849984, 41, false",
        "gxr1022_Hash_rt__perf_report.txt, cycles, 2K, 2000, 1317007038, 845, true",
        "zhumojiang_hpctools__perf_report.txt, cycles:u, 8K, 8000, 5917824742, 948, true",
        "scarpart_pperf__perf-report.txt, cycles, 5K, 5000, 274024838576, 634, true",
    })
    void conformanceFiles(String file, String event, String samplesText, long samples, long eventCount, int entries,
                          boolean children) throws Exception {
        PerfReport r = load(conf(file));
        assertEquals(1, r.sections().size());
        PerfReport.Section s = r.sections().get(0);
        assertEquals(event, r.event());
        assertEquals(samplesText, s.samplesText());
        assertEquals(samples, s.samples());
        assertEquals(eventCount, r.eventCount());
        assertEquals(entries, r.entries().size());
        assertEquals(children, s.hasChildren());
        for (PerfReportEntry e : r.entries()) {
            assertTrue(e.selfPct() >= 0 && e.selfPct() <= 100);
            assertTrue(!e.symbol().isEmpty() && !e.dso().isEmpty() && !e.command().isEmpty(), e.toString());
            if (children) {
                assertTrue(e.childrenPct() >= e.selfPct() - 0.011, e.toString());
            } else {
                assertNull(e.childrenPct());
            }
        }
        Map<String, Object> sum = importer.summarize(r);
        assertEquals(List.of("event", "event_count", "entries", "top"), List.copyOf(sum.keySet()));
        assertEquals(eventCount, sum.get("event_count"));
    }

    @Test
    void oldStyleCallGraph() throws Exception {
        PerfReport r = load(conf("jafingerhut_linux-perf-demo__perf-report.txt"));
        assertEquals("3.13.11-ckt33", r.header().get("perf version"));
        assertTrue(r.header().get("cmdline").contains("perf record --call-graph fp"));
        PerfReportEntry foo1 = r.entries().get(0);
        assertEquals("foo1", foo1.symbol());
        assertEquals("try1", foo1.command());
        assertEquals("try1", foo1.dso());
        assertEquals('.', foo1.level());
        assertEquals(93.42, foo1.selfPct());
        assertEquals(1, foo1.callChains().size());
        CallChainNode root = foo1.callChains().get(0);
        assertEquals("foo1", root.name());
        assertEquals(List.of("bar1", "bar2", "[...]"), root.children().stream().map(CallChainNode::name).toList());
        assertEquals(83.31, root.children().get(0).percent());
        assertEquals(0.0, root.children().get(2).percent());
        CallChainNode bar1 = root.children().get(0);
        assertEquals("main", bar1.children().get(0).name());
        assertEquals("__libc_start_main", bar1.children().get(0).children().get(0).name());
        PerfReportEntry kernel = r.entries().get(2);
        assertEquals("[kernel.kallsyms]", kernel.dso());
        assertEquals('k', kernel.level());
        assertTrue(kernel.kernel());
        assertEquals("0xffffffff8117a207", kernel.symbol());
        assertEquals(List.of(28.57, 28.57, 14.29), kernel.callChains().stream().limit(3).map(CallChainNode::percent).toList());
    }

    @Test
    void currentStyleCallerGraphWithBranches() throws Exception {
        PerfReport r = load(conf("tidesdb_tidesdb__perf_report.txt"));
        PerfReportEntry random = r.entries().get(0);
        assertEquals("__random", random.symbol());
        assertEquals("libc.so.6", random.dso());
        assertEquals(29.86, random.selfPct());
        assertEquals(List.of("__random", "__random_r", "rand"), random.callChains().stream().map(CallChainNode::name).toList());
        assertEquals(List.of(28.27, 0.86, 0.73), random.callChains().stream().map(CallChainNode::percent).toList());
        CallChainNode add = r.entries().get(1).callChains().get(0);
        assertEquals("bloom_filter_add", add.name());
        assertEquals(List.of("test_bloom_filter_large_capacity_random_keys", "benchmark_bloom_filter", "test_false_positive_rate"),
                add.children().stream().map(CallChainNode::name).toList());
        assertEquals("main", add.children().get(1).children().get(0).name());
        assertEquals(3, add.children().get(0).size(), "test_... -> main -> __libc_start_call_main");
        CallChainNode hash = r.entries().get(2).callChains().get(0);
        CallChainNode contains = hash.children().get(1);
        assertEquals("bloom_filter_contains", contains.name());
        assertEquals(3.04, contains.children().get(0).percent());
    }

    @Test
    void ownCapturesAllVariants() throws Exception {
        PerfReport caller = load(fix("children-caller.txt"));
        PerfReportEntry start = caller.entries().get(0);
        assertEquals(100.0, start.childrenPct());
        assertEquals(0.0, start.selfPct());
        assertEquals("_start", start.symbol());
        CallChainNode chain = start.callChains().get(0);
        assertEquals("_start", chain.name());
        assertEquals("__libc_start_main_impl (inlined)", chain.children().get(0).name());

        PerfReport callee = load(fix("no-children-callee.txt"));
        assertEquals(List.of("Overhead", "Command", "Shared Object", "Symbol"), callee.sections().get(0).columns());
        PerfReportEntry top = callee.entries().get(0);
        assertEquals("__vfprintf_internal", top.symbol());
        assertEquals(21.26, top.selfPct());
        assertEquals(14.96, top.callChains().get(0).percent());
        assertEquals("__vsnprintf_internal", top.callChains().get(0).children().get(0).name());

        PerfReport none = load(fix("g-none-samples.txt"));
        assertEquals(List.of("Children", "Self", "Samples", "Command", "Shared Object", "Symbol"), none.sections().get(0).columns());
        assertEquals(127, none.sections().get(0).samples());
        assertEquals(127, none.entries().stream().mapToLong(PerfReportEntry::samples).sum(), "Samples column = # Samples");
        assertTrue(none.entries().stream().allMatch(e -> e.callChains().isEmpty()));

        PerfReport n = load(fix("children-samples-n.txt"));
        assertEquals(127, n.entries().stream().mapToLong(PerfReportEntry::samples).sum());

        PerfReport multi = load(fix("multi-event-samples-period.txt"));
        assertEquals(List.of("cpu-clock", "page-faults"), multi.sections().stream().map(PerfReport.Section::event).toList());
        for (PerfReport.Section s : multi.sections()) {
            assertEquals(s.samples(), s.entries().stream().mapToLong(PerfReportEntry::samples).sum(), s.event());
            assertEquals(s.eventCount(), s.entries().stream().mapToLong(PerfReportEntry::period).sum(), s.event());
        }
        assertEquals(List.of("cpu-clock", "page-faults"), importer.summarize(multi).get("events"));

        PerfReport dso = load(fix("sort-dso.txt"));
        assertEquals(List.of("Children", "Self", "Shared Object"), dso.sections().get(0).columns());
        assertEquals(List.of("libc.so.6", "work"), dso.entries().stream().map(PerfReportEntry::dso).toList());
        assertEquals("", dso.entries().get(0).symbol());
        assertEquals(67.72, dso.entries().get(0).selfPct());

        PerfReport kernel = load(fix("header-kernel-dd.txt"));
        assertEquals("entry_SYSCALL_64_after_hwframe", kernel.entries().get(0).symbol());
        assertTrue(kernel.entries().get(0).kernel());
        load(fix("no-children-caller.txt"));
    }

    @Test
    void otherSortKeys() throws Exception {
        PerfReport pid = load(fix("sort-pid-dso-sym.txt"));
        assertEquals(List.of("Children", "Self", "Samples", "Pid:Command", "Shared Object", "Symbol"), pid.sections().get(0).columns());
        PerfReportEntry first = pid.entries().get(0);
        assertEquals("25798:dd", first.otherKeys().get("Pid:Command"));
        assertEquals("", first.command());
        assertEquals("do_syscall_64", first.symbol());
        assertEquals(33L, first.samples());
        assertEquals(134, pid.entries().stream().mapToLong(PerfReportEntry::samples).sum(), "# Samples: 134");
        PerfReport cpu = load(fix("sort-cpu-comm.txt"));
        assertEquals(List.of("Overhead", "CPU", "Command"), cpu.sections().get(0).columns());
        assertEquals("001", cpu.entries().get(0).otherKeys().get("CPU"));
        assertEquals("dd", cpu.entries().get(0).command());
        assertEquals("C1 CompilerThre", cpu.entries().get(2).command());
        assertEquals(13.19, cpu.entries().get(2).selfPct());
    }

    @Test
    void summaryTopIsBySelf() throws Exception {
        PerfReport r = load(conf("zhumojiang_hpctools__perf_report.txt"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> top = (List<Map<String, Object>>) importer.summarize(r).get("top");
        assertEquals(10, top.size());
        assertEquals("my_dgesv.extracted", top.get(0).get("symbol"));
        assertEquals("dgesv", top.get(0).get("dso"));
        assertEquals("dgesv", top.get(0).get("command"));
        assertEquals(76.42, top.get(0).get("self_pct"));
        assertEquals(76.42, top.get(0).get("children_pct"));
        assertNull(top.get(0).get("samples"));
        assertEquals("my_dgesv", top.get(1).get("symbol"));
    }

    @Test
    void megabyteSymbolLine(@TempDir Path dir) throws Exception {
        String longSym = "std::vector<" + "std::pair<int, std::map<std::string, long>>, ".repeat(25_000) + "> foo()";
        assertTrue(longSym.length() > 1_000_000);
        String text = "# Samples: 10  of event 'cycles'\n# Event count (approx.): 100\n#\n"
                + "# Overhead  Command  Shared Object  Symbol\n# ........  .......  .............  ......\n#\n"
                + "    90.00%  mysqld   mysqld         [.] " + longSym + "\n"
                + "            |\n            ---" + longSym + "\n               main\n\n"
                + "    10.00%  mysqld   [kernel.kallsyms]  [k] do_syscall_64\n";
        Path f = dir.resolve("long.txt");
        Files.writeString(f, text);
        PerfReport r = load(f);
        assertEquals(2, r.entries().size());
        assertEquals(longSym, r.entries().get(0).symbol());
        assertEquals(longSym, r.entries().get(0).callChains().get(0).name());
        assertEquals("main", r.entries().get(0).callChains().get(0).children().get(0).name());
    }

    @Test
    void sniffRejectsOtherFormats() throws Exception {
        assertEquals(Confidence.NO, importer.sniff(Head.ofText("x", "")).confidence());
        assertEquals(Confidence.NO, importer.sniff(Head.read(Conformance.dir("flamegraph").resolve("test/perf-dd-stacks-01.txt"))).confidence());
        try (Stream<Path> s = Files.list(Fixtures.dir("folded"))) {
            for (Path p : s.toList()) {
                assertEquals(Confidence.NO, importer.sniff(Head.read(p)).confidence(), p.toString());
            }
        }
    }
}
