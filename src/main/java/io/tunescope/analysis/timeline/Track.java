package io.tunescope.analysis.timeline;

import io.tunescope.model.series.TimeSeries;

/**
 * One series placed on the timeline's clock.
 *
 * @param series     the samples, times on the timeline's clock (epoch millis when the timeline is wall
 *                   clock, else millis from the timeline's start)
 * @param alignment  how it was placed
 * @param step       the step directory of its file
 * @param runIndex   for benchmark series: the run's index in its file, else -1
 */
public record Track(TimeSeries series, Alignment alignment, String step, int runIndex) {
    public String key() {
        return series.metric().key() + (series.file().isEmpty() ? "" : "@" + series.file());
    }
}
