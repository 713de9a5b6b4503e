package io.tunescope.ui.numa;

import io.tunescope.analysis.numa.NumaCell;
import io.tunescope.analysis.numa.NumaMatrices;
import io.tunescope.analysis.numa.NumaMatrix;
import io.tunescope.analysis.numa.NumaSeries;
import io.tunescope.analysis.numa.NumaStep;
import io.tunescope.analysis.numa.NumaTrend;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * State of the NUMA view, testable without a window: the steps' NUMA data, the chosen step, heatmap,
 * mode, counters window and comparison step, and the matrix they give.
 */
public final class NumaViewModel {

    /** Which heatmap. */
    public enum Kind {
        ALLOCATIONS, TREND, DISTANCES, PROCESSES, MEMORY, MEASURED;

        /** The heatmap a finding's cell is in. */
        public static Kind of(NumaCell.Heatmap h) {
            return switch (h) {
                case ALLOCATIONS -> ALLOCATIONS;
                case DISTANCES -> DISTANCES;
                case PROCESSES -> PROCESSES;
                case MEMORY -> MEMORY;
                case MEASURED -> MEASURED;
            };
        }
    }

    /**
     * A counters window: one interval between snapshots ({@code interval} set) or one snapshot's
     * counters since boot ({@code sample} set).
     */
    public record Window(String label, NumaSeries.Interval interval, NumaSeries.Sample sample) {
        @Override
        public String toString() {
            return label;
        }
    }

    private final ObjectProperty<List<NumaStep>> steps = new SimpleObjectProperty<>(List.of());
    private final ObjectProperty<NumaStep> step = new SimpleObjectProperty<>();
    private final ObjectProperty<Kind> kind = new SimpleObjectProperty<>(Kind.ALLOCATIONS);
    private final ObjectProperty<NumaMatrices.Mode> mode = new SimpleObjectProperty<>(NumaMatrices.Mode.ABSOLUTE);
    private final ObjectProperty<Window> window = new SimpleObjectProperty<>();
    private final ObjectProperty<NumaStep> compareWith = new SimpleObjectProperty<>();
    private final ReadOnlyObjectWrapper<NumaMatrix> matrix = new ReadOnlyObjectWrapper<>();

    /** The language of the heatmaps' titles and notes. */
    private final java.util.Locale locale;

    /** A model whose heatmaps speak English. */
    public NumaViewModel() {
        this(java.util.Locale.ROOT);
    }

    /** A model whose heatmaps' titles and notes are in the locale. */
    public NumaViewModel(java.util.Locale locale) {
        this.locale = locale;
        step.addListener((o, a, s) -> {
            List<Window> ws = windows(s, locale);
            window.set(ws.isEmpty() ? null : ws.get(0));
            if (s != null && available(s).size() > 0 && !available(s).contains(kind.get())) {
                kind.set(available(s).get(0));
            }
            update();
        });
        kind.addListener((o, a, k) -> update());
        mode.addListener((o, a, m) -> update());
        window.addListener((o, a, w) -> update());
        compareWith.addListener((o, a, c) -> update());
    }

    public ObjectProperty<List<NumaStep>> stepsProperty() {
        return steps;
    }

    public ObjectProperty<NumaStep> stepProperty() {
        return step;
    }

    public ObjectProperty<Kind> kindProperty() {
        return kind;
    }

    public ObjectProperty<NumaMatrices.Mode> modeProperty() {
        return mode;
    }

    public ObjectProperty<Window> windowProperty() {
        return window;
    }

    public ObjectProperty<NumaStep> compareWithProperty() {
        return compareWith;
    }

    public ReadOnlyObjectProperty<NumaMatrix> matrixProperty() {
        return matrix.getReadOnlyProperty();
    }

    /** Sets the steps and selects the first one with NUMA data. */
    public void setSteps(List<NumaStep> list) {
        steps.set(List.copyOf(list));
        compareWith.set(null);
        NumaStep first = null;
        for (NumaStep s : list) {
            if (!s.isEmpty()) {
                first = s;
                break;
            }
        }
        step.set(null);
        step.set(first);
    }

    /** Heatmaps the step has data for. */
    public static List<Kind> available(NumaStep s) {
        List<Kind> out = new ArrayList<>();
        if (s == null) {
            return out;
        }
        if (!s.series().samples().isEmpty()) {
            out.add(Kind.ALLOCATIONS);
            out.add(Kind.TREND);
        }
        if (s.topology() != null) {
            out.add(Kind.DISTANCES);
        }
        if (!s.processes().isEmpty() || !s.maps().isEmpty()) {
            out.add(Kind.PROCESSES);
        }
        if (s.meminfo() != null) {
            out.add(Kind.MEMORY);
        }
        if (!s.measured().isEmpty()) {
            out.add(Kind.MEASURED);
        }
        return out;
    }

    /** Counter windows of a step: the whole window first, then each interval, then each snapshot since boot. */
    public static List<Window> windows(NumaStep s) {
        return windows(s, java.util.Locale.ROOT);
    }

    /** {@link #windows(NumaStep)} with the labels in the locale's language. */
    public static List<Window> windows(NumaStep s, java.util.Locale locale) {
        io.tunescope.analysis.ChartText w = io.tunescope.analysis.ChartText.of(locale);
        List<Window> out = new ArrayList<>();
        if (s == null) {
            return out;
        }
        NumaSeries series = s.series();
        List<NumaSeries.Interval> ivs = series.intervals();
        if (ivs.size() > 1) {
            NumaSeries.Interval all = series.overall();
            out.add(new Window(label(all, w), all, null));
        }
        for (NumaSeries.Interval iv : ivs) {
            out.add(new Window(label(iv, w), iv, null));
        }
        for (NumaSeries.Sample smp : series.samples()) {
            out.add(new Window(w.t("numa.window.sinceBoot", "{0} (since boot)", smp.label()), null, smp));
        }
        return out;
    }

    /**
     * The counters window a finding's cell was measured over, as far as the windows tell: the since-boot
     * window of the cell's file when that file holds the only snapshot the rule read among several files,
     * else the whole window (first to last snapshot, or the one snapshot). Null when the step has none.
     */
    public static Window windowFor(NumaStep s, NumaCell cell) {
        return windowFor(s, cell, java.util.Locale.ROOT);
    }

    /** {@link #windowFor(NumaStep, NumaCell)} among the windows labelled in the locale's language. */
    public static Window windowFor(NumaStep s, NumaCell cell, java.util.Locale locale) {
        List<Window> ws = windows(s, locale);
        if (ws.isEmpty()) {
            return null;
        }
        if (cell != null && cell.ref() != null) {
            List<NumaSeries.Sample> all = s.series().samples();
            List<NumaSeries.Sample> own = all.stream().filter(x -> x.file().equals(cell.ref().file())).toList();
            if (own.size() == 1 && all.size() > 1) {
                for (Window w : ws) {
                    if (w.sample() == own.get(0)) {
                        return w;
                    }
                }
            }
        }
        return ws.get(0);
    }

    private static String label(NumaSeries.Interval iv, io.tunescope.analysis.ChartText w) {
        String secs = Double.isNaN(iv.seconds()) ? w.t("numa.window.timeUnknown", "time unknown")
                : String.format(java.util.Locale.ROOT, "%.0f s", iv.seconds());
        return iv.reset() ? w.t("numa.window.intervalReset", "{0} \u2192 {1} ({2}): counters went down (out of order or a restart); {1} since boot shown",
                iv.from().label(), iv.to().label(), secs)
                : iv.from().label() + " \u2192 " + iv.to().label() + " (" + secs + ")";
    }

    /** The matrix of a step for the current kind and mode, with the given window (null: the step's default). */
    NumaMatrix matrixOf(NumaStep s, Window w) {
        if (s == null) {
            return null;
        }
        return switch (kind.get()) {
            case DISTANCES -> s.topology() == null ? null : NumaMatrices.distances(s.topology(), s.placement(), locale);
            case PROCESSES -> s.processes().isEmpty() && s.maps().isEmpty() ? null
                    : NumaMatrices.processes(s.processes(), s.maps(), locale);
            case MEMORY -> s.meminfo() == null ? null : NumaMatrices.meminfo(s.meminfo(), locale);
            case MEASURED -> s.measured().isEmpty() ? null : NumaMatrices.nodeMatrix(s.measured().get(0), locale);
            case TREND -> null;
            case ALLOCATIONS -> {
                Window ww = w;
                if (ww == null) {
                    List<Window> ws = windows(s, locale);
                    ww = ws.isEmpty() ? null : ws.get(0);
                }
                if (ww == null) {
                    yield null;
                }
                if (ww.interval() != null) {
                    NumaSeries.Interval iv = ww.interval();
                    if (iv.reset()) {
                        // a counter went down: no negative allocation counts, the later snapshot since boot instead
                        yield NumaMatrices.nodeCounters(iv.to().counters(), mode.get(), Double.NaN, locale);
                    }
                    yield NumaMatrices.nodeCounters(iv.delta(), mode.get(), iv.seconds(), locale);
                }
                // a single snapshot has no rate: its cells read n/a rather than silently showing totals
                yield NumaMatrices.nodeCounters(ww.sample().counters(), mode.get(), Double.NaN, locale);
            }
        };
    }

    /**
     * The remote-allocation ratio per node over the step's snapshots: of the allocations made between
     * consecutive snapshots when there are two or more, else since boot.
     */
    public List<NumaTrend.Point> ratioTrend() {
        NumaStep s = step.get();
        if (s == null) {
            return List.of();
        }
        return s.series().samples().size() >= 2 ? NumaTrend.remoteRatioPerInterval(s.series())
                : NumaTrend.remoteRatioSinceBoot(s.series());
    }

    /** MemUsed per node (MB) over the step's numastat -m snapshots. */
    public List<NumaTrend.Point> memoryTrend() {
        NumaStep s = step.get();
        return s == null ? List.of() : NumaTrend.memoryUsed(s.inputs());
    }

    private void update() {
        NumaStep s = step.get();
        NumaMatrix m = matrixOf(s, window.get());
        NumaStep other = compareWith.get();
        if (m != null && other != null && other != s) {
            NumaMatrix before = matrixOf(other, null);
            if (before != null) {
                m = NumaMatrix.difference(before, m, locale).withTitle(io.tunescope.analysis.ChartText.of(locale)
                        .t("numa.difference.steps", "{0}: {1} minus {2}", m.title(), s.step().label(), other.step().label()));
            }
        }
        matrix.set(m);
    }
}
