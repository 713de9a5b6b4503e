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

    StepsPane(UiContext ctx) {
        this.ctx = ctx;
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
        if (selectedMarker != null) {
            plot.removeDomainMarker(selectedMarker, Layer.BACKGROUND);
            selectedMarker = null;
        }
        if (index >= 0) {
            selectedMarker = new IntervalMarker(index - 0.18, index + 0.18, new java.awt.Color(120, 130, 140, 55));
            plot.addDomainMarker(selectedMarker, Layer.BACKGROUND);
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
                int sel = table.getSelectionModel().getSelectedIndex();
                table.getItems().setAll(rows);
                if (ch != null) {
                    selectedMarker = null;
                    io.tunescope.ui.ChartStyle.apply(ch, ctx.theme().getValue());
                    chart.setChart(ch);
                }
                chart.setVisible(ch != null);
                chartEmpty.setVisible(ch == null);
                table.getSelectionModel().select(sel >= 0 && sel < rows.size() ? sel : rows.size() - 1);
                markSelected(table.getSelectionModel().getSelectedIndex());
            });
        });
    }

    private JFreeChart chart(List<Row> rows) {
        String[] labels = rows.stream().map(r -> r.step().label()).toArray(String[]::new);
        XYSeries tps = new XYSeries(ctx.text("findings.steps.col.tps"));
        XYSeries qps = new XYSeries(ctx.text("findings.steps.col.qps"));
        XYSeries p95 = new XYSeries(ctx.text("findings.steps.col.p95"));
        for (int i = 0; i < rows.size(); i++) {
            Headline r = rows.get(i).run();
            if (r == null) {
                continue;
            }
            add(tps, i, r.tps());
            add(qps, i, r.qps());
            add(p95, i, r.p95Ms());
        }
        SymbolAxis x = new SymbolAxis(ctx.text("findings.steps.axis.step"), labels);
        x.setGridBandsVisible(false);
        NumberAxis yTps = new NumberAxis(ctx.text("findings.steps.col.tps"));
        XYPlot plot = new XYPlot(new XYSeriesCollection(tps), x, yTps, renderer(new java.awt.Color(0x1565c0), rows));
        if (qps.getItemCount() > 0) {
            NumberAxis yQps = new NumberAxis(ctx.text("findings.steps.col.qps"));
            plot.setRangeAxis(1, yQps);
            plot.setDataset(1, new XYSeriesCollection(qps));
            plot.mapDatasetToRangeAxis(1, 1);
            plot.setRangeAxisLocation(1, org.jfree.chart.axis.AxisLocation.TOP_OR_LEFT);
            plot.setRenderer(1, renderer(new java.awt.Color(0x2e7d32), rows));
        }
        if (p95.getItemCount() > 0) {
            NumberAxis yLat = new NumberAxis(ctx.text("findings.steps.axis.p95"));
            plot.setRangeAxis(2, yLat);
            plot.setRangeAxisLocation(2, org.jfree.chart.axis.AxisLocation.BOTTOM_OR_RIGHT);
            plot.setDataset(2, new XYSeriesCollection(p95));
            plot.mapDatasetToRangeAxis(2, 2);
            plot.setRenderer(2, renderer(new java.awt.Color(0xc62828), rows));
        }
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            if (r.findings() > 0 && r.run() != null) {
                XYTextAnnotation a = new XYTextAnnotation(ctx.text("findings.steps.marker", r.findings()), i, r.tps());
                a.setTextAnchor(TextAnchor.BOTTOM_CENTER);
                a.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 11));
                a.setPaint(new java.awt.Color(0xc77700));
                a.setToolTipText(r.step().change());
                plot.addAnnotation(a);
            }
        }
        yTps.setUpperMargin(0.15);
        plot.setBackgroundPaint(java.awt.Color.WHITE);
        plot.setDomainGridlinePaint(new java.awt.Color(0xdddddd));
        plot.setRangeGridlinePaint(new java.awt.Color(0xdddddd));
        JFreeChart ch = new JFreeChart(ctx.text("findings.steps.title"), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        ch.setBackgroundPaint(java.awt.Color.WHITE);
        return ch;
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
            diffTitle.setText(ctx.text("findings.steps.baseline", rows.get(0).step().label()));
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
