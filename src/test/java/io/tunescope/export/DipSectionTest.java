package io.tunescope.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.Hotspot;
import io.tunescope.analysis.window.Heatmap;
import io.tunescope.analysis.window.SampleFilter;
import io.tunescope.cli.TunescopeCli;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.testutil.FtwrlDipScript;
import io.tunescope.testutil.HandCaptures;
import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's heatmap and dip pages on the hand-made capture with a known dip (a 4 s FLUSH TABLES WITH READ LOCK in
 * a 40 s sysbench run, captures/README.md): a page per marked dip whose counts are those of
 * {@code tunescope flamegraph CAPTURE --from T --to T --json} (and of the perf script read independently), in
 * English and Chinese, rendered; no such pages for a capture without timed samples.
 */
class DipSectionTest {
    private static final Path ARCHIVE = HandCaptures.DIR.resolve("ftwrl-dip.tar.gz");
    private static Capture capture;

    @TempDir
    Path tmp;

    @BeforeAll
    static void load() throws Exception {
        capture = new CaptureLoader(StandardImporters.registry()).load(HandCaptures.get("ftwrl-dip.tar.gz", null));
    }

    private static JsonNode cli(String... args) throws Exception {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = TunescopeCli.run(args, new PrintWriter(o), new PrintWriter(e));
        assertEquals(0, code, String.join(" ", args) + ": " + e);
        return new ObjectMapper().readTree(o.toString());
    }

    /** The dip the lock made: TPS 0 in the main run's reports. */
    private static DipSection.Dip lockDip(List<DipSection.Dip> dips) {
        return dips.stream().filter(d -> d.marker().peak() == 0 && d.marker().ref().file().endsWith("main.sysbench.log")).findFirst()
                .orElseThrow(() -> new AssertionError("no page for the lock's dip: " + dips));
    }

    @Test
    void everyDipPageCountsWhatTheFlamegraphCommandCounts() throws Exception {
        List<DipSection.Dip> dips = DipSection.dips(capture, Locale.ENGLISH);
        DipSection.Dip lock = lockDip(dips);
        FtwrlDipScript raw = FtwrlDipScript.read();
        for (DipSection.Dip d : dips) {
            var s = d.cpu().samples();
            assertNotNull(d.before(), d + ": the plateau before it");
            String bf = s.label(d.before().fromNs());
            String bt = s.label(d.before().toNs());
            JsonNode j = cli("flamegraph", ARCHIVE.toString(), "--from", d.fromText(), "--to", d.toText(), "--diff-from", bf, "--diff-to", bt,
                    "--json");
            assertEquals(d.cpu().entry().file().path(), j.get("profile").asText());
            assertEquals(d.fromText(), j.get("from").asText());
            assertEquals(d.toText(), j.get("to").asText());
            assertEquals(j.get("samples").asLong(), d.inWindow().samples(), d.fromText());
            CallTree tree = CallTree.of(d.inWindow());
            assertEquals(j.get("weight").asLong(), tree.grandTotal());
            assertEquals(j.get("against").get("samples").asLong(), d.inBefore().samples());
            // counted from the perf script itself, by wall-clock time
            assertEquals(raw.count(d.fromText(), d.toText(), x -> true), d.inWindow().samples(), d.fromText());
            assertEquals(raw.count(bf, bt, x -> true), d.inBefore().samples());
            List<Hotspot> top = DipSection.topSelf(tree);
            assertEquals(j.get("top_self").size(), top.size());
            for (int i = 0; i < top.size(); i++) {
                assertEquals(j.get("top_self").get(i).get("frame").asText(), top.get(i).function());
                assertEquals(j.get("top_self").get(i).get("samples").asLong(), top.get(i).self());
            }
        }
        // the lock's window: the marker's span on perf's clock, 5 s of plateau before it, samples on both sides
        // from the start of the first low report's second (sysbench prints a report at the end of its interval)
        assertEquals(lock.marker().start() - 1000, lock.wall().fromMs());
        assertEquals(lock.marker().end(), lock.wall().toMs());
        long locked = java.time.Instant.parse("2026-12-02T04:46:19.689Z").toEpochMilli(); // the driver log's FTWRL
        assertTrue(lock.wall().fromMs() <= locked && locked < lock.wall().toMs(), "the window holds the moment the lock was taken");
        assertEquals(5.0, lock.before().seconds(), 1e-6);
        assertTrue(lock.inWindow().samples() > 20 && lock.inBefore().samples() > lock.inWindow().samples(),
                lock.inWindow().samples() + " / " + lock.inBefore().samples());
        // who was on the CPU in the window: every command's samples (the VM was shared with builds), adding up to the window's,
        // each the same as flamegraph --comm counts; the server's own frames get their own table
        java.util.Map<String, Long> comms = DipSection.commsInWindow(lock.cpu(), lock.window());
        assertEquals(lock.inWindow().samples(), comms.values().stream().mapToLong(Long::longValue).sum(), comms.toString());
        assertTrue(comms.size() > 1 && comms.containsKey("mariadbd"), comms.toString());
        assertEquals("mariadbd", DipSection.serverComm(comms));
        for (var e : comms.entrySet()) { // counted from the perf script itself, per command
            assertEquals(raw.count(lock.fromText(), lock.toText(), x -> x.comm().equals(e.getKey())), e.getValue(), e.getKey());
        }
        assertTrue(comms.get("mariadbd") < lock.inWindow().samples(), comms.toString());
        // the off-CPU recording (sched_switch, 04:46:18.98 to 04:46:26.4) covers the lock: the same time as flamegraph --offcpu
        assertNotNull(lock.offProfile(), "the off-CPU recording covers the lock's window");
        JsonNode off = cli("flamegraph", ARCHIVE.toString(), "--offcpu", "--from", lock.fromText(), "--to", lock.toText(), "--json");
        assertEquals("ns", off.get("unit").asText());
        assertEquals(off.get("weight").asLong(), lock.offProfile().totalWeight());
        assertEquals(off.get("samples").asLong(), lock.offProfile().samples());
        List<DipSection.OffStack> stacks = DipSection.offStacks(lock.offProfile());
        assertEquals(lock.offProfile().totalWeight(), stacks.stream().mapToLong(DipSection.OffStack::weight).sum(), "every stack is listed once");
        assertTrue(stacks.get(0).weight() >= stacks.get(stacks.size() - 1).weight());
        // the connection threads waited out the lock in a futex (the backup lock's condition wait; perf unwinds no further
        // than libc there): the window's largest off-CPU stack, sleeping, most of its time
        DipSection.OffStack top = stacks.get(0);
        assertEquals("__futex_abstimed_wait_common", top.frames(), stacks.toString());
        assertEquals("S", top.state());
        assertTrue(top.weight() * 2 > lock.offProfile().totalWeight(), stacks.toString());
        assertTrue(stacks.stream().noneMatch(st -> st.frames().contains("[mariadbd]")), "no placeholder frames: " + stacks);
        // dips before the off-CPU recording started have no off-CPU part
        for (DipSection.Dip d : dips) {
            if (d.wall().toMs() < lock.offSamples().wallMs(lock.offSamples().startNs())) {
                assertEquals(null, d.offProfile(), d.fromText());
            }
        }
    }

    @Test
    void thePdfHasTheHeatmapAndTheDipPagesInBothLanguages() throws Exception {
        List<DipSection.Dip> dips = DipSection.dips(capture, Locale.ENGLISH);
        DipSection.Dip lock = lockDip(dips);
        Heatmap h = Heatmap.of(lock.cpu().samples(), SampleFilter.ALL, HeatmapSection.BUCKET_MS);
        for (Locale l : new Locale[] {Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE}) {
            ReportOptions o = new ReportOptions(l, null, null);
            Path out = tmp.resolve("r-" + l.toLanguageTag() + ".pdf");
            ReportBuilder.standard().write(capture, o, out);
            Files.createDirectories(Path.of("target", "report-dips"));
            Files.copy(out, Path.of("target", "report-dips", out.getFileName().toString()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            try (PDDocument doc = Loader.loadPDF(out.toFile())) {
                List<String> pages = new ArrayList<>();
                for (int i = 1; i <= doc.getNumberOfPages(); i++) {
                    PDFTextStripper st = new PDFTextStripper();
                    st.setStartPage(i);
                    st.setEndPage(i);
                    pages.add(st.getText(doc).replace("\r", "").replace("\n", " "));
                }
                String heading = o.text("dip.heading", ReportGraphics.num(lock.marker().peak(), 1),
                        DipSection.span(lock.wall().fromMs(), lock.wall().toMs()), ReportGraphics.stepName(capture, lock.step()));
                int dipPage = indexOf(pages, heading);
                int heatPage = indexOf(pages, o.text("heatmap.title"));
                int timelinePage = indexOf(pages, o.text("timeline.title"));
                int filesPage = indexOf(pages, o.text("files.title"));
                assertTrue(timelinePage >= 0 && timelinePage < heatPage && heatPage < dipPage && dipPage < filesPage,
                        l + ": timelines, heatmap, dips, files in this order: " + timelinePage + " " + heatPage + " " + dipPage + " " + filesPage);
                assertTrue(pages.get(heatPage).contains(String.valueOf(h.total())), l + ": the heatmap's sample count");
                // every dip has its page, headed by its span
                List<String> afterHeatmap = pages.subList(heatPage + 1, pages.size());
                for (DipSection.Dip d : dips) {
                    assertTrue(indexOf(afterHeatmap, DipSection.span(d.wall().fromMs(), d.wall().toMs())) >= 0, l + ": " + d.fromText());
                }
                String page = pages.get(dipPage);
                assertTrue(page.contains(lock.fromText()) && page.contains(lock.toText()), l + ": the window's times: " + page);
                assertTrue(page.contains(String.format(Locale.ROOT, "%,d", lock.inWindow().samples())), l + ": the window's samples");
                assertTrue(page.contains(String.format(Locale.ROOT, "%,d", lock.inBefore().samples())), l + ": the plateau's samples");
                String rest = String.join(" ", pages.subList(dipPage, filesPage));
                assertTrue(rest.contains(o.text("dip.diff", "5.00")), l + ": the differential flame graph");
                assertTrue(rest.contains(o.text("dip.topServer", DipSection.topSelf(CallTree.of(lock.cpu().samples().select(lock.window(),
                        io.tunescope.analysis.window.SampleFilter.ALL.withComm("mariadbd")))).size(), "mariadbd",
                        String.format(Locale.ROOT, "%,d", DipSection.commsInWindow(lock.cpu(), lock.window()).get("mariadbd")))), l + ": the server's own frames");
                assertTrue(rest.contains(String.format(Locale.ROOT, "%,d", lock.offProfile().totalWeight())), l + ": the off-CPU weight in ns");
                // the pages render: heatmap and dip page are not blank
                PDFRenderer r = new PDFRenderer(doc);
                for (int p : new int[] {heatPage, dipPage}) {
                    BufferedImage img = r.renderImage(p, 0.6f);
                    assertTrue(coloured(img) > 2000, l + ": page " + (p + 1) + " draws its plot");
                }
                pdftoppm(out, dipPage + 1);
            }
        }
    }

    @Test
    void noPageWithoutTimedSamplesOrWithoutADip() throws Exception {
        ReportOptions o = new ReportOptions(Locale.ENGLISH, null, null);
        ReportBuilder sections = new ReportBuilder(List.of(new HeatmapSection(), new DipSection()));
        // sysbench fileio with iostat, no profile: neither page
        Capture fileio = new CaptureLoader(StandardImporters.registry()).load(HandCaptures.get("fileio-run", tmp));
        assertTrue(HeatmapSection.timed(fileio).isEmpty());
        Path out = tmp.resolve("fileio.pdf");
        sections.write(fileio, o, out);
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            String text = new PDFTextStripper().getText(doc);
            assertFalse(text.contains(o.text("heatmap.title")) || text.contains(o.text("dip.title")), text);
            assertEquals(1, doc.getNumberOfPages(), "nothing but the writer's first page");
        }
        // a healthy run with a timed profile and no dip: the heatmap, no dip page
        Capture healthy = new CaptureLoader(StandardImporters.registry()).load(HandCaptures.get("healthy-control.tar.gz", tmp));
        assertFalse(HeatmapSection.timed(healthy).isEmpty(), "healthy-control has a timed perf script");
        assertTrue(DipSection.dips(healthy, Locale.ENGLISH).isEmpty());
        out = tmp.resolve("healthy.pdf");
        sections.write(healthy, o, out);
        try (PDDocument doc = Loader.loadPDF(out.toFile())) {
            String text = new PDFTextStripper().getText(doc);
            assertTrue(text.contains(o.text("heatmap.title")), text);
            assertFalse(text.contains(o.text("dip.title")) || text.contains("Outlined"), text);
        }
    }

    private static int indexOf(List<String> pages, String text) {
        for (int i = 0; i < pages.size(); i++) {
            if (pages.get(i).contains(text)) {
                return i;
            }
        }
        return -1;
    }

    /** Pixels that are neither white nor grey (plots, shading, flame frames). */
    private static int coloured(BufferedImage img) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y);
                int r = (rgb >> 16) & 255;
                int g = (rgb >> 8) & 255;
                int b = rgb & 255;
                if (Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 40) {
                    n++;
                }
            }
        }
        return n;
    }

    /** poppler's pdftoppm renders the page too, when it is installed (it is on the project machine). */
    private void pdftoppm(Path pdf, int page) throws Exception {
        Process p;
        try {
            p = new ProcessBuilder("pdftoppm", "-r", "40", "-png", "-f", String.valueOf(page), "-l", String.valueOf(page), pdf.toString(),
                    tmp.resolve("page").toString()).redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            return;
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String log = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.exitValue(), log);
        try (var files = Files.list(tmp)) {
            Path png = files.filter(f -> f.getFileName().toString().startsWith("page") && f.toString().endsWith(".png")).findFirst()
                    .orElseThrow(() -> new AssertionError("pdftoppm wrote no page: " + log));
            assertTrue(coloured(ImageIO.read(png.toFile())) > 500, png + " is not blank");
            Files.delete(png);
        }
    }
}
