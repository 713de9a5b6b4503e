package io.tunescope.rules.server;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.config.ServerFlavor;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Sql;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * SRV-TABLE-CACHE: tables kept being opened during the run while the table cache was full (Opened_tables
 * rate with Open_tables at table_open_cache, or Table_open_cache_overflows), and Open_files close to
 * open_files_limit. A larger cache is sized from the run's own counters and checked against the
 * descriptors it needs (10 + max_connections + 2 x table_open_cache, the manual's estimate).
 */
public final class TableCacheRule extends BaseRule {
    static final Setting OPENED_RATE = Setting.heuristic("minOpenedPerSecond", "tables opened per second at least", 1, "/s");
    static final Setting FULL = Setting.heuristic("fullCachePercent", "Open_tables of table_open_cache at least", 95, "%");
    static final Setting FILES = Setting.heuristic("maxOpenFilesPercent", "Open_files of open_files_limit above", 85, "%");
    static final Setting FILES_WARN = Setting.heuristic("warnOpenFilesPercent", "Open_files of open_files_limit, warning from", 95, "%");

    public TableCacheRule() {
        super("SRV-TABLE-CACHE", Topic.SERVER, "Table cache or open files under pressure", List.of(Need.STATUS_DELTA, Need.SERVER_SETTINGS),
                List.of("MYSQL-TABLE-CACHE", "MYSQL-STATUS-VARS", "MARIADB-STATUS-VARS", "MYSQL-OPEN-FILES-LIMIT"),
                OPENED_RATE, FULL, FILES, FILES_WARN);
    }

    @Override
    protected void check(Run run) {
        StatusDelta.Result d = run.e.statusDelta().orElseThrow();
        Optional<StatusDelta.Row> opened = Counters.row(d, "Opened_tables");
        Optional<StatusDelta.Row> open = Counters.row(d, "Open_tables");
        Optional<Fact> cache = run.e.setting("table_open_cache");
        if (opened.isEmpty() || open.isEmpty() || Counters.number(cache).isEmpty()) {
            run.notApplicable(run.t("noCounters"));
            return;
        }
        double current = Counters.number(cache).getAsDouble();
        Optional<StatusDelta.Row> overflows = Counters.row(d, "Table_open_cache_overflows");
        Optional<StatusDelta.Row> files = Counters.row(d, "Open_files");
        Optional<Fact> limit = run.e.setting("open_files_limit");
        OptionalDouble limitN = Counters.number(limit);
        double rate = opened.get().perSecond();
        double overflowDelta = overflows.map(StatusDelta.Row::delta).orElse(0.0);
        boolean full = open.get().after() >= current * run.get(FULL) / 100 || overflowDelta > 0;
        boolean churn = rate >= run.get(OPENED_RATE) && full;
        double filesShare = files.isPresent() && limitN.isPresent() && limitN.getAsDouble() > 0
                ? files.get().after() / limitN.getAsDouble() : Double.NaN;
        boolean fd = !Double.isNaN(filesShare) && filesShare * 100 > run.get(FILES);
        if (!churn && !fd) {
            run.pass(run.t("pass", Fmt.num(opened.get().delta()), Counters.rate(rate), Fmt.num(open.get().after()), Fmt.num(current),
                    overflows.map(r -> Fmt.num(r.delta())).orElse("-"), files.map(r -> Fmt.num(r.after())).orElse("-"),
                    limit.map(Fact::value).orElse("-")));
            return;
        }
        if (churn) {
            cacheFinding(run, d, opened.get(), open.get(), overflows, cache.get(), current, limit);
        }
        if (fd) {
            double share = filesShare;
            var f = run.finding(share * 100 >= run.get(FILES_WARN) ? 80 : 55, run.t("summary.files", Fmt.num(files.get().after()),
                            limit.get().value(), Fmt.pct(share)))
                    .explain(run.t("explanation.files"))
                    .evidence(run.t("evidence.after", files.get().name()), Fmt.num(files.get().after()), files.get().afterRef())
                    .evidence(limit.get())
                    .threshold(FILES);
            if (share * 100 >= run.get(FILES_WARN)) {
                f.threshold(FILES_WARN);
            }
            double need = Math.ceil(files.get().after() / (run.get(FILES) / 100));
            f.recommend(Recommendation.of(run.t("action.files"))
                    .text(run.t("text.files", Fmt.num(files.get().after()), Setting.format(run.get(FILES), "%"), Fmt.num(need), limit.get().value()))
                    .effect(run.t("effect.files"), "MYSQL-TABLE-CACHE").risk(run.t("risk.files")).build());
            f.add();
        }
    }

    private void cacheFinding(Run run, StatusDelta.Result d, StatusDelta.Row opened, StatusDelta.Row open,
                              Optional<StatusDelta.Row> overflows, Fact cache, double current, Optional<Fact> limit) {
        var f = run.finding(45, run.t("summary.cache", Fmt.num(opened.delta()), Counters.rate(opened.perSecond()),
                        Fmt.num(d.elapsedSeconds()), Fmt.num(open.after()), Fmt.num(current)))
                .explain(run.t("explanation.cache"))
                .evidence(run.t("evidence.delta", opened.name()), Fmt.num(opened.delta()), opened.afterRef())
                .evidence(run.t("evidence.after", open.name()), Fmt.num(open.after()), open.afterRef())
                .evidence(cache)
                .threshold(OPENED_RATE).threshold(FULL);
        overflows.filter(r -> r.delta() > 0).ifPresent(r -> f.evidence(run.t("evidence.delta", r.name()), Fmt.num(r.delta()), r.afterRef()));
        Counters.row(d, "Table_open_cache_misses").ifPresent(r -> f.evidence(run.t("evidence.delta", r.name()), Fmt.num(r.delta()), r.afterRef()));
        double maxUsed = Counters.row(d, "Max_used_connections").map(StatusDelta.Row::after).orElse(Double.NaN);
        double defs = Counters.row(d, "Open_table_definitions").map(StatusDelta.Row::after).orElse(Double.NaN);
        double grown = current + opened.delta();
        double cap = Double.isNaN(maxUsed) || Double.isNaN(defs) ? Double.NaN : Math.max(1, maxUsed) * Math.max(1, defs);
        double raw = Double.isNaN(cap) ? grown : Math.min(grown, cap);
        long target = (long) (Math.ceil(raw / 100) * 100);
        if (target <= current) {
            f.recommend(Recommendation.of(run.t("action.measure", Fmt.num(cap), Fmt.num(current)))
                    .sql(List.of("SHOW GLOBAL STATUS LIKE 'Open%table%';", "SHOW GLOBAL STATUS LIKE 'Table_open_cache%';",
                            "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA NOT IN ('mysql', 'sys', 'information_schema', 'performance_schema');"))
                    .effect(run.t("effect.measure"), "MYSQL-TABLE-CACHE").risk(run.t("risk.measure")).build());
            f.add();
            return;
        }
        List<String> derivation = new ArrayList<>();
        derivation.add("-- " + run.t("derivation.grow", Fmt.num(current), Fmt.num(opened.delta()), Fmt.num(grown)));
        if (!Double.isNaN(cap)) {
            derivation.add("-- " + run.t("derivation.cap", Fmt.num(maxUsed), Fmt.num(defs), Fmt.num(cap)));
        }
        derivation.add("-- " + run.t("derivation.round", Fmt.num(raw), Long.toString(target)));
        double conns = run.e.settingNumber("max_connections").orElse(Double.NaN);
        OptionalDouble limitN = Counters.number(limit);
        double need = Double.isNaN(conns) ? Double.NaN : 10 + conns + 2.0 * target;
        if (!Double.isNaN(need)) {
            derivation.add("-- " + run.t("derivation.files", Fmt.num(conns), Long.toString(target), Fmt.num(need),
                    limitN.isPresent() ? Fmt.num(limitN.getAsDouble()) : "-"));
        }
        if (!Double.isNaN(need) && limitN.isPresent() && limitN.getAsDouble() < need) {
            String service = run.e.server().kind() == ServerFlavor.Kind.MARIADB ? "mariadb" : "mysqld";
            long fds = (long) need;
            f.recommend(Recommendation.of(run.t("action.limit", Fmt.num(limitN.getAsDouble()), Long.toString(fds)))
                    .bash("systemctl edit " + service + "        # [Service] LimitNOFILE=" + fds,
                            "systemctl daemon-reload && systemctl restart " + service)
                    .effect(run.t("effect.limit"), "MYSQL-OPEN-FILES-LIMIT").risk(run.t("risk.limit")).build());
        }
        List<String> lines = new ArrayList<>();
        lines.add(Sql.persist(run.e, "table_open_cache", Long.toString(target)));
        lines.addAll(derivation);
        f.recommend(Recommendation.of(run.t("action.cache"))
                .sql(lines, "table_open_cache")
                .effect(run.t("effect.cache"), "MYSQL-TABLE-CACHE").risk(run.t("risk.cache")).build());
        f.add();
    }
}
