package io.tunescope.analysis.timeline;

import io.tunescope.model.bench.BenchRun;

/**
 * A benchmark run placed on the timeline.
 *
 * @param start        start time on the timeline's clock
 * @param end          end time
 * @param startSource  where the start came from (e.g. "earliest wall-clock series of the step")
 */
public record RunWindow(BenchRun run, String step, long start, long end, Alignment alignment, String startSource) {
    public String label() {
        return run.file() + " run " + (run.index() + 1) + " (" + run.threads() + " threads)";
    }
}
