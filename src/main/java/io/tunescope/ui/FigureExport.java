package io.tunescope.ui;

import io.tunescope.export.FigureFiles;
import io.tunescope.render.figure.Figure;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * File &gt; Export Figure: the picture a view shows (flame graph, heatmap, chart) as a figure for a report, with a
 * title, legend and caption, made from the view's state (zoom, search, diff, window, step), not from its widgets.
 * A view registers where its figure comes from ({@link #register}); the PNG/SVG/PDF format follows the file's
 * extension. Charts (JFreeChart) are PNG or vector PDF, not SVG: the dialog says so. The widget picture (File &gt;
 * Export View as PNG, {@link ViewExport}) stays for pictures of the whole view.
 */
public final class FigureExport {
    private static final Object SOURCE = new Object();
    static final String KEY_WIDTH = "export.figure.width";
    static final String KEY_SCALE = "export.figure.scale";
    /** Width of a figure in layout pixels (PNG pixels at 1x, points in a PDF). */
    public static final int MIN_WIDTH = 400;
    public static final int MAX_WIDTH = 6000;

    private FigureExport() {
    }

    /** Registers a view's figure: built when asked, from the view's state; null when it shows nothing. */
    public static void register(Node node, Supplier<Figure> figure) {
        node.getProperties().put(SOURCE, figure);
    }

    /** The charts of chart figures, to draw them in the light look whatever the screen's theme. */
    private static final java.util.Map<Figure, org.jfree.chart.JFreeChart> CHARTS = new java.util.WeakHashMap<>();

    /**
     * The figure of the first shown node under (or at) the root that has one; else the first shown chart
     * (timeline, steps, thread sweep) as a chart figure titled with the tab's name; else null.
     *
     * @param name        the view's name (the tab's text), the title of a chart figure
     * @param captureName the capture's folder name, for a chart figure's caption
     */
    public static Figure figureOf(Node root, String name, String captureName, java.util.Locale locale) {
        Figure f = figureOf(root);
        if (f != null) {
            return f;
        }
        for (Node n : shown(root)) {
            if (n instanceof org.jfree.chart.fx.ChartViewer v && v.getChart() != null && v.getWidth() > 10 && v.getHeight() > 10) {
                org.jfree.chart.JFreeChart chart = v.getChart();
                String title = chart.getTitle() != null && chart.getTitle().getText() != null && !chart.getTitle().getText().isBlank()
                        ? name + ": " + chart.getTitle().getText() : name;
                Figure cf = io.tunescope.render.figure.Figures.chart(locale, title, null, chart, v.getHeight(),
                        io.tunescope.render.figure.FigureCaption.today(captureName, null, null, null, -1));
                CHARTS.put(cf, chart);
                return cf;
            }
        }
        return null;
    }

    private static List<Node> shown(Node root) {
        List<Node> out = new ArrayList<>();
        List<Node> todo = new ArrayList<>(List.of(root));
        while (!todo.isEmpty()) {
            Node n = todo.remove(0);
            if (!n.isVisible()) {
                continue;
            }
            out.add(n);
            if (n instanceof Parent p && !(n instanceof org.jfree.chart.fx.ChartViewer)) {
                todo.addAll(p.getChildrenUnmodifiable());
            }
        }
        return out;
    }

    /** The figure of the first shown node under (or at) the root that registered one, or null. */
    @SuppressWarnings("unchecked")
    public static Figure figureOf(Node root) {
        List<Node> todo = new ArrayList<>();
        todo.add(root);
        while (!todo.isEmpty()) {
            Node n = todo.remove(0);
            if (!n.isVisible()) {
                continue;
            }
            if (n.getProperties().get(SOURCE) instanceof Supplier<?> s) {
                Figure f = ((Supplier<Figure>) s).get();
                if (f != null) {
                    return f;
                }
            }
            if (n instanceof Parent p) {
                todo.addAll(p.getChildrenUnmodifiable());
            }
        }
        return null;
    }

    /** What the user chose: the figure's width and, for PNG, the scale. */
    public record Choice(int width, int scale) {
    }

    /** The dialog's content: width, PNG scale, and which formats the figure can be saved as. */
    static final class Form {
        final Spinner<Integer> width = new Spinner<>();
        final ComboBox<Integer> scale = new ComboBox<>();
        final Label formats = new Label();
        final VBox content;

        Form(UiContext text, Settings settings, Figure figure) {
            width.setId("figureWidth");
            width.setValueFactory(new SpinnerValueFactory.IntegerSpinnerValueFactory(MIN_WIDTH, MAX_WIDTH,
                    (int) Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, settings.getDouble(KEY_WIDTH, 1200))), 100));
            width.setEditable(true);
            width.setPrefWidth(110);
            scale.setId("figureScale");
            for (int i = 1; i <= 4; i++) {
                scale.getItems().add(i);
            }
            scale.setValue((int) Math.max(1, Math.min(4, settings.getDouble(KEY_SCALE, 2))));
            formats.setId("figureFormats");
            formats.setWrapText(true);
            formats.setMaxWidth(460);
            formats.getStyleClass().add("hint");
            formats.setText(text.text(figure.vector() ? "export.figure.formats" : "export.figure.chartFormats"));
            GridPane grid = new GridPane();
            grid.setHgap(8);
            grid.setVgap(8);
            grid.addRow(0, new Label(text.text("export.figure.width")), width, new Label(text.text("export.png.px")));
            grid.addRow(1, new Label(text.text("export.figure.scale")), scale);
            Label what = new Label(text.text("export.figure.what", figure.title()));
            what.setWrapText(true);
            what.setMaxWidth(460);
            content = new VBox(10, what, grid, formats);
            content.setPadding(new Insets(12));
        }

        Choice choice() {
            try {
                width.getValueFactory().setValue(Integer.parseInt(width.getEditor().getText().strip()));
            } catch (NumberFormatException e) {
                width.getEditor().setText(String.valueOf(width.getValue()));
            }
            return new Choice(width.getValue(), scale.getValue() == null ? 2 : scale.getValue());
        }
    }

    /** Asks for the width and scale, then for the file (PNG, SVG unless a chart, PDF); empty when cancelled. */
    static Optional<Path> ask(UiContext text, Settings settings, Window owner, Figure figure, String baseName, Choice[] chosen) {
        Form form = new Form(text, settings, figure);
        Dialog<ButtonType> d = new Dialog<>();
        d.setTitle(text.text("export.figure.title"));
        d.initOwner(owner);
        d.getDialogPane().setContent(form.content);
        d.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        if (d.showAndWait().filter(b -> b == ButtonType.OK).isEmpty()) {
            return Optional.empty();
        }
        Choice c = form.choice();
        settings.putDouble(KEY_WIDTH, c.width());
        settings.putDouble(KEY_SCALE, c.scale());
        settings.flush();
        chosen[0] = c;
        FileChooser fc = new FileChooser();
        fc.setTitle(text.text("export.figure.title"));
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("PNG", "*.png"));
        if (figure.vector()) {
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("SVG", "*.svg"));
        }
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("PDF", "*.pdf"));
        fc.setInitialFileName(baseName + ".png");
        File f = fc.showSaveDialog(owner);
        if (f == null) {
            return Optional.empty();
        }
        Path p = f.toPath();
        if (FigureFiles.Format.of(p) == null) {
            // no known extension typed: the one of the chosen filter
            String ext = fc.getSelectedExtensionFilter() == null ? "*.png" : fc.getSelectedExtensionFilter().getExtensions().get(0);
            p = p.resolveSibling(p.getFileName() + ext.substring(1));
        }
        return Optional.of(p);
    }

    /** Writes the figure in the format of the file (a chart asked for as SVG is refused before this). */
    public static void write(Figure figure, Choice c, Path out) throws java.io.IOException {
        if (FigureFiles.Format.of(out) == FigureFiles.Format.SVG && !figure.vector()) {
            throw new java.io.IOException("a chart is saved as PNG or PDF, not SVG");
        }
        org.jfree.chart.JFreeChart chart = CHARTS.get(figure);
        if (chart == null || !ChartStyle.isDark(chart)) {
            FigureFiles.write(figure, c.width(), c.scale(), out);
            return;
        }
        // figures go into printed reports: the chart in the light look for the file, then back as on screen
        boolean notify = chart.isNotify();
        chart.setNotify(false);
        try {
            ChartStyle.apply(chart, Theme.LIGHT);
            FigureFiles.write(figure, c.width(), c.scale(), out);
        } finally {
            ChartStyle.apply(chart, Theme.DARK);
            chart.setNotify(notify);
        }
    }
}
