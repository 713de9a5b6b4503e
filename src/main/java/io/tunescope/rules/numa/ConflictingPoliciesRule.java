package io.tunescope.rules.numa;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * NUMA-CONFLICTING-POLICIES: two or more placement mechanisms at once among kernel.numa_balancing=1,
 * innodb_numa_interleave=ON and an explicit memory binding of the server.
 */
public final class ConflictingPoliciesRule extends BaseRule {

    public ConflictingPoliciesRule() {
        super("NUMA-CONFLICTING-POLICIES", Topic.NUMA, "Several NUMA policies configured at once",
                List.of(Need.SERVER_SETTINGS, Need.SYSCTL, Need.LSCPU), List.of("RHEL-NUMAD", "KERNEL-NUMA-BAL", "SEED-000"));
    }

    @Override
    protected void check(Run run) {
        if (run.e.numaNodes().isEmpty()) {
            // pt-summary before 3.4 gives CPUs but no node count: "single node" would be a guess
            run.notApplicable(run.t("noNodeCount"));
            return;
        }
        if (run.e.numaNodes().getAsInt() < 2) {
            run.pass(run.t("singleNode"));
            return;
        }
        List<String> policies = new ArrayList<>();
        List<Fact> facts = new ArrayList<>();
        Optional<Fact> bal = run.e.sysctl("kernel.numa_balancing");
        if (bal.isPresent() && !bal.get().unquoted().equals("0")) {
            policies.add(run.t("policy.balancing"));
            facts.add(bal.get());
        }
        Optional<Fact> il = run.e.setting("innodb_numa_interleave");
        if (il.isPresent() && il.get().isOn()) {
            policies.add("innodb_numa_interleave");
            facts.add(il.get());
        }
        Optional<Fact> mems = Binding.memorySubset(run.e);
        if (mems.isPresent()) {
            policies.add(run.t("policy.binding", mems.get().value()));
            facts.add(mems.get());
        }
        if (policies.size() < 2) {
            run.pass(policies.isEmpty() ? run.t("pass.none") : run.t("pass.one", policies.get(0)));
            return;
        }
        var f = run.finding(50, run.t("summary", policies.size(), String.join(run.t("listSeparator"), policies)))
                .explain(run.t("explanation"));
        facts.forEach(f::evidence);
        f.recommend(Recommendation.of(run.t("action"))
                .bash("systemctl disable --now numad   # if installed", "sysctl -w kernel.numa_balancing=0",
                        "# then either numactl --cpunodebind/--membind for mysqld, or innodb_numa_interleave=ON, not both")
                .effect(run.t("effect"), "RHEL-NUMAD")
                .risk(run.t("risk")).build());
        f.add();
    }
}
