package io.tunescope.rules.numa;

import io.tunescope.analysis.evidence.CpuList;
import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.analysis.evidence.Fact;

import java.util.BitSet;
import java.util.Optional;
import java.util.OptionalInt;

/** Whether the server process is restricted to a subset of the host's NUMA nodes or CPUs. */
final class Binding {
    private Binding() {
    }

    /** The mems_allowed_list fact when it names fewer nodes than the host has. */
    static Optional<Fact> memorySubset(Evidence e) {
        Optional<Fact> mems = e.binding("mems_allowed_list");
        OptionalInt nodes = e.numaNodes();
        if (mems.isEmpty() || nodes.isEmpty()) {
            return Optional.empty();
        }
        BitSet b = CpuList.parse(mems.get().value());
        return !b.isEmpty() && b.cardinality() < nodes.getAsInt() ? mems : Optional.empty();
    }

    /** The cpus_allowed_list fact when it names fewer CPUs than the host has. */
    static Optional<Fact> cpuSubset(Evidence e) {
        Optional<Fact> cpus = e.binding("cpus_allowed_list");
        OptionalInt n = e.logicalCpus();
        if (cpus.isEmpty() || n.isEmpty()) {
            return Optional.empty();
        }
        BitSet b = CpuList.parse(cpus.get().value());
        return !b.isEmpty() && b.cardinality() < n.getAsInt() ? cpus : Optional.empty();
    }
}
