package io.tunescope.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.calltree.Hotspots;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.rules.Finding;
import io.tunescope.rules.Severity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.graphics.PDXObject;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportSectionsTest {
    @TempDir
    Path tmp;

    private static final Pattern TPS = Pattern.compile("transactions:\\s+\\d+\\s+\\((\\d+\\.\\d+) per sec");

    @Test
    void sampleReportHasSummaryNumbersFindingsHotspotsAndVectorCharts() throws Exception {
        Path cap = TestData.sampleCapture();
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(cap);
        Path out = tmp.resolve("sample.pdf");
        ReportBuilder.standard().write(c, new ReportOptions(Locale.ENGLISH, "row_|lock", "dispatch_command"), out);
        assertTrue(Files.size(out) < 5_000_000, "report size " + Files.size(out));
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            String text = new PDFTextStripper().getText(doc);
            String joined = text.replace("\r", "").replace("\n", " ");
            assertTrue(text.contains("Summary"));
            assertTrue(text.contains("Tuning timeline: TPS per step"), "the tuning timeline chart's title is real text");
            for (String step : List.of("00-baseline/sysbench.log", "01-flush-log-2/sysbench.log")) {
                String tps = tpsOf(cap.resolve(step));
                assertTrue(text.contains(tps), "TPS " + tps + " of " + step + " in the summary");
            }
            for (Finding f : ReportGraphics.rules(c, Locale.ENGLISH).findings()) {
                assertTrue(text.contains(f.ruleId()), f.ruleId());
                if (f.severity().atLeast(Severity.WARNING)) {
                    assertTrue(joined.contains(f.summary().substring(0, 30)), "summary of " + f.ruleId());
                }
            }
            assertTrue(text.contains("CPU flame graphs"));
            assertTrue(text.contains("Search /row_|lock/"), "the user's search is applied");
            assertTrue(text.contains("Focus: only stacks through dispatch_command"), "the user's focus is applied");
            assertTrue(text.contains("Differential flame graph: Baseline"), "first and last step have profiles");
            CaptureProfiles.Entry first = CaptureProfiles.of(c).get(0);
            String top = Hotspots.of(CallTree.of(first.profile()), 0).get(0).function();
            assertTrue(joined.contains(top.length() > 25 ? top.substring(0, 25) : top), "top hotspot " + top);
            assertTrue(text.contains("Timelines"));
            assertTrue(text.contains("Thread sweep: Thread sweep"), "the sweep chart of step 02");
            assertVector(doc);
        }
    }

    @Test
    void caseStudyReportShowsTheCrc32FindingWithAFlameGraphOfItsFrames() throws Exception {
        Path cap = TestData.sampleData().resolve("case-studies/software-crc32-hotspot");
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(cap);
        Path out = tmp.resolve("crc.pdf");
        ReportBuilder.standard().write(c, new ReportOptions(Locale.ENGLISH, null, null), out);
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            String text = new PDFTextStripper().getText(doc);
            String joined = text.replace("\r", "").replace("\n", " ");
            assertTrue(text.contains("CPU-CRC32-SOFTWARE"));
            assertTrue(joined.contains("Software CRC32 takes 5.7 % of CPU samples"));
            // at 5.7 % of the samples the software CRC32 is worth knowing (info): listed with its summary, not given a
            // page of its own with a flame graph searching its frames, which warnings get
            assertFalse(joined.contains("with the frames ut_crc32_sw"), "an info finding has no section of its own");
            assertTrue(text.contains("ut_crc32_sw"), "hotspot name");
            assertTrue(text.contains("Findings: 0 critical, 0 warning, 1 info"), text);
            assertVector(doc);
        }
    }

    @Test
    void chineseReportUsesTheChineseStrings() throws Exception {
        Path cap = TestData.sampleData().resolve("case-studies/software-crc32-hotspot");
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(cap);
        Path out = tmp.resolve("zh.pdf");
        ReportBuilder.standard().write(c, new ReportOptions(Locale.SIMPLIFIED_CHINESE, null, null), out);
        try (PDDocument doc = Loader.loadPDF(out.toFile()); PdfWriter probe = new PdfWriter("x")) {
            String text = new PDFTextStripper().getText(doc);
            if (probe.fonts().cjk()) {
                assertTrue(text.contains("CPU 火焰图"), text);
                // the findings themselves are written in Chinese, not only the headings
                Finding zh = ReportGraphics.rules(c, Locale.SIMPLIFIED_CHINESE).findings().get(0);
                Finding en = ReportGraphics.rules(c, Locale.ENGLISH).findings().get(0);
                assertNotEquals(en.title(), zh.title());
                String flat = text.replace("\r", "").replace("\n", "");
                if (zh.severity().atLeast(Severity.WARNING)) {
                    assertTrue(flat.contains(zh.title()), zh.title() + " in\n" + text);
                }
                assertTrue(flat.contains(zh.summary().substring(0, 12)), zh.summary() + " in\n" + text);
            }
            assertTrue(text.contains("CPU-CRC32-SOFTWARE"));
        }
    }

    /**
     * The words drawn in the charts and heatmaps of a Chinese report are Chinese (io.tunescope.analysis.ChartText):
     * the timeline panels and the thread sweep of the MariaDB sample, the NUMA heatmaps of the 4-node sample.
     */
    @Test
    void chineseReportDrawsChineseChartWords() throws Exception {
        check("mariadb-oltp", List.of("基准测试吞吐量", "设备队列长度", "各核心 CPU 繁忙度", "vmstat 上下文切换", "时间（按工具打印的时间）",
                        "拐点：", "拐点在 ", "单个 NUMA 节点：不可能发生远端内存分配", "各节点的页分配（页）"),
                List.of("Benchmark throughput", "Benchmark latency", "Device queue size", "Device throughput", "CPU busy per core",
                        "vmstat context switches", "vmstat run queue", "time (as printed by the tools)", "transactions per second",
                        "knee at", "throughput falls", "Single NUMA node", "Page allocations per node", "Process memory per node",
                        "remote allocation", "share grew", "share shrank"));
        check("numa-4node-synthetic", List.of("各节点的页分配（页）", "节点距离（numactl --hardware；10 = 本地）",
                        "各节点的进程内存（MB）", "% 远端内存分配", "描边对角线 = 本地节点"),
                List.of("Page allocations per node", "Node distance", "Process memory per node", "remote allocation",
                        "outlined diagonal", "server CPUs", "memory allowed"));
    }

    private void check(String sample, List<String> chinese, List<String> english) throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(TestData.sampleData().resolve(sample));
        Path out = tmp.resolve(sample + "-zh.pdf");
        ReportBuilder.standard().write(c, new ReportOptions(Locale.SIMPLIFIED_CHINESE, null, null), out);
        try (PDDocument doc = Loader.loadPDF(out.toFile()); PdfWriter probe = new PdfWriter("x")) {
            String text = new PDFTextStripper().getText(doc);
            String flat = text.replace("\r", "").replace("\n", " ");
            for (String e : english) {
                assertTrue(!flat.contains(e), sample + ": English chart words \"" + e + "\" in the Chinese report");
            }
            if (probe.fonts().cjk()) {
                for (String z : chinese) {
                    assertTrue(flat.contains(z), sample + ": \"" + z + "\" missing from\n" + text);
                }
            }
        }
    }

    @Test
    void findingWithATimeWindowGetsItsTimelineEvidenceChart() throws Exception {
        Path cap = TestData.sampleData().resolve("case-studies/disk-bound-idle-cpu");
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(cap);
        Path out = tmp.resolve("disk.pdf");
        ReportBuilder.standard().write(c, new ReportOptions(Locale.ENGLISH, null, null), out);
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            String text = new PDFTextStripper().getText(doc);
            assertTrue(text.contains("Evidence for IO-SATURATED-CPU-IDLE"), "the evidence chart's title is real text");
            assertTrue(text.contains("Device %util"), "the I/O finding shows the device utilisation panel");
            assertTrue(text.contains("iostat-x.txt:14"), "evidence with file:line");
            assertTrue(text.contains("Thread sweep: disk-bound-idle-cpu"), "the sweep chart");
            assertVector(doc);
        }
    }

    private static String tpsOf(Path log) throws Exception {
        Matcher m = TPS.matcher(Files.readString(log));
        assertTrue(m.find(), "sysbench summary in " + log);
        return String.format(Locale.ROOT, "%,.2f", Double.parseDouble(m.group(1)));
    }

    /** Charts and flame graphs are form XObjects (vectors); the report holds no raster image at all. */
    private static void assertVector(PDDocument doc) throws Exception {
        int forms = 0;
        int images = 0;
        for (PDPage p : doc.getPages()) {
            int[] n = count(p.getResources());
            forms += n[0];
            images += n[1];
        }
        assertTrue(forms > 0, "drawings present");
        assertEquals(0, images, "raster images in the report");
    }

    private static int[] count(PDResources r) throws Exception {
        int[] n = new int[2];
        if (r == null) {
            return n;
        }
        List<COSName> names = new ArrayList<>();
        r.getXObjectNames().forEach(names::add);
        for (COSName name : names) {
            PDXObject x = r.getXObject(name);
            if (x instanceof PDImageXObject) {
                n[1]++;
            } else if (x instanceof PDFormXObject f) {
                n[0]++;
                int[] inner = count(f.getResources());
                n[1] += inner[1];
            }
        }
        return n;
    }
}
