package io.tunescope.model.numa;

import io.tunescope.model.capture.Dataset;

/** Dataset keys of the NUMA importers. */
public final class NumaDatasets {
    public static final Dataset<NumaStats> NUMASTAT = Dataset.of("numa.numastat", NumaStats.class);
    public static final Dataset<NumaTopology> TOPOLOGY = Dataset.of("numa.topology", NumaTopology.class);
    public static final Dataset<NumaMaps> NUMA_MAPS = Dataset.of("numa.numa-maps", NumaMaps.class);
    public static final Dataset<NodeMatrix> NODE_MATRIX = Dataset.of("numa.node-matrix", NodeMatrix.class);

    private NumaDatasets() {
    }
}
