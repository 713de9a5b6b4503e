package io.tunescope.bench;

import io.tunescope.TestData;
import io.tunescope.ui.MainWindow;
import io.tunescope.ui.Settings;
import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Heap kept by windows and captures that were closed or replaced: N cycles in one JVM of a main window built on the
 * same stage (as every UI test and the language switch do) that opens the sample capture, then opens it again
 * (File &gt; Open of another capture replaces the first). After every cycle the used heap after full GCs is printed,
 * with how many of the earlier windows are still reachable. Not part of the suite (bench): run with
 * {@code mvn -o -q test -Dtest=WindowCyclesBench -Dcycles=12}.
 */
class WindowCyclesBench {
    @Test
    void cycles() throws Exception {
        int cycles = Integer.getInteger("cycles", 10);
        Stage stage = FxToolkit.registerPrimaryStage();
        Path sample = TestData.sampleData().resolve("mariadb-oltp").toAbsolutePath();
        List<WeakReference<Object>> windows = new ArrayList<>();
        System.out.printf(Locale.ROOT, "cycle usedMB liveWindows cpuS%n");
        System.out.printf(Locale.ROOT, "%d %.1f %d %.2f%n", 0, usedMb(), 0, cpuS());
        for (int i = 1; i <= cycles; i++) {
            // as every UI test's set-up does: TestFX keeps the events fired on the stage until it is registered again
            FxToolkit.registerPrimaryStage();
            Preferences prefs = Preferences.userRoot().node("io/tunescope-test/bench-" + System.nanoTime());
            MainWindow[] w = new MainWindow[1];
            FxToolkit.setupFixture(() -> {
                w[0] = new MainWindow(stage, List.of(), new Settings(prefs));
                w[0].show();
            });
            for (int k = 0; k < 2; k++) {
                MainWindow win = w[0];
                Object before = win.model().captureProperty().get();
                FxToolkit.setupFixture(() -> win.model().open(sample));
                WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS,
                        () -> win.model().captureProperty().get() != null && win.model().captureProperty().get() != before);
                WaitForAsyncUtils.waitForFxEvents();
            }
            windows.add(new WeakReference<>(w[0]));
            if (Boolean.getBoolean("shutdown")) {
                FxToolkit.setupFixture(w[0]::shutdown);
            }
            w[0] = null;
            FxToolkit.setupFixture(() -> { });
            double used = usedMb();
            long live = windows.stream().filter(r -> r.get() != null).count();
            System.out.printf(Locale.ROOT, "%d %.1f %d %.2f%n", i, used, live, cpuS());
        }
        prefsCleanup();
    }

    private static void prefsCleanup() {
    }

    private static double usedMb() throws InterruptedException {
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(50);
        }
        Runtime rt = Runtime.getRuntime();
        return (rt.totalMemory() - rt.freeMemory()) / 1048576.0;
    }

    private static double cpuS() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
    }
}
