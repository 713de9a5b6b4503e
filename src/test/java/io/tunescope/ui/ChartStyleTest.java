package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.render.Palette;
import io.tunescope.render.Rgb;
import java.awt.Color;
import java.awt.Paint;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

/** Charts in the dark theme: dark background, light text and lines that show; back to exactly as built. */
class ChartStyleTest {
    private static double lum(Paint p) {
        Color c = (Color) p;
        return new Rgb(c.getRed(), c.getGreen(), c.getBlue()).luminance();
    }

    private static JFreeChart chart() {
        XYSeries s = new XYSeries("tps");
        s.add(0, 10);
        s.add(1, 12);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer();
        r.setSeriesPaint(0, new Color(60, 60, 160));
        XYPlot plot = new XYPlot(new XYSeriesCollection(s), new NumberAxis("step"), new NumberAxis("tps"), r);
        plot.setBackgroundPaint(Color.WHITE);
        ValueMarker m = new ValueMarker(1);
        m.setLabel("knee");
        plot.addDomainMarker(m, Layer.FOREGROUND);
        JFreeChart ch = new JFreeChart("Tuning timeline", JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ch.setBackgroundPaint(Color.WHITE);
        ch.addSubtitle(new TextTitle("note"));
        return ch;
    }

    @Test
    void darkThemeDarkensTheChartAndLightRestoresIt() {
        JFreeChart ch = chart();
        XYPlot plot = ch.getXYPlot();
        Paint series = plot.getRenderer().getSeriesPaint(0);
        Paint gridline = plot.getDomainGridlinePaint();
        Paint tickLabels = plot.getRangeAxis().getTickLabelPaint();

        ChartStyle.apply(ch, Theme.DARK);
        assertTrue(ChartStyle.isDark(ch));
        assertEquals(ChartStyle.color(Palette.DARK.background()), ch.getBackgroundPaint());
        assertEquals(ChartStyle.color(Palette.DARK.background()), plot.getBackgroundPaint());
        assertTrue(lum(ch.getTitle().getPaint()) > 0.7, "title readable on dark");
        assertTrue(lum(((TextTitle) ch.getSubtitle(ch.getSubtitleCount() - 1)).getPaint()) > 0.7);
        assertTrue(lum(ch.getLegend().getItemPaint()) > 0.7, "legend readable on dark");
        assertTrue(lum(plot.getRangeAxis().getTickLabelPaint()) > 0.6);
        assertTrue(lum(plot.getRangeAxis().getLabelPaint()) > 0.7);
        assertTrue(lum(plot.getRenderer().getSeriesPaint(0)) >= ChartStyle.MIN_LINE_LUMINANCE, "a dark line is lightened");
        assertTrue(lum(plot.getDomainMarkers(Layer.FOREGROUND).iterator().next() instanceof ValueMarker v
                ? v.getLabelPaint() : Color.BLACK) > 0.7);
        assertNotEquals(gridline, plot.getDomainGridlinePaint());

        // applying again (new markers) does not lighten twice or lose the originals
        ChartStyle.apply(ch, Theme.DARK);
        ChartStyle.apply(ch, Theme.LIGHT);
        assertFalse(ChartStyle.isDark(ch));
        assertEquals(Color.WHITE, ch.getBackgroundPaint());
        assertEquals(Color.WHITE, plot.getBackgroundPaint());
        assertEquals(series, plot.getRenderer().getSeriesPaint(0));
        assertEquals(gridline, plot.getDomainGridlinePaint());
        assertEquals(tickLabels, plot.getRangeAxis().getTickLabelPaint());
    }

    @Test
    void lightColoursAreLeftAlone() {
        Color orange = new Color(230, 159, 0);
        assertSame(orange, ChartStyle.lift(orange, ChartStyle.MIN_LINE_LUMINANCE));
        Color black = Color.BLACK;
        assertTrue(lum(ChartStyle.lift(black, 0.7)) >= 0.7);
    }

    @Test
    void aDarkenedChartThatIsNoLongerShownIsFreed() throws InterruptedException {
        JFreeChart ch = chart();
        ChartStyle.apply(ch, Theme.DARK);
        assertTrue(ChartStyle.isDark(ch));
        java.lang.ref.WeakReference<JFreeChart> ref = new java.lang.ref.WeakReference<>(ch);
        ch = null;
        // the view replaced the chart (other data): the list of darkened charts, which can undo the dark look, must not keep it
        for (int i = 0; i < 60 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertTrue(ref.get() == null, "the darkened chart is freed");
        JFreeChart other = chart();
        ChartStyle.apply(other, Theme.DARK);
        ChartStyle.apply(other, Theme.LIGHT);
        assertFalse(ChartStyle.isDark(other));
    }
}
