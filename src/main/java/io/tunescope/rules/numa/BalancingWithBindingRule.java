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
            run.notApplicable(run.t("noBalancing"));
            return;
        }
        Optional<Fact> mems = Binding.memorySubset(run.e);
        Optional<Fact> cpus = Binding.cpuSubset(run.e);
        if (bal.get().unquoted().equals("0") || mems.isEmpty() && cpus.isEmpty()) {
            run.pass(mems.isEmpty() && cpus.isEmpty() ? run.t("pass.unbound", bal.get().value()) : run.t("pass", bal.get().value()));
            return;
        }
        var f = run.finding(50, mems.isPresent() ? run.t("summary.mems", mems.get().value())
                        : run.t("summary.cpus", cpus.map(Fact::value).orElse("")))
                .explain(run.t("explanation"))
                .evidence(bal.get());
        mems.ifPresent(f::evidence);
        cpus.ifPresent(f::evidence);
        run.e.lscpu("NUMA node(s)").ifPresent(f::evidence);
        f.recommend(Recommendation.of(run.t("action"))
                .bash("sysctl -w kernel.numa_balancing=0", "echo 'kernel.numa_balancing = 0' >> /etc/sysctl.d/90-mysql.conf")
                .effect(run.t("effect"), "MYSQLONARM-CORE")
                .risk(run.t("risk")).build());
        f.add();
    }
}
