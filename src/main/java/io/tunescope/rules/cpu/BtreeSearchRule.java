package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.CpuHotspots;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** CPU-BTREE-SEARCH-HOT: B-tree descent and record comparison take 15 % or more of the samples. */
public final class BtreeSearchRule extends BaseRule {
    static final Setting MIN = Setting.heuristic("familyPercent", "B-tree search self share at least", 15, "%");
    static final Predicate<String> BTREE = CpuHotspots.anyOf("btr_cur_search_to_nth_level", "btr_cur_t::search_leaf",
            "btr_cur_search_to_nth_level_func", "page_cur_search_with_match", "page_cur_search_with_match_bytes",
            "cmp_dtuple_rec_with_match", "cmp_dtuple_rec_with_match_low", "cmp_dtuple_rec", "cmp_data");

    public BtreeSearchRule() {
        super("CPU-BTREE-SEARCH-HOT", Topic.CPU, "Index traversal dominates", List.of(Need.CPU_PROFILE),
                List.of("MYSQL-AHI", "MDEV-37152", "MYSQLTUNER"), MIN);
    }

    @Override
    protected void check(Run run) {
        CpuHotspots h = run.e.cpuHotspots().orElseThrow();
        double share = h.selfShare(BTREE);
        if (share * 100 < run.get(MIN)) {
            run.pass(run.t("pass", Fmt.pct(share)));
            return;
        }
        List<Map.Entry<String, Double>> top = h.matching(BTREE);
        var f = run.finding(scale(share * 100, run.get(MIN), 40, 45, 70), run.t("summary", Fmt.pct(share), Hot.list(run, top, 3)))
                .explain(run.t("explanation"))
                .threshold(MIN)
                .frames(top.stream().map(Map.Entry::getKey).toList());
        Hot.evidence(run, f, h, top, 4);
        f.recommend(Recommendation.of(run.t("action"))
                .sql(List.of("SELECT DIGEST_TEXT, COUNT_STAR, SUM_ROWS_EXAMINED, SUM_ROWS_SENT FROM performance_schema.events_statements_summary_by_digest"
                        + " ORDER BY SUM_ROWS_EXAMINED DESC LIMIT 10;", "EXPLAIN FORMAT=TREE <query>;"))
                .effect(run.t("effect"), "MDEV-37152")
                .risk(run.t("risk")).build());
        f.add();
    }
}
