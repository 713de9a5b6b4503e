package io.tunescope.rules.os;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/** OS-THP-ENABLED: transparent huge pages set to [always] on a MySQL host. */
public final class ThpEnabledRule extends BaseRule {

    public ThpEnabledRule() {
        super("OS-THP-ENABLED", Topic.OS, "Transparent huge pages always on", List.of(Need.THP),
                List.of("HCE-THP", "ATUNE-MYSQL", "KERNEL-THP"));
    }

    @Override
    protected void check(Run run) {
        Optional<Fact> en = run.e.thp("enabled");
        if (en.isEmpty()) {
            run.notApplicable("only the THP defrag file was captured, not 'enabled'");
            return;
        }
        if (!en.get().unquoted().equals("always")) {
            run.pass("transparent_hugepage/enabled = " + en.get().value());
            return;
        }
        var f = run.finding(55, "Transparent huge pages are set to 'always': allocations and khugepaged compaction can stall mysqld.")
                .explain("Huawei Cloud's EulerOS guidance says databases such as MySQL should disable THP, and A-Tune's MySQL profile "
                        + "sets enabled and defrag to never; the cost shows as compaction and allocation latency spikes.")
                .evidence("transparent_hugepage/enabled", en.get().value(), en.get().ref());
        run.e.thp("defrag").ifPresent(d -> f.evidence("transparent_hugepage/defrag", d.value(), d.ref()));
        f.recommend(Recommendation.of("Disable THP now and at boot")
                .bash("echo never > /sys/kernel/mm/transparent_hugepage/enabled",
                        "echo never > /sys/kernel/mm/transparent_hugepage/defrag",
                        "grubby --update-kernel=ALL --args=\"transparent_hugepage=never\"")
                .effect("Removes allocation/compaction latency spikes (no published throughput number).", "HCE-THP")
                .risk("Other THP-friendly processes on the host lose it.").build());
        f.add();
    }
}
