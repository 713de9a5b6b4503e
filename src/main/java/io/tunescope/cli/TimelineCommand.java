package io.tunescope.cli;

import io.tunescope.analysis.timeline.Anomaly;
import io.tunescope.analysis.timeline.AnomalyDetector;
import io.tunescope.analysis.timeline.RunSummary;
import io.tunescope.analysis.timeline.ThreadSweep;
import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.analysis.timeline.TimelineBuilder;
import io.tunescope.importers.CaptureException;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.series.SeriesDatasets;
import io.tunescope.render.timeline.ThreadSweepChart;
import io.tunescope.render.timeline.TimelineChart;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code tunescope timeline PATH --png OUT.png}: the stacked timeline rendered headless, plus a text summary. */
@Command(name = "timeline", mixinStandardHelpOptions = true,
        description = "Puts sysbench, iostat, mpstat, vmstat, sadf and I/O CSV files of a capture on one clock and "
                + "renders the stacked charts to PNG; prints alignment notes, anomaly markers, the run summary and the "
                + "thread-sweep knee.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "2:usage error", "3:nothing to plot"})
public final class TimelineCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PATH", description = "capture folder, archive or single file")
    Path path;

    @Option(names = "--png", paramLabel = "OUT.png", description = "write the timeline chart to this PNG file")
    Path png;

    @Option(names = "--sweep-png", paramLabel = "OUT.png", description = "write the thread-sweep chart, one curve per step that has a sweep (runs at 2+ thread counts)")
    Path sweepPng;

    @Option(names = "--width", defaultValue = "1400", description = "image width in pixels (default ${DEFAULT-VALUE})")
    int width;

    @Option(names = "--height", defaultValue = "0", description = "image height in pixels (default: 190 per chart + 140)")
    int height;

    @Option(names = "--lang", paramLabel = "LANG", description = "language of the charts and notes: en (default) or zh")
    String lang;

    @Option(names = "--step", paramLabel = "DIR", description = "only this step directory of a multi-step capture")
    String step;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (width < 200 || width > 20000 || height < 0 || height > 40000) {
            err.println("tunescope timeline: --width must be 200..20000 and --height 0..40000");
            return TunescopeCli.USAGE;
        }
        Capture capture;
        try {
            capture = io.tunescope.session.CaptureSession.open(path).capture();
        } catch (CaptureException e) {
            err.println("tunescope timeline: " + e.getMessage());
            return TunescopeCli.NOTHING_READ;
        }
        if (step != null && capture.step(step) == null) {
            err.println("tunescope timeline: no step '" + step + "' in " + path);
            return TunescopeCli.USAGE;
        }
        Locale locale = ExportCommand.locale(lang, Locale.ROOT);
        io.tunescope.analysis.ChartText words = io.tunescope.analysis.ChartText.of(locale);
        Timeline t = io.tunescope.session.CaptureSession.of(capture).timeline(step, locale);
        if (t.isEmpty() && t.runs().isEmpty()) {
            err.println("tunescope timeline: no time series or benchmark runs found in " + path);
            return TunescopeCli.NOTHING_READ;
        }
        List<Anomaly> anomalies = AnomalyDetector.detect(t, locale);
        out.println("Timeline: " + t.tracks().size() + " series, " + t.runs().size() + " run(s), "
                + (t.wallClock() ? "wall clock" : "relative clock (no file had wall-clock timestamps)"));
        for (String n : t.notes()) {
            out.println("  " + n);
        }
        out.println("Markers: " + anomalies.size());
        int shown = 0;
        for (Anomaly a : anomalies) {
            if (shown++ == 25) {
                out.println("  ... " + (anomalies.size() - 25) + " more");
                break;
            }
            out.println("  " + a.kind().name().toLowerCase(Locale.ROOT) + ": " + a.message() + " [" + a.ref() + "]");
        }
        List<RunSummary> rows = RunSummary.of(t);
        if (!rows.isEmpty()) {
            out.println("Runs:");
            out.printf(Locale.ROOT, "  %-40s %-7s %7s %11s %11s %9s %7s %6s %7s %-8s %6s%n", "RUN", "ROLE", "THREADS", "TPS", "QPS",
                    "LAT ms", "ERRORS", "CPU%", "IOWAIT%", "DEVICE", "UTIL%");
            io.tunescope.session.CaptureSession session = io.tunescope.session.CaptureSession.of(capture);
            for (RunSummary r : rows) {
                String name = r.file() + " #" + (r.run() + 1);
                io.tunescope.model.bench.RunRole role = session.role(r.file(), r.run());
                out.printf(Locale.ROOT, "  %-40s %-7s %7d %11s %11s %9s %7s %6s %7s %-8s %6s%n",
                        name.length() > 40 ? "..." + name.substring(name.length() - 37) : name, role == null ? "-" : role.slug(),
                        r.threads(), num(r.tps()),
                        num(r.qps()), num(r.latPctMs()), r.errors() < 0 ? "-" : Long.toString(r.errors()),
                        num(r.cpuBusyPct()), num(r.iowaitPct()), r.busiestDevice().isEmpty() ? "-" : r.busiestDevice(),
                        num(r.deviceUtilPct()));
            }
        }
        // a sweep is read per step: runs of different configurations are not one curve
        java.util.Map<String, List<BenchRun>> byStep = io.tunescope.session.CaptureSession.of(capture).sweeps(step);
        // every step's sweep, one curve each on the --sweep-png chart
        List<ThreadSweepChart.Curve> curves = new java.util.ArrayList<>();
        for (var e : byStep.entrySet()) {
            ThreadSweep s = ThreadSweep.of(e.getValue(), locale);
            if (!s.isSweep()) {
                continue;
            }
            io.tunescope.model.capture.Step st = capture.step(e.getKey());
            curves.add(new ThreadSweepChart.Curve(st == null || e.getKey().isEmpty() ? e.getKey() : st.label(), s));
            out.println("Thread sweep" + (e.getKey().isEmpty() ? "" : " (step " + e.getKey() + ")") + ":");
            for (ThreadSweep.Point p : s.points()) {
                out.printf(Locale.ROOT, "  %5d threads  %11s tps  %9s ms  Little: %s busy threads%s%n", p.threads(), num(p.tps()),
                        num(p.latPctMs()), num(p.littleThreads()), p.consistent() ? "" : "  (INCONSISTENT)");
            }
            for (String n : s.notes()) {
                out.println("  " + n);
            }
        }
        if (png != null) {
            List<TimelineChart.Panel> panels = TimelineChart.panels(t, locale);
            int h = height > 0 ? height : 140 + 190 * Math.max(1, panels.size());
            JFreeChart chart = TimelineChart.build(t, anomalies, words.t("cli.timeline.title", "Timeline: {0}", capture.title()
                    + (step == null ? "" : " / " + step)), p -> true, locale);
            ChartUtils.saveChartAsPNG(png.toFile(), chart, width, h);
            out.println("Wrote " + png + " (" + width + "x" + h + ", " + panels.size() + " charts)");
        }
        if (sweepPng != null) {
            if (curves.isEmpty()) {
                err.println("tunescope timeline: no thread sweep (runs at fewer than 2 thread counts); " + sweepPng + " not written");
            } else {
                String only = curves.size() == 1 ? curves.get(0).label() : "";
                // each step's notes are a line under the chart: taller with more steps
                int h = 640 + (curves.size() > 1 ? 18 * curves.stream().mapToInt(c -> c.sweep().notes().size()).sum() : 0);
                ChartUtils.saveChartAsPNG(sweepPng.toFile(), ThreadSweepChart.build(curves, words.t("cli.sweep.title", "Thread sweep: {0}",
                        capture.title() + (only.isEmpty() ? "" : " / " + only)), locale),
                        Math.min(width, 1200), h);
                out.println("Wrote " + sweepPng + (curves.size() > 1 ? " (" + curves.size() + " steps, one curve each: "
                        + String.join(", ", curves.stream().map(ThreadSweepChart.Curve::label).toList()) + ")" : ""));
            }
        }
        out.flush();
        return TunescopeCli.OK;
    }

    private static String num(double d) {
        if (Double.isNaN(d)) {
            return "-";
        }
        return String.format(Locale.ROOT, Math.abs(d) >= 100 ? "%.1f" : "%.2f", d);
    }
}
