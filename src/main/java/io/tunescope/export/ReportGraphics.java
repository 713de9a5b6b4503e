package io.tunescope.export;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.flame.FlameLayout;
import io.tunescope.analysis.flame.FlameSearch;
import io.tunescope.analysis.flame.Orientation;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Step;
import io.tunescope.render.flame.FlameGraphPainter;
import io.tunescope.render.Rgb;
import io.tunescope.render.awt.AwtPainter;
import io.tunescope.render.flame.FlameColors;
import io.tunescope.rules.RuleEngine;
import io.tunescope.rules.Settings;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;

/** Drawing helpers shared by the report sections: charts and flame graphs as vector drawings, the rules report. */
final class ReportGraphics {
    /** Width of chart drawings in their own units; {@link PdfWriter#drawing} scales them to the page. */
    static final float CHART_W = 760;
    private static final double FLAME_ROW = 13;
    private static final double FLAME_HEADER = 8;
    private static final double FLAME_LEGEND = 22;
    private static final int MAX_FLAME_ROWS = 48;

    /** The last capture's rules report; compared by identity (a Capture record's equals walks all its files). */
    private static WeakReference<Capture> lastCapture = new WeakReference<>(null);
    private static java.util.Locale lastLocale;
    private static Settings lastSettings;
    private static RuleEngine.Report lastReport;

    private ReportGraphics() {
    }

    /**
     * The rules report for the capture in the report's language at the report's thresholds, computed once (summary
     * and findings share it).
     */
    static RuleEngine.Report rules(Capture c, java.util.Locale locale) {
        return rules(c, new ReportOptions(locale, null, null));
    }

    static synchronized RuleEngine.Report rules(Capture c, ReportOptions o) {
        java.util.Locale locale = o.locale();
        if (lastCapture.get() != c || !locale.equals(lastLocale) || !o.settings().equals(lastSettings)) {
            lastReport = io.tunescope.session.CaptureSession.of(c).findings(locale, o.settings());
            lastCapture = new WeakReference<>(c);
            lastLocale = locale;
            lastSettings = o.settings();
        }
        return lastReport;
    }

    static void chart(PdfWriter pdf, JFreeChart chart, float height) throws IOException {
        pdf.drawing(CHART_W, height, g -> chart.draw(g, new Rectangle2D.Double(0, 0, CHART_W, height)));
    }

    /**
     * A flame graph of the tree's column as a vector drawing; deep stacks are cut at {@value #MAX_FLAME_ROWS} rows
     * so the frames stay readable on a page.
     */
    static void flame(PdfWriter pdf, ReportOptions o, CallTree tree, int column, FlameColors colors, FlameSearch search)
            throws IOException {
        flame(pdf, o, tree, column, 0, colors, search);
    }

    /** The flame graph of the subtree at node {@code zoom} (0: the whole tree). */
    static void flame(PdfWriter pdf, ReportOptions o, CallTree tree, int column, int zoom, FlameColors colors, FlameSearch search)
            throws IOException {
        FlameLayout layout = FlameLayout.of(tree, column, zoom, Orientation.FLAME);
        int rows = Math.min(MAX_FLAME_ROWS, Math.max(1, layout.rows()));
        if (layout.rows() > MAX_FLAME_ROWS) {
            pdf.small(o.text("flame.cut", layout.rows(), MAX_FLAME_ROWS));
        }
        double area = rows * FLAME_ROW;
        float h = (float) (FLAME_HEADER + area + FLAME_LEGEND);
        pdf.drawing(CHART_W, h, g -> {
            AwtPainter p = new AwtPainter(g);
            p.fillRect(0, 0, CHART_W, h, Rgb.WHITE);
            FlameGraphPainter.View v = FlameGraphPainter.View.of(layout, 0, FLAME_HEADER, CHART_W, area)
                    .withRowHeight(FLAME_ROW, 8.5).withSearch(search).withShortenTemplates(true);
            new FlameGraphPainter().paint(p, layout, colors, v);
            FlameGraphPainter.paintLegend(p, FlameColors.localized(colors.legend(), o.locale()), 4, FLAME_HEADER + area + 6, 9);
        });
    }

    /** Height on the page, in points, of {@link #flame}'s drawing for the tree (to keep a heading with its graph). */
    static float flameHeight(PdfWriter pdf, CallTree tree, int column) {
        int rows = Math.min(MAX_FLAME_ROWS, Math.max(1, FlameLayout.of(tree, column, 0, Orientation.FLAME).rows()));
        return (float) (FLAME_HEADER + rows * FLAME_ROW + FLAME_LEGEND) * pdf.contentWidth() / CHART_W;
    }

    /** The CPU profiles of a step ("" = the capture root, or every profile when the capture has no steps). */
    static List<CaptureProfiles.Entry> profiles(Capture c, String step) {
        List<CaptureProfiles.Entry> out = new ArrayList<>();
        for (CaptureProfiles.Entry e : CaptureProfiles.of(c)) {
            if (e.file().step().equals(step)) {
                out.add(e);
            }
        }
        return out;
    }

    static String stepName(Capture c, String dir) {
        if (dir == null || dir.isEmpty()) {
            return c.title();
        }
        Step s = c.step(dir);
        return s == null ? dir : s.label();
    }

    static String num(double v, int decimals) {
        return Double.isNaN(v) ? "\u2014" : String.format(java.util.Locale.ROOT, "%,." + decimals + "f", v);
    }

    static String delta(double now, double before) {
        if (Double.isNaN(now) || Double.isNaN(before) || before == 0) {
            return "\u2014";
        }
        return String.format(java.util.Locale.ROOT, "%+.1f %%", (now - before) / before * 100);
    }

    static CallTree tree(CaptureProfiles.Entry e) {
        return CallTree.of(e.profile());
    }
}
