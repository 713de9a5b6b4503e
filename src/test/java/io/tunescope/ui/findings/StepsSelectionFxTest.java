package io.tunescope.ui.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.model.capture.Capture;
import io.tunescope.ui.TestUiContext;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The step a user selects among the tuning steps (the first, whose configuration diff shows) stays selected when the
 * findings view is built again in Chinese with the same view model, as a language switch does; without a choice the
 * last step is shown, and another capture starts from no choice.
 */
@ExtendWith(ApplicationExtension.class)
class StepsSelectionFxTest {
    private final ExecutorService background = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "steps-test");
        t.setDaemon(true);
        return t;
    });
    /** The window's models: one findings view model shared by the view in either language. */
    private final FindingsViewModel shared = new FindingsViewModel();
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new javafx.scene.layout.StackPane(), 1200, 780));
        stage.show();
    }

    private FindingsView view(Locale locale) {
        ResourceBundle bundle = ResourceBundle.getBundle("io.tunescope.ui.messages", locale);
        return new FindingsView(new TestUiContext(background) {
            @Override
            public ResourceBundle bundle() {
                return bundle;
            }

            @Override
            public <T> T viewModel(Class<T> type, Supplier<T> make) {
                return type.cast(type == FindingsViewModel.class ? shared : make.get());
            }
        });
    }

    @SuppressWarnings("unchecked")
    private TableView<StepsPane.Row> shownSteps(FxRobot robot, FindingsView v, Capture c) throws Exception {
        robot.interact(() -> {
            stage.getScene().setRoot((javafx.scene.Parent) v.node());
            v.show(c);
        });
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> v.report() != null);
        TableView<StepsPane.Row> table = (TableView<StepsPane.Row>) stage.getScene().getRoot().lookup("#stepsTable");
        // the rows come twice (at once, then with the findings counts): wait for the counts
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> table.getItems().size() == 3
                && table.getItems().stream().mapToInt(StepsPane.Row::findings).sum() > 0);
        WaitForAsyncUtils.waitForFxEvents();
        return table;
    }

    @Test
    void theChosenStepSurvivesTheViewBuiltInAnotherLanguage(FxRobot robot) throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry())
                .load(TestData.sampleData().resolve("mariadb-oltp"));
        shared.tabProperty().set(2); // the tuning steps tab
        FindingsView english = view(Locale.ROOT);
        TableView<StepsPane.Row> table = shownSteps(robot, english, c);
        assertEquals(2, table.getSelectionModel().getSelectedIndex(), "no choice yet: the last step");
        robot.interact(() -> table.getSelectionModel().select(0));
        assertEquals("00-baseline", shared.tuningStepProperty().get());
        String diffEn = ((Label) stage.getScene().getRoot().lookup("#stepsDiffTitle")).getText();

        FindingsView chinese = view(Locale.SIMPLIFIED_CHINESE);
        TableView<StepsPane.Row> table2 = shownSteps(robot, chinese, c);
        assertNotSame(table, table2);
        assertEquals(0, table2.getSelectionModel().getSelectedIndex(), "the chosen step stays selected");
        assertEquals("00-baseline", table2.getSelectionModel().getSelectedItem().step().dir());
        String diffZh = ((Label) stage.getScene().getRoot().lookup("#stepsDiffTitle")).getText();
        assertTrue(!diffZh.isEmpty() && !diffZh.equals(diffEn), "the diff title of the same step, in Chinese: " + diffZh);
        assertEquals("00-baseline", shared.tuningStepProperty().get(), "refilling the table is no choice of the user's");

        // another capture starts from no choice: its last step
        Capture other = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry())
                .load(TestData.sampleData().resolve("mariadb-oltp"));
        shared.tabProperty().set(2);
        TableView<StepsPane.Row> table3 = shownSteps(robot, chinese, other);
        assertEquals(2, table3.getSelectionModel().getSelectedIndex());
    }

    @Test
    void theModelPicksTheChosenStepOrTheLast() {
        FindingsViewModel m = new FindingsViewModel();
        List<String> dirs = List.of("00-a", "01-b", "02-c");
        assertEquals(2, m.tuningStepRow(dirs));
        m.tuningStepProperty().set("01-b");
        assertEquals(1, m.tuningStepRow(dirs));
        assertEquals(1, m.tuningStepRow(List.of("00-a", "01-b")));
        assertEquals(0, m.tuningStepRow(List.of("09-z")), "a step no longer listed: the last");
        assertEquals(-1, m.tuningStepRow(List.of()));
    }
}
