package io.tunescope.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** The views of the main window, in tab order. New views are added here. */
public final class Views {
    private Views() {
    }

    /**
     * How to make each view, in tab order. The main window makes them one at a time after its first frame is on
     * screen (building them all costs seconds of class loading at start-up); see {@code MainWindow}.
     */
    public static List<Function<UiContext, CaptureView>> makers() {
        // the verdict first (what to change next and why), then the story: where the CPU goes, what the run did over time, where memory lands; then the
        // server's configuration and the raw list of files (lambdas, not constructor references: a view's class is
        // loaded only when it is made)
        return List.of(
                ctx -> new io.tunescope.ui.findings.FindingsView(ctx),
                ctx -> new io.tunescope.ui.flame.FlameView(ctx),
                ctx -> new io.tunescope.ui.perfreport.PerfReportView(ctx),
                ctx -> new io.tunescope.ui.timeline.TimelineView(ctx),
                ctx -> new io.tunescope.ui.heatmap.HeatmapView(ctx),
                ctx -> new io.tunescope.ui.numa.NumaView(ctx),
                ctx -> new io.tunescope.ui.server.ServerView(ctx),
                ctx -> new io.tunescope.ui.config.ConfigView(ctx),
                ctx -> new io.tunescope.ui.interpret.InterpretationView(ctx),
                ctx -> new FilesView(ctx));
    }

    public static List<CaptureView> create(UiContext ctx) {
        List<CaptureView> views = new ArrayList<>();
        for (Function<UiContext, CaptureView> make : makers()) {
            views.add(make.apply(ctx));
        }
        return views;
    }
}
