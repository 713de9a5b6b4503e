package io.tunescope.rules.numa;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/** NUMA-BALANCING-WITH-BINDING: kernel.numa_balancing=1 while the server is bound to a subset of nodes or CPUs. */
public final class BalancingWithBindingRule extends BaseRule {

    public BalancingWithBindingRule() {
        super("NUMA-BALANCING-WITH-BINDING", Topic.NUMA, "Automatic NUMA balancing fighting explicit placement",
                List.of(Need.SYSCTL, Need.PROCESS_BINDING, Need.LSCPU),
                List.of("KERNEL-NUMA-BAL", "ATUNE-MYSQL", "OPENGAUSS-KUNPENG", "MYSQLONARM-CORE"));
    }

    @Override
    protected void check(Run run) {
        Optional<Fact> bal = run.e.sysctl("kernel.numa_balancing");
        if (bal.isEmpty()) {
            run.notApplicable("the sysctl listing has no kernel.numa_balancing (kernel without NUMA balancing)");
            return;
        }
        Optional<Fact> mems = Binding.memorySubset(run.e);
        Optional<Fact> cpus = Binding.cpuSubset(run.e);
        if (bal.get().unquoted().equals("0") || mems.isEmpty() && cpus.isEmpty()) {
            run.pass("kernel.numa_balancing = " + bal.get().value() + (mems.isEmpty() && cpus.isEmpty() ? ", server not bound" : ""));
            return;
        }
        var f = run.finding(55, "kernel.numa_balancing is on while the server is bound ("
                        + mems.map(m -> "memory nodes " + m.value()).orElse("CPUs " + cpus.map(Fact::value).orElse(""))
                        + "): the kernel keeps scanning and migrating pages against the explicit placement.")
                .explain("The kernel documentation says automatic NUMA balancing should be disabled when the workload is already "
                        + "bound to NUMA nodes; its hinting faults and page migrations add jitter. A-Tune's MySQL profile and "
                        + "openGauss's Kunpeng guidance set it to 0.")
                .evidence(bal.get());
        mems.ifPresent(f::evidence);
        cpus.ifPresent(f::evidence);
        run.e.lscpu("NUMA node(s)").ifPresent(f::evidence);
        f.recommend(Recommendation.of("Disable automatic NUMA balancing and persist it")
                .bash("sysctl -w kernel.numa_balancing=0", "echo 'kernel.numa_balancing = 0' >> /etc/sysctl.d/90-mysql.conf")
                .effect("Mostly less jitter: mysqlonarm saw TPS spread 24.4K-37.7K with balancing on vs 33.6K-37.6K off.", "MYSQLONARM-CORE")
                .risk("Unbound processes on the host lose automatic locality.").build());
        f.add();
    }
}
