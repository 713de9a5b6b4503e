package io.tunescope.rules.numa;

import io.tunescope.analysis.evidence.CpuList;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.analysis.numa.NumaCell;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * NUMA-MEMORY-AWAY-FROM-CPUS: more than 30 % of the bound server process's memory (numastat -p) lives on
 * nodes that hold none of its allowed CPUs.
 */
public final class MemoryAwayFromCpusRule extends BaseRule {
    static final Setting MAX = Setting.heuristic("maxAwayPercent", "process memory on nodes without its CPUs above", 30, "%");

    public MemoryAwayFromCpusRule() {
        super("NUMA-MEMORY-AWAY-FROM-CPUS", Topic.NUMA, "Process memory on other nodes than its CPUs",
                List.of(Need.NUMASTAT), List.of("SEED-001", "KP920-DISTANCES", "JCOLE-NUMA"), MAX);
    }

    @Override
    protected void check(Run run) {
        Optional<Fact> cpus = run.e.allowedCpus();
        Map<Integer, BitSet> nodeCpus = run.e.nodeCpus();
        List<ProcessTables.Proc> procs = ProcessTables.of(run.e);
        if (cpus.isEmpty() || nodeCpus.isEmpty() || procs.isEmpty()) {
            run.notApplicable(run.t("needs"));
            return;
        }
        BitSet allowed = CpuList.parse(cpus.get().value());
        TreeSet<Integer> cpuNodes = new TreeSet<>();
        for (var e : nodeCpus.entrySet()) {
            if (e.getValue().intersects(allowed)) {
                cpuNodes.add(e.getKey());
            }
        }
        ProcessTables.Proc p = procs.stream().max((a, b) -> Double.compare(a.total(), b.total())).orElseThrow();
        double away = 0;
        List<String> awayNodes = new ArrayList<>();
        int mostAway = -1;
        for (var e : p.mb().entrySet()) {
            if (!cpuNodes.contains(e.getKey()) && e.getValue() > 0) {
                away += e.getValue();
                awayNodes.add(Integer.toString(e.getKey()));
                if (mostAway < 0 || e.getValue() > p.mb().get(mostAway)) {
                    mostAway = e.getKey();
                }
            }
        }
        double share = p.total() > 0 ? away / p.total() : 0;
        if (share * 100 <= run.get(MAX)) {
            run.pass(run.t("pass", Fmt.pct(share), p.command()));
            return;
        }
        String cpuNodeList = String.join(",", cpuNodes.stream().map(String::valueOf).toList());
        String awayList = String.join(",", awayNodes);
        var f = run.finding(scale(share * 100, run.get(MAX), 90, 50, 85), p.command().isEmpty()
                        ? run.t("summary.noCommand", Fmt.pct(share), Fmt.num(away), Fmt.num(p.total()), awayList, cpuNodeList)
                        : run.t("summary", Fmt.pct(share), p.command(), Fmt.num(away), Fmt.num(p.total()), awayList, cpuNodeList))
                .explain(run.t("explanation"))
                .evidence(cpus.get())
                .evidence(run.t("evidence.perNode", p.command()), p.mb().toString(), SourceRef.of(p.file(), p.line()))
                .cell(NumaCell.process(p.pid(), p.command(), mostAway, SourceRef.of(p.file(), p.line())))
                .threshold(MAX);
        // bind memory where the CPUs are only when those nodes can hold the process: its pages there plus their free memory
        NodePlan.Plan plan = NodePlan.of(run, run.t("plan.needProcess", p.command(), p.pid()), p.total(), SourceRef.of(p.file(), p.line()), p.mb());
        NodePlan.explain(f, plan);
        boolean fits = plan.ok() && cpuNodes.containsAll(plan.nodes());
        if (fits) {
            String nodes = plan.list();
            f.recommend(Recommendation.of(run.t("action"))
                    .bash(NodePlan.withComment(run.t("text.plan", Fmt.num(plan.needMb()), nodes, Fmt.num(plan.availableMb())),
                            Servers.dropIn(run.e, "--cpunodebind=" + nodes + " --membind=" + nodes)))
                    .effect(run.t("effect"), "SEED-001")
                    .risk(run.t("risk")).build());
        } else {
            f.recommend(Recommendation.of(run.t("action.noBinding", cpuNodeList))
                    .bash(NodePlan.withComment(plan.ok() ? run.t("text.needsMore", cpuNodeList, plan.list()) : plan.refusal(),
                            new String[] {"numastat -m", "numastat -p " + (p.pid() > 0 ? Integer.toString(p.pid()) : "$(pidof " + Servers.process(run.e) + ")")}))
                    .effect(run.t("effect.noBinding"), "JCOLE-NUMA")
                    .risk(run.t("risk.noBinding")).build());
        }
        f.add();
    }
}
