package io.tunescope.importers.variants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.importers.config.LscpuImporter;
import io.tunescope.importers.iocsv.SadfImporter;
import io.tunescope.importers.iostat.IostatImporter;
import io.tunescope.importers.mpstat.MpstatImporter;
import io.tunescope.importers.numastat.NumastatImporter;
import io.tunescope.importers.perfscript.PerfScriptCollapser;
import io.tunescope.importers.perfscript.FoldOptions;
import io.tunescope.importers.perfscript.PerfScriptImporter;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.config.ConfigSnapshot;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.testutil.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The variants of real-world inputs of issue 15, each on its fixture (made on this machine, or synthetic in
 * the real tool's format where it cannot be made here): values are checked against the file.
 */
class RealWorldVariantsTest {
    private static final ImporterRegistry REGISTRY = io.tunescope.importers.formats.StandardImporters.registry();

    private static <T> ImportResult<T> load(Importer<T> imp, String slug, String name) throws Exception {
        return Fixtures.load(imp, Fixtures.file(slug, name));
    }

    private static List<Diagnostic> warnings(ImportResult<?> r) {
        return r.diagnostics().stream().filter(d -> d.level() != Diagnostic.Level.INFO).toList();
    }

    private static <T> T clean(Importer<T> imp, String slug, String name) throws Exception {
        ImportResult<T> r = load(imp, slug, name);
        assertEquals(List.of(), warnings(r), slug + "/" + name);
        return r.value();
    }

    // ------------------------------------------------------------------ lscpu

    @SuppressWarnings("unchecked")
    private static Map<String, Object> topology(String name) throws Exception {
        LscpuImporter imp = new LscpuImporter();
        ConfigSnapshot s = clean(imp, "lscpu", name);
        return (Map<String, Object>) imp.summarize(s).get("topology");
    }

    @Test
    void lscpuWithoutArchitectureLineIsRecognisedAndRead() throws Exception {
        Path f = Fixtures.file("lscpu", "s390x-lpar-drawer-sysroot.txt");
        assertEquals("lscpu", REGISTRY.detect(Head.read(f)).importer().format());
        Map<String, Object> s390 = topology("s390x-lpar-drawer-sysroot.txt");
        assertNull(s390.get("architecture"));
        assertEquals(8, s390.get("logical_cpus"));
        assertEquals(1, s390.get("threads_per_core"));
        assertEquals(8, s390.get("cores_per_socket"));
        assertEquals(3 * 2 * 4, s390.get("sockets"), "Socket(s) per book x Book(s) per drawer x Drawer(s)");
        assertEquals(Map.of("node0", "0-140"), s390.get("node_cpus"));

        Map<String, Object> power7 = topology("ppc64-power7-64cpu-sysroot.txt");
        assertEquals(64, power7.get("logical_cpus"));
        assertEquals(4, power7.get("threads_per_core"));
        assertEquals(1, power7.get("cores_per_socket"));
        assertEquals(16, power7.get("sockets"));
        assertEquals(2, power7.get("numa_nodes"));
        assertEquals(Map.of("node0", "0-63", "node1", ""), power7.get("node_cpus"), "a CPU-less node stays listed");
    }

    @Test
    void lscpuOfOtherArchitectures() throws Exception {
        Map<String, Object> kunpeng = topology("aarch64-kunpeng920-en-synthetic.txt");
        assertEquals("aarch64", kunpeng.get("architecture"));
        assertEquals(96, kunpeng.get("logical_cpus"));
        assertEquals(48, kunpeng.get("cores_per_socket"));
        assertEquals(2, kunpeng.get("sockets"));
        assertEquals(4, kunpeng.get("numa_nodes"));
        assertEquals("24-47", ((Map<?, ?>) kunpeng.get("node_cpus")).get("node1"));
        ConfigSnapshot k = clean(new LscpuImporter(), "lscpu", "aarch64-kunpeng920-en-synthetic.txt");
        assertEquals("HiSilicon", k.get("BIOS Vendor ID").orElseThrow());
        assertEquals("Kunpeng-920", k.get("Model name").orElseThrow());

        Map<String, Object> cluster = topology("aarch64-vm-cluster-synthetic.txt");
        assertNull(cluster.get("sockets"), "'Socket(s): -' is unknown, not a number");
        assertEquals(8, cluster.get("cores_per_cluster"));
        assertEquals(1, cluster.get("clusters"));

        Map<String, Object> power9 = topology("ppc64le-power9-synthetic.txt");
        assertEquals("ppc64le", power9.get("architecture"));
        assertEquals(128, power9.get("logical_cpus"));
        assertEquals(4, power9.get("threads_per_core"));
        assertEquals(Map.of("node0", "0-63", "node8", "64-127"), power9.get("node_cpus"));

        Map<String, Object> tree = topology("x86-tree-view-terminal.txt");
        assertEquals("x86_64", tree.get("architecture"));
        assertEquals(2, tree.get("logical_cpus"));
        assertEquals(2, tree.get("cores_per_socket"));
        assertEquals(1, tree.get("sockets"));
        assertEquals(Map.of("node0", "0,1"), tree.get("node_cpus"));
    }

    // ------------------------------------------------------------------ iostat

    @Test
    void iostatHumanReadableDeviceLast() throws Exception {
        SeriesSet s = clean(new IostatImporter(), "iostat", "iostat-h-x-d.txt");
        assertEquals(2, s.reports(), "four column blocks per report, one report per interval");
        // since boot: "2.57 195.7k 0.00 0.1% 0.21 76.1k loop0", "116.25 3.1M 21.12 15.4% ... vda",
        // "0.09 733.1k 0.07 43.4% 1.83 7.7M loop0", "10.51 0.26 0.07 3.7% vda"
        Map<String, Double> boot = s.sinceBoot();
        assertEquals(2.57, boot.get("iostat/loop0/r/s"));
        assertEquals(195.7, boot.get("iostat/loop0/rkB/s"), 1e-9);
        assertEquals(733.1, boot.get("iostat/loop0/dkB/s"), 1e-9);
        assertEquals(3.1 * 1024, boot.get("iostat/vda/rkB/s"), 1e-9, "M = 1024 kB");
        assertEquals(7.7 * 1024, boot.get("iostat/loop0/dareq-sz"), 1e-9);
        assertEquals(3.7, boot.get("iostat/vda/util"), 1e-9, "percent sign dropped");
        assertEquals(15.4, boot.get("iostat/vda/rrqm"), 1e-9);
        assertEquals(10.51, boot.get("iostat/vda/f/s"));
        // second report: "32.00 32.0M 0.00 0.0% 1.03 1.0M loop0" and "0.03 4.0% loop0"
        assertEquals(32.0, s.byKey("iostat/loop0/w/s").value(0));
        assertEquals(32.0 * 1024, s.byKey("iostat/loop0/wkB/s").value(0), 1e-9);
        assertEquals(4.0, s.byKey("iostat/loop0/util").value(0), 1e-9);
        assertEquals(1.03, s.byKey("iostat/loop0/await").value(0), 1e-9, "writes only: await = w_await");
        assertEquals(25, s.byKey("iostat/loop0/w/s").line(0));
        assertEquals(1, s.byKey("iostat/vda/util").size());
        assertEquals(1, s.byKey("iostat/vda/r/s").size());
    }

    @Test
    void iostatPrettyAndHumanWithoutX() throws Exception {
        SeriesSet p = clean(new IostatImporter(), "iostat", "iostat-pretty-x.txt");
        assertEquals(2, p.reports());
        assertEquals(115.88, p.sinceBoot().get("iostat/vda/r/s"));
        assertEquals(3.72, p.sinceBoot().get("iostat/vda/util"));
        assertEquals(5.0, p.byKey("iostat/vda/d/s").value(0));
        assertEquals(0.2, p.byKey("iostat/vda/d_await").value(0));
        assertEquals((1 * 0.00 + 5 * 0.20) / 6, p.byKey("iostat/vda/await").value(0), 1e-9, "1 write at 0.00 ms, 5 discards at 0.20 ms");
        SeriesSet h = clean(new IostatImporter(), "iostat", "iostat-h.txt");
        assertEquals(3, h.reports());
        assertEquals(2, h.byKey("iostat/loop0/tps").size());
        assertEquals(680.00, h.byKey("iostat/loop0/tps").value(0));
        assertEquals(40.0 * 1024, h.byKey("iostat/loop0/rkB/s").value(0), 1e-9);
        assertEquals(56.8, h.byKey("iostat/all/user").value(0), 1e-9);
        SeriesSet pretty = clean(new IostatImporter(), "iostat", "iostat-pretty.txt");
        assertEquals(3.00, pretty.byKey("iostat/vda/tps").value(0));
        assertEquals(8.00, pretty.byKey("iostat/vda/dkB/s").value(0));
    }

    @Test
    void iostatOneReportIsASinceBootSummary() throws Exception {
        IostatImporter imp = new IostatImporter();
        ImportResult<SeriesSet> r = load(imp, "iostat", "iostat-x-one-report.txt");
        assertEquals(List.of(), warnings(r));
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.message().contains("one report, the average since boot")),
                r.diagnostics().toString());
        Map<String, Object> sum = imp.summarize(r.value());
        Map<?, ?> since = (Map<?, ?>) sum.get("since_boot");
        assertNotNull(since, sum.toString());
        Map<?, ?> vda = (Map<?, ?>) ((Map<?, ?>) since.get("devices")).get("vda");
        assertEquals(3.70, vda.get("util_pct"));
        assertEquals(115.16, vda.get("r/s"));
        // (115.16 x 0.32 + 66.88 x 0.44 + 23.54 x 0.19) / (115.16 + 66.88 + 23.54)
        assertEquals((115.16 * 0.32 + 66.88 * 0.44 + 23.54 * 0.19) / (115.16 + 66.88 + 23.54), (Double) vda.get("await_ms"), 0.0005);
        Map<?, ?> d = (Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) imp.summarize(clean(imp, "iostat", "iostat-d-one-report.txt"))
                .get("since_boot")).get("devices")).get("vda");
        assertEquals(205.56, d.get("tps"));
    }

    /**
     * iostat -x and iostat -x -s were started together on the same loop device while it was written, read and
     * TRIMmed: the await Tunescope derives from the first (reads, writes and discards; not flushes) is the await
     * iostat itself prints in the second, interval by interval, to the printed precision.
     */
    @Test
    void iostatAwaitIsIostatsOwn() throws Exception {
        SeriesSet x = clean(new IostatImporter(), "iostat", "iostat-x-d-discard-pair.txt");
        SeriesSet s = clean(new IostatImporter(), "iostat", "iostat-x-s-d-discard-pair.txt");
        TimeSeries derived = x.byKey("iostat/loop0/await");
        TimeSeries printed = s.byKey("iostat/loop0/await");
        assertEquals(3, derived.size());
        assertEquals(List.of(1.83, 0.0, 2.16), List.of(printed.value(0), printed.value(1), printed.value(2)));
        for (int i = 0; i < 3; i++) {
            assertEquals(printed.value(i), derived.value(i), 0.006, "interval " + i);
        }
        assertEquals(printed.mean(), derived.mean(), 0.005);
        // the old reads+writes-only mean would have been (60 x 0.11 + 21 x 5.19) / 81 = 1.43 in the busy interval
        assertTrue(Math.abs(derived.value(0) - 1.427) > 0.3);
        // with flushes (2.5/s at 28 ms) it would be 2.55: iostat leaves them out
        assertTrue(Math.abs(derived.value(0) - 2.55) > 0.5);
        // the since-boot report too: 0.73 printed
        assertEquals(0.73, s.sinceBoot().get("iostat/loop0/await"));
        assertEquals(0.73, x.sinceBoot().get("iostat/loop0/await"), 0.01);
        // the TRIM interval of the longer capture: w 10/s at 0.80 ms, d 30/s at 1.83 ms
        SeriesSet loop = clean(new IostatImporter(), "iostat", "iostat-x-d-discard-loop.txt");
        assertEquals((10 * 0.80 + 30 * 1.83) / 40, loop.byKey("iostat/loop0/await").value(2), 1e-9);
        assertEquals(235417.00, loop.byKey("iostat/loop0/dkB/s").value(2));
    }

    // ------------------------------------------------------------------ mpstat, sadf

    @Test
    void mpstatNodeRowsAreNodesNotCpus() throws Exception {
        SeriesSet a = clean(new MpstatImporter(), "mpstat", "mpstat-A.txt");
        assertEquals(2, a.reports());
        // CPU 0 of the first interval: 70.71 %usr (line 5); node 0: 80.30 (line 10)
        assertEquals(70.71, a.byKey("mpstat/0/usr").value(0));
        assertEquals(2, a.byKey("mpstat/0/usr").size(), "node rows did not add CPU 0 samples");
        assertEquals(80.30, a.byKey("mpstat/node0/usr").value(0));
        assertEquals(10, a.byKey("mpstat/node0/usr").line(0));
        assertEquals(80.30, a.byKey("mpstat/all/usr").value(0));
        assertEquals(2, a.byKey("mpstat/all/usr").size(), "the node section's 'all' row is not a second all sample");
        assertEquals(921.00, a.byKey("mpstat/all/intr/s").value(0));
        assertEquals(Map.of("reports", 2, "cpus", 3, "nodes", 1), new MpstatImporter().summarize(a));
        assertEquals(a.byKey("mpstat/all/usr").time(0), a.byKey("mpstat/node0/usr").time(0));

        SeriesSet n = clean(new MpstatImporter(), "mpstat", "mpstat-N-ALL.txt");
        assertEquals(2, n.reports());
        assertEquals(77.39, n.byKey("mpstat/node0/usr").value(0));
        assertEquals(77.39, n.byKey("mpstat/all/usr").value(0), "without CPU rows the node section's all row is kept");
        SeriesSet pn = clean(new MpstatImporter(), "mpstat", "mpstat-P-ALL-N-ALL.txt");
        assertEquals(2, pn.reports());
        assertEquals(2, pn.byKey("mpstat/1/usr").size());
        assertEquals(2, pn.byKey("mpstat/node0/idle").size());
    }

    @Test
    void sadfOneLinePerRecordAndEveryActivity() throws Exception {
        SeriesSet u = clean(new SadfImporter(), "sadf", "sadf-dh-u-P-ALL.csv");
        assertEquals(3, u.reports());
        assertEquals(1.99, u.byKey("sadf/all/user").value(0));
        assertEquals(17.82, u.byKey("sadf/0/system").value(0));
        assertEquals(58.59, u.byKey("sadf/1/idle").value(2));
        SeriesSet m = clean(new SadfImporter(), "sadf", "sadf-dh-multi.csv");
        assertEquals(3, m.reports());
        assertEquals(23377600, m.byKey("sadf/kbmemfree").value(0));
        assertEquals(4.29, m.byKey("sadf/ldavg-1").value(0));
        assertEquals(194.00, m.byKey("sadf/vda/tps").value(2));
        assertEquals(12772.00, m.byKey("sadf/vda/rkB/s").value(2));
        assertEquals(8.00, m.byKey("sadf/vda/util").value(2));
        assertEquals(0.00, m.byKey("sadf/loop0/util").value(2));
        SeriesSet one = clean(new SadfImporter(), "sadf", "sadf-dh-u.csv");
        assertEquals(67.68, one.byKey("sadf/all/idle").value(2));

        ImportResult<SeriesSet> ar = load(new SadfImporter(), "sadf", "sadf-d-A.csv");
        assertEquals(List.of(), warnings(ar), "sadf -d -A: no warnings on normal output");
        SeriesSet a = ar.value();
        assertEquals(3, a.reports(), "one report per record, not one per activity and record");
        assertEquals(3, a.byKey("sadf/all/usr").size());
        assertEquals(484.00, a.byKey("sadf/all/intr/s").value(0));
        assertEquals(250.00, a.byKey("sadf/0/intr/s").value(0));
        assertEquals(a.byKey("sadf/all/usr").time(1), a.byKey("sadf/vda/tps").time(1), "activities share the record's time");
    }

    // ------------------------------------------------------------------ perf script

    @Test
    void perfScriptWithoutCallChainsIsOneFrameStacks() throws Exception {
        Path f = Fixtures.file("perf-script", "x86-no-g-dd-python.txt");
        assertEquals("perf-script", REGISTRY.detect(Head.read(f)).importer().format());
        StackProfile p = clean(new PerfScriptImporter(), "perf-script", "x86-no-g-dd-python.txt");
        assertEquals(216, p.samples(), "one sample per line");
        byte[] bytes = Files.readAllBytes(f);
        assertTrue(PerfScriptCollapser.withoutCallChains(bytes, bytes.length));
        Path withG = Fixtures.file("perf-script", "x86-cpu-clock-period.txt");
        byte[] g = Files.readAllBytes(withG);
        assertFalse(PerfScriptCollapser.withoutCallChains(g, g.length));
        assertEquals("", collapse(f, false), "stackcollapse-perf.pl folds nothing from a capture without -g");
    }

    @Test
    void jitAppCacheFramesAndTheLastUnendedSampleAreKept() throws Exception {
        Path f = Fixtures.file("perf-script", "android-jit-app-cache-no-final-blank-synthetic.txt");
        StackProfile p = clean(new PerfScriptImporter(), "perf-script", "android-jit-app-cache-no-final-blank-synthetic.txt");
        assertEquals(4, p.samples(), "inspect counts the last sample although no blank line ends it");
        String folded = collapse(f, true);
        assertTrue(folded.contains("RenderThread;art::ArtMethod::Invoke;art_quick_invoke_stub;"
                + "androidx.recyclerview.widget.RecyclerView.tryBindViewHolderByDeadline;com.example.app.FeedAdapter.onBindViewHolder 500000\n"),
                folded);
        assertTrue(folded.contains("RenderThread;art::ArtMethod::Invoke;art_quick_invoke_stub;[[JIT app cache]] 250000\n"), folded);
        assertTrue(folded.contains("mali-cmar-backe;__futex_wait_ex;__schedule;finish_task_switch 250000\n"), folded);
        long total = folded.lines().mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
        assertEquals(4L * 250000, total, "collapse keeps the 4 samples inspect counts");
        assertFalse(collapse(f, false).contains("mali-cmar-backe"), "the script's behaviour (--script-eof) drops it");
    }

    private static String collapse(Path f, boolean keepLast) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = Files.newInputStream(f)) {
            PerfScriptCollapser.collapse(in, out, FoldOptions.collapse(), null, keepLast);
        }
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    // ------------------------------------------------------------------ numastat

    private static List<Double> doubles(Object list) {
        return ((List<?>) list).stream().map(v -> ((Number) v).doubleValue()).toList();
    }

    @Test
    void numastatSortedSeveralProcessesArePerProcessRows() throws Exception {
        NumastatImporter imp = new NumastatImporter();
        NumaStats real = clean(imp, "numastat", "real-1node-s-p-name-several.txt");
        Map<?, ?> procs = (Map<?, ?>) imp.summarize(real).get("processes");
        assertEquals(List.of("21191 (bash)", "21185 (sleep)", "21189 (sleep)", "21188 (sleep)"), List.copyOf(procs.keySet()));
        assertEquals(List.of(1.74), doubles(((Map<?, ?>) procs.get("21188 (sleep)")).get("Total")));
        NumaStats wide = clean(imp, "numastat", "synthetic-8node-s-p-several-width80.txt");
        Map<?, ?> w = (Map<?, ?>) imp.summarize(wide).get("processes");
        assertEquals(4, w.size());
        assertEquals(List.of(1024.0, 0.0, 0.0, 0.0, 8192.75, 6144.0, 0.0, 0.0), doubles(((Map<?, ?>) w.get("5151 (mysqld)")).get("Total")),
                "the three wrapped sections join per process");
    }
}
