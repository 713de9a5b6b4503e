package io.tunescope.ui.findings;

import io.tunescope.ui.TestUiContext;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.rules.Finding;
import io.tunescope.rules.Severity;
import io.tunescope.ui.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.input.Clipboard;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A user opens the disk-bound case study: the findings list puts the saturated disk near the top with its
 * severity, the details show the evidence with file and line, and Copy puts the recommendation's lines on
 * the clipboard. Then the mariadb sample with steps: the tuning timeline has one row per step.
 */
@ExtendWith(ApplicationExtension.class)
class FindingsViewFxTest {
    private FindingsView view;
    private final List<Target> navigated = new ArrayList<>();
    private final AtomicReference<String> status = new AtomicReference<>("");
    private final ExecutorService background = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "findings-test");
        t.setDaemon(true);
        return t;
    });

    @Start
    void start(Stage stage) {
        view = new FindingsView(new TestUiContext(background) {
            @Override
            public void status(String message) {
                status.set(message);
            }
        }.navigatingWith(t -> navigated.add(t)));
        stage.setScene(new Scene((javafx.scene.Parent) view.node(), 1200, 780));
        stage.show();
    }

    private static Capture load(String dir) throws Exception {
        Path p = Paths.get(dir);
        assertTrue(Files.isDirectory(p), "sample capture missing: " + p.toAbsolutePath());
        return new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(p);
    }

    @Test
    void emptyStateSaysWhatToLoad(FxRobot robot) {
        Label empty = robot.lookup("#findingsEmpty").queryAs(Label.class);
        assertTrue(empty.isVisible());
        assertTrue(empty.getText().contains("iostat"), empty.getText());
    }

    @Test
    void diskBoundCaptureShowsSaturatedDeviceWithEvidenceAndCopies(FxRobot robot) throws Exception {
        Capture c = load("sample-data/case-studies/disk-bound-idle-cpu");
        robot.interact(() -> view.show(c));
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> view.report() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(robot.lookup("#findingsEmpty").queryAs(Label.class).isVisible());

        @SuppressWarnings("unchecked")
        ListView<Finding> list = robot.lookup("#findingsList").queryAs(ListView.class);
        List<Finding> shown = view.shown();
        int idx = -1;
        for (int i = 0; i < shown.size(); i++) {
            if (shown.get(i).ruleId().equals("IO-SATURATED-CPU-IDLE")) {
                idx = i;
            }
        }
        assertTrue(idx >= 0 && idx < 3, "IO-SATURATED-CPU-IDLE among the first three: " + shown);
        for (int i = 1; i < shown.size(); i++) {
            assertTrue(shown.get(i - 1).severity().compareTo(shown.get(i).severity()) >= 0, "sorted by severity: " + shown);
        }
        Finding sat = shown.get(idx);
        assertEquals(Severity.WARNING, sat.severity());

        // the list cell names the rule and the severity
        robot.interact(() -> list.scrollTo(0));
        WaitForAsyncUtils.waitForFxEvents();
        String cellText = robot.lookup(".list-cell").queryAll().stream()
                .filter(n -> n instanceof javafx.scene.control.ListCell<?> lc && lc.getItem() == sat)
                .map(n -> ((javafx.scene.control.ListCell<?>) n).getText()).findFirst().orElse("");
        assertTrue(cellText.contains("IO-SATURATED-CPU-IDLE") && cellText.contains("warning") && cellText.contains(sat.title()), cellText);

        // click it: the details show the evidence with file:line
        Node cell = robot.lookup(".list-cell").queryAll().stream()
                .filter(n -> n instanceof javafx.scene.control.ListCell<?> lc && lc.getItem() == sat).findFirst().orElseThrow();
        robot.clickOn(cell);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(sat, list.getSelectionModel().getSelectedItem());
        assertEquals(sat.summary(), robot.lookup("#findingSummary").queryAs(Label.class).getText());
        GridPane evidence = robot.lookup("#findingEvidence").queryAs(GridPane.class);
        // a file:line is a link that opens the line in the source viewer (a context without a window cannot)
        javafx.scene.control.Hyperlink fileLine = evidence.getChildren().stream()
                .filter(n -> n instanceof javafx.scene.control.Hyperlink h && h.getText().matches("iostat-x\\.txt:\\d+"))
                .map(n -> (javafx.scene.control.Hyperlink) n).findFirst().orElse(null);
        assertNotNull(fileLine, "evidence shows iostat-x.txt:<line> as a link");
        assertTrue(fileLine.getTooltip().getText().contains(fileLine.getText()));

        // Copy puts the first recommendation's lines on the clipboard
        assertFalse(sat.recommendations().isEmpty());
        Button copy = robot.lookup("#copyRecommendation-0").queryAs(Button.class);
        assertNotNull(copy);
        robot.interact(() -> Clipboard.getSystemClipboard().clear());
        robot.clickOn(copy);
        WaitForAsyncUtils.waitForFxEvents();
        AtomicReference<String> clip = new AtomicReference<>();
        robot.interact(() -> clip.set(Clipboard.getSystemClipboard().getString()));
        assertEquals(sat.recommendations().get(0).snippet(), clip.get());
        assertTrue(status.get().startsWith("Copied"), status.get());

        // the rules that could not run say why
        @SuppressWarnings("unchecked")
        ListView<io.tunescope.rules.Result> na = robot.lookup("#findingsNotApplicable").queryAs(ListView.class);
        assertFalse(na.getItems().isEmpty(), "a capture without perf or numastat leaves rules not applicable");
        assertTrue(na.getItems().stream().allMatch(r -> !r.reason().isBlank()));

        // topic filter: CPU leaves no I/O finding
        robot.interact(() -> robot.lookup("#findingsTopic").queryAs(javafx.scene.control.ComboBox.class)
                .setValue(io.tunescope.rules.Topic.CPU));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(view.shown().stream().noneMatch(f -> f.ruleId().equals("IO-SATURATED-CPU-IDLE")));
    }

    @Test
    void showEvidenceNavigatesToTheFrame(FxRobot robot) throws Exception {
        Capture c = load("sample-data/case-studies/software-crc32-hotspot");
        robot.interact(() -> view.show(c));
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> view.report() != null);
        WaitForAsyncUtils.waitForFxEvents();
        Finding withFrames = view.shown().stream().filter(f -> !f.frames().isEmpty()).findFirst()
                .orElseThrow(() -> new AssertionError("a CPU finding names frames: " + view.shown()));
        @SuppressWarnings("unchecked")
        ListView<Finding> list = robot.lookup("#findingsList").queryAs(ListView.class);
        robot.interact(() -> list.getSelectionModel().select(withFrames));
        Button show = robot.lookup(".show-evidence").queryAs(Button.class);
        robot.clickOn(show);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(new Target.Frame(withFrames.step(), withFrames.frames().get(0)), navigated.get(0));
    }

    @Test
    void tuningStepsHaveOneRowPerStepWithDeltas(FxRobot robot) throws Exception {
        Capture c = load("sample-data/mariadb-oltp");
        assertTrue(c.steps().size() >= 2);
        robot.interact(() -> view.show(c));
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> view.report() != null);
        @SuppressWarnings("unchecked")
        TableView<StepsPane.Row> table = robot.lookup("#stepsTable").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> table.getItems().size() == c.steps().size()
                && table.getItems().stream().mapToInt(StepsPane.Row::findings).sum() == view.report().findings().size());
        StepsPane.Row base = table.getItems().get(0);
        assertNotNull(base.run(), "the baseline step has a sysbench run");
        assertTrue(Double.isNaN(base.vsBaseline()));
        StepsPane.Row second = table.getItems().get(1);
        assertNotNull(second.run());
        assertEquals((second.tps() - base.tps()) / base.tps() * 100, second.vsBaseline(), 1e-9);
        assertNotNull(robot.lookup("#stepsChart").queryAs(org.jfree.chart.fx.ChartViewer.class).getChart());
        robot.interact(() -> table.getSelectionModel().select(1));
        Label title = robot.lookup("#stepsDiffTitle").queryAs(Label.class);
        assertTrue(title.getText().contains(second.step().label()), title.getText());
        @SuppressWarnings("unchecked")
        TableView<io.tunescope.analysis.config.ConfigDiff.Row> diff = robot.lookup("#stepsDiff").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !diff.getItems().isEmpty());
        assertTrue(diff.getItems().stream().anyMatch(r -> r.key().equals("innodb_flush_log_at_trx_commit")), diff.getItems().toString());
    }
}
