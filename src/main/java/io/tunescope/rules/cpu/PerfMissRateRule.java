package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.analysis.evidence.PerfCounters;
import io.tunescope.model.perfstat.PerfEvents;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;
import java.util.ArrayList;
import java.util.List;

/**
 * CPU-PERF-MISS-RATE: perf stat shows a high miss ratio of the data TLB (page walks), the instruction TLB, the L1 data
 * cache or the last-level cache. Each ratio is misses over accesses of the same output (and, for interval output, of
 * the same intervals).
 */
public final class PerfMissRateRule extends BaseRule {
    static final Setting TLB = Setting.heuristic("tlbMissPercent", "TLB misses per TLB access at least", 1, "%");
    static final Setting L1D = Setting.heuristic("l1dMissPercent", "L1 data cache misses per load at least", 5, "%");
    static final Setting LLC = Setting.heuristic("llcMissPercent", "last-level cache misses per reference at least", 20, "%");

    /** One ratio the rule looks at (l2tlb: ARM's level-2 TLB refills, i.e. page walks, per level-1 data TLB access). */
    private record Check(String key, String misses, String accesses, Setting limit, boolean tlb) {
        /** Its name in the run's language (literal keys: the bundle test reads them from here). */
        String name(Run run) {
            return switch (key) {
                case "dtlb" -> run.t("name.dtlb");
                case "l2tlb" -> run.t("name.l2tlb");
                case "itlb" -> run.t("name.itlb");
                case "l1d" -> run.t("name.l1d");
                case "llc" -> run.t("name.llc");
                default -> run.t("name.llcLoads");
            };
        }
    }

    private static final List<Check> CHECKS = List.of(
            new Check("dtlb", PerfEvents.DTLB_MISSES, PerfEvents.DTLB_LOADS, TLB, true),
            new Check("l2tlb", PerfEvents.L2D_TLB_REFILL, PerfEvents.DTLB_LOADS, TLB, true),
            new Check("itlb", PerfEvents.ITLB_MISSES, PerfEvents.ITLB_LOADS, TLB, true),
            new Check("l1d", PerfEvents.L1D_MISSES, PerfEvents.L1D_LOADS, L1D, false),
            new Check("llc", PerfEvents.CACHE_MISSES, PerfEvents.CACHE_REFERENCES, LLC, false),
            new Check("llcLoads", PerfEvents.LLC_MISSES, PerfEvents.LLC_LOADS, LLC, false));

    public PerfMissRateRule() {
        super("CPU-PERF-MISS-RATE", Topic.CPU, "High cache or TLB miss rate", List.of(Need.PERF_STAT),
                List.of("PERF-STAT-MAN", "BGREGG-IPC"), TLB, L1D, LLC);
    }

    private record Hit(Check check, PerfCounters pc, PerfCounters.Ratio ratio, double limit) {
        double over() {
            return ratio.value() * 100 / limit;
        }
    }

    @Override
    protected void check(Run run) {
        List<Hit> seen = new ArrayList<>();
        PerfCounters first = null;
        for (PerfCounters pc : run.e.perfCounters()) {
            for (Check c : CHECKS) {
                var r = pc.ratio(c.misses(), c.accesses());
                if (r.isPresent()) {
                    if (first == null) {
                        first = pc;
                    }
                    if (pc == first) {
                        seen.add(new Hit(c, pc, r.get(), run.get(c.limit())));
                    }
                }
            }
        }
        if (seen.isEmpty()) {
            run.notApplicable(run.t("na"));
            return;
        }
        Hit worst = null;
        List<String> read = new ArrayList<>();
        // on ARM an L1D_TLB_REFILL may still hit the level-2 TLB: when the walks (L2D_TLB_REFILL) are counted, they decide
        boolean walks = seen.stream().anyMatch(h -> h.check().key().equals("l2tlb"));
        for (Hit h : seen) {
            read.add(h.check().name(run) + " " + Fmt.num2(h.ratio().value() * 100) + " %");
            if (walks && h.check().key().equals("dtlb")) {
                continue;
            }
            if (h.ratio().value() * 100 >= h.limit() && (worst == null || h.over() > worst.over())) {
                worst = h;
            }
        }
        String scope = PerfScope.describe(run, first);
        if (worst == null) {
            run.pass(run.t("pass", scope, String.join(", ", read)));
            return;
        }
        PerfCounters.Ratio r = worst.ratio();
        String name = worst.check().name(run);
        int score = scale(worst.over(), 1, 4, 40, 70) - (first.systemWide() ? 10 : 0);
        var f = run.finding(score, run.t("summary", scope, name, Fmt.num2(r.value() * 100), PerfScope.count(r.num()),
                        r.numerator().event(), PerfScope.count(r.den()), r.denominator().event(), Setting.format(worst.limit(), "%")))
                .explain(worst.check().tlb() ? run.t("explanation.tlb") : run.t("explanation.cache"));
        for (Hit h : seen) {
            PerfCounters.Ratio x = h.ratio();
            f.evidence(h.check().name(run), Fmt.num2(x.value() * 100) + " % = " + PerfScope.count(x.num()) + " "
                    + x.numerator().event() + " / " + PerfScope.count(x.den()) + " " + x.denominator().event(), h.pc().ref(x.numerator().line()));
        }
        if (r.multiplexed()) {
            f.evidence(run.t("evidence.multiplexed"), Fmt.num2(r.running()) + " %", first.ref(r.numerator().line()));
        }
        if (r.skipped() > 0) {
            f.evidence(run.t("evidence.skipped"), run.t("intervals.skipped", r.intervals(), r.skipped()), first.ref(r.numerator().line()));
        }
        f.threshold(worst.check().limit());
        if (worst.check().tlb()) {
            Recommendation.Builder b = Recommendation.of(run.t("action.tlb"))
                    .ini(List.of("[mysqld]", "large_pages = ON"), "large_pages");
            f.recommend(b.effect(run.t("effect.tlb"), "MYSQL-LARGE-PAGES").risk(run.t("risk.tlb")).build());
            f.cite("MYSQL-LARGE-PAGES");
        } else {
            f.recommend(Recommendation.of(run.t("action.cache"))
                    .bash("perf record -e " + r.numerator().event() + " -g -p " + PerfScope.pid(first) + " -- sleep 30",
                            "numastat -p " + PerfScope.pid(first))
                    .effect(run.t("effect.cache"), "BGREGG-IPC").risk(run.t("risk.cache")).build());
        }
        f.add();
    }
}
