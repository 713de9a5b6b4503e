package io.tunescope.export;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.flame.FlameSearch;
import io.tunescope.analysis.flame.Subsystems;
import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.analysis.timeline.TimelineBuilder;
import io.tunescope.analysis.timeline.Track;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.series.SeriesDatasets;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.render.flame.ColorScheme;
import io.tunescope.render.timeline.TimelineChart;
import io.tunescope.rules.Citations;
import io.tunescope.rules.Finding;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.RuleEngine;
import io.tunescope.rules.Severity;
import io.tunescope.rules.Topic;
import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CombinedDomainXYPlot;

/**
 * Each finding at warning or above in full (summary, explanation, evidence with file:line, thresholds,
 * recommendations with their lines, effect and risk, citations), with its evidence chart: the timeline panels of
 * its topic zoomed to its time window, or a small flame graph searching the frames it names. Info findings follow
 * as a compact table.
 */
public final class FindingsSection implements ReportSection {
    private static final Color CODE = new Color(0x20, 0x40, 0x70);

    @Override
    public void write(PdfWriter pdf, Capture c, ReportOptions o) throws IOException {
        RuleEngine.Report report = ReportGraphics.rules(c, o);
        List<Finding> all = report.findings();
        if (all.isEmpty()) {
            return;
        }
        pdf.newPage();
        pdf.heading(o.text("findings.title"), 1);
        List<Finding> info = new ArrayList<>();
        int n = 0;
        for (Finding f : all) {
            if (!f.severity().atLeast(Severity.WARNING)) {
                info.add(f);
                continue;
            }
            n++;
            finding(pdf, c, o, f, n);
        }
        if (!info.isEmpty()) {
            pdf.heading(o.text("findings.info"), 2);
            List<List<String>> rows = new ArrayList<>();
            for (Finding f : info) {
                rows.add(List.of(f.ruleId(), f.step().isEmpty() ? "" : ReportGraphics.stepName(c, f.step()), f.summary()));
            }
            pdf.table(List.of(o.text("findings.col.id"), o.text("findings.col.step"), o.text("findings.col.summary")), rows,
                    new float[] {2.3f, 1.4f, 4.3f});
        }
    }

    private void finding(PdfWriter pdf, Capture c, ReportOptions o, Finding f, int n) throws IOException {
        pdf.heading(n + ". " + f.ruleId() + " \u2014 " + f.title(), 2);
        pdf.small(o.text("findings.meta", f.severity().label(o.locale()), f.score(), f.topic().title(o.locale()),
                f.step().isEmpty() ? "\u2014" : ReportGraphics.stepName(c, f.step())));
        pdf.paragraph(f.summary(), pdf.fonts().bold(), 10, 0, new Color(0x22, 0x22, 0x22));
        if (!f.explanation().isEmpty()) {
            pdf.paragraph(f.explanation());
        }
        if (!f.evidence().isEmpty()) {
            List<List<String>> rows = new ArrayList<>();
            for (Finding.Observation ob : f.evidence()) {
                rows.add(List.of(ob.label(), ob.value(), ob.ref() == null ? o.text("findings.derived") : ob.ref().toString()));
            }
            pdf.table(List.of(o.text("findings.col.evidence"), o.text("findings.col.value"), o.text("findings.col.source")),
                    rows, new float[] {2.2f, 2.2f, 2.6f});
        }
        for (Finding.Threshold t : f.thresholds()) {
            pdf.small(o.text("findings.threshold", t.display(o.locale())));
        }
        for (Recommendation r : f.recommendations()) {
            pdf.paragraph(o.text("findings.do", r.action()), pdf.fonts().bold(), 9.5f, 0, new Color(0x22, 0x22, 0x22));
            for (String l : r.lines()) {
                pdf.paragraph(l, pdf.fonts().regular(), 9, 14, CODE);
            }
            if (!r.expectedEffect().isEmpty()) {
                pdf.paragraph(o.text("findings.effect", r.expectedEffect(), r.effectSource().isEmpty() ? "\u2014" : Citations.resolve(r.effectSource())),
                        pdf.fonts().regular(), 9, 8, new Color(0x33, 0x33, 0x33));
            }
            if (!r.risk().isEmpty()) {
                pdf.paragraph(o.text("findings.risk", r.risk()), pdf.fonts().regular(), 9, 8, new Color(0x80, 0x30, 0x00));
            }
        }
        for (String w : f.withheld()) {
            pdf.small(o.text("findings.withheld", w));
        }
        List<String> cites = new ArrayList<>();
        for (String k : f.citations()) {
            cites.add(Citations.resolve(k));
        }
        if (!cites.isEmpty()) {
            pdf.small(o.text("findings.sources", String.join("; ", cites)));
        }
        if (f.timeWindow().isPresent()) {
            windowChart(pdf, c, o, f);
        }
        if (!f.frames().isEmpty()) {
            frames(pdf, c, o, f);
        }
        pdf.space(8);
    }

    /** The timeline panels of the finding's topic for its step, zoomed to its time window (with some margin). */
    private static void windowChart(PdfWriter pdf, Capture c, ReportOptions o, Finding f) throws IOException {
        Timeline t = io.tunescope.session.CaptureSession.of(c).timeline(f.step().isEmpty() ? null : f.step(), o.locale());
        if (t.isEmpty()) {
            return;
        }
        Set<String> ids = panelsFor(f.topic());
        List<TimelineChart.Panel> shown = TimelineChart.panels(t).stream().filter(p -> ids.contains(p.id())).toList();
        if (shown.isEmpty()) {
            return;
        }
        Finding.TimeWindow w = f.timeWindow().get();
        JFreeChart chart = TimelineChart.build(t, List.of(), o.text("findings.chart", f.ruleId()), p -> ids.contains(p.id()), o.locale());
        long shift = shift(c, t, f);
        double x0 = TimelineChart.x(t, w.fromMs() + shift);
        double x1 = TimelineChart.x(t, w.toMs() + shift);
        double lo = TimelineChart.x(t, t.start());
        double hi = TimelineChart.x(t, t.end());
        if (x1 > x0 && x1 > lo && x0 < hi) {
            double pad = (x1 - x0) * 0.1;
            ((CombinedDomainXYPlot) chart.getXYPlot()).getDomainAxis().setRange(Math.max(lo, x0 - pad), Math.min(hi, x1 + pad));
        }
        pdf.small(o.text("findings.window", ReportGraphics.num((w.toMs() - w.fromMs()) / 1000.0, 0)));
        ReportGraphics.chart(pdf, chart, 120 + 110 * shown.size());
    }

    /**
     * How far the timeline moved the finding's series: a window is in the clock of the series it came from, while
     * the timeline may have aligned that series (e.g. by start when it has no wall clock). Found by comparing an
     * evidence file's series as parsed with the same series on the timeline; 0 when none matches.
     */
    static long shift(Capture c, Timeline t, Finding f) {
        if (f.timeWindow().map(w -> Finding.TimeWindow.TIMELINE.equals(w.clock())).orElse(false)) {
            return 0;
        }
        for (Finding.Observation ob : f.evidence()) {
            if (ob.ref() == null) {
                continue;
            }
            String file = ob.ref().file();
            for (Track tr : t.tracks()) {
                if (!tr.series().file().equals(file) || tr.series().isEmpty()) {
                    continue;
                }
                for (var ds : SeriesDatasets.ALL_SERIES) {
                    for (Loaded<SeriesSet> l : c.all(ds)) {
                        if (!l.file().path().equals(file)) {
                            continue;
                        }
                        TimeSeries orig = l.value().byKey(tr.series().metric().key());
                        if (orig != null && !orig.isEmpty()) {
                            return tr.series().firstTime() - orig.firstTime();
                        }
                    }
                }
            }
        }
        return 0;
    }

    static Set<String> panelsFor(Topic topic) {
        return switch (topic) {
            case IO -> Set.of("util", "await", "throughput");
            case CPU, NUMA -> Set.of("cpu", "throughput");
            case CONCURRENCY -> Set.of("throughput", "latency");
            default -> Set.of("throughput", "cpu");
        };
    }

    /** A small flame graph of the step's first profile with the finding's frames searched (highlighted). */
    private static void frames(PdfWriter pdf, Capture c, ReportOptions o, Finding f) throws IOException {
        List<CaptureProfiles.Entry> profiles = ReportGraphics.profiles(c, f.step());
        if (profiles.isEmpty()) {
            return;
        }
        CaptureProfiles.Entry e = profiles.get(0);
        CallTree tree = ReportGraphics.tree(e);
        List<String> quoted = new ArrayList<>();
        for (String fr : f.frames()) {
            quoted.add(Pattern.quote(fr));
        }
        FlameSearch s = FlameSearch.of(tree, 0, String.join("|", quoted), true);
        pdf.small(o.text("findings.flame", e.label(), String.join(", ", f.frames()),
                String.format(Locale.ROOT, "%.1f", s.share() * 100)));
        ReportGraphics.flame(pdf, o, tree, 0, ColorScheme.ofSlug("module").create(tree, Subsystems.builtIn()), s);
    }
}
