package io.tunescope.rules.io;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;

/**
 * IO-SATURATED-CPU-IDLE: a device at %util >= 90 in >= 80 % of intervals with latency or queue evidence
 * (await >= 5 ms on NVMe, >= 20 ms otherwise, or aqu-sz >= 4), while host CPU busy stays <= 50 %.
 * %util alone is never enough (iostat man page).
 */
public final class SaturatedCpuIdleRule extends BaseRule {
    static final Setting UTIL = Setting.heuristic("utilPercent", "device %util at least", 90, "%");
    static final Setting SHARE = Setting.heuristic("busyIntervalsPercent", "of intervals at that %util at least", 80, "%");
    static final Setting AWAIT_NVME = Setting.heuristic("awaitNvmeMs", "await on NVMe/SSD at least", 5, "ms");
    static final Setting AWAIT_OTHER = Setting.heuristic("awaitOtherMs", "await on other devices at least", 20, "ms");
    static final Setting QUEUE = Setting.heuristic("queue", "or average queue (aqu-sz) at least", 4, "");
    static final Setting CPU = Setting.heuristic("maxCpuBusyPercent", "host CPU busy at most", 50, "%");

    public SaturatedCpuIdleRule() {
        super("IO-SATURATED-CPU-IDLE", Topic.IO, "Storage-bound: device busy, CPU idle", List.of(Need.IOSTAT, Need.CPU_UTIL),
                List.of("SEED-001", "IOSTAT-MAN"), UTIL, SHARE, AWAIT_NVME, AWAIT_OTHER, QUEUE, CPU);
    }

    @Override
    protected void check(Run run) {
        TimeSeries cpu = run.e.cpuBusy().orElseThrow();
        double busy = cpu.mean();
        Devices.Device worst = null;
        for (Devices.Device d : Devices.of(run.e)) {
            double frac = d.busyFraction(run.get(UTIL));
            double aw = d.meanAwait();
            double q = d.meanQueue();
            boolean latency = !Double.isNaN(aw) && aw >= (d.nvme() ? run.get(AWAIT_NVME) : run.get(AWAIT_OTHER))
                    || !Double.isNaN(q) && q >= run.get(QUEUE);
            if (frac * 100 >= run.get(SHARE) && latency && (worst == null || d.meanAwait() > worst.meanAwait())) {
                worst = d;
            }
        }
        if (worst == null) {
            run.pass(run.t("pass"));
            return;
        }
        if (busy > run.get(CPU)) {
            run.pass(run.t("pass.cpuBusy", worst.name(), Fmt.num(busy)));
            return;
        }
        double util = worst.util().mean();
        var f = run.finding(scale(busy, run.get(CPU), 0, 75, 88), Double.isNaN(worst.meanQueue())
                        ? run.t("summary", worst.name(), Fmt.num(util), Fmt.num2(worst.meanAwait()), Fmt.num(busy))
                        : run.t("summary.queue", worst.name(), Fmt.num(util), Fmt.num2(worst.meanAwait()), Fmt.num2(worst.meanQueue()),
                                Fmt.num(busy)))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.util", worst.name()), Fmt.num(util), worst.util().ref(0))
                .evidence(run.t("evidence.await", worst.name()), Fmt.num2(worst.meanAwait()) + " ms", worst.anySeries().ref(0))
                .evidence(run.t("evidence.cpuBusy"), Fmt.num(busy) + " %", cpu.ref(0))
                .window(worst.util().firstTime(), worst.util().lastTime(), worst.util().clock().toString())
                .threshold(UTIL).threshold(SHARE).threshold(CPU);
        Setting awaitLimit = worst.nvme() ? AWAIT_NVME : AWAIT_OTHER;
        if (!Double.isNaN(worst.meanAwait()) && worst.meanAwait() >= run.get(awaitLimit)) {
            f.threshold(awaitLimit);
        }
        if (!Double.isNaN(worst.meanQueue()) && worst.meanQueue() >= run.get(QUEUE)) {
            f.threshold(QUEUE);
        }
        f.recommend(Recommendation.of(run.t("action"))
                .text(run.t("text.rawDisk"), run.t("text.separateLog"))
                .effect(run.t("effect"), "SEED-001")
                .risk(run.t("risk")).build());
        f.add();
    }
}
