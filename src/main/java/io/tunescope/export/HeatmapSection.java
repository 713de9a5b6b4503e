package io.tunescope.export;

import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.calltree.Modules;
import io.tunescope.analysis.window.Heatmap;
import io.tunescope.analysis.window.ProfileSamples;
import io.tunescope.analysis.window.SampleFilter;
import io.tunescope.model.capture.Capture;
import io.tunescope.render.Palette;
import io.tunescope.render.SampleHeatmapPainter;
import io.tunescope.render.awt.AwtPainter;
import io.tunescope.session.CaptureSession;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The sub-second offset heatmap (FlameScope's view, issue 13) of every CPU profile whose samples have times: the
 * same buckets as {@code tunescope heatmap} (one column per second, {@link #BUCKET_MS} ms rows), drawn by
 * {@link SampleHeatmapPainter} with its axes and legend (colour = samples per cell), the windows of the dip pages
 * that follow outlined; then the database server's command alone ({@code --comm}), when other commands were sampled
 * too. Nothing when no profile has timed samples.
 */
public final class HeatmapSection implements ReportSection {
    /** The row height, as {@code tunescope heatmap}'s default {@code --bucket-ms}. */
    static final int BUCKET_MS = 20;
    private static final float HEIGHT = 400;

    /** The profiles drawn: CPU profiles whose samples have times. */
    static List<CaptureSession.TimedSamples> timed(Capture c) {
        CaptureSession session = CaptureSession.of(c);
        List<CaptureSession.TimedSamples> out = new ArrayList<>();
        for (CaptureProfiles.Entry e : CaptureProfiles.onCpu(c)) {
            ProfileSamples s = session.samples(e.file().path(), e.profile());
            if (s != null && s.timed() && s.columns().size() > 0) {
                out.add(new CaptureSession.TimedSamples(e, s));
            }
        }
        return out;
    }

    @Override
    public void write(PdfWriter pdf, Capture c, ReportOptions o) throws IOException {
        List<CaptureSession.TimedSamples> profiles = timed(c);
        if (profiles.isEmpty()) {
            return;
        }
        List<DipSection.Dip> dips = DipSection.dips(c, o.locale());
        pdf.newPage();
        pdf.heading(o.text("heatmap.title"), 1);
        pdf.small(o.text("heatmap.intro", BUCKET_MS));
        for (int i = 0; i < profiles.size(); i++) {
            CaptureSession.TimedSamples p = profiles.get(i);
            Heatmap h = Heatmap.of(p.samples(), SampleFilter.ALL, BUCKET_MS);
            if (i > 0 && pdf.remaining() < HEIGHT * pdf.contentWidth() / ReportGraphics.CHART_W + 60) {
                pdf.newPage();
            }
            pdf.heading(o.text("heatmap.step", ReportGraphics.stepName(c, p.entry().file().step()), p.entry().label()), 2);
            List<DipSection.Dip> here = dips.stream().filter(d -> d.cpu().entry().equals(p.entry())).toList();
            pdf.small(o.text("heatmap.facts", h.total(), h.columns(), h.rows(), BUCKET_MS, h.max(), p.samples().clock().basis().in(o.locale())));
            if (!here.isEmpty()) {
                pdf.small(o.text("heatmap.dips", String.join(", ",
                        here.stream().map(d -> DipSection.span(d.wall().fromMs(), d.wall().toMs())).toList())));
            }
            if (h.withoutCell() > 0) {
                pdf.small(o.text("heatmap.outside", h.withoutCell()));
            }
            String event = p.samples().profile().event();
            draw(pdf, o, h, o.text("heatmap.chart", p.entry().label(), String.valueOf(h.total()), event.isEmpty() ? "\u2014" : event,
                    String.valueOf(h.columns()), String.valueOf(BUCKET_MS)), here);
            // the database server's samples alone, when other commands were sampled too: its stall is not hidden by their work
            Heatmap server = serverOnly(p);
            if (server != null) {
                String comm = server.filter().comms().iterator().next();
                if (pdf.remaining() < HEIGHT * pdf.contentWidth() / ReportGraphics.CHART_W + 30) {
                    pdf.newPage();
                }
                pdf.small(o.text("heatmap.server", comm, server.total(), h.total(), server.max()));
                draw(pdf, o, server, o.text("heatmap.chartServer", p.entry().label(), String.valueOf(server.total()), comm,
                        String.valueOf(server.columns()), String.valueOf(BUCKET_MS)), here);
            }
        }
    }

    private static void draw(PdfWriter pdf, ReportOptions o, Heatmap h, String title, List<DipSection.Dip> dips) throws IOException {
        SampleHeatmapPainter painter = new SampleHeatmapPainter(o.locale());
        pdf.drawing(ReportGraphics.CHART_W, HEIGHT, g -> {
            AwtPainter ap = new AwtPainter(g);
            SampleHeatmapPainter.Layout l = painter.paint(ap, h, title, null, 0, 0, ReportGraphics.CHART_W, HEIGHT, Palette.LIGHT);
            for (DipSection.Dip d : dips) {
                SampleHeatmapPainter.outline(ap, h, l, d.window());
            }
        });
    }

    /**
     * The heatmap of the database server's command alone ({@code tunescope heatmap --comm C}), the server command with
     * the most samples; null when the profile has no such command, or nothing else besides it.
     */
    static Heatmap serverOnly(CaptureSession.TimedSamples p) {
        List<String> comms = p.samples().columns().comms();
        Heatmap best = null;
        for (String comm : comms) {
            if (!Modules.isDatabaseBinary(comm)) {
                continue;
            }
            Heatmap h = Heatmap.of(p.samples(), SampleFilter.ALL.withComm(comm), BUCKET_MS);
            if (h.total() > 0 && (best == null || h.total() > best.total())) {
                best = h;
            }
        }
        if (best == null || best.total() == Heatmap.of(p.samples(), SampleFilter.ALL, BUCKET_MS).total()) {
            return null;
        }
        return best;
    }
}
