package io.tunescope.ui;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.WritableImage;
import javafx.scene.transform.Transform;
import javax.imageio.ImageIO;

/** Saves a view exactly as it is on screen (annotations included), scaled for print. */
public final class ViewExport {
    private ViewExport() {
    }

    public static BufferedImage snapshot(Node node, double scale) {
        SnapshotParameters p = new SnapshotParameters();
        p.setTransform(Transform.scale(scale, scale));
        WritableImage img = node.snapshot(p, null);
        return SwingFXUtils.fromFXImage(img, null);
    }

    public static void png(Node node, double scale, Path out) throws IOException {
        BufferedImage img = snapshot(node, scale);
        io.tunescope.export.AtomicFiles.write(out, o -> {
            if (!ImageIO.write(img, "png", o)) {
                throw new IOException("no PNG writer");
            }
        });
    }
}
