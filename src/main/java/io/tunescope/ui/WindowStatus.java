package io.tunescope.ui;

import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

/**
 * The status bar's part for the selected time window: how many samples and seconds are selected (and the
 * window compared with), with a button that clears it. Hidden while no window is selected.
 */
public final class WindowStatus {
    private WindowStatus() {
    }

    /** The words for the selection: "Window 12.00–16.00 s (4.0 s): 1,234 samples of perf.script" (and the comparison). */
    public static String describe(UiContext ctx, WindowSelection.Slice w, WindowSelection.Slice before) {
        if (w == null) {
            return "";
        }
        String text = ctx.text("window.status", w.range(), w.seconds(), w.sampleCount(), w.entry().file().fileName());
        String filter = filterText(ctx, w.filter());
        if (!filter.isEmpty()) {
            text += " " + ctx.text("window.status.filter", filter);
        }
        if (before != null) {
            text += " " + ctx.text("window.status.compare", before.range(), before.sampleCount());
        }
        return text;
    }

    /** Which samples a filter keeps, in the UI's language ("command mariadbd, thread 812"); "" for all. */
    public static String filterText(UiContext ctx, io.tunescope.analysis.window.SampleFilter f) {
        if (f == null || f.all()) {
            return "";
        }
        java.util.List<String> parts = new java.util.ArrayList<>();
        if (!f.comms().isEmpty()) {
            parts.add(ctx.text("window.filter.comm", String.join(", ", new java.util.TreeSet<>(f.comms()))));
        }
        if (!f.tids().isEmpty()) {
            parts.add(ctx.text("window.filter.tid", join(f.tids())));
        }
        if (!f.cpus().isEmpty()) {
            parts.add(ctx.text("window.filter.cpu", join(f.cpus())));
        }
        if (f.frame() != null) {
            parts.add(ctx.text("window.filter.frame", f.frame().pattern()));
        }
        return String.join(", ", parts);
    }

    private static String join(java.util.Set<Integer> ids) {
        return String.join(", ", new java.util.TreeSet<>(ids).stream().map(String::valueOf).toList());
    }

    public static HBox create(UiContext ctx, WindowSelection selection) {
        Label label = new Label();
        label.setId("windowStatus");
        Button clear = new Button(ctx.text("window.clear"), Icons.icon("fas-times-circle"));
        clear.setId("windowClear");
        clear.setTooltip(new Tooltip(ctx.text("window.clear.tip")));
        clear.setOnAction(e -> selection.clear());
        HBox box = new HBox(6, label, clear);
        box.setAlignment(Pos.CENTER_LEFT);
        Runnable update = () -> {
            label.setText(describe(ctx, selection.selected(), selection.compare()));
            box.setVisible(!selection.isEmpty());
            box.setManaged(!selection.isEmpty());
        };
        selection.selectedProperty().addListener((o, a, b) -> update.run());
        selection.compareProperty().addListener((o, a, b) -> update.run());
        update.run();
        return box;
    }
}
