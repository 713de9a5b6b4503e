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
            run.notApplicable(run.t("noSwappiness"));
            return;
        }
        double v = sw.get().number().getAsDouble();
        if (v <= run.get(MAX)) {
            run.pass(run.t("pass", Fmt.num(v)));
            return;
        }
        Optional<Fact> swapTotal = run.e.meminfo("SwapTotal");
        Optional<Fact> swapFree = run.e.meminfo("SwapFree");
        if (swapTotal.isPresent() && swapTotal.get().number().orElse(-1) == 0) {
            // nothing to swap to: the setting changes nothing on this host
            run.pass(run.t("pass.noSwap", Fmt.num(v)));
            return;
        }
        double used = swapTotal.isPresent() && swapFree.isPresent()
                ? swapTotal.get().number().orElse(0) - swapFree.get().number().orElse(0) : 0;
        int score = used > 0 ? 45 : 25;
        var f = run.finding(score, used > 0 ? run.t("summary.swapUsed", Fmt.num(v), Fmt.num(run.get(MAX)), Fmt.bytes(used))
                        : run.t("summary", Fmt.num(v), Fmt.num(run.get(MAX))))
                .explain(run.t("explanation"))
                .evidence(sw.get())
                .threshold(MAX);
        if (used > 0) {
            f.evidence(run.t("evidence.swapUsed"), Fmt.bytes(used), swapFree.get().ref());
        }
        f.recommend(Recommendation.of(run.t("action"))
                .bash("sysctl -w vm.swappiness=1", "echo 'vm.swappiness = 1' >> /etc/sysctl.d/90-mysql.conf    # one file for every sysctl finding, appended")
                .effect(run.t("effect"), "SEED-004")
                .risk(run.t("risk")).build());
        f.add();
    }
}
