package io.tunescope.model.perfstat;

import io.tunescope.model.capture.Dataset;

/** Dataset key of {@code perf stat} outputs. */
public final class PerfStatDatasets {
    public static final Dataset<PerfStat> PERF_STAT = Dataset.of("cpu.perf-stat", PerfStat.class);

    private PerfStatDatasets() {
    }
}
