package io.tunescope.rules.os;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** OS-OVERCOMMIT-NOOP: vm.overcommit_ratio changed while overcommit_memory != 2 (no effect), or mode 1. */
public final class OvercommitNoopRule extends BaseRule {

    public OvercommitNoopRule() {
        super("OS-OVERCOMMIT-NOOP", Topic.OS, "Overcommit settings that do nothing or hide memory problems", List.of(Need.SYSCTL),
                List.of("KERNEL-OVERCOMMIT", "SEED-000"));
    }

    @Override
    protected void check(Run run) {
        Optional<Fact> mode = run.e.sysctl("vm.overcommit_memory");
        Optional<Fact> ratio = run.e.sysctl("vm.overcommit_ratio");
        if (mode.isEmpty()) {
            run.notApplicable(run.t("noMode"));
            return;
        }
        String m = mode.get().unquoted();
        boolean ratioNoop = ratio.isPresent() && !ratio.get().unquoted().equals("50") && !m.equals("2");
        boolean always = m.equals("1");
        if (!ratioNoop && !always) {
            run.pass(run.t("pass", m));
            return;
        }
        String summary = !always ? run.t("summary.ratio", ratio.get().value())
                : ratioNoop ? run.t("summary.both", ratio.get().value()) : run.t("summary.always");
        var f = run.finding(always ? 35 : 20, summary)
                .explain(run.t("explanation"))
                .evidence(mode.get());
        ratio.ifPresent(f::evidence);
        List<String> cmds = new ArrayList<>();
        if (always) {
            cmds.add("sysctl -w vm.overcommit_memory=0");
        }
        cmds.add("# delete vm.overcommit_ratio from /etc/sysctl.conf and /etc/sysctl.d/*.conf unless vm.overcommit_memory=2");
        f.recommend(Recommendation.of(run.t("action"))
                .bash(cmds.toArray(String[]::new))
                .effect(run.t("effect"), "KERNEL-OVERCOMMIT").risk(run.t("risk")).build());
        f.add();
    }
}
