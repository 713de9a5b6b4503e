package io.tunescope.rules.config;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.config.ConfigSnapshot;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/** CFG-PURGE-LAG: InnoDB history list length above 100,000 (MySQLTuner), from a status snapshot. */
public final class PurgeLagRule extends BaseRule {
    static final Setting HISTORY = Setting.source("maxHistory", "history list length above", 100_000, "", "MYSQLTUNER");

    public PurgeLagRule() {
        super("CFG-PURGE-LAG", Topic.CONFIG, "Undo history not purged", List.of(), List.of("MYSQLTUNER"), HISTORY);
    }

    @Override
    protected void check(Run run) {
        List<ConfigSnapshot> status = run.e.config().status();
        Optional<ConfigSnapshot> last = status.isEmpty() ? run.e.snapshot(ConfigDatasets.STATUS) : Optional.of(status.get(status.size() - 1));
        Optional<Fact> hll = last.flatMap(s -> s.entry("Innodb_history_list_length").map(en -> new Fact(en.name(), en.value(), en.source())));
        if (hll.isEmpty() || hll.get().number().isEmpty()) {
            run.notApplicable(run.t("noHistoryLength"));
            return;
        }
        double v = hll.get().number().getAsDouble();
        if (v <= run.get(HISTORY)) {
            run.pass(run.t("pass", Fmt.num(v)));
            return;
        }
        run.finding(scale(v, run.get(HISTORY), 10 * run.get(HISTORY), 50, 85), run.t("summary", Fmt.num(v), Fmt.num(run.get(HISTORY))))
                .explain(run.t("explanation"))
                .evidence(hll.get())
                .threshold(HISTORY)
                .recommend(Recommendation.of(run.t("action"))
                        .sql(List.of("SELECT trx_id, trx_started, trx_mysql_thread_id FROM information_schema.innodb_trx ORDER BY trx_started LIMIT 10;",
                                "-- my.cnf [mysqld]: innodb_purge_threads = 8   (static; default 4, max 32)"), "innodb_purge_threads")
                        .effect(run.t("effect"), "MYSQLTUNER")
                        .risk(run.t("risk")).build())
                .add();
    }
}
