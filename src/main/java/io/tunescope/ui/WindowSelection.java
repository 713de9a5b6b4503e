package io.tunescope.ui;

import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.window.ProfileSamples;
import io.tunescope.analysis.window.SampleFilter;
import io.tunescope.analysis.window.Window;
import io.tunescope.analysis.window.WindowProfile;
import java.util.Locale;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The selected time window of the window (app state, FX thread): the samples of one profile between two
 * perf times, as the heatmap, the timeline and the flame graph share them. Any view may set it; every view
 * that shows samples shows the samples of the window; it survives tab switches and is cleared by Esc or the
 * status bar's button. A second window ({@link #compareProperty()}, e.g. the plateau before a dip) makes the
 * flame graph differential: window vs window.
 */
public final class WindowSelection {

    /**
     * One window of one profile, with its samples already re-aggregated (off the FX thread, by whoever chose
     * the window: {@link #cut}).
     *
     * @param entry   the profile (file and step)
     * @param samples the profile's samples on the capture's one clock
     * @param profile the samples in the window that pass the filter
     * @param origin  what chose it: "heatmap", "timeline", "marker" (for tests and the status bar's tooltip)
     */
    public record Slice(CaptureProfiles.Entry entry, ProfileSamples samples, WindowProfile profile, String origin) {
        public Window window() {
            return profile.window();
        }

        public SampleFilter filter() {
            return profile.filter();
        }

        /** Samples in the window (that pass the filter). */
        public long sampleCount() {
            return profile.samples();
        }

        public double seconds() {
            return window().seconds();
        }

        /** Start and end as the user reads them: seconds from the profile's first sample. */
        public String range() {
            return String.format(Locale.ROOT, "%.2f\u2013%.2f s", samples.seconds(window().fromNs()), samples.seconds(window().toNs()));
        }
    }

    private final ObjectProperty<Slice> selected = new SimpleObjectProperty<>();
    private final ObjectProperty<Slice> compare = new SimpleObjectProperty<>();

    /** The window whose samples the views show; null: the whole profile. */
    public ObjectProperty<Slice> selectedProperty() {
        return selected;
    }

    public Slice selected() {
        return selected.get();
    }

    /** The window to compare with (before), or null; only meaningful with a selected window of the same profile. */
    public ObjectProperty<Slice> compareProperty() {
        return compare;
    }

    public Slice compare() {
        return compare.get();
    }

    /** Selects a window, with or without a second one to compare it with. */
    public void select(Slice w, Slice before) {
        compare.set(null);
        selected.set(w);
        compare.set(w == null ? null : before);
    }

    public void clear() {
        select(null, null);
    }

    public boolean isEmpty() {
        return selected.get() == null;
    }

    /** Re-aggregates a window of a profile (background thread: walks the window's samples once). */
    public static Slice cut(CaptureProfiles.Entry entry, ProfileSamples samples, Window window, SampleFilter filter, String origin) {
        return new Slice(entry, samples, samples.select(window, filter == null ? SampleFilter.ALL : filter), origin);
    }
}
