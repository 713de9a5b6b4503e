package io.tunescope.model.net;

import io.tunescope.model.capture.Dataset;

/** Dataset keys of the interrupt and NIC importers. */
public final class NetDatasets {
    public static final Dataset<Interrupts> INTERRUPTS = Dataset.of("net.interrupts", Interrupts.class);
    public static final Dataset<SoftIrqs> SOFTIRQS = Dataset.of("net.softirqs", SoftIrqs.class);
    public static final Dataset<NicChannels> CHANNELS = Dataset.of("net.ethtool-channels", NicChannels.class);
    public static final Dataset<IrqAffinity> IRQ_AFFINITY = Dataset.of("net.irq-affinity", IrqAffinity.class);

    private NetDatasets() {
    }
}
