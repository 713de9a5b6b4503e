package io.tunescope.rules.server;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * SRV-LRU-FLUSH: user threads waited for a free buffer-pool page (Innodb_buffer_pool_wait_free), or, on
 * MariaDB, a large share of the page writes came from the LRU list (Innodb_buffer_pool_pages_LRU_flushed
 * against Innodb_buffer_pool_pages_flushed): the page cleaner does not keep enough clean pages at the tail
 * of the LRU. innodb_lru_scan_depth and innodb_io_capacity are named as things to measure, not set.
 */
public final class LruFlushRule extends BaseRule {
    static final Setting MIN_WAIT_FREE = Setting.heuristic("minWaitFree", "waits for a free page during the run at least", 1, "");
    static final Setting WARN_WAIT_FREE = Setting.heuristic("warnWaitFreePerSecond", "waits for a free page per second, warning from", 1, "/s");
    static final Setting LRU_SHARE = Setting.heuristic("maxLruSharePercent", "page writes from the LRU list above", 20, "%");
    static final Setting LRU_RATE = Setting.heuristic("minLruPagesPerSecond", "LRU page writes per second at least", 10, "/s");

    public LruFlushRule() {
        super("SRV-LRU-FLUSH", Topic.SERVER, "Page cleaner does not keep free pages (LRU flushing)", List.of(Need.STATUS_DELTA),
                List.of("MYSQL-FLUSHING", "MARIADB-FLUSHING", "MARIADB-INNODB-STATUS-VARS", "MYSQL-STATUS-VARS"),
                MIN_WAIT_FREE, WARN_WAIT_FREE, LRU_SHARE, LRU_RATE);
    }

    @Override
    protected void check(Run run) {
        StatusDelta.Result d = run.e.statusDelta().orElseThrow();
        Optional<StatusDelta.Row> waitFree = Counters.row(d, "Innodb_buffer_pool_wait_free");
        Optional<StatusDelta.Row> lru = Counters.row(d, "Innodb_buffer_pool_pages_LRU_flushed");
        Optional<StatusDelta.Row> flushed = Counters.row(d, "Innodb_buffer_pool_pages_flushed");
        boolean haveLru = lru.isPresent() && flushed.isPresent();
        if (waitFree.isEmpty() && !haveLru) {
            run.notApplicable(run.t("noCounters"));
            return;
        }
        double waits = waitFree.map(StatusDelta.Row::delta).orElse(0.0);
        double share = haveLru && flushed.get().delta() > 0 ? lru.get().delta() / flushed.get().delta() : 0;
        double lruRate = haveLru ? lru.get().perSecond() : 0;
        boolean waited = waits >= run.get(MIN_WAIT_FREE);
        boolean lruHeavy = haveLru && share * 100 > run.get(LRU_SHARE) && lruRate >= run.get(LRU_RATE);
        String secs = Fmt.num(d.elapsedSeconds());
        String lruText = haveLru ? run.t("lruPart", Fmt.num(lru.get().delta()), Fmt.num(flushed.get().delta()), Fmt.pct(share))
                : run.t("lruAbsent");
        if (!waited && !lruHeavy) {
            run.pass(run.t("pass", waitFree.map(r -> Fmt.num(r.delta())).orElse("-"), lruText, secs));
            return;
        }
        double waitRate = waitFree.map(StatusDelta.Row::perSecond).orElse(0.0);
        int score = waited ? (waitRate >= run.get(WARN_WAIT_FREE) ? 80 : 60) : 45;
        String summary = waited ? run.t("summary.waitFree", Fmt.num(waits), secs, Counters.rate(waitRate), lruText)
                : run.t("summary.lru", Fmt.pct(share), Fmt.num(lru.get().delta()), Fmt.num(flushed.get().delta()), secs, Counters.rate(lruRate));
        var f = run.finding(score, summary).explain(run.t("explanation"));
        waitFree.ifPresent(r -> f.evidence(run.t("evidence.delta", r.name()), Fmt.num(r.delta()), r.afterRef()));
        if (haveLru) {
            f.evidence(run.t("evidence.delta", lru.get().name()), Fmt.num(lru.get().delta()), lru.get().afterRef())
                    .evidence(run.t("evidence.delta", flushed.get().name()), Fmt.num(flushed.get().delta()), flushed.get().afterRef());
        }
        Counters.row(d, "Innodb_buffer_pool_pages_free").ifPresent(r -> f.evidence(run.t("evidence.after", r.name()), Fmt.num(r.after()), r.afterRef()));
        if (waited) {
            f.threshold(MIN_WAIT_FREE);
            if (waitRate >= run.get(WARN_WAIT_FREE)) {
                f.threshold(WARN_WAIT_FREE);
            }
        }
        if (lruHeavy) {
            f.threshold(LRU_SHARE).threshold(LRU_RATE);
        }
        run.e.setting("innodb_lru_scan_depth").ifPresent(f::evidence);
        run.e.setting("innodb_io_capacity").ifPresent(f::evidence);
        List<String> watch = new ArrayList<>(List.of("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages%';",
                "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_wait_free';"));
        if (run.e.server().mysqlLine()) {
            watch.add("SELECT NAME, COUNT FROM information_schema.INNODB_METRICS WHERE NAME LIKE 'buffer_LRU_batch%' OR NAME LIKE 'buffer_LRU_single%';");
        }
        f.recommend(Recommendation.of(run.t("action.measure"))
                .text(run.t("text.measure", Counters.shown(run, "innodb_lru_scan_depth"), Counters.shown(run, "innodb_io_capacity")))
                .effect(run.t("effect.measure"), "MYSQL-FLUSHING").risk(run.t("risk.measure")).build());
        f.recommend(Recommendation.of(run.t("action.watch")).sql(watch)
                .effect(run.t("effect.watch"), "MARIADB-FLUSHING").risk(run.t("risk.watch")).build());
        f.add();
    }
}
