package io.tunescope.ui.timeline;

import io.tunescope.ui.TestUiContext;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import java.nio.file.Paths;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A user opens the real fileio capture in the timeline, moves the crosshair, picks a run and hides a chart. */
@ExtendWith(ApplicationExtension.class)
class TimelineViewFxTest {
    private TimelineView view;
    private final ExecutorService background = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "timeline-test");
        t.setDaemon(true);
        return t;
    });

    @Start
    void start(Stage stage) {
        view = new TimelineView(new TestUiContext(background));
        stage.setScene(new Scene((javafx.scene.Parent) view.node(), 1100, 760));
        stage.show();
    }

    private CombinedDomainXYPlot plot(FxRobot robot) {
        ChartViewer v = robot.lookup("#timelineChart").queryAs(ChartViewer.class);
        assertNotNull(v.getChart(), "a chart is shown");
        return (CombinedDomainXYPlot) v.getChart().getPlot();
    }

    @Test
    void openCaptureMoveCrosshairSelectRunHideChart(FxRobot robot) throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(Paths.get("src/test/resources/captures/fileio-run"));
        robot.interact(() -> view.show(c));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> view.timeline() != null
                && robot.lookup("#timelineChart").queryAs(ChartViewer.class).getChart() != null);
        WaitForAsyncUtils.waitForFxEvents();
        Label note = robot.lookup("#timelineNote").queryAs(Label.class);
        // one line naming how many files were aligned by their start; the list is behind "Details"
        assertTrue(note.getText().contains("aligned by their start"), note.getText());
        assertFalse(note.getText().contains("\n"), note.getText());
        javafx.scene.control.Hyperlink details = robot.lookup("#timelineNoteDetails").queryAs(javafx.scene.control.Hyperlink.class);
        assertTrue(details.isVisible());
        robot.interact(details::fire);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#timelineNoteDetailsText").tryQuery().isPresent());
        String list = robot.lookup("#timelineNoteDetailsText").queryAs(javafx.scene.control.TextArea.class).getText();
        assertTrue(list.contains("Aligned by start") && list.contains("sysbench-fileio.txt"), list);
        int charts = plot(robot).getSubplots().size();
        assertEquals(10, charts);

        // the mouse over the charts moves one crosshair on every chart
        robot.moveTo("#timelineChart");
        robot.moveBy(-150, 0);
        WaitForAsyncUtils.waitForFxEvents();
        double first = view.crosshairProperty().get();
        assertFalse(Double.isNaN(first), "crosshair follows the mouse");
        for (XYPlot sub : plot(robot).getSubplots()) {
            assertTrue(sub.isDomainCrosshairVisible());
            assertEquals(first, sub.getDomainCrosshairValue(), 1e-6);
        }
        Label readout = robot.lookup("#timelineCrosshair").queryAs(Label.class);
        assertTrue(readout.getText().startsWith("2026-11-30 10:4"), readout.getText());
        robot.moveBy(200, 0);
        WaitForAsyncUtils.waitForFxEvents();
        double second = view.crosshairProperty().get();
        assertTrue(second > first, "moving right moves the crosshair later: " + first + " -> " + second);
        for (XYPlot sub : plot(robot).getSubplots()) {
            assertEquals(second, sub.getDomainCrosshairValue(), 1e-6);
        }

        // a picture of the view for the README (target/screenshots, copied to docs by hand)
        java.nio.file.Path shots = Paths.get("target/screenshots");
        java.nio.file.Files.createDirectories(shots);
        javafx.scene.image.WritableImage[] img = new javafx.scene.image.WritableImage[1];
        robot.interact(() -> img[0] = view.node().snapshot(null, null));
        javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(img[0], null), "png",
                shots.resolve("timeline-view.png").toFile());

        // choosing a run in the Runs tab zooms every chart to it
        robot.clickOn("Runs");
        @SuppressWarnings("unchecked")
        TableView<io.tunescope.analysis.timeline.RunSummary> runs = robot.lookup("#timelineRuns").queryAs(TableView.class);
        assertEquals(1, runs.getItems().size());
        assertEquals(4, runs.getItems().get(0).threads());
        robot.interact(() -> runs.getSelectionModel().select(0));
        var w = view.timeline().runs().get(0);
        var range = plot(robot).getDomainAxis().getRange();
        assertTrue(range.getLowerBound() < w.start() && range.getUpperBound() > w.end()
                && range.getLength() < (w.end() - w.start()) * 1.5, "zoomed to the run: " + range);

        // hiding a chart rebuilds the stack without it
        robot.clickOn("Timeline");
        robot.interact(() -> robot.lookup("#timelinePanels").queryAs(org.controlsfx.control.CheckComboBox.class)
                .getCheckModel().clearCheck("vmstat context switches"));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> plot(robot).getSubplots().size() == charts - 1);
    }
}
