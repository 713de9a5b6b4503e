package io.tunescope.ui;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.SnapshotParameters;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.scene.transform.Transform;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;

/**
 * Saves a view as a PNG picture, annotations included, at a chosen size and scale.
 *
 * <p>The view is laid out again at the chosen width and height: for the export it is moved into a scene of
 * that size (and put back in its window before the next frame is drawn, so the user sees nothing move), so
 * flame graphs, heatmaps, charts and tables are drawn for that size rather than stretched. The scale then
 * multiplies the pixels. Controls are vector graphics and stay sharp at any scale; canvases are bitmaps, so
 * every canvas that registered a {@link Layer} (flame graphs, heatmaps) and every JFreeChart viewer is
 * painted again at the scale and drawn over its place in the picture.
 *
 * <p>FX thread only. Writing the PNG ({@link #write}) may run anywhere.
 */
public final class ViewExport {
    private static final Object LAYER = new Object();
    /** Canvases are painted in tiles of at most this many pixels a side (graphics cards' texture limit). */
    private static final int TILE = 4096;

    private ViewExport() {
    }

    /**
     * A canvas painted again for an export: at {@code scale} picture pixels per layout pixel, in the theme
     * of the picture, the size it has now (the export's layout). Returns null to keep the canvas as it is.
     */
    @FunctionalInterface
    public interface Layer {
        BufferedImage paint(double scale, Theme theme);
    }

    /** What to make: the size the view is laid out at, the scale, and the theme of the picture. */
    public record Options(double width, double height, double scale, Theme theme) {
        public static Options of(ExportSize s, Theme theme) {
            return new Options(s.width(), s.height(), s.scale(), theme);
        }

        int pictureWidth() {
            return (int) Math.round(width * scale);
        }

        int pictureHeight() {
            return (int) Math.round(height * scale);
        }
    }

    /** Registers how a canvas of a view paints itself again for an export (see {@link Layer}). */
    public static void sharpLayer(Node canvas, Layer layer) {
        canvas.getProperties().put(LAYER, layer);
    }

    /**
     * Paints {@code w} x {@code h} layout pixels at a scale on FX canvases (in tiles) and returns the picture:
     * the painter draws in layout pixels, the scale is applied to its graphics context.
     */
    public static BufferedImage paintCanvas(double w, double h, double scale, Consumer<GraphicsContext> painter) {
        int pw = (int) Math.ceil(w * scale);
        int ph = (int) Math.ceil(h * scale);
        if (pw < 1 || ph < 1) {
            return null;
        }
        BufferedImage out = new BufferedImage(pw, ph, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g2 = out.createGraphics();
        SnapshotParameters sp = new SnapshotParameters();
        sp.setFill(Color.TRANSPARENT);
        try {
            for (int ty = 0; ty < ph; ty += TILE) {
                for (int tx = 0; tx < pw; tx += TILE) {
                    Canvas c = new Canvas(Math.min(TILE, pw - tx), Math.min(TILE, ph - ty));
                    GraphicsContext g = c.getGraphicsContext2D();
                    g.translate(-tx, -ty);
                    g.scale(scale, scale);
                    painter.accept(g);
                    WritableImage tile = c.snapshot(sp, null);
                    g2.drawImage(SwingFXUtils.fromFXImage(tile, null), tx, ty, null);
                }
            }
        } finally {
            g2.dispose();
        }
        return out;
    }

    /**
     * Whether the view can be laid out at another size for an export: a resizable node that is the root of
     * its scene, a child of a pane, or in no scene at all. Other views are saved at their size on screen.
     */
    public static boolean canRelayout(Node view) {
        if (!(view instanceof Region)) {
            return false;
        }
        Parent parent = view.getParent();
        if (parent == null) {
            return view.getScene() == null || view.getScene().getRoot() == view;
        }
        return parent instanceof Pane;
    }

    /** The smallest size the view can be laid out at without cutting anything off. */
    public static double[] minimumSize(Node view) {
        if (!(view instanceof Region r)) {
            return new double[] {0, 0};
        }
        double w = r.minWidth(-1);
        return new double[] {w, r.minHeight(w)};
    }

    /** The view as it is on screen, at a scale. */
    public static BufferedImage snapshot(Node node, double scale) {
        Bounds b = node.getLayoutBounds();
        return render(node, new Options(b.getWidth(), b.getHeight(), scale, null));
    }

    /** Saves the view as it is on screen, at a scale. */
    public static void png(Node node, double scale, Path out) throws IOException {
        write(snapshot(node, scale), out);
    }

    /** Saves the view laid out at the chosen size, at the chosen scale. */
    public static void png(Node node, Options options, Path out) throws IOException {
        write(render(node, options), out);
    }

    /** Writes a picture as PNG, atomically. */
    public static void write(BufferedImage img, Path out) throws IOException {
        io.tunescope.files.AtomicFiles.write(out, o -> {
            if (!ImageIO.write(img, "png", o)) {
                throw new IOException("no PNG writer");
            }
        });
    }

    /**
     * The picture of a view laid out at {@code options.width() x options.height()}, scaled; exactly
     * {@code round(width * scale) x round(height * scale)} pixels. A theme (null: as on screen) restyles the
     * controls and tells the canvases how to paint themselves.
     */
    public static BufferedImage render(Node view, Options options) {
        if (!canRelayout(view)) {
            return fixedSize(view, options.scale());
        }
        Scene home = view.getScene();
        Parent parent = view.getParent();
        Node focus = home == null ? null : home.getFocusOwner();
        Region stand = new Region();
        int index = -1;
        if (parent instanceof Pane p) {
            index = p.getChildren().indexOf(view);
            p.getChildren().set(index, stand);
        } else if (home != null) {
            home.setRoot(stand);
        }
        StackPane holder = new StackPane();
        holder.setAlignment(javafx.geometry.Pos.TOP_LEFT);
        try {
            holder.getChildren().add(view);
            holder.setStyle("-fx-background-color: -fx-background;");
            Scene scene = new Scene(holder, options.width(), options.height());
            List<String> sheets = new ArrayList<>(home == null ? List.of() : home.getStylesheets());
            scene.getStylesheets().setAll(sheets);
            Theme theme = options.theme();
            if (theme != null) {
                theme.applyTo(scene);
            } else {
                theme = Theme.LIGHT;
                for (Theme t : Theme.values()) {
                    if (sheets.contains(t.stylesheet())) {
                        theme = t;
                    }
                }
            }
            holder.applyCss();
            holder.layout();
            return compose(holder, options, theme);
        } finally {
            holder.getChildren().clear();
            if (parent instanceof Pane p) {
                p.getChildren().set(index, view);
            } else if (home != null) {
                home.setRoot((Parent) view);
            }
            if (focus != null && focus.getScene() == home) {
                focus.requestFocus();
            }
        }
    }

    /** A view that cannot be laid out again: its size on screen, scaled (canvases as bitmaps). */
    private static BufferedImage fixedSize(Node node, double scale) {
        SnapshotParameters p = new SnapshotParameters();
        p.setTransform(Transform.scale(scale, scale));
        return SwingFXUtils.fromFXImage(node.snapshot(p, null), null);
    }

    private static BufferedImage compose(Region holder, Options o, Theme theme) {
        double s = o.scale();
        SnapshotParameters p = new SnapshotParameters();
        p.setTransform(Transform.scale(s, s));
        // the viewport (in picture pixels) keeps focus glows and overflowing children from moving the origin
        p.setViewport(new javafx.geometry.Rectangle2D(0, 0, o.pictureWidth(), o.pictureHeight()));
        WritableImage img = new WritableImage(o.pictureWidth(), o.pictureHeight());
        holder.snapshot(p, img);
        BufferedImage out = SwingFXUtils.fromFXImage(img, new BufferedImage(o.pictureWidth(), o.pictureHeight(),
                BufferedImage.TYPE_INT_ARGB));
        Graphics2D g = out.createGraphics();
        try {
            for (Node n : shownDescendants(holder)) {
                BufferedImage layer = null;
                Node at = n;
                if (n instanceof ChartViewer v && v.getChart() != null) {
                    at = v.getCanvas();
                    layer = chart(v.getChart(), v.getCanvas().getWidth(), v.getCanvas().getHeight(), s, theme);
                } else if (n.getProperties().get(LAYER) instanceof Layer l) {
                    layer = l.paint(s, theme);
                }
                if (layer == null) {
                    continue;
                }
                Bounds b = holder.sceneToLocal(at.localToScene(at.getLayoutBounds()));
                int x = (int) Math.round(b.getMinX() * s);
                int y = (int) Math.round(b.getMinY() * s);
                java.awt.Rectangle clip = new java.awt.Rectangle(x, y, layer.getWidth(), layer.getHeight())
                        .intersection(new java.awt.Rectangle(0, 0, out.getWidth(), out.getHeight()))
                        .intersection(visibleArea(at, holder, s));
                if (!clip.isEmpty()) {
                    g.setClip(clip);
                    g.drawImage(layer, x, y, null);
                }
            }
        } finally {
            g.dispose();
        }
        return out;
    }

    /**
     * A JFreeChart drawn (laid out) at w x h layout pixels and the scale, as Java2D does for the PDF report,
     * in the look of the theme (the chart keeps its look on screen).
     */
    static BufferedImage chart(JFreeChart chart, double w, double h, double scale, Theme theme) {
        boolean dark = ChartStyle.isDark(chart);
        if (dark == (theme == Theme.DARK)) {
            return chart(chart, w, h, scale);
        }
        boolean notify = chart.isNotify();
        chart.setNotify(false);
        try {
            ChartStyle.apply(chart, theme);
            return chart(chart, w, h, scale);
        } finally {
            ChartStyle.apply(chart, dark ? Theme.DARK : Theme.LIGHT);
            chart.setNotify(notify);
        }
    }

    /**
     * The part of the picture where a node can be seen: the intersection of the clips of its ancestors
     * (scroll pane viewports, split pane sides), in picture pixels.
     */
    private static java.awt.Rectangle visibleArea(Node node, Parent root, double s) {
        double x0 = Double.NEGATIVE_INFINITY;
        double y0 = Double.NEGATIVE_INFINITY;
        double x1 = Double.POSITIVE_INFINITY;
        double y1 = Double.POSITIVE_INFINITY;
        for (Node n = node.getParent(); n != null && n != root; n = n.getParent()) {
            Node clip = n.getClip();
            if (clip != null) {
                Bounds b = root.sceneToLocal(n.localToScene(clip.getBoundsInParent()));
                x0 = Math.max(x0, b.getMinX());
                y0 = Math.max(y0, b.getMinY());
                x1 = Math.min(x1, b.getMaxX());
                y1 = Math.min(y1, b.getMaxY());
            }
        }
        if (x0 == Double.NEGATIVE_INFINITY && x1 == Double.POSITIVE_INFINITY
                && y0 == Double.NEGATIVE_INFINITY && y1 == Double.POSITIVE_INFINITY) {
            return new java.awt.Rectangle(Integer.MIN_VALUE / 2, Integer.MIN_VALUE / 2, Integer.MAX_VALUE, Integer.MAX_VALUE);
        }
        int ax = (int) Math.floor(Math.max(-1e6, x0) * s);
        int ay = (int) Math.floor(Math.max(-1e6, y0) * s);
        int bx = (int) Math.ceil(Math.min(1e6, x1) * s);
        int by = (int) Math.ceil(Math.min(1e6, y1) * s);
        return new java.awt.Rectangle(ax, ay, Math.max(0, bx - ax), Math.max(0, by - ay));
    }

    /** A JFreeChart drawn (laid out) at w x h layout pixels and the scale, as it is. */
    static BufferedImage chart(JFreeChart chart, double w, double h, double scale) {
        int pw = (int) Math.ceil(w * scale);
        int ph = (int) Math.ceil(h * scale);
        if (pw < 1 || ph < 1) {
            return null;
        }
        BufferedImage img = new BufferedImage(pw, ph, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g2 = img.createGraphics();
        try {
            g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g2.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g2.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g2.scale(scale, scale);
            chart.draw(g2, new Rectangle2D.Double(0, 0, w, h), null, null);
        } finally {
            g2.dispose();
        }
        return img;
    }

    /**
     * The nodes below the root that are shown (visible up to the root), parents before children, so that a
     * layer inside another is drawn over it; chart viewers are not entered.
     */
    private static List<Node> shownDescendants(Parent root) {
        List<Node> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(Parent p, List<Node> out) {
        for (Node n : p.getChildrenUnmodifiable()) {
            if (!n.isVisible() || n.getOpacity() == 0) {
                continue;
            }
            out.add(n);
            if (n instanceof Parent c && !(n instanceof ChartViewer)) {
                collect(c, out);
            }
        }
    }
}
