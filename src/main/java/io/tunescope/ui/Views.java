package io.tunescope.ui;

import java.util.ArrayList;
import java.util.List;

/** The views of the main window, in tab order. New views are added here. */
public final class Views {
    private Views() {
    }

    public static List<CaptureView> create(UiContext ctx) {
        List<CaptureView> views = new ArrayList<>();
        // the verdict first (what to change next and why), then the story: where the CPU goes, what the run did over time, where memory lands; then the
        // server's configuration and the raw list of files
        views.add(new io.tunescope.ui.findings.FindingsView(ctx));
        views.add(new io.tunescope.ui.flame.FlameView(ctx));
        views.add(new io.tunescope.ui.perfreport.PerfReportView(ctx));
        views.add(new io.tunescope.ui.timeline.TimelineView(ctx));
        views.add(new io.tunescope.ui.heatmap.HeatmapView(ctx));
        views.add(new io.tunescope.ui.numa.NumaView(ctx));
        views.add(new io.tunescope.ui.server.ServerView(ctx));
        views.add(new io.tunescope.ui.config.ConfigView(ctx));
        views.add(new io.tunescope.ui.interpret.InterpretationView(ctx));
        views.add(new FilesView(ctx));
        return views;
    }
}
