package io.tunescope.importers.perfscript;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.folded.FoldedWriter;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.testutil.Conformance;
import io.tunescope.testutil.Fixtures;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PerfScriptImporterTest {
    final PerfScriptImporter importer = new PerfScriptImporter();

    static Stream<Path> allInputs() throws Exception {
        List<Path> conf = Fixtures.files(Conformance.dir("flamegraph").resolve("test"));
        List<Path> fix = Fixtures.files(Fixtures.dir("perf-script"));
        assertEquals(13, conf.size());
        return Stream.concat(conf.stream(), fix.stream());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allInputs")
    void everyInputSniffsAndImportsWithoutWarnings(Path file) throws Exception {
        Head head = Head.read(file);
        assertTrue(importer.sniff(head).confidence().atLeast(Confidence.STRONG), file + ": " + importer.sniff(head));
        ImportResult<StackProfile> r = Fixtures.load(importer, file);
        for (Diagnostic d : r.diagnostics()) {
            assertTrue(d.level() == Diagnostic.Level.INFO, file + ": " + d);
        }
        StackProfile p = r.value();
        assertTrue(p.samples() > 0 && p.stackCount() > 0);
        assertEquals(p.frames().size(), p.modules().size());
        assertEquals(p.samples(), p.totalWeight(), "sample weighting by default");
        Map<String, Object> s = importer.summarize(p);
        assertEquals(List.of("samples", "unique_stacks", "weight_total", "events", "top_self"), List.copyOf(s.keySet()));
    }

    /** Sample counts per file: the number of sample lines (counted with grep, see the fixture README). */
    @Test
    void sampleCountsMatchTheSampleLines() throws Exception {
        Path conf = Conformance.dir("flamegraph").resolve("test");
        Map<String, Long> expected = Map.of(
                "perf-dd-stacks-01.txt", 11L, "perf-funcab-cmd-01.txt", 169L, "perf-funcab-pid-01.txt", 228L,
                "perf-iperf-stacks-pidtid-01.txt", 201L, "perf-java-faults-01.txt", 23L,
                "perf-java-stacks-02.txt", 2L, "perf-js-stacks-01.txt", 2L, "perf-numa-stacks-01.txt", 200L,
                "perf-vertx-stacks-01.txt", 286L, "perf-rust-Yamakaky-dcpu.txt", 58L);
        for (var e : expected.entrySet()) {
            assertEquals(e.getValue(), Fixtures.load(importer, conf.resolve(e.getKey())).value().samples(), e.getKey());
        }
        assertEquals(255, load("x86-cpu-clock-period.txt").samples());
        assertEquals(127, load("x86-dwarf-inlined.txt").samples());
        assertEquals(134, load("x86-pidtid-cpu-kernel.txt").samples());
        assertEquals(25, load("x86-pidtid-jit-system-wide.txt").samples());
    }

    @Test
    void severalEventsAreKeptApartAndTheFirstIsShown() throws Exception {
        StackProfile p = Fixtures.load(importer, Conformance.dir("flamegraph").resolve("test/perf-cycles-instructions-01.txt")).value();
        assertEquals(List.of("instructions", "cycles"), p.events());
        assertEquals("instructions", p.event());
        assertEquals(333, p.samples());
        assertEquals(111, p.forEvent("cycles").samples());
        StackProfile m = load("x86-multi-event-header.txt");
        assertEquals(List.of("page-faults", "cpu-clock"), m.events());
        assertEquals(8, m.samples());
        assertEquals(257, m.forEvent("cpu-clock").samples());
        assertEquals(null, m.forEvent("cycles"));
    }

    @Test
    void tracepointSamplesWithArgumentsCarryTheirEvent() throws Exception {
        StackProfile p = load("x86-tracepoint-sys-enter-read.txt");
        assertEquals(List.of("syscalls:sys_enter_read"), p.events());
        assertEquals(53, p.samples());
        assertTrue(p.frames().contains("[unknown]"));
    }

    @Test
    void samplesWithoutCallChainsUseTheirOwnFrame() throws Exception {
        StackProfile p = load("x86-no-callchain.txt");
        assertEquals(127, p.samples());
        assertEquals(List.of("cpu-clock"), p.events());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> top = (List<Map<String, Object>>) importer.summarize(p).get("top_self");
        assertEquals("__vfprintf_internal", top.get(0).get("frame"));
        assertEquals(31L, top.get(0).get("samples"));
        p.forEach((ids, depth, w) -> assertEquals(2, depth, "process frame + the sampled frame"));
    }

    @Test
    void framesKeepTheirModules() throws Exception {
        StackProfile p = load("x86-pidtid-cpu-kernel.txt");
        int i = p.frames().indexOf("do_syscall_64");
        assertTrue(i >= 0);
        assertEquals("[kernel.kallsyms]", p.modules().get(i));
        assertEquals("/usr/lib/x86_64-linux-gnu/libc.so.6", p.modules().get(p.frames().indexOf("read")));
        assertEquals("", p.modules().get(p.frames().indexOf("dd")), "process frames have no module");
        StackProfile j = load("x86-pidtid-jit-system-wide.txt");
        assertTrue(j.modules().stream().anyMatch(m -> m.matches("/tmp/perf-\\d+\\.map")), "JIT frames");
        assertTrue(j.frames().contains("[perf-25447.map]"), "[unknown] symbol of a JIT map named after the map");
    }

    @Test
    void inlinedFramesTakeTheModuleOfTheFunctionTheyAreInlinedInto() throws Exception {
        StackProfile p = load("x86-dwarf-inlined.txt");
        assertTrue(indexOf(p, "outstring_func", "/usr/lib/x86_64-linux-gnu/libc.so.6") >= 0);
        assertTrue(indexOf(p, "h", "/tmp/cpuperf/work") >= 0);
        // "58ca1 __GI___snprintf+0x91 (inlined)" has no frame of its own address beside it: module unknown
        int[] seen = {0};
        p.forEach((ids, depth, w) -> {
            for (int i = 1; i < depth; i++) {
                String name = p.frames().get(ids[i]);
                if (name.equals("outstring_func") || name.equals("h")) {
                    assertTrue(!p.modules().get(ids[i]).equals("inlined"), name);
                    seen[0]++;
                }
                if (name.equals("__GI___snprintf")) {
                    assertEquals("inlined", p.modules().get(ids[i]));
                }
            }
        });
        assertTrue(seen[0] > 0);
    }

    @Test
    void periodWeightingSumsPeriods() throws Exception {
        StackProfile p = Fixtures.load(importer, Conformance.dir("flamegraph").resolve("test/perf-dd-stacks-01.txt")).value();
        assertTrue(p.hasPeriods());
        assertEquals(11, p.totalWeight());
        assertEquals(11L * 10101010L, p.byPeriod().totalWeight());
        assertEquals(11, p.byPeriod().samples());
        StackProfile rust = Fixtures.load(importer, Conformance.dir("flamegraph").resolve("test/perf-rust-Yamakaky-dcpu.txt")).value();
        assertEquals("cycles:u", rust.event());
    }

    /** One parser, two consumers: the importer's stacks folded equal the collapser's output (no-period input). */
    @Test
    void importerAndCollapserAgree() throws Exception {
        for (String name : List.of("perf-funcab-cmd-01.txt", "perf-java-stacks-01.txt", "perf-vertx-stacks-01.txt",
                "perf-iperf-stacks-pidtid-01.txt", "perf-numa-stacks-01.txt")) {
            Path in = Conformance.dir("flamegraph").resolve("test").resolve(name);
            ByteArrayOutputStream a = new ByteArrayOutputStream();
            // a trailing blank line: the script drops an unterminated last sample, the importer keeps it
            try (InputStream is = new java.io.SequenceInputStream(Files.newInputStream(in),
                    new ByteArrayInputStream(new byte[] {'\n'}))) {
                PerfScriptCollapser.collapse(is, a, FoldOptions.collapse(), null);
            }
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            FoldedWriter.write(Fixtures.load(importer, in).value(), b);
            assertEquals(a.toString(StandardCharsets.UTF_8), b.toString(StandardCharsets.UTF_8), name);
        }
    }

    @Test
    void lastSampleWithoutBlankLineCountsAndCrlfWorks(@TempDir Path dir) throws Exception {
        String text = "# header\r\nmysqld 1234 [001] 10.5: 250000 cycles:\r\n\t7f01 buf_page_get_gen+0x12 (/usr/sbin/mysqld)\r\n"
                + "\t7f02 row_search_mvcc (/usr/sbin/mysqld)\r\n\r\nmysqld 1234 [001] 10.6: 250000 cycles:\r\n"
                + "\t7f01 buf_page_get_gen+0x40 (/usr/sbin/mysqld)\r\n\t7f02 row_search_mvcc (/usr/sbin/mysqld)";
        Path f = dir.resolve("p.txt");
        Files.writeString(f, text);
        InternedStackProfile p = (InternedStackProfile) Fixtures.load(importer, f).value();
        assertEquals(2, p.samples());
        assertEquals(1, p.stackCount());
        assertEquals(500000, p.byPeriod().totalWeight());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FoldedWriter.write(p, out);
        assertEquals("mysqld;row_search_mvcc;buf_page_get_gen 2\n", out.toString(StandardCharsets.UTF_8));
        // the reference script drops the unterminated last sample and keeps CR as data
        ByteArrayOutputStream ref = new ByteArrayOutputStream();
        PerfScriptCollapser.collapse(new ByteArrayInputStream(text.replace("\r", "").getBytes(StandardCharsets.UTF_8)), ref,
                FoldOptions.collapse(), null);
        assertEquals("mysqld;row_search_mvcc;buf_page_get_gen 250000\n", ref.toString(StandardCharsets.UTF_8));
    }

    @Test
    void unrecognisedLinesAreReportedWithLineNumberAndFile(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.txt");
        Files.writeString(f, "java 1 [000] 1.0: cycles:\n\tffff01 a (/x)\n??? garbage\n\nkworker 2 [000] 1.1: cycles:\n\tffff02 b ([kernel.kallsyms])\n\n");
        ImportResult<StackProfile> r = Fixtures.load(importer, f);
        assertEquals(2, r.value().samples());
        Diagnostic d = r.diagnostics().stream().filter(x -> x.level() == Diagnostic.Level.WARNING).findFirst().orElseThrow();
        assertEquals(3, d.line());
        assertTrue(d.message().contains("bad.txt") && d.message().contains("??? garbage"), d.message());
    }

    /** A Kunpeng (ARM64) capture: see fixtures/perf-script/README.md (synthetic, hand-written in perf's format). */
    @Test
    void arm64Capture() throws Exception {
        StackProfile p = load("arm64-kunpeng-mysqld-synthetic.txt");
        assertEquals(List.of("cycles"), p.events());
        assertEquals(4, p.samples());
        int i = p.frames().indexOf("el0_svc");
        assertTrue(i >= 0);
        assertEquals("[kernel.kallsyms]", p.modules().get(i));
        assertNotNull(p.forEvent("cycles"));
    }

    private static int indexOf(StackProfile p, String name, String module) {
        for (int i = 0; i < p.frames().size(); i++) {
            if (p.frames().get(i).equals(name) && p.modules().get(i).equals(module)) {
                return i;
            }
        }
        return -1;
    }

    private StackProfile load(String fixture) throws Exception {
        return Fixtures.load(importer, Fixtures.file("perf-script", fixture)).value();
    }
}
