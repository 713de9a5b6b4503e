package io.tunescope.ui.perfreport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.importers.CpuDatasets;
import io.tunescope.model.perfreport.PerfReport;
import io.tunescope.ui.MainWindow;
import io.tunescope.ui.Settings;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.control.TabPane;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The perf report view lists a real report's entries with their lines and opens call chains as a tree. */
@ExtendWith(ApplicationExtension.class)
class PerfReportViewFxTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = new MainWindow(stage, List.of(), new Settings(Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime())));
        window.show();
    }

    @Test
    @SuppressWarnings("unchecked")
    void entriesAndCallChains(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(TestData.sampleCapture()));
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> window.model().captureProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        TabPane tabs = robot.lookup("#viewTabs").queryAs(TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(tabs.getTabs().stream()
                .filter(t -> "tab-perfreport.tab".equals(t.getId())).findFirst().orElseThrow()));
        WaitForAsyncUtils.waitForFxEvents();
        TreeTableView<PerfReportView.Row> table = robot.lookup("#perfReportTable").queryAs(TreeTableView.class);
        var first = window.model().captureProperty().get().all(CpuDatasets.PERF_REPORT).get(0);
        PerfReport.Section section = first.value().sections().get(0);
        assertEquals(section.entries().size(), table.getRoot().getChildren().size());
        TreeItem<PerfReportView.Row> withChains = table.getRoot().getChildren().stream()
                .filter(i -> !i.isLeaf()).findFirst().orElse(null);
        if (section.entries().stream().anyMatch(e -> !e.callChains().isEmpty())) {
            assertTrue(withChains != null, "entries with call chains can be expanded");
            robot.interact(() -> withChains.setExpanded(true));
            assertFalse(withChains.getChildren().isEmpty());
            assertTrue(withChains.getChildren().get(0).getValue().node() != null);
        }
        PerfReportView.Row row = table.getRoot().getChildren().get(0).getValue();
        assertEquals(section.entries().get(0).line(), row.entry().line());
        assertTrue(row.file().endsWith(".txt"));
    }
}
