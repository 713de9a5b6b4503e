package io.tunescope.render.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.timeline.ThreadSweep;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.session.CaptureSession;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYPointerAnnotation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;
import org.junit.jupiter.api.Test;

/** The sweeps of two real steps on one chart: a throughput and a latency curve per step, in the step's colour. */
class ThreadSweepChartTest {

    @Test
    void twoStepsTwoCurvesEachKneeNamedByStep() throws Exception {
        Capture c = new CaptureLoader(StandardImporters.registry()).load(Paths.get("src/test/resources/captures/sweep-2step"));
        List<ThreadSweepChart.Curve> curves = new ArrayList<>();
        for (var e : CaptureSession.of(c).sweeps(null).entrySet()) {
            curves.add(new ThreadSweepChart.Curve(e.getKey(), ThreadSweep.of(e.getValue(), Locale.ROOT)));
        }
        assertEquals(2, curves.size(), "both steps have a sweep");
        JFreeChart chart = ThreadSweepChart.build(curves, "sweeps", Locale.ROOT);
        XYPlot plot = chart.getXYPlot();
        assertEquals(2, plot.getDataset(0).getSeriesCount(), "a throughput curve per step");
        assertEquals(2, plot.getDataset(1).getSeriesCount(), "a latency curve per step");
        assertEquals("1_read_write: tps", plot.getDataset(0).getSeriesKey(0));
        assertEquals("2_read_only: tps", plot.getDataset(0).getSeriesKey(1));
        assertEquals(3, plot.getDataset(0).getItemCount(0), "1, 2 and 4 threads");
        assertNotEquals(plot.getRenderer(0).getSeriesPaint(0), plot.getRenderer(0).getSeriesPaint(1), "one colour per step");
        assertEquals(plot.getRenderer(0).getSeriesPaint(1), plot.getRenderer(1).getSeriesPaint(1), "a step's latency in its colour");
        long knees = plot.getAnnotations().stream().filter(a -> a instanceof XYPointerAnnotation).count();
        assertEquals(curves.stream().filter(x -> x.sweep().knee() != null).count(), knees);
        long notes = chart.getSubtitles().stream().filter(t -> t instanceof TextTitle tt && tt.getText().startsWith("2_read_only: ")).count();
        assertEquals(curves.get(1).sweep().notes().size(), notes, "each note says its step");
        // one step: the single-sweep chart as before
        JFreeChart one = ThreadSweepChart.build(curves.subList(0, 1), "one", Locale.ROOT);
        assertEquals("tps", one.getXYPlot().getDataset(0).getSeriesKey(0));
        assertTrue(one.getXYPlot().getAnnotations().isEmpty());
    }
}
