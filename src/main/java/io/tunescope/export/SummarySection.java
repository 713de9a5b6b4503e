package io.tunescope.export;

import io.tunescope.analysis.timeline.RunSummary;
import io.tunescope.analysis.timeline.TimelineBuilder;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Step;
import io.tunescope.rules.Finding;
import io.tunescope.rules.RuleEngine;
import io.tunescope.rules.Severity;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The summary after the title page: per step the headline numbers of its sysbench runs (the best run by TPS, with
 * QPS and the latency percentile) and their change against the previous step and the baseline, the number of
 * findings by severity, and the tuning timeline chart (TPS per step).
 */
public final class SummarySection implements ReportSection {
    /** The headline run of one step: the run with the highest TPS (for a sweep, its peak). */
    record Headline(Step step, RunSummary best, List<RunSummary> runs) {
    }

    static List<Headline> headlines(Capture c) {
        Map<String, List<RunSummary>> byStep = new LinkedHashMap<>();
        for (RunSummary r : RunSummary.of(TimelineBuilder.build(c, null))) {
            byStep.computeIfAbsent(r.step(), k -> new ArrayList<>()).add(r);
        }
        List<Headline> out = new ArrayList<>();
        for (Step s : c.steps()) {
            List<RunSummary> runs = byStep.get(s.dir());
            if (runs == null || runs.isEmpty()) {
                continue;
            }
            RunSummary best = runs.get(0);
            for (RunSummary r : runs) {
                if (!Double.isNaN(r.tps()) && (Double.isNaN(best.tps()) || r.tps() > best.tps())) {
                    best = r;
                }
            }
            out.add(new Headline(s, best, List.copyOf(runs)));
        }
        return out;
    }

    @Override
    public void write(PdfWriter pdf, Capture c, ReportOptions o) throws IOException {
        List<Headline> rows = headlines(c);
        RuleEngine.Report report = ReportGraphics.rules(c, o.locale());
        pdf.heading(o.text("summary.title"), 1);
        Map<Severity, Integer> counts = new EnumMap<>(Severity.class);
        for (Finding f : report.findings()) {
            counts.merge(f.severity(), 1, Integer::sum);
        }
        pdf.paragraph(o.text("summary.findings", counts.getOrDefault(Severity.CRITICAL, 0),
                counts.getOrDefault(Severity.WARNING, 0), counts.getOrDefault(Severity.INFO, 0)));
        if (rows.isEmpty()) {
            pdf.paragraph(o.text("summary.noRuns"));
            return;
        }
        pdf.small(o.text("summary.intro"));
        List<List<String>> table = new ArrayList<>();
        Headline base = rows.get(0);
        Headline prev = null;
        for (Headline h : rows) {
            RunSummary r = h.best();
            List<String> row = new ArrayList<>();
            row.add(ReportGraphics.stepName(c, h.step().dir()));
            row.add(h.runs().size() > 1 ? o.text("summary.bestOf", r.threads(), h.runs().size()) : String.valueOf(r.threads()));
            row.add(ReportGraphics.num(r.tps(), 2));
            row.add(prev == null ? "\u2014" : ReportGraphics.delta(r.tps(), prev.best().tps()));
            row.add(h == base ? "\u2014" : ReportGraphics.delta(r.tps(), base.best().tps()));
            row.add(ReportGraphics.num(r.qps(), 2));
            row.add(ReportGraphics.num(r.latPctMs(), 2));
            row.add(h == base ? "\u2014" : ReportGraphics.delta(r.latPctMs(), base.best().latPctMs()));
            row.add(String.valueOf(report.findings(h.step().dir()).stream().filter(f -> f.severity().atLeast(Severity.WARNING)).count()));
            table.add(row);
            prev = h;
        }
        String pct = pctLabel(rows);
        pdf.table(List.of(o.text("summary.col.step"), o.text("summary.col.threads"), "TPS", o.text("summary.col.vsPrev"),
                o.text("summary.col.vsBase"), "QPS", pct + " ms", o.text("summary.col.latVsBase"), o.text("summary.col.findings")),
                table, new float[] {2.2f, 1.1f, 1.1f, 1f, 1f, 1.1f, 0.9f, 1f, 0.9f});
        for (Headline h : rows) {
            pdf.small(o.text("summary.source", ReportGraphics.stepName(c, h.step().dir()), h.best().file(), h.best().run() + 1));
        }
        if (rows.size() == 1 && rows.get(0).runs().size() > 1) {
            runs(pdf, c, o, rows.get(0), pct);
        }
        if (rows.size() > 1) {
            pdf.space(6);
            ReportGraphics.chart(pdf, chart(c, rows, o), 300);
        }
    }

    /** A single step with several runs (e.g. a thread sweep): every run, with its change against the previous one. */
    private static void runs(PdfWriter pdf, Capture c, ReportOptions o, Headline h, String pct) throws IOException {
        pdf.heading(o.text("summary.runs", ReportGraphics.stepName(c, h.step().dir())), 2);
        List<List<String>> table = new ArrayList<>();
        RunSummary prev = null;
        for (RunSummary r : h.runs()) {
            table.add(List.of(r.file() + " #" + (r.run() + 1), String.valueOf(r.threads()), ReportGraphics.num(r.tps(), 2),
                    prev == null ? "\u2014" : ReportGraphics.delta(r.tps(), prev.tps()), ReportGraphics.num(r.qps(), 2),
                    ReportGraphics.num(r.latPctMs(), 2), prev == null ? "\u2014" : ReportGraphics.delta(r.latPctMs(), prev.latPctMs())));
            prev = r;
        }
        pdf.table(List.of(o.text("summary.col.run"), o.text("summary.col.threads"), "TPS", o.text("summary.col.vsPrevRun"), "QPS",
                pct + " ms", o.text("summary.col.latVsPrevRun")), table, new float[] {2.6f, 0.9f, 1.1f, 1.1f, 1.2f, 0.9f, 1.1f});
    }

    private static String pctLabel(List<Headline> rows) {
        double p = rows.get(0).best().percentile();
        return Double.isNaN(p) || p <= 0 ? "p95" : "p" + (int) Math.round(p);
    }

    static JFreeChart chart(Capture c, List<Headline> rows, ReportOptions o) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        String series = "TPS";
        for (Headline h : rows) {
            data.addValue(h.best().tps(), series, ReportGraphics.stepName(c, h.step().dir()));
        }
        CategoryAxis x = new CategoryAxis(o.text("summary.chart.x"));
        x.setMaximumCategoryLabelLines(3);
        if (rows.size() > 6) {
            x.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        NumberAxis y = new NumberAxis("TPS");
        y.setAutoRangeIncludesZero(true);
        y.setUpperMargin(0.15);
        LineAndShapeRenderer r = new LineAndShapeRenderer(true, true);
        r.setSeriesPaint(0, new Color(0x1f, 0x77, 0xb4));
        r.setSeriesStroke(0, new BasicStroke(2.2f));
        r.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", new java.text.DecimalFormat("#,##0.0",
                java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT))));
        r.setDefaultItemLabelsVisible(true);
        r.setDefaultItemLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        CategoryPlot plot = new CategoryPlot(data, x, y, r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xdd, 0xdd, 0xdd));
        JFreeChart chart = new JFreeChart(o.text("summary.chart.title"), new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }
}
