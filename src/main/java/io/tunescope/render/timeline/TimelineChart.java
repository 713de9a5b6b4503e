package io.tunescope.render.timeline;

import io.tunescope.analysis.ChartText;
import io.tunescope.analysis.timeline.Anomaly;
import io.tunescope.analysis.timeline.RunWindow;
import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.analysis.timeline.Track;
import io.tunescope.model.series.TimeSeries;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.function.Predicate;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.annotations.XYTitleAnnotation;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Builds the stacked timeline chart: one {@link CombinedDomainXYPlot} whose sub-plots share the time axis
 * (benchmark throughput, latency, errors, device %util, await, queue, disk throughput, CPU, vmstat).
 * Anomalies are interval markers on the sub-plot they concern; benchmark runs are shaded on the
 * throughput plot. Used for the headless PNG and, wrapped in a chart viewer, by the GUI. Titles, axis labels
 * and legend words are in English, or in the locale of the overloads that take one ({@link ChartText}).
 */
public final class TimelineChart {
    /**
     * The share of a chart's height above its highest value kept free for the heading (left) and the legend (right),
     * so neither is drawn over the data, whatever the zoom.
     */
    static final double HEADROOM = 0.22;

    /** Devices shown at most (the busiest by mean %util). */
    public static final int MAX_DEVICES = 6;

    /** Distinct, print-safe line colours (Okabe-Ito order, then darker extras). */
    public static final Color[] PALETTE = {
        new Color(0, 114, 178), new Color(213, 94, 0), new Color(0, 158, 115), new Color(204, 121, 167),
        new Color(86, 180, 233), new Color(230, 159, 0), new Color(90, 90, 90), new Color(140, 60, 30),
        new Color(60, 60, 160), new Color(0, 100, 60)};

    private static final Color RUN_SHADE = new Color(120, 160, 220, 45);
    private static final Color RUN_SHADE_2 = new Color(120, 200, 160, 45);
    private static final Map<Anomaly.Kind, Color> MARKER = Map.of(
            Anomaly.Kind.DEVICE_SATURATED, new Color(220, 40, 40, 60),
            Anomaly.Kind.CPU_IOWAIT, new Color(230, 140, 20, 60),
            Anomaly.Kind.THROUGHPUT_DIP, new Color(150, 60, 200, 60),
            Anomaly.Kind.ERROR_BURST, new Color(200, 0, 0, 90));

    /** One sub-plot: its title, axis label and the tracks drawn in it. */
    public record Panel(String id, String title, String axisLabel, List<Track> tracks) {
    }

    private TimelineChart() {
    }

    /** The panels for a timeline, in display order, each with at least one track; titles in English. */
    public static List<Panel> panels(Timeline t) {
        return panels(t, Locale.ROOT);
    }

    /** The panels for a timeline with their titles and axis labels in the locale (ids stay the same). */
    public static List<Panel> panels(Timeline t, Locale locale) {
        ChartText w = ChartText.of(locale);
        List<Panel> out = new ArrayList<>();
        List<String> devices = busiestDevices(t);
        Predicate<Track> shownDev = tr -> devices.contains(tr.series().metric().entity());
        add(out, "throughput", w.t("panel.throughput", "Benchmark throughput"), "tps", t.find("sysbench", "tps"));
        add(out, "qps", w.t("panel.qps", "Benchmark queries"), "qps", t.find("sysbench", "qps"));
        add(out, "bench-io", w.t("panel.benchIo", "Benchmark I/O"), "MiB/s", t.find("sysbench", "reads_mib_s", "writes_mib_s", "mib_s"));
        List<Track> lat = new ArrayList<>();
        for (Track tr : t.tracks()) {
            if (tr.series().metric().source().equals("sysbench") && tr.series().metric().name().startsWith("lat_")) {
                lat.add(tr);
            }
        }
        add(out, "latency", w.t("panel.latency", "Benchmark latency"), "ms", lat);
        List<Track> errs = t.find("sysbench", "err/s", "reconn/s").stream().filter(tr -> tr.series().max() > 0).toList();
        add(out, "errors", w.t("panel.errors", "Errors"), w.t("unit.perSecond", "per s"), errs);
        add(out, "util", w.t("panel.util", "Device %util"), "%", filter(t.named("util"), shownDev));
        List<Track> await = filter(t.named("await"), shownDev);
        if (await.isEmpty()) {
            await = filter(t.named("r_await", "w_await"), shownDev);
        }
        add(out, "await", w.t("panel.await", "Device await"), "ms", await);
        add(out, "queue", w.t("panel.queue", "Device queue size"), w.t("unit.requests", "requests"), filter(t.named("aqu-sz"), shownDev));
        add(out, "disk-kb", w.t("panel.diskKb", "Device throughput"), "kB/s", filter(t.named("rkB/s", "wkB/s"), shownDev));
        add(out, "cpu", w.t("panel.cpu", "CPU (all)"), "%", cpuTracks(t));
        add(out, "cpu-cores", w.t("panel.cpuCores", "CPU busy per core"), "%", coreBusy(t));
        add(out, "vmstat", w.t("panel.vmstat", "vmstat run queue / blocked"), w.t("unit.processes", "processes"), t.find("vmstat", "r", "b"));
        add(out, "cs", w.t("panel.cs", "vmstat context switches"), w.t("unit.perSecond", "per s"), t.find("vmstat", "cs"));
        add(out, "server-threads", w.t("panel.serverThreads", "Server threads running"), w.t("unit.threads", "threads"),
                t.find("mysqladmin", "Threads_running"));
        add(out, "server-waits", w.t("panel.serverWaits", "Server waits and spills"), w.t("unit.perSecond", "per s"),
                t.find("mysqladmin", "Innodb_buffer_pool_reads", "Innodb_row_lock_waits", "Innodb_log_waits", "Created_tmp_disk_tables"));
        add(out, "server-scans", w.t("panel.serverScans", "Server full-scan rows (Handler_read_rnd_next)"), w.t("unit.rowsPerSecond", "rows per s"),
                t.find("mysqladmin", "Handler_read_rnd_next"));
        add(out, "server-redo", w.t("panel.serverRedo", "Server redo written"), w.t("unit.bytesPerSecond", "bytes per s"),
                t.find("mysqladmin", "Innodb_os_log_written"));
        return out;
    }

    private static List<Track> cpuTracks(Timeline t) {
        for (String src : List.of("mpstat", "iostat", "sadf", "sar")) {
            List<Track> all = new ArrayList<>();
            for (Track tr : t.find(src, "usr", "user", "sys", "system", "iowait", "soft")) {
                if (tr.series().metric().entity().equals("all")) {
                    all.add(tr);
                }
            }
            if (!all.isEmpty()) {
                return all;
            }
        }
        return t.find("vmstat", "us", "sy", "wa");
    }

    /** Cores shown at most in the per-core chart (the busiest by mean). */
    public static final int MAX_CORES = 16;

    /**
     * 100 - %idle - %iowait of each CPU (not "all"; iowait is idle time waiting for I/O), from mpstat -P ALL,
     * sadf -P or sar -P, the busiest {@link #MAX_CORES}.
     */
    static List<Track> coreBusy(Timeline t) {
        for (String src : List.of("mpstat", "sadf", "sar")) {
            List<Track> out = new ArrayList<>();
            for (Track tr : t.find(src, "idle")) {
                TimeSeries idle = tr.series();
                if (idle.metric().entity().isEmpty() || !idle.metric().entity().chars().allMatch(Character::isDigit)) {
                    continue;                       // "all", and NUMA nodes of mpstat -N (node0, ...)
                }
                TimeSeries.Builder b = new TimeSeries.Builder(io.tunescope.model.series.Metric.of(src, "busy",
                        idle.metric().entity(), io.tunescope.model.series.Unit.PERCENT), idle.clock(), idle.file());
                TimeSeries iowait = null;
                for (Track w : t.find(src, "iowait")) {
                    if (w.series().metric().entity().equals(idle.metric().entity()) && w.series().file().equals(idle.file())
                            && w.series().size() == idle.size()) {
                        iowait = w.series();
                    }
                }
                for (int i = 0; i < idle.size(); i++) {
                    double wait = iowait == null || Double.isNaN(iowait.value(i)) ? 0 : iowait.value(i);
                    b.add(idle.time(i), Math.max(0, 100 - idle.value(i) - wait), idle.line(i));
                }
                out.add(new Track(b.build(), tr.alignment(), tr.step(), -1));
            }
            if (!out.isEmpty()) {
                out.sort(Comparator.comparingDouble((Track tr) -> -tr.series().mean()));
                return out.size() > MAX_CORES ? out.subList(0, MAX_CORES) : out;
            }
        }
        return List.of();
    }

    private static List<Track> filter(List<Track> in, Predicate<Track> p) {
        return in.stream().filter(p).toList();
    }

    private static void add(List<Panel> out, String id, String title, String axis, List<Track> tracks) {
        if (!tracks.isEmpty()) {
            out.add(new Panel(id, title, axis, tracks));
        }
    }

    /** Devices ordered by mean %util, at most {@link #MAX_DEVICES}; devices without %util count by await. */
    static List<String> busiestDevices(Timeline t) {
        Map<String, Double> score = new LinkedHashMap<>();
        for (Track tr : t.named("util", "await", "r_await")) {
            String e = tr.series().metric().entity();
            if (e.isEmpty() || e.equals("all")) {
                continue;
            }
            double m = tr.series().mean();
            score.merge(e, Double.isNaN(m) ? 0 : m, Math::max);
        }
        return score.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .limit(MAX_DEVICES).map(Map.Entry::getKey).toList();
    }

    public static JFreeChart build(Timeline t, List<Anomaly> anomalies, String title) {
        return build(t, anomalies, title, p -> true);
    }

    /** The chart with only the panels the filter accepts (the GUI's "choose which series to show"). */
    public static JFreeChart build(Timeline t, List<Anomaly> anomalies, String title, Predicate<Panel> show) {
        return build(t, anomalies, title, show, Locale.ROOT);
    }

    /** The chart with its panel titles, axis labels and legend words in the locale; the filter sees localized panels. */
    public static JFreeChart build(Timeline t, List<Anomaly> anomalies, String title, Predicate<Panel> show, Locale locale) {
        ChartText w = ChartText.of(locale);
        ValueAxis domain;
        if (t.wallClock()) {
            DateAxis d = new DateAxis(w.t("axis.wallClock", "time (as printed by the tools)"));
            SimpleDateFormat f = new SimpleDateFormat(spanMillis(t) > 2 * 86_400_000L ? "MM-dd HH:mm" : "HH:mm:ss", Locale.ROOT);
            f.setTimeZone(TimeZone.getTimeZone("UTC"));
            d.setDateFormatOverride(f);
            domain = d;
        } else {
            domain = new NumberAxis(w.t("axis.secondsFromStart", "seconds from start"));
        }
        CombinedDomainXYPlot plot = timeZoomPlot(domain);
        for (Panel p : panels(t, locale)) {
            if (show.test(p)) {
                plot.add(subplot(t, p, anomalies, w), weight(p));
            }
        }
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        // files placed on the wall clock from another source (an event log, a pt-stalk sample prefix) are not "aligned by start"
        if (t.anyAlignedByStart() && !shortNotes(t).isEmpty()) {
            TextTitle note = new TextTitle(w.t("chart.alignedByStart", "Aligned by start (no wall clock): {0}", String.join("; ", shortNotes(t))),
                    new Font(Font.SANS_SERIF, Font.ITALIC, 11));
            note.setPaint(new Color(140, 80, 0));
            chart.addSubtitle(note);
        }
        return chart;
    }

    /**
     * Charts stacked on one time axis that a drag zooms in time only, each chart's y range then following the data in
     * view ({@link #fitRangesToDomain}).
     */
    static CombinedDomainXYPlot timeZoomPlot(ValueAxis domain) {
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(domain) {
            private static final long serialVersionUID = 1L;

            @Override
            public boolean isRangeZoomable() {
                return false;
            }
        };
        plot.setGap(8);
        domain.addChangeListener(e -> fitRangesToDomain(plot));
        return plot;
    }

    /**
     * Sets every chart's y range to the values inside the shown time range (with a margin, from zero for
     * non-negative data as the whole-time axis does), so that a zoom on a quiet stretch shows its line rather than
     * a flat strip or nothing; back to the automatic range when the whole time is shown again. A chart with no
     * value in view keeps its range.
     */
    public static void fitRangesToDomain(CombinedDomainXYPlot plot) {
        ValueAxis domain = plot.getDomainAxis();
        boolean whole = domain.isAutoRange();
        double from = domain.getLowerBound();
        double to = domain.getUpperBound();
        for (XYPlot sub : plot.getSubplots()) {
            for (int a = 0; a < sub.getRangeAxisCount(); a++) {
                ValueAxis axis = sub.getRangeAxis(a);
                if (axis == null) {
                    continue;
                }
                if (whole) {
                    if (!axis.isAutoRange()) {
                        axis.setAutoRange(true);
                    }
                    continue;
                }
                double lo = Double.POSITIVE_INFINITY;
                double hi = Double.NEGATIVE_INFINITY;
                for (int d = 0; d < sub.getDatasetCount(); d++) {
                    org.jfree.data.xy.XYDataset ds = sub.getDataset(d);
                    if (ds == null || sub.getRangeAxisForDataset(d) != axis) {
                        continue;
                    }
                    for (int si = 0; si < ds.getSeriesCount(); si++) {
                        for (int i = 0; i < ds.getItemCount(si); i++) {
                            double x = ds.getXValue(si, i);
                            double y = ds.getYValue(si, i);
                            if (x >= from && x <= to && Double.isFinite(y)) {
                                lo = Math.min(lo, y);
                                hi = Math.max(hi, y);
                            }
                        }
                    }
                }
                if (lo > hi) {
                    continue;
                }
                if (lo >= 0 && axis instanceof NumberAxis n && n.getAutoRangeIncludesZero()) {
                    lo = 0;
                }
                double span = hi - lo;
                double pad = span > 0 ? span * 0.05 : Math.max(Math.abs(hi) * 0.05, 1);
                // the band above the data stays free for the chart's heading and legend
                axis.setRange(lo == 0 ? 0 : lo - pad, hi + pad + (span > 0 ? span : pad) * HEADROOM);
            }
        }
    }

    private static List<String> shortNotes(Timeline t) {
        return t.alignedFiles();
    }

    private static long spanMillis(Timeline t) {
        return t.end() - t.start();
    }

    private static int weight(Panel p) {
        return switch (p.id()) {
            case "throughput", "util", "cpu" -> 3;
            case "qps" -> 2;
            case "errors", "cs", "vmstat", "cpu-cores" -> 1;
            default -> 2;
        };
    }

    /** x value of a time on the timeline's clock: epoch millis (date axis) or seconds from start. */
    public static double x(Timeline t, long time) {
        return t.wallClock() ? time : (time - Math.min(0, t.start())) / 1000.0;
    }

    static XYPlot subplot(Timeline t, Panel p, List<Anomaly> anomalies) {
        return subplot(t, p, anomalies, ChartText.ENGLISH);
    }

    static XYPlot subplot(Timeline t, Panel p, List<Anomaly> anomalies, ChartText words) {
        XYSeriesCollection data = new XYSeriesCollection();
        List<Track> tracks = new ArrayList<>(p.tracks());
        tracks.sort(Comparator.comparing((Track tr) -> tr.series().metric().entity()).thenComparing(tr -> tr.series().metric().name()));
        // one colour and one legend entry per metric: the same metric of another step or file keeps its colour
        Map<String, Integer> colour = new LinkedHashMap<>();
        List<Integer> colourOf = new ArrayList<>();
        List<Boolean> inLegend = new ArrayList<>();
        java.util.Set<String> used = new java.util.HashSet<>();
        for (Track tr : tracks) {
            TimeSeries s = tr.series();
            String name = legend(s, words);
            boolean first = !colour.containsKey(name);
            colour.putIfAbsent(name, colour.size());
            colourOf.add(colour.get(name));
            inLegend.add(first);
            String unique = name;
            int k = 2;
            while (!used.add(unique)) {
                unique = name + " [" + (tr.step().isEmpty() ? s.file() : tr.step()) + (k > 2 ? " " + k : "") + "]";
                k++;
            }
            XYSeries xy = new XYSeries(unique, false, true);
            for (int i = 0; i < s.size(); i++) {
                double v = s.value(i);
                double xv = x(t, s.time(i));
                if (!Double.isFinite(xv)) {
                    continue; // a point the axis cannot place is not drawn
                }
                // a value JFreeChart cannot draw (infinite) is a gap, as a missing one is
                xy.add(xv, Double.isFinite(v) ? v : null, false);
            }
            data.addSeries(xy);
        }
        NumberAxis range = new NumberAxis(p.axisLabel());
        range.setAutoRangeIncludesZero(true);
        range.setUpperMargin(HEADROOM);
        range.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            r.setSeriesStroke(i, new BasicStroke(1.4f));
            r.setSeriesPaint(i, PALETTE[colourOf.get(i) % PALETTE.length]);
            r.setSeriesVisibleInLegend(i, inLegend.get(i));
        }
        XYPlot plot = new XYPlot(data, null, range, r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(220, 220, 220));
        plot.setRangeGridlinePaint(new Color(220, 220, 220));
        TextTitle heading = new TextTitle(p.title(), new Font(Font.SANS_SERIF, Font.BOLD, 11));
        heading.setBackgroundPaint(new Color(255, 255, 255, 200));
        plot.addAnnotation(new XYTitleAnnotation(0.005, 0.98, heading, RectangleAnchor.TOP_LEFT));
        LegendTitle legend = new LegendTitle(r);
        legend.setItemFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        legend.setBackgroundPaint(new Color(255, 255, 255, 210));
        legend.setFrame(new BlockBorder(new Color(200, 200, 200)));
        // one row at the top right, in the band kept free above the data (HEADROOM): the legend never covers a line
        legend.setPosition(RectangleEdge.TOP);
        XYTitleAnnotation legendBox = new XYTitleAnnotation(0.995, 0.98, legend, RectangleAnchor.TOP_RIGHT);
        legendBox.setMaxWidth(0.62);
        plot.addAnnotation(legendBox);
        if (p.id().equals("throughput") || p.id().equals("bench-io")) {
            int k = 0;
            for (RunWindow w : t.runs()) {
                IntervalMarker m = new IntervalMarker(x(t, w.start()), x(t, w.end()), k++ % 2 == 0 ? RUN_SHADE : RUN_SHADE_2);
                m.setLabel(words.t("chart.threadsShort", "{0} thr", w.run().threads()));
                m.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
                m.setLabelAnchor(RectangleAnchor.BOTTOM);
                m.setLabelTextAnchor(TextAnchor.BOTTOM_CENTER);
                plot.addDomainMarker(m, Layer.BACKGROUND);
            }
        }
        for (Anomaly a : anomalies) {
            if (!belongs(a, p)) {
                continue;
            }
            double x0 = x(t, a.start());
            double x1 = x(t, a.end());
            // a one-sample marker stays visible at any zoom: at least 1/300 of the whole time span
            double minWidth = Math.max(t.wallClock() ? 1000 : 1, (x(t, t.end()) - x(t, t.start())) / 300);
            if (x1 - x0 < minWidth) {
                double mid = (x0 + x1) / 2;
                x0 = mid - minWidth / 2;
                x1 = mid + minWidth / 2;
            }
            plot.addDomainMarker(new IntervalMarker(x0, x1, MARKER.get(a.kind())), Layer.BACKGROUND);
        }
        return plot;
    }

    private static boolean belongs(Anomaly a, Panel p) {
        return switch (a.kind()) {
            case DEVICE_SATURATED -> p.id().equals("util");
            case CPU_IOWAIT -> p.id().equals("cpu");
            case THROUGHPUT_DIP -> p.id().equals("throughput");
            case ERROR_BURST -> p.id().equals("errors") || p.id().equals("throughput");
        };
    }

    /** Legend text: entity and metric, e.g. {@code sda %util}, {@code tps}, {@code run 2 tps}. */
    static String legend(TimeSeries s) {
        return legend(s, ChartText.ENGLISH);
    }

    /** {@link #legend(TimeSeries)} with its words ("latency", "run") in the chart's language; metric names stay. */
    static String legend(TimeSeries s, ChartText w) {
        String n = s.metric().name();
        String e = s.metric().entity();
        String src = s.metric().source();
        String base = switch (src) {
            case "sysbench" -> n.startsWith("lat_p") ? w.t("legend.latencyPercentile", "p{0} latency", n.substring(5))
                    : n.equals("lat_avg") ? w.t("legend.latencyAvg", "avg latency") : n;
            case "mpstat", "iostat", "sadf", "sar" -> e.equals("all") ? "%" + n : n.equals("busy") ? "%busy" : n;
            default -> n;
        };
        if (src.equals("vmstat")) {
            return "vmstat " + base;
        }
        if (n.equals("busy")) {
            return "cpu" + e + " " + base;
        }
        if (src.equals("sysbench") && e.matches("run \\d+")) {
            e = w.t("legend.run", "run {0}", e.substring(4));
        }
        return e.isEmpty() || e.equals("all") ? base : e + " " + base;
    }
}
