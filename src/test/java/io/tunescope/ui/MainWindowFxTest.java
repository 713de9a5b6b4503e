package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.SourceFile;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A user opens the sample capture from the welcome page and sees every file with its format. */
@ExtendWith(ApplicationExtension.class)
class MainWindowFxTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        Preferences prefs = Preferences.userRoot().node("io/tunescope-test/" + System.nanoTime());
        System.setProperty("tunescope.sampleData", TestData.sampleData().toAbsolutePath().toString());
        window = new MainWindow(stage, List.of(), new Settings(prefs));
        window.show();
    }

    @Test
    void openSampleCaptureListsFilesWithFormats(FxRobot robot) throws Exception {
        robot.clickOn("#openSampleButton");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> window.model().captureProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        Capture c = window.model().captureProperty().get();
        assertEquals("mariadb-oltp", c.name());

        TreeView<?> sidebar = robot.lookup("#captureSidebar").queryAs(TreeView.class);
        TreeItem<?> root = sidebar.getRoot();
        assertEquals(3, root.getChildren().size(), "one node per step");
        assertTrue(root.getChildren().get(0).getChildren().size() > 10);

        ViewTabs.select(robot, "files.tab");
        @SuppressWarnings("unchecked")
        TableView<SourceFile> table = robot.lookup("#filesTable").queryAs(TableView.class);
        assertEquals(c.files().size(), table.getItems().size());
        assertTrue(table.getItems().stream().anyMatch(f -> f.format().equals("mysql-variables")));
        Label status = robot.lookup("#statusLabel").queryAs(Label.class);
        assertTrue(status.getText().startsWith("Loaded"), status.getText());

        // clicking a file in the sidebar shows its diagnostics below the table
        robot.clickOn("my.cnf  \u00b7  mycnf");
        WaitForAsyncUtils.waitForFxEvents();
        SourceFile selected = table.getSelectionModel().getSelectedItem();
        assertNotNull(selected);
        assertEquals("mycnf", selected.format());
        assertTrue(robot.lookup("#diagnosticsList").tryQuery().isPresent());

        // the view exports as the user sees it, at the chosen scale
        java.nio.file.Path png = java.nio.file.Files.createTempFile("files-view", ".png");
        robot.interact(() -> {
            try {
                ViewExport.png(table, 2, png);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(png.toFile());
        assertEquals(Math.round(table.getWidth() * 2), img.getWidth(), 2);
        assertEquals(Math.round(table.getHeight() * 2), img.getHeight(), 2);
        java.nio.file.Files.delete(png);
    }
}
