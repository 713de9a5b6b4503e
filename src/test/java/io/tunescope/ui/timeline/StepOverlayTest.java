package io.tunescope.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.model.capture.Capture;
import io.tunescope.render.timeline.StepOverlayChart;
import io.tunescope.session.CaptureSession;
import io.tunescope.testutil.HandCaptures;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real three-step capture's main runs drawn over one another from their own starts (t = 0). */
class StepOverlayTest {

    @Test
    void threeMainRunsFromTheirStarts(@TempDir Path tmp) throws Exception {
        Capture c = CaptureSession.open(HandCaptures.get("hand-3step", tmp)).capture();
        List<StepOverlayChart.StepRun> steps = TimelineView.overlaySteps(c, Locale.ROOT);
        assertEquals(List.of("1_baseline", "2_redo_bp", "3_swappiness_interleave"),
                steps.stream().map(s -> s.timeline().runs().isEmpty() ? "" : s.main().step()).toList(), "the prepare folder has no run");
        for (StepOverlayChart.StepRun s : steps) {
            assertTrue(s.main().run().file().endsWith("main_t4_40s.log"), "the main run, not the warm-up or the sweep: " + s.main().run().file());
        }
        JFreeChart chart = StepOverlayChart.build(steps, "overlay", id -> !id.equals("cs"), Locale.ROOT);
        CombinedDomainXYPlot plot = (CombinedDomainXYPlot) chart.getPlot();
        XYPlot tps = plot.getSubplots().get(0);
        XYDataset d = tps.getDataset();
        assertEquals(3, d.getSeriesCount(), "one throughput line per step, the main run's only");
        for (int i = 0; i < 3; i++) {
            double first = d.getXValue(i, 0);
            double last = d.getXValue(i, d.getItemCount(i) - 1);
            assertTrue(first >= 0 && first <= 2, "each run starts at t = 0 (its first report a second later): " + first);
            assertTrue(last >= 38 && last <= 42, "a 40 s run ends near 40 s: " + last);
        }
        assertEquals(3, java.util.stream.IntStream.range(0, 3).mapToObj(i -> tps.getRenderer().getSeriesPaint(i)).distinct().count(),
                "one colour per step");
        assertTrue(plot.getSubplots().size() >= 5, "the timeline's charts: " + plot.getSubplots().size());
        assertTrue(plot.getSubplots().stream().noneMatch(p -> p.getDataset().getSeriesKey(0).toString().endsWith("vmstat cs")),
                "a hidden chart stays hidden");
        ChartUtils.saveChartAsPNG(Path.of("target/overlay-hand-3step.png").toFile(), chart, 1200, 1600);
    }
}
