package io.tunescope.ui.interpret;

import io.tunescope.analysis.reading.ReadRun;
import io.tunescope.model.bench.RunRole;
import io.tunescope.model.capture.Capture;
import io.tunescope.session.CaptureSession;
import io.tunescope.ui.TestUiContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TablePosition;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The user reads how Tunescope understood a hand-made capture, says a warm-up is the main run and the
 * prepare folder is a step, saves: the manifest holds the corrections and the capture read again follows them.
 */
@ExtendWith(ApplicationExtension.class)
class InterpretationViewFxTest {
    private final ExecutorService pool = Executors.newSingleThreadExecutor();
    private final TestUiContext ctx = new TestUiContext(pool);
    private InterpretationView view;
    @TempDir
    Path tmp;

    @Start
    void start(Stage stage) {
        view = new InterpretationView(ctx);
        stage.setScene(new Scene((javafx.scene.Parent) view.node(), 1200, 760));
        stage.show();
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    private Path copy() throws Exception {
        return io.tunescope.testutil.HandCaptures.get("hand-3step", tmp);
    }

    @SuppressWarnings("unchecked")
    private static <S> void commit(TableView<S> table, int row, int col, String value) {
        TableColumn<S, String> c = (TableColumn<S, String>) table.getColumns().get(col);
        c.getOnEditCommit().handle(new TableColumn.CellEditEvent<>(table, new TablePosition<>(table, row, c),
                TableColumn.editCommitEvent(), value));
    }

    @Test
    void correctARoleAndAFolderThenSave(FxRobot robot) throws Exception {
        Path cap = copy();
        Capture c = CaptureSession.open(cap).capture();
        robot.interact(() -> view.show(c));
        @SuppressWarnings("unchecked")
        TableView<InterpretationView.FolderRow> folders = robot.lookup("#interpretationFolders").queryAs(TableView.class);
        @SuppressWarnings("unchecked")
        TableView<InterpretationView.RunRow> runs = robot.lookup("#interpretationRuns").queryAs(TableView.class);
        Button save = robot.lookup("#interpretationSave").queryAs(Button.class);
        // what Tunescope read: three steps and the prepare folder as auxiliary, warm-up and main runs
        assertEquals(4, folders.getItems().size());
        InterpretationView.FolderRow prep = folders.getItems().get(3);
        assertEquals("0_prepare", prep.dir());
        assertFalse(prep.step());
        assertEquals("not a step", String.valueOf(folders.getColumns().get(1).getCellData(3)));
        assertTrue(prep.reason().contains("prepare"));
        assertEquals("warmup", String.valueOf(runs.getColumns().get(2).getCellData(0)));
        assertEquals("event log", String.valueOf(runs.getColumns().get(7).getCellData(0)));
        assertTrue(save.isDisable(), "nothing to save yet");
        // the user corrects: the warm-up is the main run; the prepare folder is a step; a start time
        int warm = 0;
        ReadRun w = runs.getItems().get(warm).run();
        assertEquals(RunRole.WARMUP, w.role());
        robot.interact(() -> {
            commit(runs, warm, 2, "main");
            commit(folders, 3, 1, "step");
            commit(runs, 1, 6, "not a time");
        });
        assertTrue(ctx.lastStatus().contains("not an ISO-8601 time"), ctx.lastStatus());
        assertFalse(save.isDisable());
        assertEquals("main", view.pending().roleOf(w.file(), w.index()));
        robot.clickOn(save);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> Files.isRegularFile(cap.resolve("tunescope.json")));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> ctx.lastStatus().contains("Corrections saved"));
        // read again: the corrections are applied
        CaptureSession again = CaptureSession.open(cap);
        var base = again.reading().step("1_baseline");
        ReadRun now = base.runs().stream().filter(r -> r.file().equals(w.file())).findFirst().orElseThrow();
        assertEquals(RunRole.MAIN, now.role());
        assertEquals("set by the user", now.roleReason().toString());
        assertEquals(w.file(), base.headline().first().file(), "the user's main run is the headline");
        assertTrue(again.reading().steps().stream().anyMatch(s -> s.dir().equals("0_prepare")));
        robot.interact(() -> view.show(again.capture()));
        assertTrue(save.isDisable());
        assertTrue(robot.lookup("#interpretationPending").queryLabeled().getText().contains("Corrections in effect"));
    }
}
