package io.tunescope.ui;

/**
 * A place in a view that "show evidence" can jump to (see {@link UiContext#navigate} and
 * {@link CaptureView#reveal}).
 */
public sealed interface Target {
    /** The step folder the target lives in ("" for a capture without steps). */
    String step();

    /** A profile frame (function name) to find in the flame graph. */
    record Frame(String step, String frame) implements Target {
    }

    /** The flame graph of the selected time window ({@link UiContext#windowSelection()}), of a profile of the step. */
    record SelectedWindow(String step) implements Target {
    }

    /**
     * A time range in the clock of the step's series (milliseconds): epoch millis when {@code wallClock},
     * else millis from the series' own start (series without timestamps are placed at the start of the
     * timeline).
     */
    record TimeRange(String step, long fromMs, long toMs, boolean wallClock) implements Target {
    }

    /**
     * The Server view of a step, at the part (InnoDB, performance_schema, process list, counters) that shows the
     * files a finding's evidence was read from.
     */
    record Server(String step, java.util.List<String> files) implements Target {
        public Server {
            files = java.util.List.copyOf(files);
        }
    }

    /**
     * The NUMA heatmaps of a step: where the memory of the step's processes landed, per node; with a
     * {@code cell}, the heatmap that cell is in, with the cell outlined (null: just the step's heatmaps).
     */
    record Numa(String step, io.tunescope.analysis.numa.NumaCell cell) implements Target {
        public Numa(String step) {
            this(step, null);
        }
    }
}
