package io.tunescope.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javafx.util.Duration;
import javax.imageio.ImageIO;

/**
 * {@code -Dtunescope.screenshots=DIR}: once the capture is shown, selects every view in turn, waits for its
 * background work to settle, and writes the window's content to {@code DIR/<view>-<language>.png}, then
 * quits. Used by {@code scripts/screenshots.sh} to take the README's pictures of every view in both
 * languages on a real capture; the user never sees it.
 */
final class ScreenshotTour {
    /** Time for a view's background work (layout, rules) and its first paint after it is selected. */
    private static final Duration SETTLE = Duration.seconds(Double.parseDouble(
            System.getProperty("tunescope.screenshots.settle", "4")));

    private final Stage stage;
    private final TabPane tabs;
    private final List<Tab> viewTabs;
    private final List<CaptureView> views;
    private final Path dir;
    private final String language;

    private ScreenshotTour(Stage stage, TabPane tabs, List<Tab> viewTabs, List<CaptureView> views, Path dir, Locale locale) {
        this.stage = stage;
        this.tabs = tabs;
        this.viewTabs = viewTabs;
        this.views = views;
        this.dir = dir;
        this.language = locale.getLanguage().isEmpty() ? "en" : locale.getLanguage();
    }

    /** Starts the tour when the property is set; returns whether it did. FX thread. */
    static boolean startIfAsked(Stage stage, TabPane tabs, List<Tab> viewTabs, List<CaptureView> views, Locale locale) {
        String d = System.getProperty("tunescope.screenshots");
        if (d == null || d.isBlank()) {
            return false;
        }
        ScreenshotTour t = new ScreenshotTour(stage, tabs, viewTabs, views, Path.of(d), locale);
        t.after(SETTLE.multiply(2), () -> t.shoot(0));
        return true;
    }

    private void shoot(int i) {
        if (i >= views.size()) {
            Platform.exit();
            return;
        }
        tabs.getSelectionModel().select(viewTabs.get(i));
        after(SETTLE, () -> {
            String name = views.get(i).titleKey().replace(".tab", "") + "-" + language + ".png";
            try {
                Files.createDirectories(dir);
                WritableImage img = stage.getScene().snapshot(null);
                Path tmp = dir.resolve(name + ".tmp");
                ImageIO.write(SwingFXUtils.fromFXImage(img, null), "png", tmp.toFile());
                Files.move(tmp, dir.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                System.getLogger("tunescope").log(System.Logger.Level.WARNING, "screenshot " + name + ": " + e.getMessage());
            }
            shoot(i + 1);
        });
    }

    private void after(Duration d, Runnable r) {
        PauseTransition p = new PauseTransition(d);
        p.setOnFinished(e -> r.run());
        p.play();
    }
}
