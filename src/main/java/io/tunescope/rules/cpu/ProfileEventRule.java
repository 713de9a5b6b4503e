package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.CpuHotspots;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.List;

/**
 * BUILD-SAMPLING-EVENT: the CPU profile was sampled with a software timer ({@code cpu-clock},
 * {@code task-clock}, what perf falls back to without a hardware PMU, e.g. in most VMs). Such a sample cannot
 * fire while interrupts are disabled, so it is attributed to where they are enabled again
 * ({@code finish_task_switch}, {@code _raw_spin_unlock_irqrestore}): kernel time around context switches and
 * spinlocks is over-counted there and the code that really ran is under-counted. Said before any hotspot rule
 * is read, with the share that landed on those frames.
 */
public final class ProfileEventRule extends BaseRule {
    public ProfileEventRule() {
        super("BUILD-SAMPLING-EVENT", Topic.BUILD, "Profile sampled with a software clock", List.of(Need.CPU_PROFILE),
                List.of("BGREGG-PERF"));
    }

    @Override
    protected void check(Run run) {
        CpuHotspots h = run.e.cpuHotspots().orElseThrow();
        if (h.event().isEmpty()) {
            run.notApplicable(run.t("noEvent", h.file()));
            return;
        }
        if (!h.softwareClock()) {
            run.pass(run.t("pass", h.event()));
            return;
        }
        double landed = h.selfShare(FutexContextSwitchRule.IRQ_RESTORE);
        run.finding(30, run.t("summary", h.file(), h.event(), Fmt.pct(landed)))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.event"), h.event(), SourceRef.of(h.file(), 0))
                .evidence(run.t("evidence.landed"), Fmt.pct(landed), SourceRef.of(h.file(), 0))
                .recommend(Recommendation.of(run.t("action"))
                        .bash("perf list hw    # empty in a VM without a virtual PMU",
                                "perf record -e cycles -F 99 -g -p $(pidof mariadbd || pidof mysqld) -- sleep 30")
                        .effect(run.t("effect"), "BGREGG-PERF")
                        .risk(run.t("risk")).build())
                .add();
    }
}
