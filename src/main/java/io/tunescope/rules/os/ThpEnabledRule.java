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
            run.notApplicable(run.t("noEnabled"));
            return;
        }
        if (!en.get().unquoted().equals("always")) {
            run.pass(run.t("pass", en.get().value()));
            return;
        }
        var f = run.finding(50, run.t("summary"))
                .explain(run.t("explanation"))
                .evidence("transparent_hugepage/enabled", en.get().value(), en.get().ref());
        run.e.thp("defrag").ifPresent(d -> f.evidence("transparent_hugepage/defrag", d.value(), d.ref()));
        f.recommend(Recommendation.of(run.t("action"))
                .bash("echo never > /sys/kernel/mm/transparent_hugepage/enabled",
                        "echo never > /sys/kernel/mm/transparent_hugepage/defrag",
                        "grubby --update-kernel=ALL --args=\"transparent_hugepage=never\"")
                .effect(run.t("effect"), "HCE-THP")
                .risk(run.t("risk")).build());
        f.add();
    }
}
