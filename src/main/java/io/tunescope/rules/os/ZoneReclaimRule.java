package io.tunescope.rules.os;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** OS-ZONE-RECLAIM: vm.zone_reclaim_mode != 0 on a host with more than one NUMA node. */
public final class ZoneReclaimRule extends BaseRule {

    public ZoneReclaimRule() {
        super("OS-ZONE-RECLAIM", Topic.OS, "Zone reclaim on a NUMA database host", List.of(Need.SYSCTL, Need.LSCPU),
                List.of("KERNEL-ZONE-RECLAIM", "WIREDTIGER-ZR"));
    }

    @Override
    protected void check(Run run) {
        Optional<Fact> zr = run.e.sysctl("vm.zone_reclaim_mode");
        OptionalInt nodes = run.e.numaNodes();
        if (zr.isEmpty() || nodes.isEmpty()) {
            run.notApplicable(run.t("needs"));
            return;
        }
        if (zr.get().unquoted().equals("0") || nodes.getAsInt() < 2) {
            run.pass(run.t("pass", zr.get().value(), nodes.getAsInt()));
            return;
        }
        var f = run.finding(75, run.t("summary", zr.get().value(), nodes.getAsInt()))
                .explain(run.t("explanation"))
                .evidence(zr.get());
        run.e.lscpu("NUMA node(s)").ifPresent(f::evidence);
        f.recommend(Recommendation.of(run.t("action"))
                .bash("sysctl -w vm.zone_reclaim_mode=0", "echo 'vm.zone_reclaim_mode = 0' >> /etc/sysctl.d/90-mysql.conf")
                .effect(run.t("effect"), "KERNEL-ZONE-RECLAIM")
                .risk(run.t("risk")).build());
        f.add();
    }
}
