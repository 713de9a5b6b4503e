package io.tunescope.rules.io;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/** IO-READ-MISS-BP: buffer-pool misses (Innodb_buffer_pool_reads / read_requests) above 1 % during the run. */
public final class ReadMissRule extends BaseRule {
    static final Setting MISS = Setting.heuristic("maxMissPercent", "buffer pool miss ratio above", 1, "%");
    static final Setting MIN_READS = Setting.heuristic("minReadsPerSecond", "disk reads per second at least", 50, "/s");

    public ReadMissRule() {
        super("IO-READ-MISS-BP", Topic.IO, "Buffer pool too small for the working set",
                List.of(Need.STATUS_DELTA), List.of("MYSQLTUNER", "MYSQL-BP-RESIZE"), MISS, MIN_READS);
    }

    @Override
    protected void check(Run run) {
        StatusDelta.Result d = run.e.statusDelta().orElseThrow();
        Optional<StatusDelta.Row> reads = d.row("Innodb_buffer_pool_reads");
        Optional<StatusDelta.Row> req = d.row("Innodb_buffer_pool_read_requests");
        if (reads.isEmpty() || req.isEmpty() || req.get().delta() <= 0) {
            run.notApplicable(run.t("noActivity"));
            return;
        }
        double ratio = reads.get().delta() / req.get().delta();
        double rate = reads.get().perSecond();
        if (ratio * 100 <= run.get(MISS) || rate < run.get(MIN_READS)) {
            run.pass(run.t("pass", Fmt.pct(ratio), Fmt.num(rate)));
            return;
        }
        var f = run.finding(scale(ratio * 100, run.get(MISS), 10, 50, 80), run.t("summary", Fmt.pct(ratio), Fmt.num(rate), Fmt.num(d.elapsedSeconds())))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.delta", "Innodb_buffer_pool_reads"), Fmt.num(reads.get().delta()), reads.get().afterRef())
                .evidence(run.t("evidence.delta", "Innodb_buffer_pool_read_requests"), Fmt.num(req.get().delta()), req.get().afterRef())
                .threshold(MISS).threshold(MIN_READS);
        run.e.setting("innodb_buffer_pool_size").ifPresent(f::evidence);
        f.recommend(Recommendation.of(run.t("action"))
                .sql(List.of(io.tunescope.rules.Sql.persist(run.e, "innodb_buffer_pool_size", "96*1024*1024*1024"), "-- a multiple of innodb_buffer_pool_chunk_size x innodb_buffer_pool_instances; resized online"),
                        "innodb_buffer_pool_size")
                .effect(run.t("effect"), "MYSQLTUNER")
                .risk(run.t("risk")).build());
        f.add();
    }
}
