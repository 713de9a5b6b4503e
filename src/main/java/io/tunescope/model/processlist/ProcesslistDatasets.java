package io.tunescope.model.processlist;

import io.tunescope.model.capture.Dataset;

/** Dataset key of {@code SHOW [FULL] PROCESSLIST} / {@code information_schema.PROCESSLIST} output. */
public final class ProcesslistDatasets {
    public static final Dataset<Processlist> PROCESSLIST = Dataset.of("server.processlist", Processlist.class);

    private ProcesslistDatasets() {
    }
}
