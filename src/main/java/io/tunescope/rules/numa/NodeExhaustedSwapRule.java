package io.tunescope.rules.numa;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.numa.NumaRow;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.numa.NumaTable;
import io.tunescope.model.numa.NumaVariant;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/**
 * NUMA-NODE-EXHAUSTED-SWAP ("swap insanity"): one node's free memory below 2 % while another has more
 * than 20 % free (numastat -m), and the host swaps (swap in use, or vmstat si/so above zero).
 */
public final class NodeExhaustedSwapRule extends BaseRule {
    static final Setting FULL = Setting.heuristic("fullFreePercent", "a node's free memory below", 2, "%");
    static final Setting FREE = Setting.heuristic("otherFreePercent", "while another node has free at least", 20, "%");

    public NodeExhaustedSwapRule() {
        super("NUMA-NODE-EXHAUSTED-SWAP", Topic.NUMA, "One node full while others are free, and swapping", List.of(Need.NUMASTAT),
                List.of("JCOLE-NUMA", "PERCONA-NUMA", "MYSQL-NUMA-COMMIT"), FULL, FREE);
    }

    @Override
    protected void check(Run run) {
        NumaTable m = null;
        String file = null;
        for (Loaded<NumaStats> l : run.e.numastat()) {
            if (!l.value().snapshots().isEmpty() && l.value().last().table(NumaVariant.MEMINFO) != null) {
                m = l.value().last().table(NumaVariant.MEMINFO);
                file = l.file().path();
            }
        }
        if (m == null || m.row("MemTotal") == null || m.row("MemFree") == null) {
            run.notApplicable("needs numastat -m (MemTotal and MemFree per node)");
            return;
        }
        NumaRow total = m.row("MemTotal");
        NumaRow free = m.row("MemFree");
        int full = -1;
        int roomy = -1;
        double fullPct = 100;
        double roomyPct = 0;
        for (int i = 0; i < m.nodes().size(); i++) {
            double t = total.value(i);
            if (t <= 0) {
                continue;
            }
            double p = free.value(i) / t * 100;
            if (p < fullPct) {
                fullPct = p;
                full = i;
            }
            if (p > roomyPct) {
                roomyPct = p;
                roomy = i;
            }
        }
        if (full < 0 || fullPct >= run.get(FULL) || roomyPct < run.get(FREE)) {
            run.pass("free memory per node between " + Fmt.num(fullPct) + " % and " + Fmt.num(roomyPct) + " %");
            return;
        }
        Optional<Fact> swapTotal = run.e.meminfo("SwapTotal");
        Optional<Fact> swapFree = run.e.meminfo("SwapFree");
        double used = swapTotal.isPresent() && swapFree.isPresent() ? swapTotal.get().number().orElse(0) - swapFree.get().number().orElse(0) : 0;
        double si = 0;
        TimeSeries siSeries = null;
        for (SeriesSet v : run.e.vmstat()) {
            for (String k : List.of("vmstat/si", "vmstat/so")) {
                TimeSeries t = v.byKey(k);
                if (t != null && !t.isEmpty() && t.max() > si) {
                    si = t.max();
                    siSeries = t;
                }
            }
        }
        if (used <= 0 && si <= 0) {
            run.pass("node " + m.nodes().get(full) + " is nearly full but the host does not swap");
            return;
        }
        var f = run.finding(75, "NUMA node " + m.nodes().get(full) + " has only " + Fmt.num(fullPct) + " % of its memory free while node "
                        + m.nodes().get(roomy) + " has " + Fmt.num(roomyPct) + " % free, and the host swaps: the classic NUMA 'swap insanity'.")
                .explain("When a large allocation (the buffer pool) fills one node under the default local policy, the kernel reclaims "
                        + "and swaps on that node although other nodes have free memory (Jeremy Cole's analysis). Interleaving the buffer "
                        + "pool spreads it over all nodes; zone reclaim must stay off.")
                .evidence("node " + m.nodes().get(full) + " MemFree", Fmt.num(free.value(full)) + " MB of " + Fmt.num(total.value(full)) + " MB",
                        SourceRef.of(file, free.line()))
                .evidence("node " + m.nodes().get(roomy) + " MemFree", Fmt.num(free.value(roomy)) + " MB of " + Fmt.num(total.value(roomy)) + " MB",
                        SourceRef.of(file, free.line()))
                .threshold(FULL).threshold(FREE);
        if (used > 0) {
            f.evidence("swap used", Fmt.bytes(used), swapFree.get().ref());
        }
        if (siSeries != null) {
            f.evidence("vmstat " + siSeries.metric().name() + " (max)", Fmt.num(si), siSeries.ref(0));
        }
        f.recommend(Recommendation.of("Interleave the buffer pool over all nodes and keep zone reclaim off")
                .ini(List.of("[mysqld]", "innodb_numa_interleave = ON   # only present in builds with libnuma"), "innodb_numa_interleave")
                .effect("Removes swap-induced stalls (no throughput number published); Percona's interleave with pre-faulting made a "
                        + "272 GB pool start in 4 min 38 s instead of 18 s.", "JCOLE-NUMA")
                .risk("Interleave makes most buffer-pool accesses remote by design and conflicts with binding (NUMA-CONFLICTING-POLICIES).")
                .build());
        f.recommend(Recommendation.of("Keep zone reclaim off and swapping rare")
                .bash("sysctl -w vm.zone_reclaim_mode=0", "sysctl -w vm.swappiness=1")
                .effect("The kernel allocates from other nodes before reclaiming.", "JCOLE-NUMA").build());
        f.add();
    }
}
