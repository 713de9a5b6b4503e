package io.tunescope.ui.findings;

import io.tunescope.ui.TestUiContext;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.Cursor;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.jfree.chart.entity.ChartEntity;
import org.jfree.chart.entity.XYItemEntity;
import org.jfree.chart.fx.ChartViewer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A user points at a step of the tuning-steps chart (hand cursor, the step's tooltip) and clicks it: the
 * step is selected as a click on its table row selects it, and the configuration diff to the step before
 * shows.
 */
@ExtendWith(ApplicationExtension.class)
class StepsChartFxTest {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private StepsPane pane;

    @Start
    void start(Stage stage) {
        pane = new StepsPane(new TestUiContext(pool));
        stage.setScene(new Scene((javafx.scene.Parent) pane.node(), 1200, 760));
        stage.show();
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    /** The TPS point (dataset 0) of a step on the chart, as last drawn. */
    private static XYItemEntity pointOf(ChartViewer viewer, int step) {
        for (Object o : viewer.getCanvas().getRenderingInfo().getEntityCollection().getEntities()) {
            if (o instanceof XYItemEntity e && StepsPane.stepAt(e) == step
                    && e.getDataset().getSeriesKey(e.getSeriesIndex()).equals("TPS")) {
                return e;
            }
        }
        return null;
    }

    private static Point2D screenPoint(ChartViewer viewer, ChartEntity e) {
        var b = e.getArea().getBounds2D();
        return viewer.getCanvas().localToScreen(b.getCenterX(), b.getCenterY());
    }

    @Test
    void clickingAPointSelectsItsStepLikeItsRow(FxRobot robot) throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(Path.of("sample-data/mariadb-oltp"));
        robot.interact(() -> pane.show(c, null));
        @SuppressWarnings("unchecked")
        TableView<StepsPane.Row> table = robot.lookup("#stepsTable").queryAs(TableView.class);
        ChartViewer viewer = robot.lookup("#stepsChart").queryAs(ChartViewer.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> table.getItems().size() == c.steps().size()
                && viewer.getChart() != null);
        WaitForAsyncUtils.waitForFxEvents();
        // small multiples on one step axis: throughput, p95 and the findings bars each on a y axis of its own
        var combined = (org.jfree.chart.plot.CombinedDomainXYPlot) viewer.getChart().getPlot();
        assertEquals(3, combined.getSubplots().size());
        assertEquals("TPS", combined.getSubplots().get(0).getDataset().getSeriesKey(0));
        for (var sub : combined.getSubplots()) {
            assertEquals(1, sub.getRangeAxisCount(), "one measure, one axis");
        }
        var steps = (org.jfree.chart.axis.SymbolAxis) combined.getDomainAxis();
        assertEquals(1, steps.getTickUnit().getSize(), 0, "every step has its tick: none dropped");
        assertEquals(c.steps().size(), steps.getSymbols().length);
        int last = c.steps().size() - 1;
        assertEquals(last, table.getSelectionModel().getSelectedIndex(), "the last step is selected at first");

        // hovering the baseline's point: hand cursor, and a tooltip naming the step
        XYItemEntity base = pointOf(viewer, 0);
        assertNotNull(base, "the baseline has a TPS point");
        assertTrue(base.getToolTipText().contains(c.steps().get(0).label()), base.getToolTipText());
        assertTrue(base.getToolTipText().endsWith("Click to select this step"), base.getToolTipText());
        robot.moveTo(screenPoint(viewer, base));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Cursor.HAND, viewer.getCanvas().getCursor());

        // clicking it selects the baseline row, which says it is the baseline
        robot.clickOn(screenPoint(viewer, base));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, table.getSelectionModel().getSelectedIndex());
        Label title = robot.lookup("#stepsDiffTitle").queryAs(Label.class);
        assertTrue(title.getText().contains(c.steps().get(0).label()), title.getText());

        // clicking the second step's point shows its configuration change, as selecting its row does
        XYItemEntity second = pointOf(viewer, 1);
        assertNotNull(second);
        robot.clickOn(screenPoint(viewer, second));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, table.getSelectionModel().getSelectedIndex());
        assertTrue(title.getText().contains(c.steps().get(1).label()), title.getText());
        @SuppressWarnings("unchecked")
        TableView<io.tunescope.analysis.config.ConfigDiff.Row> diff = robot.lookup("#stepsDiff").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !diff.getItems().isEmpty());
        assertTrue(diff.getItems().stream().anyMatch(r -> r.key().equals("innodb_flush_log_at_trx_commit")));

        // off the points: the ordinary cursor, and a click in empty plot space changes nothing
        Point2D empty = viewer.getCanvas().localToScreen(viewer.getCanvas().getWidth() / 2, 12);
        robot.moveTo(empty);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Cursor.DEFAULT, viewer.getCanvas().getCursor());
        robot.clickOn(empty);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, table.getSelectionModel().getSelectedIndex());
    }
}
