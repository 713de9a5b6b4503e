package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.CpuHotspots;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * CPU-FUTEX-CONTEXT-SWITCH: futex and scheduler code take 10 % or more of the samples; when vmstat and
 * sysbench were captured, also more than 20 context switches per transaction.
 */
public final class FutexContextSwitchRule extends BaseRule {
    static final Setting FAMILY = Setting.heuristic("familyPercent", "futex/scheduler self share at least", 10, "%");
    static final Setting CS_PER_TRX = Setting.heuristic("csPerTransaction", "context switches per transaction above", 20, "");
    static final Predicate<String> FUTEX = CpuHotspots.anyOf("futex_wait*", "futex_wake*", "__lll_lock_wait", "__lll_unlock_wake",
            "pthread_cond_wait*", "pthread_cond_timedwait*", "os_event_wait*", "__schedule", "schedule", "finish_task_switch*",
            "futex_q_lock", "get_futex_key", "do_futex", "__futex_abstimed_wait_common*", "try_to_wake_up", "__x64_sys_futex",
            "__arm64_sys_futex", "_raw_spin_unlock_irqrestore", "native_queued_spin_lock_slowpath", "queued_spin_lock_slowpath");

    public FutexContextSwitchRule() {
        super("CPU-FUTEX-CONTEXT-SWITCH", Topic.CPU, "Too many runnable threads: futex and scheduler time", List.of(Need.CPU_PROFILE),
                List.of("MYSQL-TP", "BOOSTDB-TP", "PERCONA-TP"), FAMILY, CS_PER_TRX);
        dependsOn(HostSaturatedRule.ID, io.tunescope.rules.cpu.CgroupThrottledRule.ID);
    }

    /** Futex and wait primitives proper: the frames of threads blocking on locks and conditions. */
    static final Predicate<String> FUTEX_ONLY = CpuHotspots.anyOf("futex_wait*", "futex_wake*", "__lll_lock_wait", "__lll_unlock_wake",
            "pthread_cond_wait*", "pthread_cond_timedwait*", "os_event_wait*", "futex_q_lock", "get_futex_key", "do_futex",
            "__futex_abstimed_wait_common*", "__x64_sys_futex", "__arm64_sys_futex");
    /** Where a software clock's sample lands once interrupts are enabled again (context switch and irq-restore). */
    static final Predicate<String> IRQ_RESTORE = CpuHotspots.anyOf("finish_task_switch*", "_raw_spin_unlock_irqrestore",
            "irqentry_exit*", "__local_bh_enable_ip", "handle_softirqs");

    @Override
    protected void check(Run run) {
        CpuHotspots h = run.e.cpuHotspots().orElseThrow();
        double share = h.selfShare(FUTEX);
        if (share * 100 < run.get(FAMILY)) {
            run.pass(run.t("pass", Fmt.pct(share)));
            return;
        }
        double futex = h.selfShare(FUTEX_ONLY);
        if (h.softwareClock() && futex * 100 < run.get(FAMILY) / 2) {
            // a cpu-clock sample cannot fire while interrupts are off: it lands where they are enabled again
            // (finish_task_switch, _raw_spin_unlock_irqrestore), so the scheduler share is not lock contention
            run.pass(run.t("pass.softwareClock", Fmt.pct(share), Fmt.pct(futex), h.event()));
            return;
        }
        double cs = Double.NaN;
        TimeSeries csSeries = null;
        for (SeriesSet v : run.e.vmstat()) {
            TimeSeries t = v.byKey("vmstat/cs");
            if (t != null && !t.isEmpty()) {
                cs = t.mean();
                csSeries = t;
                break;
            }
        }
        double tps = run.e.measuredRuns().stream().mapToDouble(BenchRun::tps).filter(d -> !Double.isNaN(d)).average().orElse(Double.NaN);
        double perTrx = cs / tps;
        if (!Double.isNaN(perTrx) && perTrx <= run.get(CS_PER_TRX)) {
            run.pass(run.t("pass.fewSwitches", Fmt.pct(share), Fmt.num(perTrx)));
            return;
        }
        List<Map.Entry<String, Double>> top = h.matching(FUTEX);
        var f = run.finding(Double.isNaN(perTrx) ? 40 : scale(perTrx, run.get(CS_PER_TRX), 200, 50, 80), Double.isNaN(perTrx)
                        ? run.t("summary", Fmt.pct(share)) : run.t("summary.switches", Fmt.pct(share), Fmt.num(perTrx)))
                .explain(run.t("explanation"))
                .threshold(FAMILY)
                .frames(top.stream().map(Map.Entry::getKey).toList());
        if (!Double.isNaN(perTrx)) {
            f.threshold(CS_PER_TRX);
        }
        Hot.evidence(run, f, h, top, 4);
        if (csSeries != null) {
            f.evidence(run.t("evidence.cs"), Fmt.num(cs) + "/s", csSeries.ref(0));
        }
        f.recommend(Recommendation.of(run.t("action"))
                .text(run.t("text.threadPool"))
                .effect(run.t("effect"), "BOOSTDB-TP")
                .risk(run.t("risk")).build());
        io.tunescope.rules.cpu.CgroupThrottledRule.cpuCause(run, () -> run.t("saturated")).ifPresent(cause -> f.explainedBy(cause.finding(), cause.sentence()));
        f.add();
    }
}
