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
            run.notApplicable("needs vm.zone_reclaim_mode in sysctl and 'NUMA node(s)' in lscpu");
            return;
        }
        if (zr.get().unquoted().equals("0") || nodes.getAsInt() < 2) {
            run.pass("vm.zone_reclaim_mode = " + zr.get().value() + " on " + nodes.getAsInt() + " NUMA node(s)");
            return;
        }
        var f = run.finding(60, "vm.zone_reclaim_mode is " + zr.get().value() + " on a " + nodes.getAsInt()
                        + "-node host: the kernel reclaims local page cache instead of using free memory on other nodes.")
                .explain("The kernel made 0 the default because zone reclaim 'destroys performance' for workloads that are not "
                        + "partitioned per node; WiredTiger and DataStax recommend 0 for database hosts.")
                .evidence(zr.get());
        run.e.lscpu("NUMA node(s)").ifPresent(f::evidence);
        f.recommend(Recommendation.of("Turn zone reclaim off and persist it")
                .bash("sysctl -w vm.zone_reclaim_mode=0", "echo 'vm.zone_reclaim_mode = 0' >> /etc/sysctl.d/90-mysql.conf")
                .effect("Avoids local-reclaim stalls and page-cache thrash (no published number).", "KERNEL-ZONE-RECLAIM")
                .risk("None for a database host.").build());
        f.add();
    }
}
