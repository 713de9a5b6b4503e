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
            run.pass("no device saturated with latency or queue evidence");
            return;
        }
        if (busy > run.get(CPU)) {
            run.pass(worst.name() + " is busy, but the CPU is too (" + Fmt.num(busy) + " %)");
            return;
        }
        double util = worst.util().mean();
        var f = run.finding(scale(busy, run.get(CPU), 0, 60, 85), "Device " + worst.name() + " is saturated (%util " + Fmt.num(util)
                        + " on average, await " + Fmt.num2(worst.meanAwait()) + " ms" + (Double.isNaN(worst.meanQueue()) ? ""
                        : ", queue " + Fmt.num2(worst.meanQueue())) + ") while the CPUs are only " + Fmt.num(busy)
                        + " % busy: the run is storage-bound.")
                .explain("High %util alone does not prove saturation for devices that serve requests in parallel (SSD, NVMe, RAID, "
                        + "virtual disks); the rule also requires high latency or a queue. With the CPUs mostly idle, faster or "
                        + "less-loaded storage (or less I/O: a larger buffer pool, IO-READ-MISS-BP) is what raises throughput.")
                .evidence(worst.name() + " %util (mean)", Fmt.num(util), worst.util().ref(0))
                .evidence(worst.name() + " await (mean)", Fmt.num2(worst.meanAwait()) + " ms", worst.anySeries().ref(0))
                .evidence("CPU busy (mean)", Fmt.num(busy) + " %", cpu.ref(0))
                .window(worst.util().firstTime(), worst.util().lastTime(), worst.util().clock().toString())
                .threshold(UTIL).threshold(SHARE).threshold(worst.nvme() ? AWAIT_NVME : AWAIT_OTHER).threshold(QUEUE).threshold(CPU);
        f.recommend(Recommendation.of("Reduce I/O demand first, then give the data faster or dedicated storage")
                .text("# VM: a pass-through (raw) data disk, or a better virtual disk layout (FusionCompute: cluster size 32K)",
                        "# move innodb_log_group_home_dir / log_bin to a separate low-latency device")
                .effect("Seed 001 (64-vCPU VM, 256 threads): raw disk 3,952 vs 3,107 TPS (+27 %); 32K cluster virtual disk 3,433 TPS.",
                        "SEED-001")
                .risk("Pass-through disks complicate live migration, HA and operations.").build());
        f.add();
    }
}
