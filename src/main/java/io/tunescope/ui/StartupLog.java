package io.tunescope.ui;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The app's start-up stages with the JVM's uptime and the process's CPU time at each, for measuring how soon the
 * window is up: {@code -Dtunescope.startupLog=FILE} appends one line per stage to FILE ({@code /dev/stderr} to see
 * them in the terminal). Without the property nothing is measured or written and no class is loaded for it.
 *
 * <p>The stages, in order: {@code main} (the launcher's {@code main}), {@code fx-up} (the toolkit started, in
 * {@code Application.start}), {@code window-built} (the scene graph made), {@code stage-shown} ({@code Stage.show}
 * returned), {@code first-pulse} (the window's first layout pulse: the next thing is its first frame),
 * {@code capture-loaded} (the capture given on the command line was read), {@code view-filled} (the first view
 * has its content: the findings are in) and {@code view-painted} (the frame showing it drawn); and, when it happens,
 * {@code views-built} (the views are made one at a time after the first frame). Each stage is written
 * once; a line reads {@code stage uptime_ms=N cpu_ms=N thread=NAME}. Scripts: {@code scripts/app-startup.sh}.
 */
public final class StartupLog {
    /** The stages in the order they happen at a start with a capture to open. */
    public static final List<String> STAGES = List.of("main", "fx-up", "window-built", "stage-shown", "first-pulse",
            "capture-loaded", "view-filled", "view-painted");

    /** Recorded too, but not in a fixed place among the others: all the views made (after the first frame). */
    public static final String VIEWS_BUILT = "views-built";

    private static final Set<String> DONE = new LinkedHashSet<>();
    private static final List<String> LINES = new ArrayList<>();

    private StartupLog() {
    }

    /** Whether stages are being measured ({@code -Dtunescope.startupLog} is set). */
    public static boolean enabled() {
        String file = System.getProperty("tunescope.startupLog");
        return file != null && !file.isBlank();
    }

    /** Records a stage once (later calls for it are ignored) and appends its line to the log file. */
    public static void mark(String stage) {
        if (!enabled()) {
            return;
        }
        String file = System.getProperty("tunescope.startupLog");
        String line;
        synchronized (DONE) {
            if (!DONE.add(stage)) {
                return;
            }
            line = String.format(Locale.ROOT, "%s uptime_ms=%d cpu_ms=%d thread=%s", stage, uptimeMillis(),
                    cpuMillis(), Thread.currentThread().getName());
            LINES.add(line);
            try {
                Files.writeString(Path.of(file), line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND, StandardOpenOption.WRITE);
            } catch (IOException | RuntimeException e) {
                // a measurement aid: an unwritable file must not stop the app
            }
        }
    }

    /**
     * The first view has its content ({@code view-filled}); {@code view-painted} follows at the end of the next
     * layout pulse of the node's scene, the pulse that renders it.
     */
    public static void viewFilled(javafx.scene.Node view) {
        if (!enabled() || marked("view-filled")) {
            return;
        }
        mark("view-filled");
        afterPulse("view-painted", view);
    }

    /**
     * Records a stage once the frame showing what was just set is on screen, if it was not recorded yet: the pulse
     * that lays it out hands it to the render thread, which draws it while the FX thread goes on; the next pulse
     * waits for that drawing to finish before it renders, so the stage is recorded after that second pulse. The
     * flame graph uses it for {@code flame-painted} (its first picture, after {@code flame-snapshot}: the background
     * work done), not one of {@link #STAGES}.
     */
    public static void afterPulse(String stage, javafx.scene.Node node) {
        if (!enabled() || marked(stage) || node.getScene() == null) {
            return;
        }
        javafx.scene.Scene scene = node.getScene();
        int[] pulses = {0};
        Runnable[] listener = new Runnable[1];
        listener[0] = () -> {
            if (++pulses[0] < 2) {
                javafx.application.Platform.requestNextPulse();
                return;
            }
            scene.removePostLayoutPulseListener(listener[0]);
            javafx.application.Platform.runLater(() -> mark(stage));
        };
        scene.addPostLayoutPulseListener(listener[0]);
        javafx.application.Platform.requestNextPulse();
    }

    /** The lines recorded in this JVM so far, in the order the stages happened (for tests). */
    public static List<String> lines() {
        synchronized (DONE) {
            return List.copyOf(LINES);
        }
    }

    /** Forgets the stages recorded so far, so that they are recorded again (for tests: one JVM runs many windows). */
    static void reset() {
        synchronized (DONE) {
            DONE.clear();
            LINES.clear();
        }
    }

    /** Whether a stage was recorded. */
    public static boolean marked(String stage) {
        synchronized (DONE) {
            return DONE.contains(stage);
        }
    }

    private static long uptimeMillis() {
        return java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
    }

    private static long cpuMillis() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime() / 1_000_000;
        }
        return -1;
    }
}
