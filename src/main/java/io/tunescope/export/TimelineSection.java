package io.tunescope.export;

import io.tunescope.analysis.timeline.AnomalyDetector;
import io.tunescope.analysis.timeline.ThreadSweep;
import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.analysis.timeline.TimelineBuilder;
import io.tunescope.model.bench.BenchLog;
import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.capture.Step;
import io.tunescope.model.series.SeriesDatasets;
import io.tunescope.render.timeline.ThreadSweepChart;
import io.tunescope.render.timeline.TimelineChart;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Per step: the stacked timeline chart (benchmark, disks, CPU, vmstat) and, where the step is a thread sweep, the sweep chart. */
public final class TimelineSection implements ReportSection {
    /** A chart holds at most this many panels; more are split evenly over several drawings. */
    private static final int PANELS_PER_CHART = 6;

    @Override
    public void write(PdfWriter pdf, Capture c, ReportOptions o) throws IOException {
        boolean headed = false;
        for (Step s : c.steps()) {
            Timeline t = io.tunescope.session.CaptureSession.of(c).timeline(s.dir(), o.locale());
            List<TimelineChart.Panel> panels = TimelineChart.panels(t, o.locale());
            List<BenchRun> runs = io.tunescope.session.CaptureSession.of(c).sweeps(s.dir()).getOrDefault(s.dir(), List.of());
            ThreadSweep sweep = runs.isEmpty() ? null : ThreadSweep.of(runs, o.locale());
            boolean hasSweep = sweep != null && sweep.isSweep();
            if (panels.isEmpty() && !hasSweep) {
                continue;
            }
            if (!headed) {
                pdf.newPage();
                pdf.heading(o.text("timeline.title"), 1);
                headed = true;
            }
            String name = ReportGraphics.stepName(c, s.dir());
            if (pdf.remaining() < 260) {
                pdf.newPage();
            }
            pdf.heading(o.text("timeline.step", name), 2);
            for (String n : t.notes()) {
                pdf.small(n);
            }
            var anomalies = AnomalyDetector.detect(t, o.locale());
            int charts = (panels.size() + PANELS_PER_CHART - 1) / PANELS_PER_CHART;
            int per = charts == 0 ? 1 : (panels.size() + charts - 1) / charts;
            for (int from = 0; from < panels.size(); from += per) {
                List<String> ids = panels.subList(from, Math.min(panels.size(), from + per)).stream()
                        .map(TimelineChart.Panel::id).toList();
                var chart = TimelineChart.build(t, anomalies, o.text("timeline.chart", name), p -> ids.contains(p.id()), o.locale());
                ReportGraphics.chart(pdf, chart, 100 + 105 * ids.size());
            }
            if (hasSweep) {
                // the chart's subtitles carry the sweep's notes (knee, peak, fall)
                if (pdf.remaining() < 380) {
                    pdf.newPage();
                }
                pdf.heading(o.text("timeline.sweep", name), 2);
                ReportGraphics.chart(pdf, ThreadSweepChart.build(sweep, o.text("timeline.sweepChart", name), o.locale()), 420);
            }
        }
    }
}
