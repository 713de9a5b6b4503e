package io.tunescope.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.rules.Finding;
import io.tunescope.rules.RuleEngine;
import io.tunescope.rules.Settings;
import io.tunescope.ui.flame.FlameView;
import io.tunescope.ui.timeline.TimelineView;
import java.nio.file.Paths;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.scene.Scene;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** "Show evidence": the flame view searches a finding's frame; views refuse targets they cannot show. */
@ExtendWith(ApplicationExtension.class)
class ShowEvidenceFxTest {
    private FlameView flame;
    private TimelineView timeline;
    private final ExecutorService background = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "evidence-test");
        t.setDaemon(true);
        return t;
    });

    @Start
    void start(Stage stage) {
        UiContext ctx = new TestUiContext(background);
        flame = new FlameView(ctx);
        timeline = new TimelineView(ctx);
        HBox box = new HBox((javafx.scene.Parent) flame.node(), (javafx.scene.Parent) timeline.node());
        stage.setScene(new Scene(box, 1100, 700));
        stage.show();
    }

    @Test
    void frameTargetSearchesTheFrameInTheFlameGraph(FxRobot robot) throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(Paths.get("sample-data/case-studies/software-crc32-hotspot"));
        Finding f = io.tunescope.rules.catalog.RuleCatalog.engine().run(c, Settings.defaults()).findings().stream()
                .filter(x -> !x.frames().isEmpty()).findFirst().orElseThrow(() -> new AssertionError("a finding with frames"));
        robot.interact(() -> {
            flame.show(c);
            timeline.show(c);
        });
        WaitForAsyncUtils.waitForFxEvents();
        Target frame = new Target.Frame(f.step(), f.frames().get(0));
        boolean[] shown = new boolean[2];
        robot.interact(() -> {
            shown[0] = flame.reveal(frame);
            shown[1] = timeline.reveal(frame);
        });
        assertTrue(shown[0], "the flame view shows frames");
        assertFalse(shown[1], "the timeline does not show frames");
        assertEquals(f.frames().get(0), flame.viewModel().searchTextProperty().get());
        assertFalse(flame.viewModel().regexProperty().get(), "the frame name is searched literally");

        boolean[] range = new boolean[2];
        robot.interact(() -> {
            range[0] = flame.reveal(new Target.TimeRange("", 0, 1000, false));
            range[1] = timeline.reveal(new Target.TimeRange("", 0, 1000, false));
        });
        assertFalse(range[0], "the flame view does not show time ranges");
        assertTrue(range[1], "the timeline shows time ranges");
    }
}
