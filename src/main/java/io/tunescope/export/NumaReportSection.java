package io.tunescope.export;

import io.tunescope.analysis.numa.NumaMatrices;
import io.tunescope.analysis.numa.NumaMatrix;
import io.tunescope.analysis.numa.NumaSeries;
import io.tunescope.analysis.numa.NumaStep;
import io.tunescope.analysis.numa.RemoteAllocation;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Step;
import io.tunescope.render.HeatmapPainter;
import io.tunescope.render.awt.AwtPainter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The NUMA part of the PDF report: per step with NUMA data, the page allocations per node over the run
 * (with each node's remote-allocation ratio) and the process memory per node, and once the node distances;
 * drawn as vector heatmaps by the same {@link HeatmapPainter} as the app.
 */
public final class NumaReportSection implements ReportSection {
    private static final float W = 820;

    @Override
    public void write(PdfWriter pdf, Capture capture, ReportOptions o) throws IOException {
        List<NumaStep> steps = new ArrayList<>();
        for (Step s : capture.steps()) {
            NumaStep n = NumaStep.of(capture, s);
            if (!n.isEmpty()) {
                steps.add(n);
            }
        }
        if (steps.isEmpty()) {
            return;
        }
        pdf.heading(o.text("numa.title"), 1);
        pdf.paragraph(o.text("numa.intro"));
        HeatmapPainter hp = new HeatmapPainter(o.locale());
        boolean distancesDone = false;
        for (NumaStep s : steps) {
            pdf.heading(o.text("numa.step", s.step().isRoot() ? capture.title() : s.step().label()), 2);
            if (s.placement() != null && !s.placement().describe().isEmpty()) {
                pdf.small(o.text("numa.placement", s.placement().describe(o.locale())));
            }
            NumaSeries.Interval iv = s.series().overall();
            NumaMatrix alloc = null;
            if (iv != null) {
                alloc = NumaMatrices.nodeCounters(iv.delta(), NumaMatrices.Mode.ABSOLUTE, iv.seconds(), o.locale());
                String secs = Double.isNaN(iv.seconds()) ? "?" : String.format(java.util.Locale.ROOT, "%.0f", iv.seconds());
                pdf.paragraph(o.text("numa.window", iv.from().label(), iv.to().label(), secs,
                        pct(RemoteAllocation.overall(iv.delta()))));
            } else if (!s.series().samples().isEmpty()) {
                NumaSeries.Sample last = s.series().samples().get(s.series().samples().size() - 1);
                alloc = NumaMatrices.nodeCounters(last.counters(), NumaMatrices.Mode.ABSOLUTE, Double.NaN, o.locale());
                pdf.paragraph(o.text("numa.sinceBoot", last.label(),
                        pct(RemoteAllocation.overall(last.counters()))));
            }
            if (alloc != null) {
                draw(pdf, hp, alloc, 60 + 56 * alloc.rows().size());
            }
            if (!s.processes().isEmpty() || !s.maps().isEmpty()) {
                NumaMatrix p = NumaMatrices.processes(s.processes(), s.maps(), o.locale());
                draw(pdf, hp, p, 90 + 64 * p.rows().size());
            }
            if (!distancesDone && s.topology() != null) {
                NumaMatrix d = NumaMatrices.distances(s.topology(), s.placement(), o.locale());
                draw(pdf, hp, d, Math.min(560, 150 + 70 * d.rows().size()));
                distancesDone = true;
            }
        }
    }

    private static String pct(double ratio) {
        return Double.isNaN(ratio) ? "n/a" : String.format(java.util.Locale.ROOT, "%.1f%%", ratio * 100);
    }

    private static void draw(PdfWriter pdf, HeatmapPainter hp, NumaMatrix m, float height) throws IOException {
        float h = Math.max(170, height);
        pdf.drawing(W, h, g -> hp.paint(new AwtPainter(g), m, 0, 0, W, h));
    }
}
