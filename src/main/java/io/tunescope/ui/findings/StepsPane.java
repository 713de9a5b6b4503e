package io.tunescope.ui.findings;

import static io.tunescope.ui.Controls.col;

import io.tunescope.analysis.config.ConfigDiff;
import io.tunescope.analysis.config.ConfigValues;
import io.tunescope.analysis.reading.CaptureReading;
import io.tunescope.analysis.reading.Comparison;
import io.tunescope.analysis.reading.Headline;
import io.tunescope.analysis.reading.StepReading;
import io.tunescope.session.CaptureSession;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Step;
import io.tunescope.rules.RuleEngine;
import io.tunescope.ui.UiContext;
import java.awt.BasicStroke;
import java.awt.Font;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.entity.ChartEntity;
import org.jfree.chart.entity.EntityCollection;
import org.jfree.chart.entity.XYItemEntity;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.ChartMouseEventFX;
import org.jfree.chart.fx.interaction.ChartMouseListenerFX;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The tuning timeline: one point per step with the throughput of one benchmark run (TPS and QPS; the run at
 * the baseline's thread count where there is one, so steps compare like with like) and
 * its p95 latency on a second axis, the findings of each step as markers; a table with the change made in
 * each step and the change in TPS against the previous step and the baseline; and beside it the
 * configuration difference between the selected step and the one before. Clicking a point of the chart
 * selects its step as clicking its table row does (hand cursor and tooltip over points).
 */
final class StepsPane {
    /** Radius in pixels around a point of the chart that selects its step. */
    static final int POINT_TARGET_RADIUS = 8;

    /**
     * One step from the capture's one reading: its headline (main run or mean of repeats; null without one),
     * the like-for-like comparisons (null for the first step), findings.
     */
    record Row(Step step, Headline run, Comparison previous, Comparison baseline, int findings) {
        double tps() {
            return run == null ? Double.NaN : run.tps();
        }

        double vsPrevious() {
            return previous == null ? Double.NaN : previous.tpsChangePct();
        }

        double vsBaseline() {
            return baseline == null ? Double.NaN : baseline.tpsChangePct();
        }
    }

    private final UiContext ctx;
    private final ChartViewer chart = new ChartViewer();
    private final Label chartEmpty = new Label();
    private final TableView<Row> table = new TableView<>();
    private final TableView<ConfigDiff.Row> diff = new TableView<>();
    private final Label diffTitle = new Label();
    private final SplitPane root;
    private Capture capture;
    private int generation;
    private IntervalMarker selectedMarker;
    /** Holds the selected step (by folder), so that it survives the window built again in another language. */
    private final FindingsViewModel model;
    /** True while the rows are being replaced: the selection moving then is not the user's choice. */
    private boolean filling;

    /** The pane on its own (tests): its selection kept in a model of its own. */
    StepsPane(UiContext ctx) {
        this(ctx, new FindingsViewModel());
    }

    StepsPane(UiContext ctx, FindingsViewModel model) {
        this.ctx = ctx;
        this.model = model;
        chart.setId("stepsChart");
        chartEmpty.setText(ctx.text("findings.steps.noRuns"));
        chartEmpty.setWrapText(true);
        StackPane chartBox = new StackPane(chart, chartEmpty);
        chartBox.setMinHeight(220);

        table.setId("stepsTable");
        table.getColumns().add(col(ctx.text("findings.steps.col.step"), r -> r.step().label(), 130));
        table.getColumns().add(col(ctx.text("findings.steps.col.change"), r -> r.step().change(), 220));
        table.getColumns().add(col(ctx.text("findings.steps.col.tps"), r -> num(r.tps()), 90));
        table.getColumns().add(col(ctx.text("findings.steps.col.vsPrevious"), r -> change(r.previous()), 150));
        table.getColumns().add(col(ctx.text("findings.steps.col.vsBaseline"), r -> change(r.baseline()), 150));
        table.getColumns().add(col(ctx.text("findings.steps.col.qps"), r -> r.run() == null ? "" : num(r.run().qps()), 90));
        table.getColumns().add(col(ctx.text("findings.steps.col.p95"), r -> r.run() == null ? "" : num(r.run().p95Ms()), 80));
        table.getColumns().add(col(ctx.text("findings.steps.col.threads"), r -> r.run() == null ? "" : Integer.toString(r.run().threads()), 70));
        table.getColumns().add(col(ctx.text("findings.steps.col.findings"), r -> Integer.toString(r.findings()), 70));
        table.setPlaceholder(new Label(ctx.text("findings.steps.none")));
        table.setRowFactory(tv -> {
            javafx.scene.control.TableRow<Row> tr = new javafx.scene.control.TableRow<>() {
                @Override
                protected void updateItem(Row r, boolean empty) {
                    super.updateItem(r, empty);
                    setTooltip(empty || r == null ? null : new javafx.scene.control.Tooltip(basis(r)));
                }
            };
            return tr;
        });
        table.getSelectionModel().selectedIndexProperty().addListener((o, a, i) -> {
            refreshDiff(i.intValue());
            markSelected(i.intValue());
            Row r = table.getSelectionModel().getSelectedItem();
            if (!filling && r != null) {
                model.tuningStepProperty().set(r.step().dir());
            }
        });
        // Up/Down choose a step (the table's own keys); Enter compares it with the step before, Shift+Enter with the first
        table.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER && compareSelected(e.isShiftDown())) {
                e.consume();
            }
        });
        ctx.theme().addListener((o, a, t) -> io.tunescope.ui.ChartStyle.apply(chart.getChart(), t));
        chart.addChartMouseListener(new ChartMouseListenerFX() {
            @Override
            public void chartMouseClicked(ChartMouseEventFX e) {
                int i = stepAt(e.getEntity());
                if (i >= 0 && i < table.getItems().size() && e.getTrigger().getButton() == MouseButton.PRIMARY) {
                    selectStep(i);
                }
            }

            @Override
            public void chartMouseMoved(ChartMouseEventFX e) {
                chart.getCanvas().setCursor(stepAt(e.getEntity()) >= 0 ? Cursor.HAND : Cursor.DEFAULT);
            }
        });

        VBox left = new VBox(8, chartBox, table);
        VBox.setVgrow(chartBox, Priority.ALWAYS);
        table.setPrefHeight(180);
        left.setPadding(new Insets(8));

        diff.setId("stepsDiff");
        // Enter or a double click opens the line the changed setting was read from
        io.tunescope.ui.Controls.openSourceOnActivate(ctx, diff, r -> r.afterRef() != null ? r.afterRef() : r.beforeRef());
        diff.getColumns().add(col(ctx.text("config.col.name"), ConfigDiff.Row::key, 200));
        diff.getColumns().add(col(ctx.text("config.col.change"),
                r -> ctx.text("config.change." + r.change().name().toLowerCase(Locale.ROOT)), 100));
        // sizes as people write them (128 MiB, not 134217728); the source viewer shows the line as captured
        diff.getColumns().add(col(ctx.text("config.col.before"), r -> ConfigValues.readable(r.key(), r.before()), 110));
        diff.getColumns().add(col(ctx.text("config.col.after"), r -> ConfigValues.readable(r.key(), r.after()), 110));
        diff.getColumns().add(col(ctx.text("config.col.source"),
                r -> String.valueOf(r.afterRef() != null ? r.afterRef() : r.beforeRef()), 200));
        diff.setPlaceholder(new Label(ctx.text("findings.steps.noDiff")));
        diffTitle.setWrapText(true);
        diffTitle.setId("stepsDiffTitle");
        VBox right = new VBox(8, diffTitle, diff);
        VBox.setVgrow(diff, Priority.ALWAYS);
        right.setPadding(new Insets(8));
        right.setAlignment(Pos.TOP_LEFT);

        root = new SplitPane(left, right);
        root.setDividerPositions(0.62);
    }

    Node node() {
        return root;
    }

    /**
     * Compares the selected step with the one before it ({@code withFirst}: with the first step) in every view, as View &gt;
     * Compare Steps does; the first step is compared with the second. Tells whether there were two steps to compare.
     */
    boolean compareSelected(boolean withFirst) {
        int i = table.getSelectionModel().getSelectedIndex();
        List<Row> rows = table.getItems();
        if (i < 0 || rows.size() < 2) {
            return false;
        }
        int before = i == 0 ? 0 : withFirst ? 0 : i - 1;
        int after = i == 0 ? 1 : i;
        ctx.compare(rows.get(before).step(), rows.get(after).step());
        return true;
    }

    /** Selects a step (row index) as a click on its table row does: the diff to the step before shows. */
    void selectStep(int index) {
        table.getSelectionModel().clearAndSelect(index);
        table.scrollTo(index);
    }

    /** The step (row index) of a point of the chart, or -1 for anything else: points sit at x = row index. */
    static int stepAt(ChartEntity entity) {
        if (entity instanceof XYItemEntity item) {
            double x = item.getDataset().getXValue(item.getSeriesIndex(), item.getItem());
            return Double.isNaN(x) ? -1 : (int) Math.round(x);
        }
        return -1;
    }

    /** A light band behind the selected step on the chart. */
    private void markSelected(int index) {
        JFreeChart ch = chart.getChart();
        if (ch == null || !(ch.getPlot() instanceof XYPlot plot)) {
            return;
        }
        List<XYPlot> plots = plot instanceof org.jfree.chart.plot.CombinedDomainXYPlot cp ? cp.getSubplots() : List.of(plot);
        if (selectedMarker != null) {
            for (XYPlot p : plots) {
                p.removeDomainMarker(selectedMarker, Layer.BACKGROUND);
            }
            selectedMarker = null;
        }
        if (index >= 0) {
            selectedMarker = new IntervalMarker(index - 0.3, index + 0.3, new java.awt.Color(120, 130, 140, 55));
            for (XYPlot p : plots) {
                p.addDomainMarker(selectedMarker, Layer.BACKGROUND);
            }
        }
    }

    static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%,.1f", v);
    }

    static String pct(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%+.1f %%", v);
    }

    /** "+15.0 %" when significant, "+2.7 % (within noise)" otherwise, "" when nothing is comparable. */
    String change(Comparison c) {
        if (c == null || !c.comparable()) {
            return "";
        }
        String d = pct(c.tpsChangePct());
        return c.significant() ? d : ctx.text("findings.steps.withinNoise", d);
    }

    /** What the row's figures are and what was compared, for its tooltip. */
    private String basis(Row r) {
        StringBuilder b = new StringBuilder();
        if (r.run() == null) {
            b.append(ctx.text("findings.steps.noMain"));
        } else if (r.run().repeats()) {
            b.append(ctx.text("findings.steps.meanOf", r.run().runs().size(), r.run().threads()));
        } else {
            b.append(ctx.text("findings.steps.mainRun", r.run().first().file(), r.run().threads()));
        }
        if (r.previous() != null) {
            b.append('\n').append(ctx.text("findings.steps.basis", r.previous().against(), r.previous().basis().in(ctx.locale())));
        }
        return b.toString();
    }

    /** The rows of a capture: every step of the capture's one reading, with its headline and comparisons. */
    static List<Row> rows(Capture c, RuleEngine.Report report) {
        CaptureReading reading = CaptureSession.of(c).reading();
        List<Row> out = new ArrayList<>();
        for (StepReading s : reading.steps()) {
            int n = report == null ? 0 : report.findings(s.dir()).size();
            out.add(new Row(s.step(), s.headline(), s.vsPrevious(), s.vsBaseline(), n));
        }
        return out;
    }

    private static double delta(double v, double ref) {
        return Double.isNaN(v) || Double.isNaN(ref) || ref == 0 ? Double.NaN : (v - ref) / ref * 100;
    }

    /** Shows the steps of the capture; {@code report} adds the findings markers once the engine finished. */
    void show(Capture c, RuleEngine.Report report) {
        capture = c;
        int gen = ++generation;
        if (c == null) {
            table.getItems().clear();
            diff.getItems().clear();
            diffTitle.setText("");
            chart.setVisible(false);
            chartEmpty.setVisible(true);
            return;
        }
        ctx.background().submit(() -> {
            List<Row> rows = rows(c, report);
            JFreeChart ch = rows.stream().anyMatch(r -> r.run() != null) ? chart(rows) : null;
            Platform.runLater(() -> {
                if (gen != generation) {
                    return;
                }
                filling = true;
                table.getItems().setAll(rows);
                if (ch != null) {
                    selectedMarker = null;
                    io.tunescope.ui.ChartStyle.apply(ch, ctx.theme().getValue());
                    chart.setChart(ch);
                }
                chart.setVisible(ch != null);
                chartEmpty.setVisible(ch == null);
                // the step the user chose (kept in the model across a language switch), else the last
                table.getSelectionModel().clearSelection();
                table.getSelectionModel().select(model.tuningStepRow(rows.stream().map(r -> r.step().dir()).toList()));
                filling = false;
                markSelected(table.getSelectionModel().getSelectedIndex());
            });
        });
    }

    /**
     * Small multiples on one step axis, each measure with its own y axis (no two scales on one plot, no lines crossing
     * meaninglessly): throughput (TPS), p95 latency and the findings of each step as labelled bars. Every step has its
     * tick; long labels are turned upright rather than dropped or drawn over one another.
     */
    private JFreeChart chart(List<Row> rows) {
        String[] labels = rows.stream().map(r -> r.step().label()).toArray(String[]::new);
        XYSeries tps = new XYSeries(ctx.text("findings.steps.col.tps"));
        XYSeries p95 = new XYSeries(ctx.text("findings.steps.col.p95"));
        XYSeries found = new XYSeries(ctx.text("findings.steps.legend.findings"));
        for (int i = 0; i < rows.size(); i++) {
            Headline r = rows.get(i).run();
            found.add(i, rows.get(i).findings());
            if (r == null) {
                continue;
            }
            add(tps, i, r.tps());
            add(p95, i, r.p95Ms());
        }
        SymbolAxis x = new SymbolAxis(ctx.text("findings.steps.axis.step"), labels);
        x.setGridBandsVisible(false);
        // one tick per step, every step labelled: upright labels when they would not fit side by side
        x.setAutoTickUnitSelection(false);
        x.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1));
        x.setRange(-0.5, rows.size() - 0.5);
        int longest = java.util.Arrays.stream(labels).mapToInt(String::length).max().orElse(0);
        // about 7 px a character against a chart of some 800 px: upright only when side by side would collide
        x.setVerticalTickLabels(rows.size() > 1 && longest * rows.size() > 110);
        org.jfree.chart.plot.CombinedDomainXYPlot plot = new org.jfree.chart.plot.CombinedDomainXYPlot(x);
        plot.setGap(10);
        NumberAxis yTps = new NumberAxis(ctx.text("findings.steps.col.tps"));
        yTps.setUpperMargin(0.12);
        plot.add(sub(new XYSeriesCollection(tps), yTps, renderer(new java.awt.Color(0x1565c0), rows)), 3);
        if (p95.getItemCount() > 0) {
            // the measure's short name: a long axis label does not fit beside a small multiple
            NumberAxis yLat = new NumberAxis(ctx.text("findings.steps.col.p95"));
            yLat.setUpperMargin(0.12);
            plot.add(sub(new XYSeriesCollection(p95), yLat, renderer(new java.awt.Color(0xc62828), rows)), 2);
        }
        NumberAxis yFound = new NumberAxis(ctx.text("findings.steps.axis.findings"));
        yFound.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        yFound.setUpperMargin(0.35);
        // the count is written on each bar and the legend names the bars: no axis to crowd the charts above
        yFound.setVisible(false);
        org.jfree.chart.renderer.xy.XYBarRenderer bars = new org.jfree.chart.renderer.xy.XYBarRenderer(0.0);
        bars.setSeriesPaint(0, new java.awt.Color(0xc77700));
        bars.setShadowVisible(false);
        bars.setBarPainter(new org.jfree.chart.renderer.xy.StandardXYBarPainter());
        bars.setDefaultItemLabelGenerator(new org.jfree.chart.labels.StandardXYItemLabelGenerator("{2}",
                new java.text.DecimalFormat("0"), new java.text.DecimalFormat("0")));
        bars.setDefaultItemLabelsVisible(true);
        bars.setDefaultItemLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 11));
        bars.setDefaultPositiveItemLabelPosition(new org.jfree.chart.labels.ItemLabelPosition(
                org.jfree.chart.labels.ItemLabelAnchor.OUTSIDE12, TextAnchor.BOTTOM_CENTER));
        bars.setDefaultToolTipGenerator((ds, series, item) -> {
            int i = (int) Math.round(ds.getXValue(series, item));
            return ctx.text("findings.steps.findingsTip", i >= 0 && i < rows.size() ? rows.get(i).step().label() : "",
                    (int) ds.getYValue(series, item));
        });
        plot.add(sub(new org.jfree.data.xy.XYBarDataset(new XYSeriesCollection(found), 0.35), yFound, bars), 1);
        plot.getSubplots().get(plot.getSubplots().size() - 1).setRangeGridlinesVisible(false);
        JFreeChart ch = new JFreeChart(ctx.text("findings.steps.title"), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ch.setBackgroundPaint(java.awt.Color.WHITE);
        return ch;
    }

    private static XYPlot sub(XYDataset data, NumberAxis y, org.jfree.chart.renderer.xy.XYItemRenderer r) {
        y.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        XYPlot p = new XYPlot(data, null, y, r);
        p.setBackgroundPaint(java.awt.Color.WHITE);
        p.setDomainGridlinePaint(new java.awt.Color(0xdddddd));
        p.setRangeGridlinePaint(new java.awt.Color(0xdddddd));
        return p;
    }

    private static void add(XYSeries s, int x, double v) {
        if (!Double.isNaN(v)) {
            s.add(x, v);
        }
    }

    /**
     * Lines with a point per step; a point's tooltip names the step, its change and the value, and its
     * click target is a circle larger than the drawn point.
     */
    private XYLineAndShapeRenderer renderer(java.awt.Color c, List<Row> rows) {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true) {
            @Override
            protected void addEntity(EntityCollection entities, java.awt.Shape hotspot, XYDataset dataset, int series,
                                     int item, double entityX, double entityY) {
                // null: a circle of the default entity radius around the point
                super.addEntity(entities, null, dataset, series, item, entityX, entityY);
            }
        };
        r.setDefaultEntityRadius(POINT_TARGET_RADIUS);
        r.setSeriesPaint(0, c);
        r.setSeriesStroke(0, new BasicStroke(2f));
        r.setDefaultToolTipGenerator((ds, series, item) -> {
            int i = (int) Math.round(ds.getXValue(series, item));
            Step st = i >= 0 && i < rows.size() ? rows.get(i).step() : null;
            String step = st == null ? "" : st.change().isBlank() || st.change().equals(st.label()) ? st.label()
                    : st.label() + " \u2014 " + st.change();
            return ctx.text("findings.steps.pointTip", step, String.valueOf(ds.getSeriesKey(series)), num(ds.getYValue(series, item)));
        });
        return r;
    }

    private void refreshDiff(int index) {
        Capture c = capture;
        List<Row> rows = List.copyOf(table.getItems());
        if (c == null || index < 0 || index >= rows.size()) {
            diff.getItems().clear();
            diffTitle.setText("");
            return;
        }
        if (index == 0) {
            diff.getItems().clear();
            Step first = rows.get(0).step();
            // the sentence has its subject even for a step without a label of its own
            String name = !first.label().isBlank() ? first.label() : !first.dir().isBlank() ? first.dir() : ctx.text("findings.steps.firstStep");
            diffTitle.setText(ctx.text("findings.steps.baseline", name));
            return;
        }
        Step a = rows.get(index - 1).step();
        Step b = rows.get(index).step();
        diffTitle.setText(ctx.text("findings.steps.diffTitle", a.label(), b.label(),
                b.change().isBlank() ? ctx.text("findings.steps.noChange") : b.change()));
        int gen = generation;
        ctx.background().submit(() -> {
            StepReading sr = CaptureSession.of(c).reading().step(b.dir());
            List<ConfigDiff.Row> d = sr == null ? List.of() : sr.configChanges();
            Platform.runLater(() -> {
                if (gen == generation && table.getSelectionModel().getSelectedIndex() == index) {
                    diff.getItems().setAll(d);
                }
            });
        });
    }
}
