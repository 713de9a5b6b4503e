package io.tunescope.ui.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.server.ServerStep;
import io.tunescope.analysis.server.ServerStepTest;
import io.tunescope.ui.MainWindow;
import io.tunescope.ui.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
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
 * A user opens a folder of InnoDB, performance_schema, process list and mysqladmin outputs, opens the Server tab,
 * sorts the InnoDB table and the waits table, filters the waits by typing in the table and reads the counters; then
 * the real pt-stalk collection in Chinese. Pictures of the view go to target/screenshots.
 */
@ExtendWith(ApplicationExtension.class)
class ServerViewFxTest {
    private static final Locale BEFORE = Locale.getDefault();
    private MainWindow window;
    private Stage stage;

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

    @SuppressWarnings("unchecked")
    private static <T> T find(Parent root, String id) {
        Node n = root.lookup(id);
        assertNotNull(n, id);
        return (T) n;
    }

    private static void shoot(FxRobot robot, Parent root, String name) throws Exception {
        Path shots = Paths.get("target/screenshots");
        Files.createDirectories(shots);
        javafx.scene.image.WritableImage[] img = new javafx.scene.image.WritableImage[1];
        robot.interact(() -> img[0] = root.snapshot(null, null));
        javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(img[0], null), "png", shots.resolve(name).toFile());
    }

    @Test
    void openServerTabSortAndFilter(FxRobot robot, @TempDir Path tmp) throws Exception {
        Path folder = Files.createDirectories(tmp.resolve("server-evidence"));
        ServerStepTest.assemble(folder);
        robot.interact(() -> window.open(folder));
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> window.model().captureProperty().get() != null);
        Parent root = stage.getScene().getRoot();
        TabPane tabs = find(root, "#viewTabs");
        robot.interact(() -> tabs.getSelectionModel().select(tabs.getTabs().stream().filter(t -> t.getText().equals("Server")).findFirst().orElseThrow()));
        TableView<ServerStep.InnodbSnap> innodb = find(root, "#serverInnodbTable");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> innodb.getItems().size() == 3);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(86.0, 270.0, 43.0), history(innodb));
        Label note = find(root, "#serverInnodbNote");
        assertTrue(note.getText().contains("Redo capacity 96 MiB, from innodb_log_file_size = 100663296 (show-global-variables.txt:227)"),
                note.getText());
        ChartViewer chart = find(root, "#serverInnodbChart");
        assertNotNull(chart.getChart(), "three timed snapshots: a chart over time");
        assertTrue(((CombinedDomainXYPlot) chart.getChart().getPlot()).getSubplots().size() >= 4);
        assertTrue(chart.getChart().getLegend() != null, "the legend is the chart's, under the plots");
        shoot(robot, root, "server-innodb-en.png");

        // sort by the history list: a click on its header sorts ascending
        robot.clickOn("History list");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(43.0, 86.0, 270.0), history(innodb));

        // "show evidence" of a finding read from the waits summary opens the performance_schema part
        boolean[] shown = new boolean[1];
        robot.interact(() -> shown[0] = window.navigate(new io.tunescope.ui.Target.Server("", List.of("synthetic-waits-redo-2x.B.txt"))));
        assertTrue(shown[0]);
        TabPane inner = find(root, "#serverTabs");
        assertEquals("serverTabPfs", inner.getSelectionModel().getSelectedItem().getId());
        robot.interact(() -> shown[0] = window.navigate(new io.tunescope.ui.Target.Server("", List.of("show-global-variables.txt"))));
        assertFalse(shown[0], "the variables are not the server view's");

        // performance_schema: the waits table, sorted by count, filtered by typing in it
        robot.clickOn("performance_schema");
        TableView<ServerStep.WaitRow> waits = find(root, "#serverPfsWaits");
        assertEquals(6, waits.getItems().size());
        assertEquals("wait/io/file/innodb/innodb_log_file", waits.getItems().get(0).event(), "longest first");
        Label basis = find(root, "#serverWaitsBasis");
        assertTrue(basis.getText().startsWith("Basis: the difference between 2 printings, from synthetic-waits-redo-2x.B.txt:1 "
                + "to synthetic-waits-redo-2x.B.txt:9"), basis.getText());
        Label digestsBasis = find(root, "#serverDigestsBasis");
        assertTrue(digestsBasis.getText().startsWith("Basis: totals since the server started"), digestsBasis.getText());
        robot.clickOn("Count");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("wait/io/file/innodb/innodb_data_file", waits.getItems().get(0).event(), "fewest first: 41003 - 40122 = 881");
        shoot(robot, root, "server-pfs-en.png");
        robot.clickOn(waits.lookup(".table-row-cell"));
        robot.write("log");
        WaitForAsyncUtils.waitForFxEvents();
        TextField filter = find(root, "#serverPfsFilter");
        assertEquals("log", filter.getText());
        // still sorted by count: 160398 - 120311 = 40087, then 2831123 - 2231123 = 600000
        assertEquals(List.of("wait/io/file/innodb/innodb_log_file", "wait/synch/mutex/innodb/log_sys_mutex"),
                waits.getItems().stream().map(ServerStep.WaitRow::event).toList());

        // process list: three timed snapshots, a stacked chart, the longest query
        robot.clickOn("Process list");
        TableView<ServerStep.ProcessSnap> proc = find(root, "#serverProcTable");
        assertEquals(3, proc.getItems().size());
        assertTrue(((ChartViewer) find(root, "#serverProcChart")).isVisible());
        Label longest = find(root, "#serverLongest");
        assertTrue(longest.getText().startsWith("10 s: thread 316 (root@localhost, Query), state User sleep"), longest.getText());

        // counters: the usual suspects drawn, one plot each; the search narrows the list
        robot.clickOn("Status counters");
        javafx.scene.layout.VBox counters = find(root, "#serverCounterCharts");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(7, counters.getChildren().size(), "one chart per usual suspect");
        ChartViewer threads = find(root, "#counter-Threads_running");
        assertEquals("Threads_running (value, gauge)", threads.getChart().getTitle().getText());
        shoot(robot, root, "server-counters-en.png");
        robot.press(KeyCode.CONTROL).press(KeyCode.F).release(KeyCode.F).release(KeyCode.CONTROL);
        robot.write("row_lock");
        WaitForAsyncUtils.waitForFxEvents();
        ListView<String> list = find(root, "#serverCounterList");
        assertTrue(list.getItems().stream().allMatch(n -> n.toLowerCase(Locale.ROOT).contains("row_lock")), list.getItems().toString());
        assertTrue(list.getItems().contains("Innodb_row_lock_waits"));
    }

    private static List<Double> history(TableView<ServerStep.InnodbSnap> t) {
        return t.getItems().stream().map(s -> s.value("history_list_length").value()).toList();
    }

    @Test
    void ptStalkInChinese(FxRobot robot) throws Exception {
        Stage[] zh = new Stage[1];
        MainWindow[] w = new MainWindow[1];
        robot.interact(() -> {
            Locale.setDefault(Locale.SIMPLIFIED_CHINESE);
            zh[0] = new Stage();
            w[0] = new MainWindow(zh[0], List.of(), new Settings(Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime())));
            w[0].show();
            stage.hide();
            w[0].open(Paths.get("src/test/resources/captures/pt-stalk-2x.tar.gz"));
        });
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> w[0].model().captureProperty().get() != null);
        Parent root = zh[0].getScene().getRoot();
        TabPane tabs = find(root, "#viewTabs");
        robot.interact(() -> tabs.getSelectionModel().select(tabs.getTabs().stream().filter(t -> "tab-server.tab".equals(t.getId())).findFirst().orElseThrow()));
        TableView<ServerStep.InnodbSnap> innodb = find(root, "#serverInnodbTable");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> innodb.getItems().size() == 2);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("数据库服务器", tabs.getSelectionModel().getSelectedItem().getText());
        Label note = find(root, "#serverInnodbNote");
        assertTrue(note.getText().contains("重做日志容量 96 MiB"), note.getText());
        shoot(robot, root, "server-innodb-zh.png");

        TabPane inner = find(root, "#serverTabs");
        robot.interact(() -> inner.getSelectionModel().select(2));
        WaitForAsyncUtils.waitForFxEvents();
        TableView<ServerStep.ProcessSnap> proc = find(root, "#serverProcTable");
        assertEquals(15, proc.getItems().size());
        assertNull(root.lookup("#serverProcChart"), "no times in pt-stalk's -processlist: no chart");
        Label longest = find(root, "#serverLongest");
        assertTrue(longest.getText().startsWith("这些快照中所有活动查询的 Time 均为 0"), longest.getText());
        shoot(robot, root, "server-processlist-zh.png");

        robot.interact(() -> inner.getSelectionModel().select(1));
        WaitForAsyncUtils.waitForFxEvents();
        Label empty = find(root, "#serverPfsEmpty");
        assertTrue(empty.isVisible());
        assertTrue(empty.getText().contains("events_waits_summary_global_by_event_name"), empty.getText());
        assertFalse(empty.getText().isBlank());
        shoot(robot, root, "server-pfs-empty-zh.png");

        robot.interact(() -> inner.getSelectionModel().select(3));
        WaitForAsyncUtils.waitForFxEvents();
        shoot(robot, root, "server-counters-zh.png");
        robot.interact(() -> zh[0].close());
    }
}
