package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.analysis.evidence.PerfCounters;
import io.tunescope.model.perfstat.PerfEvents;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;
import java.util.List;
import java.util.Optional;

/**
 * CPU-PERF-IPC-LOW: perf stat counted fewer instructions than cycles (IPC below 1.0) on the server's process: the CPU
 * spends much of its time waiting, most often for memory. It says where the cycles go, not that the database is slow.
 */
public final class PerfIpcLowRule extends BaseRule {
    static final Setting IPC = Setting.source("ipcBelow", "instructions per cycle below", 1.0, "",
            "BGREGG-IPC");
    static final Setting MIN_CPUS = Setting.heuristic("minCpusBusy", "CPUs the counted process kept busy at least", 0.5, "");

    public PerfIpcLowRule() {
        super("CPU-PERF-IPC-LOW", Topic.CPU, "Low instructions per cycle on the server", List.of(Need.PERF_STAT),
                List.of("BGREGG-IPC", "AILAMAKI-1999", "PERF-STAT-MAN"), IPC, MIN_CPUS);
    }

    @Override
    protected void check(Run run) {
        PerfCounters pc = null;
        PerfCounters.Ratio r = null;
        for (PerfCounters c : run.e.perfCounters()) {
            Optional<PerfCounters.Ratio> x = c.ratio(PerfEvents.INSTRUCTIONS, PerfEvents.CYCLES);
            if (x.isPresent()) {
                pc = c;
                r = x.get();
                break;
            }
        }
        if (r == null) {
            run.notApplicable(run.t("na"));
            return;
        }
        String scope = PerfScope.describe(run, pc);
        double busy = pc.cpusUtilized();
        if (pc.process() && !Double.isNaN(busy) && busy < run.get(MIN_CPUS)) {
            run.pass(run.t("pass.idle", scope, Fmt.num2(busy), Fmt.num2(r.value())));
            return;
        }
        double ipc = r.value();
        double limit = run.get(IPC);
        if (ipc >= limit) {
            run.pass(run.t("pass", scope, Fmt.num2(ipc), Fmt.num2(limit)));
            return;
        }
        int score = scale(ipc, limit, limit * 0.3, 40, 70) - (pc.systemWide() ? 10 : 0);
        String summary = pc.systemWide()
                ? run.t("summary.host", scope, Fmt.num2(ipc), PerfScope.count(r.num()), PerfScope.count(r.den()), Fmt.num2(limit))
                : run.t("summary", scope, Fmt.num2(ipc), PerfScope.count(r.num()), PerfScope.count(r.den()), Fmt.num2(limit));
        var f = run.finding(score, summary)
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.instructions", r.numerator().event()), PerfScope.count(r.num()), pc.ref(r.numerator().line()))
                .evidence(run.t("evidence.cycles", r.denominator().event()), PerfScope.count(r.den()), pc.ref(r.denominator().line()))
                .evidence(run.t("evidence.ipc"), Fmt.num2(ipc) + " = " + PerfScope.count(r.num()) + " / " + PerfScope.count(r.den()),
                        pc.ref(r.numerator().line()))
                .threshold(IPC).threshold(MIN_CPUS);
        if (!Double.isNaN(busy)) {
            f.evidence(run.t("evidence.busy"), Fmt.num2(busy), pc.ref(pc.stat().elapsedLine() > 0 ? pc.stat().elapsedLine()
                    : r.numerator().line()));
        }
        if (r.multiplexed()) {
            f.evidence(run.t("evidence.multiplexed"), Fmt.num2(r.running()) + " %", pc.ref(r.numerator().line()));
        }
        if (r.intervals() > 0) {
            f.evidence(run.t("evidence.intervals"), r.skipped() > 0 ? run.t("intervals.skipped", r.intervals(), r.skipped())
                    : String.valueOf(r.intervals()), pc.ref(r.numerator().line()));
        }
        String pid = PerfScope.pid(pc);
        f.recommend(Recommendation.of(run.t("action"))
                .bash("perf stat -e cycles,instructions,cache-references,cache-misses,dTLB-loads,dTLB-load-misses -p " + pid + " -- sleep 30",
                        "perf record -F 99 -g -p " + pid + " -- sleep 30")
                .effect(run.t("effect"), "BGREGG-IPC").risk(run.t("risk")).build());
        f.add();
    }
}
