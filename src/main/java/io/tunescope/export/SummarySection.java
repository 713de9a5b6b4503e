package io.tunescope.export;

import io.tunescope.analysis.reading.CaptureReading;
import io.tunescope.analysis.reading.Comparison;
import io.tunescope.analysis.reading.ReadRun;
import io.tunescope.analysis.reading.StepReading;
import io.tunescope.session.CaptureSession;
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
 * The summary after the title page: per step its headline figures from the capture's one reading (the main run,
 * or the mean of its repeats, with QPS and the latency percentile), the like-for-like change against the previous
 * step and the baseline with the noise verdict, the number of findings by severity, and the tuning timeline chart.
 */
public final class SummarySection implements ReportSection {
    /** The headline of one step from the capture's one reading: its main run or the mean of its repeats. */
    record Headline(Step step, StepReading reading) {
        io.tunescope.analysis.reading.Headline main() {
            return reading.headline();
        }
    }

    static List<Headline> headlines(Capture c) {
        CaptureReading reading = CaptureSession.of(c).reading();
        List<Headline> out = new ArrayList<>();
        for (StepReading s : reading.steps()) {
            if (s.headline() != null) {
                out.add(new Headline(s.step(), s));
            }
        }
        return out;
    }

    @Override
    public void write(PdfWriter pdf, Capture c, ReportOptions o) throws IOException {
        List<Headline> rows = headlines(c);
        CaptureReading reading = CaptureSession.of(c).reading();
        RuleEngine.Report report = ReportGraphics.rules(c, o);
        pdf.heading(o.text("summary.title"), 1);
        Map<Severity, Integer> counts = new EnumMap<>(Severity.class);
        for (Finding f : report.findings()) {
            counts.merge(f.severity(), 1, Integer::sum);
        }
        pdf.paragraph(o.text("summary.findings", counts.getOrDefault(Severity.CRITICAL, 0),
                counts.getOrDefault(Severity.WARNING, 0), counts.getOrDefault(Severity.INFO, 0)));
        if (!report.changed().isEmpty()) {
            // thresholds changed from their defaults change what is found: said before any finding
            pdf.small(o.text("summary.settings", report.changed().size()));
            for (var ch : report.changed()) {
                pdf.small("- " + ch.display(o.locale(), report.settings()));
            }
        }
        if (rows.isEmpty()) {
            pdf.paragraph(o.text("summary.noRuns"));
            for (StepReading s : reading.steps()) {
                if (!s.runs().isEmpty()) {
                    runs(pdf, c, o, s);
                }
            }
            return;
        }
        pdf.small(o.text("summary.intro"));
        List<List<String>> table = new ArrayList<>();
        for (Headline h : rows) {
            var m = h.main();
            StepReading sr = h.reading();
            List<String> row = new ArrayList<>();
            row.add(ReportGraphics.stepName(c, h.step().dir()));
            row.add(m.repeats() ? o.text("summary.meanOf", m.threads(), m.runs().size()) : String.valueOf(m.threads()));
            row.add(ReportGraphics.num(m.tps(), 2));
            row.add(change(o, sr.vsPrevious(), false));
            row.add(change(o, sr.vsBaseline(), false));
            row.add(ReportGraphics.num(m.qps(), 2));
            row.add(ReportGraphics.num(m.p95Ms(), 2));
            row.add(change(o, sr.vsBaseline(), true));
            row.add(String.valueOf(report.findings(h.step().dir()).stream().filter(f -> f.severity().atLeast(Severity.WARNING)).count()));
            table.add(row);
        }
        String pct = pctLabel(rows);
        pdf.table(List.of(o.text("summary.col.step"), o.text("summary.col.threads"), "TPS", o.text("summary.col.vsPrev"),
                o.text("summary.col.vsBase"), "QPS", pct + " ms", o.text("summary.col.latVsBase"), o.text("summary.col.findings")),
                table, new float[] {2.2f, 1.1f, 1.1f, 1.2f, 1.2f, 1.1f, 0.9f, 1f, 0.9f});
        for (Headline h : rows) {
            var m = h.main();
            if (m.repeats()) {
                pdf.small(o.text("summary.sourceRepeats", ReportGraphics.stepName(c, h.step().dir()), m.runs().size(),
                        String.join(", ", m.runs().stream().map(r -> r.file()).toList()), ReportGraphics.num(m.tpsStd(), 2)));
            } else {
                pdf.small(o.text("summary.source", ReportGraphics.stepName(c, h.step().dir()), m.first().file(), m.first().index() + 1));
            }
        }
        for (StepReading s : reading.steps()) {
            if (s.headline() == null && !s.sweep().isEmpty()) {
                pdf.small(o.text("summary.sweepOnly", ReportGraphics.stepName(c, s.dir()), s.sweep().size()));
            }
        }
        if (rows.size() == 1 && reading.steps().size() == 1 && rows.get(0).reading().runs().size() > 1) {
            runs(pdf, c, o, rows.get(0).reading());
        }
        if (rows.size() > 1) {
            pdf.space(6);
            ReportGraphics.chart(pdf, chart(c, rows, o), 300);
        }
    }

    /** A change from the one reading: "+15.0 %", with "(within noise)" when it is not significant; the latency change on request. */
    static String change(ReportOptions o, Comparison cmp, boolean latency) {
        if (cmp == null || !cmp.comparable()) {
            return "\u2014";
        }
        double v = latency ? cmp.p95ChangePct() : cmp.tpsChangePct();
        if (Double.isNaN(v)) {
            return "\u2014";
        }
        String d = String.format(java.util.Locale.ROOT, "%+.1f %%", v);
        return latency || cmp.significant() ? d : o.text("summary.noise", d);
    }

    /** The runs of one step with their roles (never compared with each other: they are of unlike kinds). */
    private static void runs(PdfWriter pdf, Capture c, ReportOptions o, StepReading s) throws IOException {
        pdf.heading(o.text("summary.runs", ReportGraphics.stepName(c, s.dir())), 2);
        List<List<String>> table = new ArrayList<>();
        for (ReadRun r : s.runs()) {
            if (r.run() == null) {
                continue;
            }
            table.add(List.of(r.file() + " #" + (r.index() + 1), o.text("role." + r.role().slug()), String.valueOf(r.threads()),
                    ReportGraphics.num(r.durationS(), 0), ReportGraphics.num(r.tps(), 2), ReportGraphics.num(r.qps(), 2),
                    ReportGraphics.num(r.latPctMs(), 2)));
        }
        pdf.table(List.of(o.text("summary.col.run"), o.text("summary.col.role"), o.text("summary.col.threads"), "s", "TPS", "QPS",
                "p95 ms"), table, new float[] {2.6f, 1f, 0.9f, 0.6f, 1.1f, 1.2f, 0.9f});
    }

    private static String pctLabel(List<Headline> rows) {
        double p = rows.get(0).main().percentile();
        return Double.isNaN(p) || p <= 0 ? "p95" : "p" + (int) Math.round(p);
    }

    static JFreeChart chart(Capture c, List<Headline> rows, ReportOptions o) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        String series = "TPS";
        for (Headline h : rows) {
            data.addValue(h.main().tps(), series, ReportGraphics.stepName(c, h.step().dir()));
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
