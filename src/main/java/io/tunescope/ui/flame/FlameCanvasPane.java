package io.tunescope.ui.flame;

import io.tunescope.analysis.flame.FlameLayout;
import io.tunescope.analysis.flame.FlameSearch;
import io.tunescope.render.flame.FlameGraphPainter;
import io.tunescope.render.Palette;
import io.tunescope.render.flame.FlameColors;
import io.tunescope.ui.FxPainter;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import javafx.scene.canvas.Canvas;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;

/**
 * One canvas showing a {@link FlameLayout} through {@link FlameGraphPainter} (never a node per frame).
 * Reports hover, click and context-menu requests by node id; the wheel scrolls deep stacks.
 */
final class FlameCanvasPane extends Region {
    private final Canvas canvas = new Canvas();
    private final FlameGraphPainter painter = new FlameGraphPainter();
    private FlameLayout layout;
    private FlameColors colors;
    private FlameSearch search;
    private IntPredicate highlight;
    private boolean shortenTemplates = true;
    private int hover = -1;
    private int current = -1;
    private double scrollY;
    /** Rows of the layout hidden at the root side (the sandwich hides the synthetic root row). */
    private int hiddenRootRows;
    private IntConsumer onHover = n -> { };
    private IntConsumer onClick = n -> { };
    private java.util.function.Consumer<FlameGraphPainter.Stats> onPainted = st -> { };
    private FlameGraphPainter.Stats lastStats;
    private int[] marked = new int[0];
    private Palette palette = Palette.LIGHT;

    FlameCanvasPane() {
        getChildren().add(canvas);
        canvas.setFocusTraversable(false);
        setMinSize(100, 60);
        io.tunescope.ui.ViewExport.sharpLayer(canvas, (scale, theme) -> layout == null || colors == null ? null
                : io.tunescope.ui.ViewExport.paintCanvas(getWidth(), getHeight(), scale, g -> paintOn(g, theme.palette())));
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, e -> setHover(nodeAt(e.getX(), e.getY())));
        canvas.addEventHandler(MouseEvent.MOUSE_EXITED, e -> setHover(-1));
        canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, e -> {
            if (isFocusTraversable()) {
                requestFocus();
            }
        });
        focusedProperty().addListener((o, a, b) -> paint());
        canvas.addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.isStillSincePress()) {
                int n = nodeAt(e.getX(), e.getY());
                if (n >= 0) {
                    onClick.accept(n);
                }
            }
        });
        canvas.addEventHandler(ScrollEvent.SCROLL, e -> {
            if (layout == null) {
                return;
            }
            double max = Math.max(0, FlameGraphPainter.pictureHeight(layout, view()) - getHeight());
            double delta = layout.orientation() == io.tunescope.analysis.flame.Orientation.FLAME ? e.getDeltaY() : -e.getDeltaY();
            scrollY = Math.max(0, Math.min(max, scrollY + delta));
            paint();
            e.consume();
        });
    }

    Canvas canvas() {
        return canvas;
    }

    void setOnHover(IntConsumer c) {
        onHover = c;
    }

    void setOnClick(IntConsumer c) {
        onClick = c;
    }

    void setOnPainted(java.util.function.Consumer<FlameGraphPainter.Stats> c) {
        onPainted = c;
    }

    /** The background and grey of the theme; repaints. */
    void setPalette(Palette p) {
        if (p != palette) {
            palette = p;
            paint();
        }
    }

    Palette palette() {
        return palette;
    }

    void setHiddenRootRows(int rows) {
        hiddenRootRows = rows;
    }

    void setContent(FlameLayout l, FlameColors c, FlameSearch s) {
        if (l != layout) {
            scrollY = 0;
            hover = -1;
        }
        layout = l;
        colors = c;
        search = s;
        paint();
    }

    void setHighlight(IntPredicate frames) {
        highlight = frames;
        paint();
    }

    void setShortenTemplates(boolean s) {
        shortenTemplates = s;
        paint();
    }

    /**
     * Marks a node (the keyboard cursor, the current search match) with the hover outline, scrolling deep
     * stacks so that it shows; the mouse's hover gives way until the mouse moves again.
     */
    void setCurrent(int node) {
        current = node;
        if (node >= 0) {
            hover = -1;
            scrollToShow(node);
        }
        paint();
    }

    int current() {
        return current;
    }

    /** Weight of one pixel of the picture: narrower frames are merged into grey blocks, the keys skip them. */
    double weightPerPixel() {
        return layout == null ? 0 : view().weightPerPixel();
    }

    private void scrollToShow(int node) {
        if (layout == null || !layout.isLaidOut(node) || getHeight() < 2) {
            return;
        }
        FlameGraphPainter.View v = view();
        double top = FlameGraphPainter.rowTop(layout, v, layout.row(node));
        double max = Math.max(0, FlameGraphPainter.pictureHeight(layout, v) - getHeight());
        boolean flame = layout.orientation() == io.tunescope.analysis.flame.Orientation.FLAME;
        // flame: scrollY moves the picture down (rows above come in); icicle: up
        double shift = 0;
        if (top < 0) {
            shift = -top;
        } else if (top + v.rowHeight() > getHeight()) {
            shift = getHeight() - top - v.rowHeight();
        }
        if (shift != 0) {
            scrollY = Math.max(0, Math.min(max, scrollY + (flame ? shift : -shift)));
        }
    }

    FlameLayout flameLayout() {
        return layout;
    }

    int hover() {
        return hover;
    }

    FlameGraphPainter.Stats lastStats() {
        return lastStats;
    }

    private void setHover(int n) {
        if (n != hover) {
            hover = n;
            paint();
            onHover.accept(n);
        }
    }

    FlameGraphPainter.View view() {
        FlameGraphPainter.View v = FlameGraphPainter.View.of(layout, 0, 0, Math.max(1, getWidth()), Math.max(1, getHeight()))
                .withSearch(search).withHighlight(highlight).withShortenTemplates(shortenTemplates)
                .withHover(hover >= 0 ? hover : current);
        double rootShift = hiddenRootRows * v.rowHeight();
        return v.withScrollY(layout.orientation() == io.tunescope.analysis.flame.Orientation.FLAME ? scrollY - rootShift
                : scrollY + rootShift);
    }

    /** The node under a point of the canvas, or -1. */
    int nodeAt(double x, double y) {
        if (layout == null) {
            return -1;
        }
        int n = FlameGraphPainter.nodeAt(layout, view(), x, y);
        return n >= 0 && layout.tree().depth(n) < hiddenRootRows ? -1 : n;
    }

    /** Canvas coordinates of the centre of a node's rectangle, or null when it is not visible. */
    double[] centreOf(int node) {
        if (layout == null || !layout.isLaidOut(node)) {
            return null;
        }
        FlameGraphPainter.View v = view();
        double x0 = FlameGraphPainter.pixelX(v, layout.x(node));
        double x1 = FlameGraphPainter.pixelX(v, layout.x(node) + layout.width(node));
        double y = FlameGraphPainter.rowTop(layout, v, layout.row(node)) + v.rowHeight() / 2;
        return new double[] {(Math.max(0, x0) + Math.min(getWidth(), x1)) / 2, y};
    }

    @Override
    protected void layoutChildren() {
        double w = getWidth();
        double h = getHeight();
        if (canvas.getWidth() != w || canvas.getHeight() != h) {
            canvas.setWidth(w);
            canvas.setHeight(h);
            paint();
        }
    }

    void paint() {
        var g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        if (layout == null || colors == null || canvas.getWidth() < 2 || canvas.getHeight() < 2) {
            return;
        }
        FlameGraphPainter.Stats st = paintOn(g, palette);
        if (isFocused()) {
            // keyboard focus: the arrow keys move the outlined frame (not in exports)
            g.setStroke(javafx.scene.paint.Color.web("#1f6feb"));
            g.setLineWidth(2);
            g.setLineDashes();
            g.strokeRect(1, 1, canvas.getWidth() - 2, canvas.getHeight() - 2);
        }
        if (!st.equals(lastStats)) {
            lastStats = st;
            onPainted.accept(st);
        }
    }

    /** The picture (frames and annotation outlines) at the pane's size, in the pane's coordinates. */
    private FlameGraphPainter.Stats paintOn(javafx.scene.canvas.GraphicsContext g, Palette p) {
        FlameGraphPainter.Stats st = painter.paint(new FxPainter(g), layout, colors, view(), p);
        paintMarks(g);
        return st;
    }

    /** Nodes outlined as annotated (node ids of the current layout's tree). */
    void setMarked(int[] nodes) {
        marked = nodes.clone();
        paint();
    }

    int[] marked() {
        return marked.clone();
    }

    private void paintMarks(javafx.scene.canvas.GraphicsContext g) {
        if (marked.length == 0) {
            return;
        }
        FlameGraphPainter.View v = view();
        g.save();
        g.setStroke(javafx.scene.paint.Color.web("#1f6feb"));
        g.setLineWidth(2);
        g.setLineDashes(4, 2);
        for (int node : marked) {
            if (node < 0 || node >= layout.tree().size() || !layout.isLaidOut(node)) {
                continue;
            }
            double x0 = Math.max(0, FlameGraphPainter.pixelX(v, layout.x(node)));
            double x1 = Math.min(getWidth(), FlameGraphPainter.pixelX(v, layout.x(node) + layout.width(node)));
            double y = FlameGraphPainter.rowTop(layout, v, layout.row(node));
            if (x1 - x0 >= 1) {
                g.strokeRect(x0 + 1, y + 1, x1 - x0 - 2, v.rowHeight() - 2);
            }
        }
        g.restore();
    }

    String readableName(int frameId) {
        return painter.readableName(layout.tree(), frameId, shortenTemplates);
    }
}
