package io.tunescope.render.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.session.CaptureSession;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;

/** After a zoom on time, every chart's y range is the data in view, not the whole run's (nor a range the data left). */
class TimelineZoomRangeTest {

    @Test
    void yRangesFollowTheVisibleDataAndComeBackOnReset() throws Exception {
        Capture c = new CaptureLoader(StandardImporters.registry()).load(Paths.get("src/test/resources/captures/fileio-run"));
        Timeline t = CaptureSession.of(c).timeline(null, Locale.ROOT);
        JFreeChart chart = TimelineChart.build(t, List.of(), "fileio", p -> true, Locale.ROOT);
        CombinedDomainXYPlot plot = (CombinedDomainXYPlot) chart.getPlot();
        assertFalse(plot.isRangeZoomable(), "a drag zooms time only");
        ValueAxis domain = plot.getDomainAxis();
        double lo = domain.getLowerBound();
        double hi = domain.getUpperBound();
        // the last fifth of the time
        double from = lo + (hi - lo) * 0.8;
        domain.setRange(from, hi);
        int fitted = 0;
        for (XYPlot sub : plot.getSubplots()) {
            ValueAxis y = sub.getRangeAxis();
            double max = Double.NEGATIVE_INFINITY;
            double min = Double.POSITIVE_INFINITY;
            XYDataset ds = sub.getDataset();
            for (int s = 0; s < ds.getSeriesCount(); s++) {
                for (int i = 0; i < ds.getItemCount(s); i++) {
                    double x = ds.getXValue(s, i);
                    double v = ds.getYValue(s, i);
                    if (x >= from && x <= hi && Double.isFinite(v)) {
                        max = Math.max(max, v);
                        min = Math.min(min, v);
                    }
                }
            }
            if (max == Double.NEGATIVE_INFINITY) {
                continue;
            }
            fitted++;
            assertFalse(y.isAutoRange());
            assertTrue(y.getLowerBound() <= min && y.getUpperBound() >= max, "the data in view is inside the range: " + y.getRange()
                    + " vs " + min + ".." + max);
            double span = Math.max(max - Math.min(0, min), 1e-9);
            // above the data: the band kept for the heading and legend (HEADROOM of the span), and no more
            assertTrue(y.getUpperBound() <= max + span * (0.06 + TimelineChart.HEADROOM) + 1, "no room for data out of view: " + y.getRange() + " max " + max);
            assertTrue(y.getUpperBound() >= max + (max - y.getLowerBound()) * TimelineChart.HEADROOM * 0.9,
                    "a free band above the data for the legend: " + y.getRange() + " max " + max);
        }
        assertTrue(fitted >= 5, "charts with data in view: " + fitted);
        domain.setAutoRange(true);
        for (XYPlot sub : plot.getSubplots()) {
            assertTrue(sub.getRangeAxis().isAutoRange(), "back to the whole range");
        }
        assertEquals(plot.getSubplots().size(), plot.getSubplots().stream().filter(s -> s.getRangeAxis().isAutoRange()).count());
    }
}
