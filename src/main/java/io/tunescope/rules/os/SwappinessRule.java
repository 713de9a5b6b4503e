package io.tunescope.rules.os;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/** OS-SWAPPINESS: vm.swappiness above 10 (MySQLTuner); ranked low unless swap is in use (seed 004: no gain). */
public final class SwappinessRule extends BaseRule {
    static final Setting MAX = Setting.source("maxSwappiness", "vm.swappiness above", 10, "", "MYSQLTUNER");

    public SwappinessRule() {
        super("OS-SWAPPINESS", Topic.OS, "Kernel too eager to swap", List.of(Need.SYSCTL),
                List.of("MYSQLTUNER", "ATUNE-MYSQL", "SEED-004"), MAX);
    }

    @Override
    protected void check(Run run) {
        Optional<Fact> sw = run.e.sysctl("vm.swappiness");
        if (sw.isEmpty() || sw.get().number().isEmpty()) {
            run.notApplicable("the sysctl listing has no vm.swappiness");
            return;
        }
        double v = sw.get().number().getAsDouble();
        if (v <= run.get(MAX)) {
            run.pass("vm.swappiness = " + Fmt.num(v));
            return;
        }
        Optional<Fact> swapTotal = run.e.meminfo("SwapTotal");
        Optional<Fact> swapFree = run.e.meminfo("SwapFree");
        double used = swapTotal.isPresent() && swapFree.isPresent()
                ? swapTotal.get().number().orElse(0) - swapFree.get().number().orElse(0) : 0;
        int score = used > 0 ? 45 : 25;
        var f = run.finding(score, "vm.swappiness is " + Fmt.num(v) + " (above " + Fmt.num(run.get(MAX)) + ")"
                        + (used > 0 ? " and " + Fmt.bytes(used) + " of swap is in use" : "") + ": the kernel may page out the buffer pool.")
                .explain("MySQLTuner flags swappiness above 10 on database hosts; A-Tune's MySQL profile uses 1. JED measured no gain "
                        + "from swappiness 1 on its hosts (seed 004), so this matters mainly when swap is actually used.")
                .evidence(sw.get())
                .threshold(MAX);
        if (used > 0) {
            f.evidence("swap used", Fmt.bytes(used), swapFree.get().ref());
        }
        f.recommend(Recommendation.of("Lower swappiness and persist it")
                .bash("sysctl -w vm.swappiness=1", "echo 'vm.swappiness = 1' > /etc/sysctl.d/90-mysql.conf")
                .effect("Fewer buffer-pool page-outs; seed 004 measured no gain without swap activity.", "SEED-004")
                .risk("0 can provoke earlier OOM kills on some kernels.").build());
        f.add();
    }
}
