package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.analysis.evidence.PerfCounters;
import io.tunescope.model.perfstat.PerfStat;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU-PERF-NO-HW-COUNTERS: every perf stat output of the step has software events only, or its hardware events are
 * {@code <not supported>} (a VM without a virtual PMU) or {@code <not counted>}: IPC and cache analysis cannot be done
 * from this capture. An info note, so that the missing findings are not read as "no problem".
 */
public final class PerfNoHardwareRule extends BaseRule {

    public PerfNoHardwareRule() {
        super("CPU-PERF-NO-HW-COUNTERS", Topic.CPU, "No hardware counters: IPC and cache analysis unavailable", List.of(Need.PERF_STAT),
                List.of("PERF-STAT-MAN", "LIBVIRT-PMU"));
    }

    @Override
    protected void check(Run run) {
        List<PerfCounters> all = run.e.perfCounters();
        for (PerfCounters pc : all) {
            if (pc.hasHardwareCounts()) {
                run.pass(run.t("pass", pc.file()));
                return;
            }
        }
        PerfCounters pc = all.get(0);
        List<String> unsupported = new ArrayList<>();
        List<String> uncounted = new ArrayList<>();
        PerfStat.Counter firstHw = null;
        for (PerfCounters c : all) {
            for (PerfStat.Counter k : c.hardware()) {
                if (firstHw == null) {
                    firstHw = k;
                    pc = c;
                }
                List<String> to = k.status() == PerfStat.Status.NOT_COUNTED ? uncounted : unsupported;
                if (!to.contains(k.event())) {
                    to.add(k.event());
                }
            }
        }
        String summary;
        if (!unsupported.isEmpty()) {
            summary = run.t("summary.notSupported", String.join(", ", unsupported));
        } else if (!uncounted.isEmpty()) {
            summary = run.t("summary.notCounted", String.join(", ", uncounted));
        } else {
            List<String> sw = pc.stat().totals().stream().map(PerfStat.Counter::event).distinct().toList();
            summary = run.t("summary.softwareOnly", String.join(", ", sw));
        }
        var f = run.finding(30, summary).explain(run.t("explanation"));
        if (firstHw != null) {
            f.evidence(firstHw.event(), firstHw.printedValue(), pc.ref(firstHw.line()));
        } else {
            PerfStat.Counter k = pc.stat().totals().get(0);
            f.evidence(k.event(), k.printedValue() + (k.unit().isEmpty() ? "" : " " + k.unit()), pc.ref(k.line()));
        }
        f.recommend(Recommendation.of(run.t("action"))
                .bash("perf stat -e cycles,instructions -a -- sleep 1    # <not supported>: no PMU in this machine or VM",
                        "dmesg | grep -i -e 'perf' -e 'pmu'")
                .effect(run.t("effect"), "PERF-STAT-MAN").risk(run.t("risk")).build());
        f.recommend(Recommendation.of(run.t("action.vm"))
                .text("<features>", "  <pmu state='on'/>", "</features>")
                .effect(run.t("effect.vm"), "LIBVIRT-PMU").risk(run.t("risk.vm")).build());
        f.add();
    }
}
