package io.tunescope.rules.server;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Sql;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/**
 * SRV-READ-AHEAD: a large share of the pages InnoDB read ahead were evicted before any query used them
 * (Innodb_buffer_pool_read_ahead_evicted against Innodb_buffer_pool_read_ahead): read I/O spent on pages
 * nobody needed, and buffer-pool space taken from pages that were needed.
 */
public final class ReadAheadRule extends BaseRule {
    static final Setting WASTE = Setting.heuristic("maxEvictedPercent", "read-ahead pages evicted unused above", 20, "%");
    static final Setting RATE = Setting.heuristic("minReadAheadPerSecond", "read-ahead pages per second at least", 10, "/s");
    /** The documented range of innodb_read_ahead_threshold ends at 64: the least eager linear read-ahead. */
    private static final int THRESHOLD_MAX = 64;

    public ReadAheadRule() {
        super("SRV-READ-AHEAD", Topic.SERVER, "Read-ahead pages evicted unused", List.of(Need.STATUS_DELTA),
                List.of("MYSQL-READ-AHEAD", "MYSQL-STATUS-VARS", "MARIADB-INNODB-STATUS-VARS"), WASTE, RATE);
    }

    @Override
    protected void check(Run run) {
        StatusDelta.Result d = run.e.statusDelta().orElseThrow();
        Optional<StatusDelta.Row> ahead = Counters.row(d, "Innodb_buffer_pool_read_ahead");
        Optional<StatusDelta.Row> evicted = Counters.row(d, "Innodb_buffer_pool_read_ahead_evicted");
        if (ahead.isEmpty() || evicted.isEmpty()) {
            run.notApplicable(run.t("noCounters"));
            return;
        }
        Optional<StatusDelta.Row> rnd = Counters.row(d, "Innodb_buffer_pool_read_ahead_rnd");
        double read = ahead.get().delta();
        double waste = read > 0 ? evicted.get().delta() / read : 0;
        double rate = read / d.elapsedSeconds();
        String secs = Fmt.num(d.elapsedSeconds());
        if (waste * 100 <= run.get(WASTE) || !(rate >= run.get(RATE))) {
            run.pass(run.t("pass", Fmt.num(read), Fmt.num(evicted.get().delta()), Fmt.pct(waste), secs));
            return;
        }
        var f = run.finding(waste >= 0.5 ? 50 : 40, run.t("summary", Fmt.pct(waste), Fmt.num(evicted.get().delta()), Fmt.num(read), secs,
                        Counters.rate(rate)))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.delta", ahead.get().name()), Fmt.num(ahead.get().delta()), ahead.get().afterRef());
        rnd.filter(r -> r.delta() > 0).ifPresent(r -> f.evidence(run.t("evidence.delta", r.name()), Fmt.num(r.delta()), r.afterRef()));
        f.evidence(run.t("evidence.delta", evicted.get().name()), Fmt.num(evicted.get().delta()), evicted.get().afterRef())
                .threshold(WASTE).threshold(RATE);
        Optional<Fact> random = run.e.setting("innodb_random_read_ahead");
        Optional<Fact> threshold = run.e.setting("innodb_read_ahead_threshold");
        random.ifPresent(f::evidence);
        threshold.ifPresent(f::evidence);
        if (random.isPresent() && random.get().isOn()) {
            f.recommend(Recommendation.of(run.t("action.random"))
                    .sql(List.of(Sql.persist(run.e, "innodb_random_read_ahead", "OFF")), "innodb_random_read_ahead")
                    .effect(run.t("effect.random"), "MYSQL-READ-AHEAD").risk(run.t("risk.random")).build());
        }
        double now = Counters.number(threshold).orElse(Double.NaN);
        if (!Double.isNaN(now) && now < THRESHOLD_MAX) {
            f.recommend(Recommendation.of(run.t("action.threshold", Fmt.num(now)))
                    .sql(List.of(Sql.persist(run.e, "innodb_read_ahead_threshold", Integer.toString(THRESHOLD_MAX)),
                            "-- " + run.t("compare", evicted.get().name())), "innodb_read_ahead_threshold")
                    .effect(run.t("effect.threshold"), "MYSQL-READ-AHEAD").risk(run.t("risk.threshold")).build());
        }
        f.recommend(Recommendation.of(run.t("action.pool"))
                .text(run.t("text.pool", Counters.shown(run, "innodb_buffer_pool_size")))
                .effect(run.t("effect.pool"), "MYSQL-READ-AHEAD").risk(run.t("risk.pool")).build());
        f.add();
    }
}
