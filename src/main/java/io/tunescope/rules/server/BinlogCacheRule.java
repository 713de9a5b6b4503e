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

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * SRV-BINLOG-CACHE: transactions (Binlog_cache_*) or non-transactional statements (Binlog_stmt_cache_*)
 * whose binary-log events outgrew the session cache and went to a temporary file during the run. Sized
 * from the capture only where it says how large the transactions are (MariaDB's Binlog_bytes_written per
 * transaction); otherwise the recommendation says what to measure.
 */
public final class BinlogCacheRule extends BaseRule {
    static final Setting SHARE = Setting.heuristic("maxDiskSharePercent", "binlog cache uses that went to disk above", 10, "%");
    static final Setting RATE = Setting.heuristic("minDiskPerSecond", "binlog cache disk uses per second at least", 1, "/s");

    public BinlogCacheRule() {
        super("SRV-BINLOG-CACHE", Topic.SERVER, "Binary log cache spills to disk", List.of(Need.STATUS_DELTA),
                List.of("MYSQL-BINLOG-CACHE", "MYSQL-STATUS-VARS", "MARIADB-STATUS-VARS"), SHARE, RATE);
    }

    /** One of the two caches: its counters, its size variable, and what the run did with it. */
    private record Cache(String kind, String variable, StatusDelta.Row disk, StatusDelta.Row use) {
        double share() {
            return use.delta() > 0 ? disk.delta() / use.delta() : 0;
        }
    }

    @Override
    protected void check(Run run) {
        Optional<Fact> logBin = run.e.setting("log_bin");
        if (logBin.isPresent() && !logBin.get().isOn()) {
            run.notApplicable(run.t("off", logBin.get().value()));
            return;
        }
        StatusDelta.Result d = run.e.statusDelta().orElseThrow();
        List<Cache> caches = new ArrayList<>();
        cache(d, "trx", "binlog_cache_size", "Binlog_cache_disk_use", "Binlog_cache_use").ifPresent(caches::add);
        cache(d, "stmt", "binlog_stmt_cache_size", "Binlog_stmt_cache_disk_use", "Binlog_stmt_cache_use").ifPresent(caches::add);
        if (caches.isEmpty()) {
            run.notApplicable(run.t("noCounters"));
            return;
        }
        List<Cache> spilling = caches.stream()
                .filter(c -> c.share() * 100 > run.get(SHARE) && c.disk().perSecond() >= run.get(RATE)).toList();
        String secs = Fmt.num(d.elapsedSeconds());
        if (spilling.isEmpty()) {
            List<String> parts = new ArrayList<>();
            for (Cache c : caches) {
                parts.add(run.t("pass.cache", c.disk().name(), Fmt.num(c.disk().delta()), c.use().name(), Fmt.num(c.use().delta()),
                        c.variable(), Counters.shown(run, c.variable())));
            }
            run.pass(run.t("pass", String.join(run.t("separator"), parts), secs));
            return;
        }
        for (Cache c : spilling) {
            String size = Counters.shown(run, c.variable());
            var f = run.finding(c.share() >= 0.5 ? 50 : 40, run.t("summary", Fmt.pct(c.share()), c.use().name(), Fmt.num(c.disk().delta()),
                            Fmt.num(c.use().delta()), secs, Counters.rate(c.disk().perSecond()), c.variable(), size))
                    .explain(run.t("explanation"))
                    .evidence(run.t("evidence.delta", c.disk().name()), Fmt.num(c.disk().delta()), c.disk().afterRef())
                    .evidence(run.t("evidence.delta", c.use().name()), Fmt.num(c.use().delta()), c.use().afterRef())
                    .threshold(SHARE).threshold(RATE);
            run.e.setting(c.variable()).ifPresent(f::evidence);
            double current = run.e.settingNumber(c.variable()).orElse(Double.NaN);
            Optional<StatusDelta.Row> bytes = Counters.row(d, "Binlog_bytes_written");
            double perTrx = c.kind().equals("trx") && bytes.isPresent() && bytes.get().delta() > 0 && c.use().delta() > 0
                    ? bytes.get().delta() / c.use().delta() : Double.NaN;
            if (!Double.isNaN(perTrx)) {
                f.evidence(run.t("evidence.perTrx"), Fmt.bytes(perTrx), bytes.get().afterRef());
            }
            if (!Double.isNaN(perTrx) && !Double.isNaN(current) && perTrx > current) {
                long target = Long.highestOneBit((long) Math.ceil(perTrx));
                target = target < perTrx ? target * 2 : target;
                f.recommend(Recommendation.of(run.t("action.size"))
                        .sql(List.of(Sql.persist(run.e, c.variable(), Long.toString(target)),
                                "-- " + run.t("derivation", Fmt.num(bytes.get().delta()), Fmt.num(c.use().delta()), Fmt.bytes(perTrx), Fmt.bytes(target))),
                                c.variable())
                        .effect(run.t("effect.size"), "MYSQL-BINLOG-CACHE").risk(run.t("risk.size")).build());
            } else {
                f.recommend(Recommendation.of(run.t("action.measure"))
                        .text(run.t("text.measure", c.variable(), size))
                        .effect(run.t("effect.measure"), "MYSQL-BINLOG-CACHE").risk(run.t("risk.measure")).build());
            }
            f.add();
        }
    }

    private static Optional<Cache> cache(StatusDelta.Result d, String kind, String variable, String disk, String use) {
        Optional<StatusDelta.Row> dr = Counters.row(d, disk);
        Optional<StatusDelta.Row> ur = Counters.row(d, use);
        return dr.isPresent() && ur.isPresent() ? Optional.of(new Cache(kind, variable, dr.get(), ur.get())) : Optional.empty();
    }
}
