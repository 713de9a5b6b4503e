package io.tunescope.model.pfs;

import io.tunescope.model.capture.Dataset;

/** Dataset key of performance_schema summary tables (and the sys schema's statement views). */
public final class PfsDatasets {
    public static final Dataset<PfsSummary> SUMMARY = Dataset.of("server.pfs-summary", PfsSummary.class);

    private PfsDatasets() {
    }
}
