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

    /** The mems_allowed_list fact (else the cgroup's cpuset.mems) when it names fewer nodes than the host has. */
    static Optional<Fact> memorySubset(Evidence e) {
        Optional<Fact> mems = e.allowedMems();
        OptionalInt nodes = e.numaNodes();
        if (mems.isEmpty() || nodes.isEmpty()) {
            return Optional.empty();
        }
        BitSet b = CpuList.parse(mems.get().value());
        return !b.isEmpty() && b.cardinality() < nodes.getAsInt() ? mems : Optional.empty();
    }

    /**
     * The cpus_allowed_list fact when it confines the server to fewer NUMA nodes than the host has: its CPUs lie
     * on a subset of the nodes (from numactl/lscpu node CPU lists). A process allowed on most CPUs of every node
     * (88 of 96, a few kept for interrupts) is not bound. Without node CPU lists, a list of at most half the CPUs.
     */
    static Optional<Fact> cpuSubset(Evidence e) {
        Optional<Fact> cpus = e.allowedCpus();
        OptionalInt n = e.logicalCpus();
        if (cpus.isEmpty() || n.isEmpty()) {
            return Optional.empty();
        }
        BitSet b = CpuList.parse(cpus.get().value());
        if (b.isEmpty() || b.cardinality() >= n.getAsInt()) {
            return Optional.empty();
        }
        java.util.Map<Integer, BitSet> nodes = e.nodeCpus();
        if (nodes.size() > 1) {
            int touched = 0;
            for (BitSet node : nodes.values()) {
                if (node.intersects(b)) {
                    touched++;
                }
            }
            return touched < nodes.size() ? cpus : Optional.empty();
        }
        return b.cardinality() * 2 <= n.getAsInt() ? cpus : Optional.empty();
    }
}
