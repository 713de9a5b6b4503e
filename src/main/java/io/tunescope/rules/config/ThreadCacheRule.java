package io.tunescope.rules.config;

import io.tunescope.analysis.config.StatusDelta;
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
 * CFG-THREAD-CACHE: under connection churn, many new connections had to create a thread
 * (Threads_created / Connections between the snapshots): thread_cache_size is below the churn. Sized from
 * the capture's own Max_used_connections. Not applicable with a thread pool.
 */
public final class ThreadCacheRule extends BaseRule {
    static final Setting MISS = Setting.heuristic("maxCreatedPercent", "new connections that created a thread above", 10, "%");
    static final Setting CHURN = Setting.heuristic("minConnectionsPerSecond", "new connections per second at least", 1, "/s");

    public ThreadCacheRule() {
        super("CFG-THREAD-CACHE", Topic.CONFIG, "Thread cache too small for the connection churn", List.of(Need.STATUS_DELTA),
                List.of("MYSQL-THREAD-CACHE", "MYSQLTUNER"), MISS, CHURN);
    }

    @Override
    protected void check(Run run) {
        if (run.e.setting("thread_handling").map(f -> f.unquoted().equalsIgnoreCase("pool-of-threads")).orElse(false)) {
            run.notApplicable(run.t("pool"));
            return;
        }
        StatusDelta.Result d = run.e.statusDelta().orElseThrow();
        Optional<StatusDelta.Row> created = d.row("Threads_created");
        Optional<StatusDelta.Row> conns = d.row("Connections");
        if (created.isEmpty() || conns.isEmpty()) {
            run.notApplicable(run.t("noCounters"));
            return;
        }
        double churn = conns.get().perSecond();
        double miss = conns.get().delta() > 0 ? created.get().delta() / conns.get().delta() : 0;
        if (!(churn >= run.get(CHURN)) || miss * 100 <= run.get(MISS)) {
            run.pass(run.t("pass", Fmt.num(conns.get().delta()), Fmt.num(created.get().delta())));
            return;
        }
        var cache = run.e.setting("thread_cache_size");
        double current = cache.flatMap(c -> c.number().isPresent() ? Optional.of(c.number().getAsDouble()) : Optional.empty()).orElse(0.0);
        double maxUsed = d.row("Max_used_connections").map(StatusDelta.Row::after).orElse(Double.NaN);
        var f = run.finding(miss >= 0.5 ? 45 : 35, run.t("summary", Fmt.pct(miss), Fmt.num(created.get().delta()), Fmt.num(conns.get().delta()),
                        Fmt.num(d.elapsedSeconds()), Fmt.num(current)))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.delta", "Threads_created"), Fmt.num(created.get().delta()), created.get().afterRef())
                .evidence(run.t("evidence.delta", "Connections"), Fmt.num(conns.get().delta()), conns.get().afterRef())
                .threshold(MISS).threshold(CHURN);
        cache.ifPresent(f::evidence);
        if (!Double.isNaN(maxUsed) && maxUsed > current) {
            long target = (long) Math.min(16384, Math.ceil(maxUsed));
            f.recommend(Recommendation.of(run.t("action"))
                    .sql(List.of(Sql.persist(run.e, "thread_cache_size", Long.toString(target)),
                            "-- " + run.t("derivation", Fmt.num(maxUsed))), "thread_cache_size")
                    .effect(run.t("effect"), "MYSQL-THREAD-CACHE").risk(run.t("risk")).build());
        } else {
            f.recommend(Recommendation.of(run.t("action.pool"))
                    .effect(run.t("effect.pool"), "MYSQL-THREAD-CACHE").risk(run.t("risk.pool")).build());
        }
        f.add();
    }
}
