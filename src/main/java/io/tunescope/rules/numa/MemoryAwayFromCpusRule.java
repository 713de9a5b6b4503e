package io.tunescope.rules.numa;

import io.tunescope.analysis.evidence.CpuList;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
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
                List.of(Need.NUMASTAT, Need.PROCESS_BINDING), List.of("SEED-001", "KP920-DISTANCES", "JCOLE-NUMA"), MAX);
    }

    @Override
    protected void check(Run run) {
        Optional<Fact> cpus = run.e.binding("cpus_allowed_list");
        Map<Integer, BitSet> nodeCpus = run.e.nodeCpus();
        List<ProcessTables.Proc> procs = ProcessTables.of(run.e);
        if (cpus.isEmpty() || nodeCpus.isEmpty() || procs.isEmpty()) {
            run.notApplicable("needs numastat -p of the server, its Cpus_allowed_list and the CPUs of each node (lscpu or numactl --hardware)");
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
        for (var e : p.mb().entrySet()) {
            if (!cpuNodes.contains(e.getKey()) && e.getValue() > 0) {
                away += e.getValue();
                awayNodes.add(Integer.toString(e.getKey()));
            }
        }
        double share = p.total() > 0 ? away / p.total() : 0;
        if (share * 100 <= run.get(MAX)) {
            run.pass(Fmt.pct(share) + " of " + p.command() + " memory outside its CPU nodes");
            return;
        }
        String cpuNodeList = String.join(",", cpuNodes.stream().map(String::valueOf).toList());
        var f = run.finding(scale(share * 100, run.get(MAX), 90, 55, 80), Fmt.pct(share) + " of " + (p.command().isEmpty() ? "the process"
                        : p.command()) + "'s memory (" + Fmt.num(away) + " of " + Fmt.num(p.total()) + " MB) is on node(s) "
                        + String.join(",", awayNodes) + ", while its CPUs are on node(s) " + cpuNodeList + ".")
                .explain("The process is bound to CPUs of some nodes but its memory was allocated elsewhere (before the binding, by "
                        + "another policy, or because the local node was full), so most of its memory accesses cross the "
                        + "interconnect.")
                .evidence(cpus.get())
                .evidence(p.command() + " memory per node (MB)", p.mb().toString(), SourceRef.of(p.file(), p.line()))
                .threshold(MAX);
        f.recommend(Recommendation.of("Bind memory to the nodes of the allowed CPUs and restart the process so its memory is reallocated")
                .bash("numactl --cpunodebind=" + cpuNodeList + " --membind=" + cpuNodeList + " /usr/sbin/mysqld --defaults-file=/etc/my.cnf",
                        "# VMs (libvirt): <numatune><memory mode='strict' nodeset='" + cpuNodeList + "'/></numatune>")
                .effect("Seed 001: 48-vCPU VM with CPU and memory bound (+ raw disk) 4,297 vs 3,952 TPS (+9 %).", "SEED-001")
                .risk("Strict binding can run the node out of memory (swap, OOM).").build());
        f.add();
    }
}
