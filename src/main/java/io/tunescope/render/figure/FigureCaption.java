package io.tunescope.render.figure;

import io.tunescope.analysis.ChartText;
import java.util.ArrayList;
import java.util.List;

/**
 * What a figure's caption says about its data: the capture (folder name), the step, the time window shown, the
 * profile's unit and sample count, and the Tunescope version and date the figure was made. Any part may be null
 * (left out); {@code samples} below zero is left out.
 */
public record FigureCaption(String capture, String step, String window, String unit, long samples, String version, String date) {
    /** The version of Tunescope the caption names: the jar's, else the project's. */
    public static final String VERSION = versionOfJar();

    private static String versionOfJar() {
        String v = FigureCaption.class.getPackage() == null ? null : FigureCaption.class.getPackage().getImplementationVersion();
        return v == null || v.isBlank() ? "0.1.0" : v;
    }

    /** The caption of a figure made today (UTC) by this Tunescope. */
    public static FigureCaption today(String capture, String step, String window, String unit, long samples) {
        return new FigureCaption(capture, step, window, unit, samples, VERSION,
                java.time.LocalDate.now(java.time.ZoneOffset.UTC).toString());
    }

    public FigureCaption withWindow(String w) {
        return new FigureCaption(capture, step, w, unit, samples, version, date);
    }

    /** The caption's lines in the reader's language: the data, then who made the figure and when. */
    public List<String> lines(ChartText w) {
        List<String> parts = new ArrayList<>();
        if (present(capture)) {
            parts.add(w.t("figure.caption.capture", "capture {0}", capture));
        }
        if (present(step)) {
            parts.add(w.t("figure.caption.step", "step {0}", step));
        }
        if (present(window)) {
            parts.add(w.t("figure.caption.window", "window {0}", window));
        }
        if (present(unit)) {
            parts.add(w.t("figure.caption.unit", "unit: {0}", unit));
        }
        if (samples >= 0) {
            parts.add(w.t("figure.caption.samples", "{0} samples", String.format(java.util.Locale.ROOT, "%,d", samples)));
        }
        List<String> out = new ArrayList<>();
        if (!parts.isEmpty()) {
            out.add(String.join(" \u00b7 ", parts));
        }
        if (present(version) || present(date)) {
            out.add(w.t("figure.caption.made", "Tunescope {0}, {1}", present(version) ? version : "", present(date) ? date : ""));
        }
        return out;
    }

    private static boolean present(String s) {
        return s != null && !s.isBlank();
    }
}
