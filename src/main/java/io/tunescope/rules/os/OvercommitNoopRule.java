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
            run.notApplicable("the sysctl listing has no vm.overcommit_memory");
            return;
        }
        String m = mode.get().unquoted();
        boolean ratioNoop = ratio.isPresent() && !ratio.get().unquoted().equals("50") && !m.equals("2");
        boolean always = m.equals("1");
        if (!ratioNoop && !always) {
            run.pass("vm.overcommit_memory = " + m);
            return;
        }
        List<String> parts = new ArrayList<>();
        if (ratioNoop) {
            parts.add("vm.overcommit_ratio=" + ratio.get().value() + " has no effect unless vm.overcommit_memory=2");
        }
        if (always) {
            parts.add("vm.overcommit_memory=1 never refuses an allocation");
        }
        var f = run.finding(always ? 35 : 20, String.join("; ", parts) + ".")
                .explain("The ratio only defines CommitLimit in mode 2 (strict accounting). Mode 1 means 'always overcommit, never "
                        + "check': a server whose worst-case memory exceeds RAM (CFG-MEMORY-OVERCOMMIT) is then stopped by the "
                        + "OOM killer instead of failing an allocation.")
                .evidence(mode.get());
        ratio.ifPresent(f::evidence);
        List<String> cmds = new ArrayList<>();
        if (always) {
            cmds.add("sysctl -w vm.overcommit_memory=0");
        }
        cmds.add("# delete vm.overcommit_ratio from /etc/sysctl.conf and /etc/sysctl.d/*.conf unless vm.overcommit_memory=2");
        f.recommend(Recommendation.of("Remove no-op settings and keep the default heuristic mode; fix the memory budget instead")
                .bash(cmds.toArray(String[]::new))
                .effect("Clear configuration; fewer surprise OOM kills.", "KERNEL-OVERCOMMIT").risk("None.").build());
        f.add();
    }
}
