package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.tunescope.model.capture.Capture;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A capture opens: the visible view (the findings) is shown it first and filled before any other view is shown it;
 * the others follow, and the hidden views' contents join the scene only when their tab is selected.
 */
class VisibleViewFirstFxTest extends CaptureOpeningWindow {

    @Start
    void start(Stage stage) {
        open(stage);
    }

    @Override
    boolean selectFilesOnLoad() {
        return false;
    }

    @Test
    void theFindingsAreFilledBeforeTheOtherViewsAreShownTheCapture(FxRobot robot) throws Exception {
        // the capture property is set before its listeners have run: wait for the one that records what they did
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> waitingAtLoad >= 0);
        int views = Views.makers().size();
        assertEquals(views - 1, waitingAtLoad, "only the visible view is shown the capture when it is loaded");
        assertEquals(1, contentsAtLoad, "only the visible view's content is in the scene");

        WaitForAsyncUtils.waitFor(180, TimeUnit.SECONDS, () -> window.viewsWaiting() == 0);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(views - 1, window.viewsWaitingAtFill(), "no other view was shown the capture before the findings were in");
        TabPane tabs = tabs();
        assertEquals("tab-findings.tab", tabs.getSelectionModel().getSelectedItem().getId());
        for (Tab t : tabs.getTabs()) {
            if (t != tabs.getSelectionModel().getSelectedItem()) {
                assertNull(t.getContent(), t.getId() + " is not in the scene before it is selected");
            }
        }

        Capture c = window.model().captureProperty().get();
        robot.interact(() -> tabs.getSelectionModel().select(filesTab()));
        WaitForAsyncUtils.waitForFxEvents();
        assertNotNull(filesTab().getContent());
        assertSame(stage.getScene(), filesTab().getContent().getScene(), "selected: its content is in the scene");
        assertEquals(c.files().size(), filesTable().getItems().size(), "the files view was shown the capture");
    }
}
