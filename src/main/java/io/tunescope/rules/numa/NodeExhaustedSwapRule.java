package io.tunescope.rules.numa;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.analysis.numa.NumaCell;
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
            run.notApplicable(run.t("needs"));
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
            run.pass(run.t("pass.range", Fmt.num(fullPct), Fmt.num(roomyPct)));
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
            run.pass(run.t("pass.noSwap", m.nodes().get(full)));
            return;
        }
        var f = run.finding(85, run.t("summary", m.nodes().get(full), Fmt.num(fullPct), m.nodes().get(roomy), Fmt.num(roomyPct)))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.nodeFree", m.nodes().get(full)), run.t("evidence.mbOf", Fmt.num(free.value(full)),
                        Fmt.num(total.value(full))), SourceRef.of(file, free.line()))
                .evidence(run.t("evidence.nodeFree", m.nodes().get(roomy)), run.t("evidence.mbOf", Fmt.num(free.value(roomy)),
                        Fmt.num(total.value(roomy))), SourceRef.of(file, free.line()))
                .cell(NumaCell.memory(free.label(), m.nodes().get(full), SourceRef.of(file, free.line())))
                .threshold(FULL).threshold(FREE);
        if (used > 0) {
            f.evidence(run.t("evidence.swapUsed"), Fmt.bytes(used), swapFree.get().ref());
        }
        if (siSeries != null) {
            f.evidence(run.t("evidence.vmstatMax", siSeries.metric().name()), Fmt.num(si), siSeries.ref(0));
        }
        f.recommend(Recommendation.of(run.t("action.interleave"))
                .ini(io.tunescope.rules.OptionEdit.set(run.e, run.locale, "innodb_numa_interleave", "ON   # only present in builds with libnuma"),
                        "innodb_numa_interleave")
                .effect(run.t("effect.interleave"), "JCOLE-NUMA")
                .risk(run.t("risk.interleave"))
                .build());
        f.recommend(Recommendation.of(run.t("action.zoneReclaim"))
                .bash("sysctl -w vm.zone_reclaim_mode=0", "sysctl -w vm.swappiness=1")
                .effect(run.t("effect.zoneReclaim"), "JCOLE-NUMA").build());
        f.add();
    }
}
