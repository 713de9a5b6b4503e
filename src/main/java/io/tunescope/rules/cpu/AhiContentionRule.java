package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.CpuHotspots;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Sql;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** CFG-AHI-CONTENTION: adaptive hash index maintenance and lookups take 5 % or more of the samples. */
public final class AhiContentionRule extends BaseRule {
    static final Setting MIN = Setting.heuristic("familyPercent", "btr_search_* self share at least", 5, "%");
    static final Predicate<String> AHI = CpuHotspots.anyOf("btr_search_guess_on_hash", "btr_search_update_hash_ref", "btr_search_info_update",
            "btr_search_info_update_slow", "btr_search_build_page_hash_index", "btr_search_drop_page_hash_index", "ha_insert_for_fold_func",
            "ha_search_and_update_if_found_func", "btr_search_update_hash_on_insert", "btr_search_update_hash_node_on_insert",
            "btr_search_s_lock*", "btr_search_x_lock*");

    public AhiContentionRule() {
        super("CFG-AHI-CONTENTION", Topic.CONFIG, "Adaptive hash index hot", List.of(Need.CPU_PROFILE),
                List.of("MYSQL-AHI", "MYSQLTUNER", "MARIADB-AHI"), MIN);
    }

    @Override
    protected void check(Run run) {
        CpuHotspots h = run.e.cpuHotspots().orElseThrow();
        double share = h.selfShare(AHI);
        if (share * 100 < run.get(MIN)) {
            run.pass(run.t("pass", Fmt.pct(share)));
            return;
        }
        List<Map.Entry<String, Double>> top = h.matching(AHI);
        var f = run.finding(scale(share * 100, run.get(MIN), 25, 45, 80), run.t("summary", Fmt.pct(share), Hot.list(run, top, 3)))
                .explain(run.t("explanation"))
                .threshold(MIN)
                .frames(top.stream().map(Map.Entry::getKey).toList());
        Hot.evidence(run, f, h, top, 4);
        f.recommend(Recommendation.of(run.t("action"))
                .sql(List.of(Sql.persist(run.e, "innodb_adaptive_hash_index", "OFF")), "innodb_adaptive_hash_index")
                .effect(run.t("effect"), "MYSQL-AHI")
                .risk(run.t("risk")).build());
        f.add();
    }
}
