package io.tunescope.model.innodb;

import io.tunescope.model.capture.Dataset;

/** Dataset key of {@code SHOW ENGINE INNODB STATUS} output. */
public final class InnodbDatasets {
    public static final Dataset<InnodbStatus> STATUS = Dataset.of("server.innodb-status", InnodbStatus.class);

    private InnodbDatasets() {
    }
}
