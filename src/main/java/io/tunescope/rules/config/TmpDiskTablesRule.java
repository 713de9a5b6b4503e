package io.tunescope.rules.config;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/**
 * CFG-TMP-DISK-TABLES: a large share of the implicit temporary tables created during the run went to disk
 * (Created_tmp_disk_tables / Created_tmp_tables between the status snapshots). The fix is in the queries
 * first; the in-memory limit is the smaller of tmp_table_size and max_heap_table_size, said with both values.
 */
public final class TmpDiskTablesRule extends BaseRule {
    static final Setting SHARE = Setting.heuristic("maxDiskSharePercent", "share of temporary tables on disk above", 25, "%");
    static final Setting RATE = Setting.heuristic("minDiskPerSecond", "temporary tables on disk per second at least", 1, "/s");

    public TmpDiskTablesRule() {
        super("CFG-TMP-DISK-TABLES", Topic.CONFIG, "Temporary tables spill to disk", List.of(Need.STATUS_DELTA),
                List.of("MYSQL-TMP-TABLES", "MYSQLTUNER"), SHARE, RATE);
    }

    @Override
    protected void check(Run run) {
        StatusDelta.Result d = run.e.statusDelta().orElseThrow();
        Optional<StatusDelta.Row> disk = d.row("Created_tmp_disk_tables");
        Optional<StatusDelta.Row> all = d.row("Created_tmp_tables");
        if (disk.isEmpty() || all.isEmpty() || all.get().delta() <= 0) {
            run.notApplicable(run.t("noActivity"));
            return;
        }
        double share = disk.get().delta() / all.get().delta();
        double rate = disk.get().perSecond();
        if (share * 100 < run.get(SHARE) || !(rate >= run.get(RATE))) {
            run.pass(run.t("pass", Fmt.pct(share), Fmt.num(disk.get().delta()), Fmt.num(all.get().delta())));
            return;
        }
        var f = run.finding(share >= 0.5 ? 50 : 40, run.t("summary", Fmt.pct(share), Fmt.num(rate), Fmt.num(d.elapsedSeconds())))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.delta", "Created_tmp_disk_tables"), Fmt.num(disk.get().delta()), disk.get().afterRef())
                .evidence(run.t("evidence.delta", "Created_tmp_tables"), Fmt.num(all.get().delta()), all.get().afterRef())
                .threshold(SHARE).threshold(RATE);
        var tmp = run.e.setting("tmp_table_size");
        var heap = run.e.setting("max_heap_table_size");
        tmp.ifPresent(f::evidence);
        heap.ifPresent(f::evidence);
        Recommendation.Builder r = Recommendation.of(run.t("action"))
                .sql(List.of("SELECT DIGEST_TEXT, COUNT_STAR, SUM_CREATED_TMP_DISK_TABLES FROM performance_schema.events_statements_summary_by_digest",
                        "  ORDER BY SUM_CREATED_TMP_DISK_TABLES DESC LIMIT 10;"));
        f.recommend(r.effect(run.t("effect"), "MYSQL-TMP-TABLES").risk(run.t("risk")).build());
        if (tmp.isPresent() && heap.isPresent() && tmp.get().number().isPresent() && heap.get().number().isPresent()
                && tmp.get().number().getAsDouble() != heap.get().number().getAsDouble()) {
            double lo = Math.min(tmp.get().number().getAsDouble(), heap.get().number().getAsDouble());
            f.recommend(Recommendation.of(run.t("action.limit"))
                    .text(run.t("text.limit", Fmt.bytes(tmp.get().number().getAsDouble()), Fmt.bytes(heap.get().number().getAsDouble()), Fmt.bytes(lo)))
                    .effect(run.t("effect.limit"), "MYSQL-TMP-TABLES").risk(run.t("risk.limit")).build());
        }
        f.add();
    }
}
