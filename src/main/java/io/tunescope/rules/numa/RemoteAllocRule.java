package io.tunescope.rules.numa;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.analysis.numa.NumaCell;
import io.tunescope.analysis.numa.RemoteAllocation;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.numa.NumaRow;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.numa.NumaTable;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;

/**
 * NUMA-REMOTE-ALLOC: other_node / (local_node + other_node) above 10 % on a node with a real share of the
 * allocations, measured between the first and last numastat snapshot (or since boot with one snapshot).
 */
public final class RemoteAllocRule extends BaseRule {
    static final Setting MAX = Setting.heuristic("maxRemotePercent", "remote allocation ratio above", 10, "%");
    static final Setting MIN_SHARE = Setting.heuristic("minNodeSharePercent", "node's share of all allocations at least", 5, "%");

    public RemoteAllocRule() {
        super("NUMA-REMOTE-ALLOC", Topic.NUMA, "Memory allocated away from the CPUs that asked for it", List.of(Need.NUMASTAT),
                List.of("SEED-001", "BOOSTDB-NUMA", "MYSQLONARM-CORE", "KP920-DISTANCES", "JCOLE-NUMA"), MAX, MIN_SHARE);
    }

    @Override
    protected void check(Run run) {
        NumaTable first = null;
        NumaTable last = null;
        String file = null;
        for (Loaded<NumaStats> l : run.e.numastat()) {
            List<NumaTable> counters = l.value().snapshots().stream().map(s -> s.counters()).filter(t -> t != null).toList();
            if (!counters.isEmpty()) {
                first = counters.get(0);
                last = counters.get(counters.size() - 1);
                file = l.file().path();
                break;
            }
        }
        if (last == null) {
            run.notApplicable(run.t("noCounters"));
            return;
        }
        boolean delta = first != last;
        double totalAll = 0;
        int n = last.nodes().size();
        double[] local = new double[n];
        double[] other = new double[n];
        for (int i = 0; i < n; i++) {
            int node = last.nodes().get(i);
            local[i] = last.value("local_node", node) - (delta ? first.value("local_node", node) : 0);
            other[i] = last.value("other_node", node) - (delta ? first.value("other_node", node) : 0);
            totalAll += local[i] + other[i];
        }
        if (n < 2 || totalAll <= 0) {
            run.pass(n < 2 ? run.t("singleNode") : run.t("pass.noAllocations"));
            return;
        }
        int worst = -1;
        double worstRatio = 0;
        for (int i = 0; i < n; i++) {
            double r = RemoteAllocation.ratio(local[i], other[i]);
            double share = (local[i] + other[i]) / totalAll;
            if (!Double.isNaN(r) && share * 100 >= run.get(MIN_SHARE) && r > worstRatio) {
                worstRatio = r;
                worst = i;
            }
        }
        if (worst < 0 || worstRatio * 100 <= run.get(MAX)) {
            run.pass(run.t("pass", Fmt.pct(worstRatio)));
            return;
        }
        double overall = RemoteAllocation.ratio(sum(local), sum(other));
        NumaRow row = last.row("other_node");
        SourceRef ref = SourceRef.of(file, row == null ? last.ref().line() : row.line());
        int node = last.nodes().get(worst);
        var f = run.finding(scale(worstRatio * 100, run.get(MAX), 50, 50, 85), delta
                        ? run.t("summary.capture", node, Fmt.pct(worstRatio), Fmt.pct(overall))
                        : run.t("summary.boot", node, Fmt.pct(worstRatio), Fmt.pct(overall)))
                .explain(run.t("explanation"))
                .cell(NumaCell.allocation(node, "other_node", ref))
                .threshold(MAX).threshold(MIN_SHARE);
        for (int i = 0; i < n; i++) {
            f.evidence(run.t("evidence.node", last.nodes().get(i)), Fmt.pct(RemoteAllocation.ratio(local[i], other[i])), ref);
        }
        java.util.Optional<NodePlan.Plan> plan = NodePlan.forServer(run);
        if (plan.isPresent()) {
            NodePlan.explain(f, plan.get());
        }
        if (plan.isPresent() && plan.get().ok()) {
            String nodes = plan.get().list();
            f.recommend(Recommendation.of(run.t("action.nodes", nodes))
                    .bash(NodePlan.withComment(run.t("text.plan", Fmt.num(plan.get().needMb()), nodes, Fmt.num(plan.get().availableMb())),
                            Servers.dropIn(run.e, "--cpunodebind=" + nodes + " --membind=" + nodes)))
                    .effect(run.t("effect"), "SEED-001")
                    .risk(run.t("risk")).build());
        } else if (plan.isPresent()) {
            f.recommend(Recommendation.of(run.t("action.noBinding"))
                    .bash(NodePlan.withComment(plan.get().refusal(), Servers.dropIn(run.e, "--interleave=all")))
                    .effect(run.t("effect.noBinding"), "JCOLE-NUMA")
                    .risk(run.t("risk.noBinding")).build());
        } else {
            f.recommend(Recommendation.of(run.t("action.measure"))
                    .bash(NodePlan.withComment(run.t("text.measure"), new String[] {"numastat -p $(pidof " + Servers.process(run.e) + ")",
                            "numastat -m", "numactl --hardware"}))
                    .effect(run.t("effect.measure"), "JCOLE-NUMA")
                    .risk(run.t("risk.measure")).build());
        }
        f.add();
    }

    private static double sum(double[] a) {
        double s = 0;
        for (double d : a) {
            s += d;
        }
        return s;
    }
}
