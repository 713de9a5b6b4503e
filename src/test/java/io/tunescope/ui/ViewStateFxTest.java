package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.model.capture.Step;
import io.tunescope.rules.Topic;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.controlsfx.control.CheckComboBox;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * On the real three-step capture a user picks a step, hides a chart and zooms in the timeline, filters and selects a
 * finding in another step of its group, lists gauges with "hide unchanged" off in the configuration; switching the
 * language to Chinese keeps every one of these choices (the words change, the view does not).
 */
@ExtendWith(ApplicationExtension.class)
class ViewStateFxTest {
    private static final Locale BEFORE = Locale.getDefault();
    private Stage stage;
    private MainWindow window;
    @TempDir
    Path tmp;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        Locale.setDefault(Locale.ENGLISH);
        window = new MainWindow(stage, List.of(), new Settings(Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime())));
        window.show();
    }

    @AfterEach
    void restore() {
        Locale.setDefault(BEFORE);
    }

    /** Selects a view's tab (a tab's content is in the scene only while it is selected). */
    private void tab(FxRobot robot, String key) {
        TabPane tabs = find("#viewTabs");
        robot.interact(() -> tabs.getSelectionModel().select(tabs.getTabs().stream().filter(t -> ("tab-" + key).equals(t.getId()))
                .findFirst().orElseThrow()));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @SuppressWarnings("unchecked")
    private <T extends Node> T find(String id) {
        Node n = stage.getScene().getRoot().lookup(id);
        assertNotNull(n, id);
        return (T) n;
    }

    private CombinedDomainXYPlot plot() {
        ChartViewer v = find("#timelineChart");
        return v.getChart() != null && v.getChart().getPlot() instanceof CombinedDomainXYPlot p ? p : null;
    }

    @Test
    void switchingTheLanguageKeepsStepChartsZoomFiltersSelectionAndTabs(FxRobot robot) throws Exception {
        Path cap = io.tunescope.testutil.HandCaptures.get("hand-3step", tmp);
        robot.interact(() -> window.open(cap));
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> window.model().captureProperty().get() != null);
        io.tunescope.model.capture.Capture c = window.model().captureProperty().get();

        // timeline: step 2_redo_bp, the vmstat chart hidden, zoomed to a stretch of its time, the runs tab
        tab(robot, "timeline.tab");
        ComboBox<Step> step = find("#timelineStep");
        Step redo = c.steps().stream().filter(s -> s.dir().equals("2_redo_bp")).findFirst().orElseThrow();
        robot.interact(() -> step.setValue(redo));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> plot() != null && ((ChartViewer) find("#timelineChart")).getChart().getTitle()
                .getText().endsWith(redo.label()));
        CheckComboBox<String> panels = find("#timelinePanels");
        String hiddenTitle = panels.getItems().get(panels.getItems().size() - 1);
        robot.interact(() -> panels.getCheckModel().clearCheck(hiddenTitle));
        int charts = panels.getItems().size() - 1;
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> plot() != null && plot().getSubplots().size() == charts);
        double[] zoom = new double[2];
        robot.interact(() -> {
            var axis = plot().getDomainAxis();
            double lo = axis.getLowerBound();
            double hi = axis.getUpperBound();
            zoom[0] = lo + (hi - lo) * 0.25;
            zoom[1] = lo + (hi - lo) * 0.5;
            axis.setRange(zoom[0], zoom[1]);
        });
        TabPane timelineTabs = find("#timelineTabs");
        robot.interact(() -> timelineTabs.getSelectionModel().select(1));

        // findings: the CPU topic, the host-saturation group, its third step chosen
        tab(robot, "findings.tab");
        ComboBox<Topic> topic = find("#findingsTopic");
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> !((ListView<?>) find("#findingsList")).getItems().isEmpty());
        robot.interact(() -> topic.setValue(Topic.CPU));
        ListView<io.tunescope.rules.Finding> list = find("#findingsList");
        io.tunescope.rules.Finding group = list.getItems().stream().filter(f -> f.ruleId().equals("CPU-HOST-SATURATED")).findFirst()
                .orElseThrow(() -> new AssertionError("CPU-HOST-SATURATED in " + list.getItems()));
        robot.interact(() -> list.getSelectionModel().select(group));
        javafx.scene.layout.FlowPane in = find("#findingSteps");
        javafx.scene.control.Hyperlink third = in.getChildren().stream()
                .filter(n -> n instanceof javafx.scene.control.Hyperlink h && h.getText().startsWith("3_swappiness_interleave"))
                .map(n -> (javafx.scene.control.Hyperlink) n).findFirst().orElseThrow(() -> new AssertionError(in.getChildren().toString()));
        robot.interact(third::fire);
        assertTrue(((Label) find("#findingSummary")).getText().contains("82.8 %"), "the third step's finding is shown");

        // configuration: gauges, "hide unchanged" off, the status tab
        tab(robot, "config.tab");
        robot.interact(() -> ((TabPane) find("#configTabs")).getSelectionModel().select(1));
        RadioButton gauges = find("#configStatusGauges");
        robot.interact(() -> {
            gauges.setSelected(true);
            ((javafx.scene.control.CheckBox) find("#configHideUnchanged")).setSelected(false);
            ((TabPane) find("#configTabs")).getSelectionModel().select(1);
        });

        // View > Language > Chinese
        MenuBar bar = find(".menu-bar");
        Menu language = (Menu) bar.getMenus().get(1).getItems().stream().filter(m -> m instanceof Menu).findFirst().orElseThrow();
        robot.interact(() -> language.getItems().get(2).fire());
        WaitForAsyncUtils.waitForFxEvents();
        MainWindow after = MainWindow.of(stage);
        assertTrue(after != window && after.model().captureProperty().get() == c, "rebuilt with the same capture");
        assertEquals(Locale.SIMPLIFIED_CHINESE, after.locale());

        tab(robot, "timeline.tab");
        ComboBox<Step> step2 = find("#timelineStep");
        assertEquals("2_redo_bp", step2.getValue().dir(), "the step stays");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> plot() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(charts, plot().getSubplots().size(), "the hidden chart stays hidden");
        CheckComboBox<String> panels2 = find("#timelinePanels");
        assertEquals(charts, panels2.getCheckModel().getCheckedItems().size());
        assertEquals(zoom[0], plot().getDomainAxis().getLowerBound(), 1e-6, "the zoom stays");
        assertEquals(zoom[1], plot().getDomainAxis().getUpperBound(), 1e-6, "the zoom stays");
        assertEquals(1, ((TabPane) find("#timelineTabs")).getSelectionModel().getSelectedIndex());

        tab(robot, "findings.tab");
        ComboBox<Topic> topic2 = find("#findingsTopic");
        assertEquals(Topic.CPU, topic2.getValue());
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> !((ListView<?>) find("#findingsList")).getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        ListView<io.tunescope.rules.Finding> list2 = find("#findingsList");
        assertEquals("CPU-HOST-SATURATED", list2.getSelectionModel().getSelectedItem().ruleId());
        String summary = ((Label) find("#findingSummary")).getText();
        assertTrue(summary.contains("82.8") && !summary.contains("saturated"), "the third step's finding, in Chinese: " + summary);

        tab(robot, "config.tab");
        assertTrue(((RadioButton) find("#configStatusGauges")).isSelected(), "gauges stay listed");
        assertFalse(((javafx.scene.control.CheckBox) find("#configHideUnchanged")).isSelected());
        assertEquals(1, ((TabPane) find("#configTabs")).getSelectionModel().getSelectedIndex());
        assertEquals(Locale.ENGLISH, Locale.getDefault(), "the JVM's locale is not the UI's language");
    }
}
