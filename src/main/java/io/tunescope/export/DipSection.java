package io.tunescope.export;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.calltree.DiffTree;
import io.tunescope.analysis.calltree.Hotspot;
import io.tunescope.analysis.calltree.Hotspots;
import io.tunescope.analysis.flame.Subsystems;
import io.tunescope.analysis.timeline.Anomaly;
import io.tunescope.analysis.timeline.AnomalyDetector;
import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.analysis.timeline.Track;
import io.tunescope.analysis.window.MarkerWindow;
import io.tunescope.analysis.window.OffCpuSamples;
import io.tunescope.analysis.window.SampleFilter;
import io.tunescope.analysis.window.Window;
import io.tunescope.analysis.window.WindowProfile;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Step;
import io.tunescope.model.stack.OffCpuProfile;
import io.tunescope.model.stack.OffCpuState;
import io.tunescope.render.flame.ColorScheme;
import io.tunescope.render.flame.FlameColors;
import io.tunescope.render.timeline.TimelineChart;
import io.tunescope.session.CaptureSession;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;

/**
 * A page per throughput dip the timeline marks (issue 13): the window the app's marker opens ("flame graph of this
 * window vs the N seconds before", {@link MarkerWindow}) on the profile recorded then ({@link CaptureSession#profileAt}),
 * with its wall-clock span, seconds and samples; the series around it (TPS, latency, the busiest device's %util
 * and await, CPU) with the window and the plateau shaded; the top frames by self samples and the flame graph of the
 * window's samples; the differential flame graph of the window against the plateau (the app's and
 * {@code flamegraph --diff-from}'s normalisation and noise threshold); and the off-CPU stacks of the window when
 * an off-CPU recording covers it. The counts are those of {@code tunescope flamegraph CAPTURE --from T --to T --json}
 * for the same times. Dips of a timeline without a wall clock, or with no timed profile recorded then, get no page.
 */
public final class DipSection implements ReportSection {
    /** Frames listed by self samples (as many as {@code flamegraph --json} lists in {@code top_self}). */
    static final int TOP_SELF = 10;
    /** Off-CPU stacks listed. */
    static final int TOP_OFFCPU = 10;
    /** Frames of an off-CPU stack shown, innermost user-space frames first. */
    private static final int STACK_FRAMES = 5;
    /** The panels drawn around a dip, in this order. */
    static final List<String> PANELS = List.of("throughput", "latency", "util", "await", "cpu");
    /** Seconds of the series shown before the plateau and after the window. */
    private static final long PAD_BEFORE_MS = 5_000;
    private static final long PAD_AFTER_MS = 10_000;
    /** The app's shading of the selected window and of the one compared with (WindowOverlay). */
    static final Color WINDOW_SHADE = new Color(255, 140, 0, 60);
    static final Color BEFORE_SHADE = new Color(120, 120, 120, 45);
    private static final DateTimeFormatter HMS = DateTimeFormatter.ofPattern("HH:mm:ss.S", Locale.ROOT).withZone(ZoneOffset.UTC);

    /**
     * One marked dip with the samples of its window and of the plateau before it.
     *
     * @param step    the step whose timeline marks it
     * @param marker  the timeline's marker
     * @param wall    its window and plateau on the wall clock
     * @param cpu     the CPU profile recorded then, with its samples on the one clock
     * @param window  the window on that profile's perf clock
     * @param before  the plateau on that clock, or null (the recording started later)
     * @param inWindow the samples of the window
     * @param inBefore the samples of the plateau, or null
     * @param offCpu  the off-CPU recording that overlaps the window the most, or null
     * @param offWindow the window on the off-CPU recording's clock, or null
     * @param offProfile the off-CPU time of the window, or null
     */
    public record Dip(String step, Anomaly marker, MarkerWindow wall, CaptureSession.TimedSamples cpu, Window window, Window before,
                      WindowProfile inWindow, WindowProfile inBefore, CaptureProfiles.Entry offCpu, OffCpuSamples offSamples,
                      Window offWindow, OffCpuProfile offProfile) {
        /** The window's start as {@code flamegraph --from} takes it (ISO wall clock with milliseconds). */
        public String fromText() {
            return cpu.samples().label(window.fromNs());
        }

        public String toText() {
            return cpu.samples().label(window.toNs());
        }
    }

    /** The marked throughput dips of every step that have samples, in step and time order. */
    public static List<Dip> dips(Capture c, Locale locale) {
        return scan(c, locale).dips();
    }

    /** The dips with a page, and those the timeline marks that no timed profile covers (the section names them). */
    record Scan(List<Dip> dips, List<Anomaly> uncovered) {
    }

    static Scan scan(Capture c, Locale locale) {
        CaptureSession session = CaptureSession.of(c);
        List<Dip> out = new ArrayList<>();
        List<Anomaly> uncovered = new ArrayList<>();
        for (Step s : c.steps()) {
            Timeline t = session.timeline(s.dir(), locale);
            if (!t.wallClock()) {
                continue;
            }
            for (Anomaly a : AnomalyDetector.detect(t, locale)) {
                if (a.kind() != Anomaly.Kind.THROUGHPUT_DIP) {
                    continue;
                }
                Dip d = dip(session, s.dir(), a);
                if (d != null) {
                    out.add(d);
                } else {
                    uncovered.add(a);
                }
            }
        }
        return new Scan(out, uncovered);
    }

    private static Dip dip(CaptureSession session, String step, Anomaly a) {
        MarkerWindow m = MarkerWindow.of(a);
        CaptureSession.TimedSamples p = session.profileAt(m.fromMs(), m.toMs());
        Window w = p == null ? null : m.window(p.samples());
        if (w == null) {
            return null;
        }
        Window b = m.before(p.samples(), w);
        WindowProfile in = p.samples().select(w, SampleFilter.ALL);
        WindowProfile before = b == null ? null : p.samples().select(b, SampleFilter.ALL);
        // the off-CPU recording that overlaps the window the most, cut to the same wall-clock times
        CaptureProfiles.Entry off = null;
        OffCpuSamples offSamples = null;
        long best = 0;
        for (CaptureProfiles.Entry e : CaptureProfiles.offCpu(session.capture())) {
            if (!(session.timed(e.file().path(), e.profile()) instanceof OffCpuSamples o) || !o.clock().known()) {
                continue;
            }
            long overlap = Math.min(o.wallMs(o.endNs()) + 1, m.toMs()) - Math.max(o.wallMs(o.startNs()), m.fromMs());
            if (overlap > best) {
                best = overlap;
                off = e;
                offSamples = o;
            }
        }
        Window ow = null;
        OffCpuProfile op = null;
        if (offSamples != null) {
            long f = offSamples.nsAtWall(m.fromMs());
            ow = new Window(f, Math.max(f + 1, offSamples.nsAtWall(m.toMs())));
            op = offSamples.select(ow, SampleFilter.ALL);
        }
        return new Dip(step, a, m, p, w, b, in, before, off, offSamples, ow, op);
    }

    @Override
    public void write(PdfWriter pdf, Capture c, ReportOptions o) throws IOException {
        Scan scan = scan(c, o.locale());
        List<Dip> dips = scan.dips();
        if (dips.isEmpty()) {
            return;
        }
        boolean first = true;
        for (Dip d : dips) {
            pdf.newPage();
            if (first) {
                pdf.heading(o.text("dip.title"), 1);
                pdf.small(o.text("dip.intro"));
                List<Anomaly> skipped = scan.uncovered();
                if (!skipped.isEmpty()) {
                    pdf.small(o.text("dip.skipped", String.join(", ", skipped.stream().map(a -> span(MarkerWindow.of(a).fromMs(), MarkerWindow.of(a).toMs())).toList())));
                }
                first = false;
            }
            page(pdf, c, o, d);
        }
    }

    private static void page(PdfWriter pdf, Capture c, ReportOptions o, Dip d) throws IOException {
        var s = d.cpu().samples();
        pdf.heading(o.text("dip.heading", ReportGraphics.num(d.marker().peak(), 1), span(d.wall().fromMs(), d.wall().toMs()),
                ReportGraphics.stepName(c, d.step())), 2);
        pdf.small(o.text("dip.marker", d.marker().message(), String.valueOf(d.marker().ref())));
        List<List<String>> rows = new ArrayList<>();
        rows.add(row(o.text("dip.row.window"), s, d.window(), d.inWindow()));
        if (d.before() != null) {
            rows.add(row(o.text("dip.row.before"), s, d.before(), d.inBefore()));
        }
        pdf.table(List.of("", o.text("dip.col.from"), o.text("dip.col.to"), o.text("dip.col.seconds"), o.text("dip.col.samples")),
                rows, new float[] {1.3f, 2.1f, 2.1f, 0.8f, 0.9f});
        pdf.small(o.text("dip.profile", d.cpu().entry().label(), d.inWindow().event().isEmpty() ? "\u2014" : d.inWindow().event(),
                s.clock().basis().in(o.locale()), d.fromText(), d.toText()));
        if (d.before() == null) {
            pdf.small(o.text("dip.noBefore"));
        }
        series(pdf, c, o, d);
        CallTree tree = d.inWindow().callTree();
        if (tree.grandTotal() == 0) {
            pdf.paragraph(o.text("dip.empty"));
        } else {
            // name who was on the CPU before the frames: another program's work is not the server's
            Map<String, Long> comms = commsInWindow(d.cpu(), d.window());
            if (comms.size() > 1) {
                pdf.small(o.text("dip.comms", commList(comms, d.inWindow().samples())));
            }
            topSelf(pdf, o, tree, o.text("dip.top", topSelf(tree).size()));
            String server = serverComm(comms);
            if (server != null && comms.size() > 1) {
                CallTree st = d.cpu().samples().select(d.window(), SampleFilter.ALL.withComm(server)).callTree();
                if (st.grandTotal() > 0) {
                    topSelf(pdf, o, st, o.text("dip.topServer", topSelf(st).size(), server, String.format(Locale.ROOT, "%,d", comms.get(server))));
                }
            }
            if (pdf.remaining() < ReportGraphics.flameHeight(pdf, tree, 0) + 40) {
                pdf.newPage();
            }
            pdf.heading(o.text("dip.flame", d.inWindow().samples(), secs(d.window().seconds())), 2);
            ReportGraphics.flame(pdf, o, tree, 0, ColorScheme.ofSlug("module").create(tree, Subsystems.builtIn()), null);
            if (d.inBefore() != null && d.inBefore().samples() > 0) {
                DiffTree diff = DiffTree.of(d.inBefore().callTree(), tree);
                if (pdf.remaining() < ReportGraphics.flameHeight(pdf, diff.tree(), diff.shapeColumn()) + 60) {
                    pdf.newPage();
                }
                pdf.heading(o.text("dip.diff", secs(d.before().seconds())), 2);
                pdf.small(o.text("dip.diffIntro", String.format(Locale.ROOT, "%.1f", FlameSection.DIFF_NOISE * 100),
                        d.inBefore().samples(), d.inWindow().samples()));
                ReportGraphics.flame(pdf, o, diff.tree(), diff.shapeColumn(), FlameColors.diff(diff, FlameSection.DIFF_NOISE), null);
            }
        }
        offCpu(pdf, o, d);
    }

    private static List<String> row(String what, io.tunescope.analysis.window.ProfileSamples s, Window w, WindowProfile p) {
        return List.of(what, s.label(w.fromNs()), s.label(w.toNs()), secs(w.seconds()), String.format(Locale.ROOT, "%,d", p.samples()));
    }

    static String secs(double s) {
        return String.format(Locale.ROOT, "%.2f", s);
    }

    /** {@code 04:46:20.0–04:46:23.0} of two wall-clock times. */
    static String span(long fromMs, long toMs) {
        return HMS.format(Instant.ofEpochMilli(fromMs)) + "\u2013" + HMS.format(Instant.ofEpochMilli(toMs));
    }

    /** The frames with the most self samples of the window, as {@code flamegraph --json}'s {@code top_self}. */
    static List<Hotspot> topSelf(CallTree tree) {
        List<Hotspot> out = new ArrayList<>();
        for (Hotspot h : Hotspots.of(tree, 0)) {
            if (h.self() <= 0 || out.size() == TOP_SELF) {
                break;
            }
            out.add(h);
        }
        return out;
    }

    /**
     * The window's samples per command, most first ({@code flamegraph --from --to --comm C} counts each): a dip's
     * frames can be another program's (a benchmark client, a build) on a shared machine.
     */
    static Map<String, Long> commsInWindow(CaptureSession.TimedSamples p, Window w) {
        List<Map.Entry<String, Long>> list = new ArrayList<>();
        for (String comm : new java.util.LinkedHashSet<>(p.samples().columns().comms())) {
            long n = p.samples().select(w, SampleFilter.ALL.withComm(comm)).samples();
            if (n > 0) {
                list.add(Map.entry(comm, n));
            }
        }
        list.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        list.forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    /** The database server's command with the most samples in the window, or null. */
    static String serverComm(Map<String, Long> comms) {
        for (String c : comms.keySet()) {
            if (io.tunescope.analysis.calltree.Modules.isDatabaseBinary(c)) {
                return c;
            }
        }
        return null;
    }

    /** {@code java 242 (62.1 %), C2 CompilerThre 136 (34.9 %), …, mariadbd 5 (1.3 %)}: the first five, and the server's. */
    private static String commList(Map<String, Long> comms, long total) {
        List<String> parts = new ArrayList<>();
        String server = serverComm(comms);
        boolean serverShown = false;
        for (Map.Entry<String, Long> e : comms.entrySet()) {
            if (parts.size() == 5) {
                parts.add("\u2026");
                if (server != null && !serverShown) {
                    parts.add(share(server, comms.get(server), total));
                }
                break;
            }
            serverShown |= e.getKey().equals(server);
            parts.add(share(e.getKey(), e.getValue(), total));
        }
        return String.join(", ", parts);
    }

    private static String share(String comm, long n, long total) {
        return String.format(Locale.ROOT, "%s %,d (%.1f %%)", comm, n, 100.0 * n / Math.max(1, total));
    }

    private static void topSelf(PdfWriter pdf, ReportOptions o, CallTree tree, String heading) throws IOException {
        List<Hotspot> top = topSelf(tree);
        if (top.isEmpty()) {
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        for (Hotspot h : top) {
            rows.add(List.of(h.function(), h.moduleLabel(), String.format(Locale.ROOT, "%,d", h.self()),
                    String.format(Locale.ROOT, "%.1f %%", h.selfShare() * 100)));
        }
        if (pdf.remaining() < 60 + 14 * rows.size()) {
            pdf.newPage();
        }
        pdf.heading(heading, 2);
        pdf.table(List.of(o.text("flame.col.function"), o.text("flame.col.module"), o.text("dip.col.self"), o.text("dip.col.share")),
                rows, new float[] {4.6f, 1.6f, 0.8f, 0.8f});
    }

    /** The series around the window on the timeline's clock, the window and the plateau shaded as the app shades them. */
    private static void series(PdfWriter pdf, Capture c, ReportOptions o, Dip d) throws IOException {
        Timeline full = CaptureSession.of(c).timeline(d.step(), o.locale());
        long from = (d.wall().compared() ? d.wall().beforeFromMs() : d.wall().fromMs()) - PAD_BEFORE_MS;
        long to = d.wall().toMs() + PAD_AFTER_MS;
        String device = busiestDevice(full, from, to);
        List<Track> kept = new ArrayList<>();
        for (Track tr : full.tracks()) {
            String e = tr.series().metric().entity();
            boolean deviceTrack = DEVICE_METRICS.contains(tr.series().metric().name()) && !e.isEmpty() && !e.equals("all");
            if (!deviceTrack || e.equals(device)) {
                kept.add(tr);
            }
        }
        // the benchmark runs are not shaded here: the window and the plateau are
        Timeline t = new Timeline(kept, List.of(), full.wallClock(), full.start(), full.end(), full.notes(), full.alignedByStart(),
                full.alignedFiles());
        List<TimelineChart.Panel> panels = TimelineChart.panels(t, o.locale()).stream().filter(p -> PANELS.contains(p.id())).toList();
        if (panels.isEmpty()) {
            return;
        }
        JFreeChart chart = TimelineChart.build(t, List.of(), o.text("dip.chart", span(d.wall().fromMs(), d.wall().toMs())),
                p -> PANELS.contains(p.id()), o.locale());
        if (!(chart.getPlot() instanceof CombinedDomainXYPlot plot)) {
            return;
        }
        plot.getDomainAxis().setRange(TimelineChart.x(t, from), TimelineChart.x(t, to));
        List<XYPlot> subs = plot.getSubplots();
        for (int i = 0; i < subs.size(); i++) {
            if (d.wall().compared() && d.before() != null) {
                shade(subs.get(i), t, d.cpu().samples().wallMs(d.before().fromNs()), d.wall().fromMs(), BEFORE_SHADE,
                        i == 0 ? o.text("dip.shade.before") : null);
            }
            shade(subs.get(i), t, d.wall().fromMs(), d.wall().toMs(), WINDOW_SHADE, i == 0 ? o.text("dip.shade.window") : null);
        }
        float height = 70 + 88 * panels.size();
        if (pdf.remaining() < height * pdf.contentWidth() / ReportGraphics.CHART_W + 30) {
            pdf.newPage();
        }
        pdf.heading(o.text("dip.series", device == null ? "\u2014" : device), 2);
        ReportGraphics.chart(pdf, chart, height);
    }

    private static final Set<String> DEVICE_METRICS = Set.of("util", "await", "r_await", "w_await", "aqu-sz", "rkB/s", "wkB/s");

    private static void shade(XYPlot plot, Timeline t, long fromMs, long toMs, Color fill, String label) {
        IntervalMarker m = new IntervalMarker(TimelineChart.x(t, fromMs), TimelineChart.x(t, toMs), fill);
        if (label != null) {
            m.setLabel(label);
            m.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
            m.setLabelAnchor(RectangleAnchor.BOTTOM);
            m.setLabelTextAnchor(TextAnchor.BOTTOM_CENTER);
        }
        plot.addDomainMarker(m, Layer.BACKGROUND);
    }

    /** The device with the highest mean %util (else await) over {@code [fromMs, toMs]}, or null when none is recorded then. */
    static String busiestDevice(Timeline t, long fromMs, long toMs) {
        for (String metric : List.of("util", "await")) {
            String best = null;
            double bestMean = -1;
            for (Track tr : t.named(metric)) {
                String e = tr.series().metric().entity();
                if (e.isEmpty() || e.equals("all")) {
                    continue;
                }
                double sum = 0;
                int n = 0;
                for (int i = 0; i < tr.series().size(); i++) {
                    long at = tr.series().time(i);
                    double v = tr.series().value(i);
                    if (at >= fromMs && at <= toMs && !Double.isNaN(v)) {
                        sum += v;
                        n++;
                    }
                }
                if (n > 0 && sum / n > bestMean) {
                    bestMean = sum / n;
                    best = e;
                }
            }
            if (best != null) {
                return best;
            }
        }
        return null;
    }

    /** The top off-CPU stacks of the window, with their time and state; or why there are none. */
    private static void offCpu(PdfWriter pdf, ReportOptions o, Dip d) throws IOException {
        if (d.offProfile() == null) {
            return;
        }
        OffCpuSamples s = d.offSamples();
        OffCpuProfile p = d.offProfile();
        var unit = p.unit();
        List<OffStack> stacks = offStacks(p);
        // the heading, the totals and the table kept on one page
        if (pdf.remaining() < 110 + 24 * Math.min(TOP_OFFCPU, stacks.size())) {
            pdf.newPage();
        }
        pdf.heading(o.text("dip.offcpu", Math.min(TOP_OFFCPU, stacks.size())), 2);
        pdf.small(o.text("dip.offcpu.total", unit.format(p.totalWeight()), String.format(Locale.ROOT, "%,d", p.totalWeight()), unit.slug(),
                p.samples(), d.offCpu().label(), s.label(d.offWindow().fromNs()), s.label(d.offWindow().toNs())));
        long recFrom = s.wallMs(s.startNs());
        long recTo = s.wallMs(s.endNs());
        if (recFrom > d.wall().fromMs() || recTo < d.wall().toMs()) {
            pdf.small(o.text("dip.offcpu.partial", span(recFrom, recTo)));
        }
        if (stacks.isEmpty()) {
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        for (OffStack st : stacks.subList(0, Math.min(TOP_OFFCPU, stacks.size()))) {
            rows.add(List.of(unit.format(st.weight()), String.format(Locale.ROOT, "%.1f %%", 100.0 * st.weight() / Math.max(1, p.totalWeight())),
                    st.state(), st.process(), st.frames()));
        }
        pdf.table(List.of(o.text("dip.col.time"), o.text("dip.col.share"), o.text("dip.col.state"), o.text("dip.col.process"),
                o.text("dip.col.stack")), rows, new float[] {0.8f, 0.7f, 0.5f, 0.9f, 5f});
    }

    /** An off-CPU stack of a window: its time, the state it left the CPU in, and its innermost user-space frames. */
    record OffStack(long weight, String state, String process, String frames) {
    }

    /** The window's off-CPU stacks by time, most first; stacks that show the same process, state and frames are added up. */
    static List<OffStack> offStacks(OffCpuProfile p) {
        List<String> names = p.frames();
        List<String> modules = p.modules();
        Map<String, OffStack> byKey = new HashMap<>();
        p.forEach((ids, depth, weight) -> {
            if (weight <= 0 || depth == 0) {
                return;
            }
            String process = names.get(ids[0]);
            int k = 1;
            String state = "";
            if (depth > 1) {
                for (OffCpuState st : OffCpuState.values()) {
                    String n = names.get(ids[1]);
                    if (n.equals(st.frame(null)) || st == OffCpuState.OTHER && n.endsWith(" other state]")) {
                        state = st == OffCpuState.OTHER ? n.substring(1, n.indexOf(' ')) : st.letter();
                        k = 2;
                        break;
                    }
                }
            }
            // innermost frames outside the kernel first; a stack of kernel frames only shows its outermost ones
            List<String> user = new ArrayList<>();
            for (int i = depth - 1; i >= k && user.size() < STACK_FRAMES; i--) {
                String m = modules.get(ids[i]);
                String n = names.get(ids[i]);
                // not the kernel's, nor a placeholder for a symbol perf could not name ([unknown], [mariadbd])
                if (!m.contains("kernel") && !(n.startsWith("[") && n.endsWith("]"))) {
                    user.add(n);
                }
            }
            if (user.isEmpty()) {
                for (int i = k; i < depth && user.size() < STACK_FRAMES; i++) {
                    user.add(names.get(ids[i]));
                }
            }
            String frames = String.join(" \u2190 ", user);
            byKey.merge(process + "|" + state + "|" + frames, new OffStack(weight, state, process, frames),
                    (a, b) -> new OffStack(a.weight() + b.weight(), a.state(), a.process(), a.frames()));
        });
        List<OffStack> out = new ArrayList<>(byKey.values());
        out.sort(Comparator.comparingLong(OffStack::weight).reversed().thenComparing(OffStack::frames));
        return out;
    }
}
