package io.tunescope.render.timeline;

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
 * throughput plot. Used for the headless PNG and, wrapped in a chart viewer, by the GUI.
 */
public final class TimelineChart {
    /** Devices shown at most (the busiest by mean %util). */
    public static final int MAX_DEVICES = 6;

    /** Distinct, print-safe line colours (Okabe-Ito order, then darker extras). */
    static final Color[] PALETTE = {
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

    /** The panels for a timeline, in display order, each with at least one track. */
    public static List<Panel> panels(Timeline t) {
        List<Panel> out = new ArrayList<>();
        List<String> devices = busiestDevices(t);
        Predicate<Track> shownDev = tr -> devices.contains(tr.series().metric().entity());
        add(out, "throughput", "Benchmark throughput", "tps", t.find("sysbench", "tps"));
        add(out, "qps", "Benchmark queries", "qps", t.find("sysbench", "qps"));
        add(out, "bench-io", "Benchmark I/O", "MiB/s", t.find("sysbench", "reads_mib_s", "writes_mib_s", "mib_s"));
        List<Track> lat = new ArrayList<>();
        for (Track tr : t.tracks()) {
            if (tr.series().metric().source().equals("sysbench") && tr.series().metric().name().startsWith("lat_")) {
                lat.add(tr);
            }
        }
        add(out, "latency", "Benchmark latency", "ms", lat);
        List<Track> errs = t.find("sysbench", "err/s", "reconn/s").stream().filter(tr -> tr.series().max() > 0).toList();
        add(out, "errors", "Errors", "per s", errs);
        add(out, "util", "Device %util", "%", filter(t.named("util"), shownDev));
        List<Track> await = filter(t.named("await"), shownDev);
        if (await.isEmpty()) {
            await = filter(t.named("r_await", "w_await"), shownDev);
        }
        add(out, "await", "Device await", "ms", await);
        add(out, "queue", "Device queue size", "requests", filter(t.named("aqu-sz"), shownDev));
        add(out, "disk-kb", "Device throughput", "kB/s", filter(t.named("rkB/s", "wkB/s"), shownDev));
        add(out, "cpu", "CPU (all)", "%", cpuTracks(t));
        add(out, "vmstat", "vmstat run queue / blocked", "processes", t.find("vmstat", "r", "b"));
        add(out, "cs", "vmstat context switches", "per s", t.find("vmstat", "cs"));
        return out;
    }

    private static List<Track> cpuTracks(Timeline t) {
        for (String src : List.of("mpstat", "iostat", "sadf")) {
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
        ValueAxis domain;
        if (t.wallClock()) {
            DateAxis d = new DateAxis("time (as printed by the tools)");
            SimpleDateFormat f = new SimpleDateFormat(spanMillis(t) > 2 * 86_400_000L ? "MM-dd HH:mm" : "HH:mm:ss", Locale.ROOT);
            f.setTimeZone(TimeZone.getTimeZone("UTC"));
            d.setDateFormatOverride(f);
            domain = d;
        } else {
            domain = new NumberAxis("seconds from start");
        }
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(domain);
        plot.setGap(8);
        for (Panel p : panels(t)) {
            if (show.test(p)) {
                plot.add(subplot(t, p, anomalies), weight(p));
            }
        }
        JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        if (t.anyAlignedByStart()) {
            TextTitle note = new TextTitle("Aligned by start (no wall clock): " + String.join("; ", shortNotes(t)),
                    new Font(Font.SANS_SERIF, Font.ITALIC, 11));
            note.setPaint(new Color(140, 80, 0));
            chart.addSubtitle(note);
        }
        return chart;
    }

    private static List<String> shortNotes(Timeline t) {
        List<String> out = new ArrayList<>();
        for (String n : t.notes()) {
            if (!n.contains("aligned by start")) {
                continue;
            }
            int c = n.indexOf(':');
            out.add(c > 0 ? n.substring(0, c) : n);
        }
        return out;
    }

    private static long spanMillis(Timeline t) {
        return t.end() - t.start();
    }

    private static int weight(Panel p) {
        return switch (p.id()) {
            case "throughput", "util", "cpu" -> 3;
            case "qps" -> 2;
            case "errors", "cs", "vmstat" -> 1;
            default -> 2;
        };
    }

    /** x value of a time on the timeline's clock: epoch millis (date axis) or seconds from start. */
    public static double x(Timeline t, long time) {
        return t.wallClock() ? time : (time - Math.min(0, t.start())) / 1000.0;
    }

    static XYPlot subplot(Timeline t, Panel p, List<Anomaly> anomalies) {
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
            String name = legend(s);
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
                xy.add(x(t, s.time(i)), Double.isNaN(v) ? null : v, false);
            }
            data.addSeries(xy);
        }
        NumberAxis range = new NumberAxis(p.axisLabel());
        range.setAutoRangeIncludesZero(true);
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
        legend.setPosition(RectangleEdge.RIGHT);
        plot.addAnnotation(new XYTitleAnnotation(0.995, 0.98, legend, RectangleAnchor.TOP_RIGHT));
        if (p.id().equals("throughput") || p.id().equals("bench-io")) {
            int k = 0;
            for (RunWindow w : t.runs()) {
                IntervalMarker m = new IntervalMarker(x(t, w.start()), x(t, w.end()), k++ % 2 == 0 ? RUN_SHADE : RUN_SHADE_2);
                m.setLabel(w.run().threads() + " thr");
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
            if (x1 <= x0) {
                x1 = x0 + (t.wallClock() ? 500 : 0.5);
                x0 = x0 - (t.wallClock() ? 500 : 0.5);
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
        String n = s.metric().name();
        String e = s.metric().entity();
        String src = s.metric().source();
        String base = switch (src) {
            case "sysbench" -> n.startsWith("lat_p") ? "p" + n.substring(5) + " latency" : n.equals("lat_avg") ? "avg latency" : n;
            case "mpstat", "iostat", "sadf" -> e.equals("all") ? "%" + n : n;
            default -> n;
        };
        if (src.equals("vmstat")) {
            return "vmstat " + base;
        }
        return e.isEmpty() || e.equals("all") ? base : e + " " + base;
    }
}
