package io.tunescope.rules.numa;

import io.tunescope.analysis.evidence.CpuList;
import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.numa.NumaRow;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.numa.NumaTable;
import io.tunescope.model.numa.NumaTopology;
import io.tunescope.model.numa.NumaVariant;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which NUMA nodes a process (the server, or a VM) can be bound to without running out of memory, derived from
 * the capture: the nodes it may use (its cpuset and mems_allowed), the memory it needs (numastat -p, else the
 * buffer pool) and each node's free memory (numastat -m, else numactl --hardware) plus the pages it already holds
 * there. Nodes are added nearest first (numactl distances, else the same socket, else by number) from the node
 * that holds most of the process's memory until they hold the need with {@link #HEADROOM} to spare. When that
 * takes every node, or the nodes cannot hold it, there is no binding to recommend, and the plan says why with
 * the numbers.
 */
final class NodePlan {
    /** Memory kept free on the chosen nodes beyond the process's need (page cache, other processes, growth). */
    static final double HEADROOM = 1.15;

    /** One step of the derivation: what was read, its value and where. */
    record Line(String label, String value, SourceRef ref) {
    }

    /**
     * @param nodes   the nodes to bind to, ascending; empty when there is no safe binding
     * @param refusal why there is no binding (in the run's language), empty when there is one
     */
    record Plan(List<Integer> nodes, double needMb, double availableMb, List<Line> derivation, String refusal) {
        boolean ok() {
            return !nodes.isEmpty();
        }

        /** The node list as numactl and libvirt take it: {@code 2,3}. */
        String list() {
            return String.join(",", nodes.stream().map(String::valueOf).toList());
        }
    }

    private NodePlan() {
    }

    /**
     * Plans a binding for a process that needs {@code needMb} (read at {@code needRef}) and already has {@code ownMb}
     * on each node (empty when unknown); {@code needLabel} says what the need is.
     */
    static Plan of(BaseRule.Run run, String needLabel, double needMb, SourceRef needRef, Map<Integer, Double> ownMb) {
        Evidence e = run.e;
        List<Line> how = new ArrayList<>();
        how.add(new Line(needLabel, Fmt.num(needMb) + " MB", needRef));
        Map<Integer, Double> free = new TreeMap<>();
        SourceRef freeRef = freeMemory(e, free);
        if (free.isEmpty()) {
            return new Plan(List.of(), needMb, 0, how, run.t("plan.noFree"));
        }
        TreeSet<Integer> candidates = new TreeSet<>(free.keySet());
        Map<Integer, BitSet> nodeCpus = e.nodeCpus();
        if (!nodeCpus.isEmpty()) {
            candidates.removeIf(n -> !nodeCpus.containsKey(n) || nodeCpus.get(n).isEmpty());
        }
        Optional<Fact> mems = e.allowedMems();
        if (mems.isPresent()) {
            BitSet m = CpuList.parse(mems.get().value());
            if (!m.isEmpty()) {
                candidates.removeIf(n -> !m.get(n));
                how.add(new Line(mems.get().name().startsWith("/") ? run.t("plan.cgroupMems", mems.get().name()) : run.t("plan.mems"),
                        mems.get().value(), mems.get().ref()));
            }
        }
        Optional<Fact> cpus = e.allowedCpus();
        if (cpus.isPresent() && !nodeCpus.isEmpty()) {
            BitSet c = CpuList.parse(cpus.get().value());
            if (!c.isEmpty()) {
                candidates.removeIf(n -> !nodeCpus.containsKey(n) || !nodeCpus.get(n).intersects(c));
                how.add(new Line(cpus.get().name().startsWith("/") ? run.t("plan.cgroupCpus", cpus.get().name()) : run.t("plan.cpus"),
                        cpus.get().value(), cpus.get().ref()));
            }
        }
        Map<Integer, Double> available = new LinkedHashMap<>();
        for (int n : free.keySet()) {
            double own = ownMb.getOrDefault(n, 0.0);
            double a = free.get(n) + own;
            available.put(n, a);
            how.add(new Line(run.t("plan.node", n), own > 0 ? run.t("plan.freeOwn", Fmt.num(free.get(n)), Fmt.num(own), Fmt.num(a))
                    : run.t("plan.free", Fmt.num(free.get(n))), freeRef));
        }
        double want = needMb * HEADROOM;
        how.add(new Line(run.t("plan.want"), run.t("plan.wantValue", Fmt.num(needMb), Fmt.num(want)), null));
        if (candidates.isEmpty()) {
            return new Plan(List.of(), needMb, 0, how, run.t("plan.noCandidates"));
        }
        int start = candidates.stream().max(Comparator.comparingDouble((Integer n) -> ownMb.getOrDefault(n, 0.0))
                .thenComparingDouble(available::get)).orElseThrow();
        List<Integer> order = new ArrayList<>(candidates);
        Optional<NumaTopology> topo = e.numaTopology().map(Loaded::value);
        int sockets = e.sockets().orElse(0);
        int perSocket = sockets > 0 ? Math.max(1, free.size() / sockets) : 0;
        order.sort(Comparator.comparingInt((Integer n) -> distance(topo, start, n, perSocket)).thenComparingInt(n -> n));
        List<Integer> chosen = new ArrayList<>();
        double sum = 0;
        for (int n : order) {
            chosen.add(n);
            sum += available.get(n);
            if (sum >= want) {
                break;
            }
        }
        if (sum < want) {
            return new Plan(List.of(), needMb, sum, how, run.t("plan.tooSmall", Fmt.num(sum), String.join(",", order.stream().map(String::valueOf).toList()),
                    Fmt.num(want)));
        }
        if (chosen.size() == free.size()) {
            return new Plan(List.of(), needMb, sum, how, run.t("plan.allNodes", chosen.size()));
        }
        chosen.sort(Integer::compare);
        return new Plan(List.copyOf(chosen), needMb, sum, how, "");
    }

    /**
     * The server's plan: its numastat -p table (mysqld, mariadbd) when captured, else its buffer pool as the least it
     * needs; empty when the capture has neither.
     */
    static Optional<Plan> forServer(BaseRule.Run run) {
        for (ProcessTables.Proc p : ProcessTables.of(run.e)) {
            String c = p.command().toLowerCase(java.util.Locale.ROOT);
            if (c.contains("mysqld") || c.contains("mariadbd")) {
                return Optional.of(of(run, run.t("plan.needProcess", p.command(), p.pid()), p.total(), SourceRef.of(p.file(), p.line()), p.mb()));
            }
        }
        Optional<Fact> pool = run.e.setting("innodb_buffer_pool_size");
        if (pool.isPresent() && pool.get().number().isPresent()) {
            return Optional.of(of(run, run.t("plan.needPool"), pool.get().number().getAsDouble() / (1024 * 1024), pool.get().ref(), Map.of()));
        }
        return Optional.empty();
    }

    /** Adds the plan's derivation to a finding's evidence. */
    static void explain(BaseRule.FindingBuilder f, Plan plan) {
        for (Line l : plan.derivation()) {
            f.evidence(l.label(), l.value(), l.ref());
        }
    }

    /**
     * The first CPU of each chosen node that the process may run on (its Cpus_allowed_list), for a VM's vcpupin
     * example; empty when node CPUs are unknown.
     */
    static String firstCpus(Evidence e, Plan plan) {
        BitSet allowed = e.allowedCpus().map(f -> CpuList.parse(f.value())).orElse(new BitSet());
        List<String> out = new ArrayList<>();
        for (int n : plan.nodes()) {
            BitSet c = e.nodeCpus().get(n);
            if (c == null || c.isEmpty()) {
                continue;
            }
            BitSet use = (BitSet) c.clone();
            if (!allowed.isEmpty()) {
                use.and(allowed);
            }
            if (!use.isEmpty()) {
                out.add(Integer.toString(use.nextSetBit(0)));
            }
        }
        return String.join(",", out);
    }

    /** A command block that starts with its derivation as a shell comment. */
    static String[] withComment(String comment, String[] lines) {
        String[] out = new String[lines.length + 1];
        out[0] = "# " + comment;
        System.arraycopy(lines, 0, out, 1, lines.length);
        return out;
    }

    /** Node distance from numactl --hardware; else 10 on the same socket and 20 across; else by number. */
    private static int distance(Optional<NumaTopology> topo, int from, int to, int perSocket) {
        if (topo.isPresent() && topo.get().hasDistances() && topo.get().nodes().contains(from) && topo.get().nodes().contains(to)) {
            return topo.get().distance(from, to);
        }
        if (perSocket > 0) {
            return from == to ? 0 : from / perSocket == to / perSocket ? 10 : 20;
        }
        return from == to ? 0 : 10 + Math.abs(from - to);
    }

    /** Fills {@code out} with free MB per node: numastat -m MemFree (last snapshot), else numactl --hardware. */
    private static SourceRef freeMemory(Evidence e, Map<Integer, Double> out) {
        for (Loaded<NumaStats> l : e.numastat()) {
            if (l.value().snapshots().isEmpty()) {
                continue;
            }
            NumaTable t = l.value().last().table(NumaVariant.MEMINFO);
            NumaRow row = t == null ? null : t.row("MemFree");
            if (row == null) {
                continue;
            }
            for (int i = 0; i < t.nodes().size(); i++) {
                out.put(t.nodes().get(i), row.value(i));
            }
            return SourceRef.of(l.file().path(), row.line());
        }
        Optional<Loaded<NumaTopology>> topo = e.numaTopology();
        if (topo.isPresent() && !topo.get().value().freeMb().isEmpty()) {
            topo.get().value().freeMb().forEach((n, mb) -> out.put(n, mb.doubleValue()));
            return SourceRef.of(topo.get().file().path(), 0);
        }
        return null;
    }
}
