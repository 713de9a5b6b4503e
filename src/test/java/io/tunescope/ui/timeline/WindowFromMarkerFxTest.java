package io.tunescope.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.timeline.Anomaly;
import io.tunescope.importers.ArchiveExtractor;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.ui.Shortcuts;
import io.tunescope.ui.Target;
import io.tunescope.ui.TestUiContext;
import io.tunescope.ui.WindowSelection;
import io.tunescope.ui.WindowStatus;
import io.tunescope.ui.flame.FlameView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.Scene;
import javafx.scene.control.ListView;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tab;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * On the hand-made capture with a known dip (a 4 s FLUSH TABLES WITH READ LOCK in a 40 s sysbench run), the user
 * asks the timeline's TPS-dip marker for "the flame graph of this window vs the seconds before": the flame
 * graph then shows exactly the perf samples recorded in the dip (counted here from the perf script itself),
 * compared with the plateau before it; the timeline shades both windows; the status bar says the samples and
 * seconds; Esc in the flame graph clears the window.
 */
@ExtendWith(ApplicationExtension.class)
class WindowFromMarkerFxTest {
    private static final Pattern SAMPLE = Pattern.compile("^\\S.*?\\s(\\d+)\\.(\\d{6}):\\s+\\d+\\s+cpu-clock:");
    private final ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "window-test");
        t.setDaemon(true);
        return t;
    });
    private final List<Target> navigated = new ArrayList<>();
    private Shortcuts keys;
    private TestUiContext ctx;
    private TimelineView timeline;
    private FlameView flame;
    private io.tunescope.ui.perfreport.PerfReportView report;
    private io.tunescope.ui.heatmap.HeatmapView heatmap;
    private static Capture capture;
    private static Path dir;
    private TabPane tabs;

    /** Read once, off the FX thread (13 MB of perf scripts). */
    @org.junit.jupiter.api.BeforeAll
    static void load() throws Exception {
        dir = new ArchiveExtractor(ArchiveExtractor.DEFAULT_MAX_BYTES, ArchiveExtractor.DEFAULT_MAX_ENTRIES)
                .extractToTemp(Path.of("src/test/resources/captures/ftwrl-dip.tar.gz"));
        // the capture as the app opens the archive (its paths are the archive's, without the top folder)
        capture = new CaptureLoader(StandardImporters.registry()).load(Path.of("src/test/resources/captures/ftwrl-dip.tar.gz"));
    }

    @Start
    void start(Stage stage) throws Exception {
        keys = new Shortcuts();
        WindowSelection windows = new WindowSelection();
        ctx = new TestUiContext(pool) {
            @Override
            public Shortcuts shortcuts() {
                return keys;
            }

            @Override
            public WindowSelection windowSelection() {
                return windows;
            }
        };
        timeline = new TimelineView(ctx);
        flame = new FlameView(ctx);
        report = new io.tunescope.ui.perfreport.PerfReportView(ctx);
        Tab flameTab = new Tab("flame", flame.node());
        heatmap = new io.tunescope.ui.heatmap.HeatmapView(ctx);
        tabs = new TabPane(new Tab("timeline", timeline.node()), flameTab, new Tab("perf report", report.node()),
                new Tab("heatmap", heatmap.node()));
        ctx.navigatingWith(t -> {
            navigated.add(t);
            if (flame.reveal(t)) {
                tabs.getSelectionModel().select(flameTab);
                return true;
            }
            return false;
        });
        Scene scene = new Scene(tabs, 1200, 800);
        keys.install(scene);
        stage.setScene(scene);
        stage.show();
        timeline.show(capture);
        flame.show(capture);
        report.show(capture);
        heatmap.show(capture);
    }

    /** perf times (ns) of the cpu-clock samples, read from the perf script with a regex of its sample lines. */
    private List<Long> sampleTimes() throws Exception {
        Path script;
        try (var s = Files.walk(dir)) {
            script = s.filter(p -> p.getFileName().toString().equals("perf-cpu.script.txt")).findFirst().orElseThrow();
        }
        List<Long> out = new ArrayList<>();
        for (String line : Files.readAllLines(script)) {
            Matcher m = SAMPLE.matcher(line);
            if (m.find()) {
                out.add(Long.parseLong(m.group(1)) * 1_000_000_000L + Long.parseLong(m.group(2)) * 1000);
            }
        }
        return out;
    }

    @Test
    void theDipMarkerShowsTheFlameGraphOfTheDipAgainstThePlateau(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> timeline.timeline() != null);
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        ListView<Anomaly> markers = robot.lookup("#timelineMarkers").queryAs(ListView.class);
        Anomaly dip = markers.getItems().stream().filter(a -> a.kind() == Anomaly.Kind.THROUGHPUT_DIP
                && a.entity().startsWith("rw-4t-ftwrl/main.sysbench.log") && a.peak() == 0).findFirst()
                .orElseThrow(() -> new AssertionError(markers.getItems().toString()));
        // the driver log: the lock was taken at 04:46:19.689; the dip reports end within the next seconds
        assertTrue(dip.start() <= Instant.parse("2026-12-02T04:46:21Z").toEpochMilli() && dip.end() >= Instant.parse("2026-12-02T04:46:22Z").toEpochMilli(),
                dip.toString());
        robot.interact(() -> markers.getSelectionModel().select(dip));
        // the button above the markers list (its tab is not the one shown: fired, not clicked)
        javafx.scene.control.Button button = robot.lookup("#timelineMarkerFlameButton").queryAs(javafx.scene.control.Button.class);
        assertTrue(!button.isDisabled(), "a marker is selected");
        robot.interact(button::fire);
        WindowSelection windows = ctx.windowSelection();
        try {
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> windows.selected() != null);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("no window selected; status: " + ctx.lastStatus());
        }
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !flame.viewModel().busyProperty().get()
                && flame.viewModel().snapshot() != null && flame.viewModel().snapshot().diff() != null);
        WaitForAsyncUtils.waitForFxEvents();

        WindowSelection.Slice w = windows.selected();
        WindowSelection.Slice before = windows.compare();
        assertNotNull(before, "the plateau before the dip is compared with");
        assertEquals("rw-4t-ftwrl/perf-cpu.script.txt", w.entry().file().path());
        // the header's "captured on" (04:46:44, written when the recording ended) places the last sample
        List<Long> times = sampleTimes();
        long last = times.stream().mapToLong(Long::longValue).max().orElseThrow();
        long capturedOn = Instant.parse("2026-12-02T04:46:44Z").toEpochMilli();
        // sysbench --report-interval=1: the first low report, printed at dip.start(), holds the second before it
        long from = last + (dip.start() - 1000 - capturedOn) * 1_000_000L;
        long to = last + (dip.end() - capturedOn) * 1_000_000L;
        assertEquals(from, w.window().fromNs(), 1_000_000, "the window starts where the marker's first report's second starts, on perf's clock");
        assertEquals(to, w.window().toNs(), 1_000_000);
        assertEquals(w.window().fromNs(), before.window().toNs(), "the plateau ends where the dip starts");
        assertEquals(5.0, before.seconds(), 1e-6, "at least 5 s of plateau");
        long inDip = times.stream().filter(t -> t >= w.window().fromNs() && t < w.window().toNs()).count();
        long inBefore = times.stream().filter(t -> t >= before.window().fromNs() && t < before.window().toNs()).count();
        assertTrue(inDip > 20 && inBefore > inDip, inDip + " / " + inBefore);
        assertEquals(inDip, w.sampleCount());
        assertEquals(inBefore, before.sampleCount());

        // the flame graph: exactly those samples on each side
        assertTrue(navigated.contains(new Target.SelectedWindow("rw-4t-ftwrl")), navigated.toString());
        assertTrue(tabs.getSelectionModel().getSelectedIndex() == 1, "the flame graph is shown");
        var s = flame.viewModel().snapshot();
        assertEquals(inBefore, s.diff().before(0));
        assertEquals(inDip, s.diff().after(0));
        String title = robot.lookup("#flame-window").queryAs(javafx.scene.control.Label.class).getText();
        assertTrue(title.startsWith("Differential flame graph of perf-cpu.script.txt: " + w.range()), title);
        assertTrue(title.contains(inDip + " samples") && title.contains(inBefore + " samples"), title);
        String status = WindowStatus.describe(ctx, w, before);
        assertTrue(status.contains(String.format(java.util.Locale.ROOT, "(%.1f s): %d samples of perf-cpu.script.txt", w.seconds(), inDip)), status);

        // the timeline shades both windows on every chart
        var overlay = timeline.windowOverlay();
        assertTrue(overlay.shading().size() >= 2 && overlay.shading().size() % 2 == 0, overlay.shading().toString());

        // the perf report view: the window's own hotspots (its samples), and why the report's table is whole-recording
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !report.windowHotspots().isEmpty());
        assertTrue(report.windowNoteText().contains(String.format(java.util.Locale.ROOT, "%,d samples", inDip))
                && report.windowNoteText().contains("whole recording"), report.windowNoteText());
        assertEquals(inDip, report.windowHotspots().get(0).grandTotal());

        // the windowed flame graph and the heatmap export to PNG (laid out at the export's size, canvases painted)
        assertPicture(flame.node(), "window-flame");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> heatmap.heatmap() != null);
        assertPicture(heatmap.node(), "heatmap");

        // the off-CPU stacks of the same window: the link under the title switches to the sched_switch recording
        offCpuOfTheWindow(robot, dip, w, before);

        // Esc in the flame graph: first the outline and search (none here), so the window goes
        robot.interact(() -> flame.flameCanvasNode().requestFocus());
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertNull(windows.selected());
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !flame.viewModel().busyProperty().get()
                && flame.viewModel().snapshot() != null && flame.viewModel().snapshot().diff() == null);
        assertEquals(times.size(), flame.viewModel().snapshot().grandTotal(), "the whole profile again");
        assertTrue(overlay.shading().isEmpty());
        assertEquals("", report.windowNoteText());

        // Shift-drag across the charts from the dip's start to its end selects the samples recorded in that range
        robot.interact(() -> tabs.getSelectionModel().select(0));
        WaitForAsyncUtils.waitForFxEvents();
        org.jfree.chart.fx.ChartCanvas canvas = robot.lookup("#timelineChart").queryAs(org.jfree.chart.fx.ChartViewer.class).getCanvas();
        // drag over the seconds the dip's reports hold: from the start of the first one's interval to the last report
        double[] p0 = overlay.canvasPoint(io.tunescope.render.timeline.TimelineChart.x(timeline.timeline(), dip.coveredFrom()));
        double[] p1 = overlay.canvasPoint(io.tunescope.render.timeline.TimelineChart.x(timeline.timeline(), dip.end()));
        assertNotNull(p0);
        assertTrue(p1[0] - p0[0] > 10, "the dip is wider than 10 pixels: " + p0[0] + " to " + p1[0]);
        robot.press(KeyCode.SHIFT);
        robot.moveTo(canvas.localToScreen(p0[0], p0[1])).press(javafx.scene.input.MouseButton.PRIMARY)
                .moveTo(canvas.localToScreen((p0[0] + p1[0]) / 2, p0[1])).moveTo(canvas.localToScreen(p1[0], p1[1]))
                .release(javafx.scene.input.MouseButton.PRIMARY);
        robot.release(KeyCode.SHIFT);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> windows.selected() != null);
        WindowSelection.Slice dragged = windows.selected();
        assertEquals("timeline", dragged.origin());
        assertNull(windows.compare());
        // to within two pixels of the marker's ends, on perf's clock
        double nsPerPixel = (dip.end() - dip.coveredFrom()) * 1e6 / (p1[0] - p0[0]);
        assertEquals(from, dragged.window().fromNs(), 2 * nsPerPixel);
        assertEquals(to, dragged.window().toNs(), 2 * nsPerPixel);
        long inDragged = times.stream().filter(t -> t >= dragged.window().fromNs() && t < dragged.window().toNs()).count();
        assertEquals(inDragged, dragged.sampleCount());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(!overlay.shading().isEmpty(), "the dragged window is shaded");
        assertEquals(0, overlay.dragShadingCount(), "the drag's own shading is gone after the release");
    }

    /**
     * Exports a view to PNG as the export dialog does and checks the picture: the chosen size, and not blank:
     * at least a tenth of it in strong colours (flame frames, heatmap cells; the controls around are greys).
     */
    private void assertPicture(javafx.scene.Node view, String name) throws Exception {
        Path out = Files.createTempDirectory("window-export").resolve(name + ".png");
        java.util.concurrent.atomic.AtomicReference<Exception> failed = new java.util.concurrent.atomic.AtomicReference<>();
        WaitForAsyncUtils.asyncFx(() -> {
            try {
                io.tunescope.ui.ViewExport.png(view, new io.tunescope.ui.ViewExport.Options(1000, 700, 1, null), out);
            } catch (Exception e) {
                failed.set(e);
            }
        }).get(60, TimeUnit.SECONDS);
        if (failed.get() != null) {
            throw failed.get();
        }
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(out.toFile());
        assertEquals(1000, img.getWidth(), name);
        assertEquals(700, img.getHeight(), name);
        long strong = 0;
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y);
                int r = (rgb >> 16) & 0xff;
                int g = (rgb >> 8) & 0xff;
                int b = rgb & 0xff;
                colours.add(rgb & 0xffffff);
                if (Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 60) {
                    strong++;
                }
            }
        }
        double share = strong / (double) (img.getWidth() * img.getHeight());
        assertTrue(share > 0.1 && colours.size() > 50, name + ": " + share + " of the picture in strong colours, " + colours.size() + " colours");
    }

    /** perf time of the sched_switch recording at a wall-clock time (its first event is at the driver log's start). */
    private static long schedNs(io.tunescope.testutil.FtwrlDipSched sched, long wallMs) {
        return sched.perfNs(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS", java.util.Locale.ROOT)
                .withZone(java.time.ZoneOffset.UTC).format(Instant.ofEpochMilli(wallMs)));
    }

    /**
     * The off-CPU flame graph of the dip's window vs the plateau: its total is the switched-out time inside the
     * window, counted here from the perf-sched script by an independent reader (each interval cut to the window);
     * the widths are time, and the title says the time by prev_state.
     */
    private void offCpuOfTheWindow(FxRobot robot, Anomaly dip, WindowSelection.Slice w, WindowSelection.Slice before) throws Exception {
        javafx.scene.control.Hyperlink link = robot.lookup("#flame-window-switch").queryAs(javafx.scene.control.Hyperlink.class);
        assertTrue(link.isVisible() && link.getText().contains("perf-sched.script.txt"), link.getText());
        robot.interact(link::fire);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !flame.viewModel().busyProperty().get()
                && flame.viewModel().snapshot() != null && flame.viewModel().snapshot().after() instanceof io.tunescope.model.stack.OffCpuProfile
                && flame.viewModel().snapshot().diff() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("rw-4t-ftwrl/perf-sched.script.txt", flame.viewModel().profileProperty().get().file().path());
        assertEquals(w, ctx.windowSelection().selected(), "the window stays selected");
        var s = flame.viewModel().snapshot();
        io.tunescope.testutil.FtwrlDipSched sched = io.tunescope.testutil.FtwrlDipSched.read();
        var ivs = sched.intervals();
        // the reports' seconds: from the second the first low report holds (sysbench --report-interval=1) to the last
        long to = dip.end();
        long a = schedNs(sched, dip.start() - 1000);
        long b = schedNs(sched, to);
        long inDip = ivs.stream().mapToLong(iv -> iv.overlap(a, b)).sum();
        long pa = schedNs(sched, w.samples().wallMs(before.window().fromNs()));
        long inBefore = ivs.stream().mapToLong(iv -> iv.overlap(pa, a)).sum();
        assertTrue(inDip > 1_000_000_000L, "seconds of off-CPU time in the dip: " + inDip);
        assertEquals(inDip, s.after().totalWeight(), "the off-CPU time of exactly the window");
        assertEquals(inDip, s.diff().after(0));
        assertEquals(inBefore, s.diff().before(0), "the plateau before, on the same clock");
        assertTrue(s.unit().isTime());
        // the threads waiting on the global read lock: the futex wait grows in the dip against the plateau
        var futex = s.hotspots().stream().filter(h -> h.function().equals("__futex_abstimed_wait_common")).findFirst().orElseThrow();
        assertTrue(s.totalShareDelta(futex) > 0.1, "futex wait share grows by " + s.totalShareDelta(futex));
        String title = robot.lookup("#flame-window").queryAs(javafx.scene.control.Label.class).getText();
        assertTrue(title.startsWith("Differential off-CPU flame graph of perf-sched.script.txt: " + w.range()), title);
        assertTrue(title.contains("sleeping (S"), title);
        String unit = robot.lookup("#flame-unit").queryAs(javafx.scene.control.Label.class).getText();
        assertTrue(unit.contains("time switched out") && unit.contains("nanoseconds"), unit);
        // tooltips and the hotspot columns speak time, not samples
        int root = 0;
        String tip = flame.describe(s, root);
        assertTrue(!tip.contains("samples") && tip.contains(" s ("), tip);
        @SuppressWarnings("unchecked")
        javafx.scene.control.TableView<io.tunescope.analysis.calltree.Hotspot> hot = robot.lookup("#flame-hotspots")
                .queryAs(javafx.scene.control.TableView.class);
        assertTrue(hot.getColumns().stream().anyMatch(c -> c.getText().equals("Total time")), "time columns");
        assertPicture(flame.node(), "window-offcpu");
        // and back to the CPU samples of the window
        javafx.scene.control.Hyperlink back = robot.lookup("#flame-window-switch").queryAs(javafx.scene.control.Hyperlink.class);
        assertTrue(back.getText().contains("perf-cpu.script.txt"), back.getText());
        robot.interact(back::fire);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !flame.viewModel().busyProperty().get()
                && flame.viewModel().snapshot() != null && !flame.viewModel().snapshot().unit().isTime()
                && flame.viewModel().snapshot().diff() != null);
        assertEquals(w.sampleCount(), flame.viewModel().snapshot().diff().after(0));
    }
}
