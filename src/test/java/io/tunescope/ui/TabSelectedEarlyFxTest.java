package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tunescope.model.capture.Capture;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The files tab selected as soon as the capture is shown, before its view's turn: it has the capture at once. */
class TabSelectedEarlyFxTest extends CaptureOpeningWindow {

    @Start
    void start(Stage stage) {
        open(stage);
    }

    @Override
    boolean selectFilesOnLoad() {
        return true;
    }

    @Test
    void aTabSelectedBeforeItsTurnHasTheCaptureAtOnce() throws Exception {
        // the capture property is set before its listeners have run: wait for the one that records what they did
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> waitingAtLoad >= 0);
        Capture c = window.model().captureProperty().get();
        assertEquals(Views.makers().size() - 1, waitingAtLoad);
        assertEquals(c.files().size(), filesAtSelect, "the files view was shown the capture when its tab was selected");
        WaitForAsyncUtils.waitFor(180, TimeUnit.SECONDS, () -> window.viewsWaiting() == 0);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(c.files().size(), filesTable().getItems().size(), "and not again with nothing");
    }
}
