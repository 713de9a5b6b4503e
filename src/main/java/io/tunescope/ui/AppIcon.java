package io.tunescope.ui;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.image.Image;
import javafx.stage.Stage;

/**
 * The application icon (rendered from {@code icons/tunescope.svg} by {@code icons/render.sh}) in the sizes a
 * window manager picks from for title bars, task switchers and docks.
 */
public final class AppIcon {
    /** The sizes bundled under {@code io/tunescope/ui/icons/}. */
    public static final List<Integer> SIZES = List.of(16, 32, 48, 64, 128, 256);

    private AppIcon() {
    }

    /** Every bundled size, smallest first. */
    public static List<Image> images() {
        List<Image> out = new ArrayList<>();
        for (int s : SIZES) {
            try (InputStream in = AppIcon.class.getResourceAsStream("icons/tunescope-" + s + ".png")) {
                if (in != null) {
                    out.add(new Image(in));
                }
            } catch (IOException e) {
                // a missing size only means the window manager scales another one
            }
        }
        return out;
    }

    /**
     * Sets the icons of a window; dialogs owned by it inherit them. The PNGs are decoded on a thread of their own
     * and set on the FX thread when ready, so that decoding them does not hold up the window's first frame.
     */
    public static void apply(Stage stage) {
        Thread t = new Thread(() -> {
            List<Image> images = images();
            javafx.application.Platform.runLater(() -> stage.getIcons().setAll(images));
        }, "tunescope-icons");
        t.setDaemon(true);
        t.start();
    }
}
