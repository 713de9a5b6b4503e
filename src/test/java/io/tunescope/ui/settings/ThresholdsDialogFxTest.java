package io.tunescope.ui.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.model.capture.Capture;
import io.tunescope.rules.Finding;
import io.tunescope.rules.RuleEngine;
import io.tunescope.rules.Settings;
import io.tunescope.session.SettingsFile;
import io.tunescope.ui.TestUiContext;
import io.tunescope.ui.findings.FindingsView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.application.Platform;
import javafx.beans.value.ObservableValue;
import javafx.scene.Scene;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A user reads the software CRC32 finding (5.7 % of the samples against a 1 % threshold [heuristic, adjustable]),
 * follows the link into the thresholds dialog at that rule, types 6 and applies from the keyboard: the rules run
 * again in the background on the same capture, the finding is gone, the value is saved as the user's settings and
 * the finding's threshold line says it was changed. The filter finds thresholds by words; bad values are refused
 * with the allowed range; reset brings the default back.
 */
@ExtendWith(ApplicationExtension.class)
class ThresholdsDialogFxTest {
    @TempDir
    static Path home;

    private FindingsView view;
    private UserThresholds thresholds;
    private Stage stage;
    private final AtomicInteger backgroundRuns = new AtomicInteger();
    private final AtomicInteger fxThreadRuns = new AtomicInteger();
    private final ExecutorService pool = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "thresholds-test");
        t.setDaemon(true);
        return t;
    });
    private final ExecutorService background = new java.util.concurrent.AbstractExecutorService() {
        @Override
        public void execute(Runnable command) {
            pool.execute(() -> {
                backgroundRuns.incrementAndGet();
                if (Platform.isFxApplicationThread()) {
                    fxThreadRuns.incrementAndGet();
                }
                command.run();
            });
        }

        @Override
        public void shutdown() {
            pool.shutdown();
        }

        @Override
        public List<Runnable> shutdownNow() {
            return pool.shutdownNow();
        }

        @Override
        public boolean isShutdown() {
            return pool.isShutdown();
        }

        @Override
        public boolean isTerminated() {
            return pool.isTerminated();
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
            return pool.awaitTermination(timeout, unit);
        }
    };
    private TestUiContext ctx;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        Path file = Files.createTempDirectory(home, "user").resolve("settings.json");
        thresholds = new UserThresholds(file);
        ctx = new TestUiContext(background) {
            @Override
            public ObservableValue<Settings> thresholds() {
                return thresholds.settingsProperty();
            }

            @Override
            public void editThresholds(String ruleId) {
                ThresholdsDialog.show(this, thresholds, stage, ruleId);
            }
        };
        view = new FindingsView(ctx);
        stage.setScene(new Scene((javafx.scene.Parent) view.node(), 1100, 760));
        stage.show();
    }

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(() -> {
            for (javafx.stage.Window w : List.copyOf(javafx.stage.Window.getWindows())) {
                if (w != stage && w instanceof Stage s) {
                    s.close();
                }
            }
        });
    }

    private static Capture crc32() throws Exception {
        return new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry())
                .load(TestData.sampleData().resolve("case-studies/software-crc32-hotspot"));
    }

    private static boolean hasCrc(RuleEngine.Report r) {
        return r.findings().stream().anyMatch(f -> f.ruleId().equals("CPU-CRC32-SOFTWARE"));
    }

    @SuppressWarnings("unchecked")
    private static TableView<ThresholdsEditor.Row> table(FxRobot robot) {
        return robot.lookup("#thresholdsTable").queryAs(TableView.class);
    }

    @Test
    void adjustableLinkOpensTheRuleAndApplyingReRunsTheRulesWithoutReloading(FxRobot robot) throws Exception {
        Capture c = crc32();
        robot.interact(() -> view.show(c));
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> view.report() != null);
        WaitForAsyncUtils.waitForFxEvents();
        RuleEngine.Report first = view.report();
        assertTrue(hasCrc(first), first.findings().toString());
        assertEquals("CPU-CRC32-SOFTWARE", view.shown().get(0).ruleId());

        // the finding is selected: its threshold line carries the link
        Hyperlink adjust = robot.lookup("#adjust-minPercent").queryAs(Hyperlink.class);
        assertEquals("[heuristic, adjustable]", adjust.getText());
        robot.clickOn(adjust);
        WaitForAsyncUtils.waitForFxEvents();
        TableView<ThresholdsEditor.Row> table = table(robot);
        ThresholdsEditor.Row row = table.getSelectionModel().getSelectedItem();
        assertNotNull(row, "the dialog opens at the rule");
        assertEquals("CPU-CRC32-SOFTWARE.minPercent", row.id());
        TextField value = robot.lookup("#thresholdValue").queryAs(TextField.class);
        assertEquals("1", value.getText());
        assertTrue(value.isFocused(), "the value has the focus");
        String about = robot.lookup("#thresholdAbout").queryAs(Label.class).getText();
        assertTrue(about.contains("default 1 %, a Tunescope heuristic") && about.contains("Allowed: 0 .. 100 %"), about);

        // keyboard: the value is selected, typed over, Enter takes it, Ctrl+Enter applies and closes (a click on a label
        // gives the new window the keyboard, as the window manager does on a desktop; the focused field stays)
        robot.clickOn("#thresholdRule");
        assertTrue(value.isFocused());
        robot.write("6");
        robot.type(KeyCode.ENTER);
        assertEquals(Map.of("CPU-CRC32-SOFTWARE.minPercent", 6.0), Map.copyOf(ThresholdsDialog.current().editor().changed()));
        int runsBefore = backgroundRuns.get();
        robot.press(KeyCode.CONTROL).press(KeyCode.ENTER).release(KeyCode.ENTER).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#thresholdsTable").tryQuery().isEmpty(), "the dialog closed");

        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> view.report() != first);
        WaitForAsyncUtils.waitForFxEvents();
        RuleEngine.Report second = view.report();
        assertFalse(hasCrc(second), "at 6 % the 5.7 % of CRC32 is no finding: " + second.findings());
        assertEquals(1, second.changed().size());
        assertTrue(backgroundRuns.get() > runsBefore, "the rules ran again in the background");
        assertEquals(0, fxThreadRuns.get());
        // the same capture, not read again: the session's reading is shared, only the report is new
        assertSame(io.tunescope.session.CaptureSession.of(c).reading(),
                io.tunescope.session.CaptureSession.of(c).reading());
        assertSame(second, io.tunescope.session.CaptureSession.of(c).findings(ctx.locale(), thresholds.get()));
        String note = robot.lookup("#findingsNote").queryAs(Label.class).getText();
        assertTrue(note.contains("1 threshold(s) changed from default"), note);

        // saved as the user's settings
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> Files.exists(thresholds.file()));
        SettingsFile.Loaded saved = SettingsFile.read(thresholds.file(), true);
        assertEquals(Map.of("CPU-CRC32-SOFTWARE.minPercent", 6.0), saved.settings().overrides());

        // lowered to 3 %: the finding is back and says its threshold was changed
        robot.interact(() -> ctx.editThresholds("CPU-CRC32-SOFTWARE"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("6", robot.lookup("#thresholdValue").queryAs(TextField.class).getText());
        robot.clickOn("#thresholdRule");
        robot.write("3");
        robot.type(KeyCode.ENTER);
        robot.clickOn("#thresholdsOk");
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> view.report() != second && hasCrc(view.report()));
        WaitForAsyncUtils.waitForFxEvents();
        Finding crc = view.report().findings().get(0);
        assertEquals(3.0, crc.thresholds().get(0).value());
        assertEquals(1.0, crc.thresholds().get(0).defaultValue());
        String line = robot.lookup(".finding-threshold").queryAll().stream()
                .filter(n -> n instanceof Label).map(n -> ((Label) n).getText()).findFirst().orElse("");
        assertTrue(line.contains("3 %") && line.contains("(changed from 1 % by user settings (" + thresholds.file() + "))"), line);
    }

    @Test
    void filterByWordsRefuseBadValuesAndReset(FxRobot robot) {
        robot.interact(() -> ctx.editThresholds(null));
        WaitForAsyncUtils.waitForFxEvents();
        TextField search = robot.lookup("#thresholdsSearch").queryAs(TextField.class);
        assertTrue(search.isFocused(), "the filter has the focus");
        robot.clickOn("#thresholdRule");
        assertTrue(search.isFocused());
        TableView<ThresholdsEditor.Row> table = table(robot);
        int all = table.getItems().size();
        assertTrue(all > 100, "every threshold of every rule: " + all);
        robot.write("await nvme");
        WaitForAsyncUtils.waitForFxEvents();
        List<String> ids = table.getItems().stream().map(ThresholdsEditor.Row::id).toList();
        assertEquals(List.of("IO-HIGH-AWAIT.awaitNvmeMs", "IO-SATURATED-CPU-IDLE.awaitNvmeMs"), ids.stream().sorted().toList());
        robot.eraseText("await nvme".length()).write("IO-HIGH-AWAIT");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(3, table.getItems().size());
        ThresholdsEditor.Row nvme = table.getItems().get(0);
        assertEquals("IO-HIGH-AWAIT.awaitNvmeMs", nvme.id());
        // the columns: default with its unit, basis
        assertEquals("5 ms", table.getColumns().get(2).getCellData(0));
        assertEquals("[heuristic]", table.getColumns().get(4).getCellData(0));

        // Down into the table, Enter to the value
        robot.type(KeyCode.DOWN);
        assertEquals(nvme, table.getSelectionModel().getSelectedItem());
        robot.type(KeyCode.ENTER);
        TextField value = robot.lookup("#thresholdValue").queryAs(TextField.class);
        assertTrue(value.isFocused());
        robot.write("-3");
        robot.type(KeyCode.ENTER);
        String err = robot.lookup("#thresholdError").queryAs(Label.class).getText();
        assertEquals("'-3' is not allowed: \u2265 0 ms", err);
        assertTrue(ThresholdsDialog.current().editor().changed().isEmpty(), "a bad value is not taken");
        robot.interact(value::selectAll);
        robot.write("2,5");
        robot.type(KeyCode.ENTER);
        assertEquals("", robot.lookup("#thresholdError").queryAs(Label.class).getText());
        assertEquals(Map.of("IO-HIGH-AWAIT.awaitNvmeMs", 2.5), Map.copyOf(ThresholdsDialog.current().editor().changed()));
        assertEquals("2.5 ms", table.getColumns().get(3).getCellData(0));
        assertEquals("1 changed from default", robot.lookup("#thresholdsSummary").queryAs(Label.class).getText());
        robot.clickOn("#thresholdReset");
        assertTrue(ThresholdsDialog.current().editor().changed().isEmpty());
        assertEquals("5", value.getText());
        // Esc closes without applying
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#thresholdsTable").tryQuery().isEmpty());
        assertEquals(Map.of(), thresholds.get().overrides());
        assertFalse(Files.exists(thresholds.file()));
    }
}
