package io.tunescope.ui;

import javafx.scene.control.TabPane;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** Tests' way to a view: a view's content joins the scene when its tab is first selected, as the user would. */
public final class ViewTabs {
    private ViewTabs() {
    }

    /** Selects the tab of the view with this title key ({@code files.tab}, {@code numa.tab}, ...) and waits for the FX thread. */
    public static void select(FxRobot robot, String titleKey) {
        TabPane tabs = robot.lookup("#viewTabs").queryAs(TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(tabs.getTabs().stream().filter(t -> ("tab-" + titleKey).equals(t.getId()))
                .findFirst().orElseThrow()));
        WaitForAsyncUtils.waitForFxEvents();
    }
}
