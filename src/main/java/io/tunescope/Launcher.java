package io.tunescope;

import io.tunescope.cli.TunescopeCli;

/**
 * Entry point of {@code tunescope.jar}. Not an {@code Application} subclass, so that the fat jar starts
 * JavaFX from the class path. No arguments, or a path: the GUI. A sub-command: the headless CLI.
 */
public final class Launcher {
    private Launcher() {
    }

    public static void main(String[] args) {
        if (System.getProperty("tunescope.startupLog") != null) {
            io.tunescope.ui.StartupLog.mark("main");
        }
        if (TunescopeCli.isCliInvocation(args)) {
            System.exit(TunescopeCli.run(args));
        }
        if (!TunescopeCli.mayStartGui(args)) {
            System.exit(TunescopeCli.USAGE);
        }
        io.tunescope.ui.TunescopeApp.launchGui(args);
    }
}
