package io.tunescope.rules.io;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;

/** IO-HIGH-AWAIT: a device in use (%util >= 10) with mean await >= 5 ms (NVMe) or >= 20 ms (others). */
public final class HighAwaitRule extends BaseRule {
    static final Setting NVME = Setting.heuristic("awaitNvmeMs", "mean await on NVMe at least", 5, "ms");
    static final Setting OTHER = Setting.heuristic("awaitOtherMs", "mean await on other devices at least", 20, "ms");
    static final Setting MIN_UTIL = Setting.heuristic("minUtilPercent", "device %util at least", 10, "%");

    public HighAwaitRule() {
        super("IO-HIGH-AWAIT", Topic.IO, "High I/O latency on a busy device", List.of(Need.IOSTAT), List.of("IOSTAT-MAN", "SEED-001"),
                NVME, OTHER, MIN_UTIL);
    }

    @Override
    protected void check(Run run) {
        Devices.Device worst = null;
        for (Devices.Device d : Devices.of(run.e)) {
            double aw = d.meanAwait();
            double limit = d.nvme() ? run.get(NVME) : run.get(OTHER);
            boolean used = d.util() == null || d.util().mean() >= run.get(MIN_UTIL);
            if (!Double.isNaN(aw) && aw >= limit && used && (worst == null || aw > worst.meanAwait())) {
                worst = d;
            }
        }
        if (worst == null) {
            run.pass(run.t("pass"));
            return;
        }
        double aw = worst.meanAwait();
        double limit = worst.nvme() ? run.get(NVME) : run.get(OTHER);
        var f = run.finding(scale(aw, limit, limit * 5, 45, 85), worst.nvme()
                        ? run.t("summary.nvme", worst.name(), Fmt.num2(aw), Fmt.num(limit))
                        : run.t("summary", worst.name(), Fmt.num2(aw), Fmt.num(limit)))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.await", worst.name()), Fmt.num2(aw) + " ms", worst.anySeries().ref(0))
                .threshold(worst.nvme() ? NVME : OTHER).threshold(MIN_UTIL);
        if (worst.util() != null) {
            f.evidence(run.t("evidence.util", worst.name()), Fmt.num(worst.util().mean()), worst.util().ref(0));
        }
        f.recommend(Recommendation.of(run.t("action"))
                .bash("iostat -x 1 10    # r_await vs w_await, aqu-sz", "cat /sys/block/" + worst.name() + "/queue/scheduler")
                .effect(run.t("effect"), "IOSTAT-MAN").risk(run.t("risk")).build());
        f.add();
    }
}
