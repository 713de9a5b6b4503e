package io.tunescope.rules.config;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.config.ServerFlavor;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** CFG-DURABILITY-RELAXED: innodb_flush_log_at_trx_commit != 1, or a binary log not synced at every commit. */
public final class DurabilityRelaxedRule extends BaseRule {

    public DurabilityRelaxedRule() {
        super("CFG-DURABILITY-RELAXED", Topic.CONFIG, "Durability weakened (flush at commit / binlog sync)",
                List.of(Need.SERVER_SETTINGS), List.of("PTVA", "MYSQL-TRXCOMMIT", "MARIADB-GROUPCOMMIT", "ATUNE-MYSQL"));
    }

    @Override
    protected void check(Run run) {
        Optional<Fact> trx = run.e.setting("innodb_flush_log_at_trx_commit");
        Optional<Fact> sync = run.e.setting("sync_binlog");
        boolean binlog = binlogOn(run.e);
        List<String> parts = new ArrayList<>();
        int score = 0;
        String trxValue = trx.map(Fact::unquoted).orElse("1");
        if (!trxValue.equals("1")) {
            parts.add("innodb_flush_log_at_trx_commit=" + trxValue);
            score = Math.max(score, trxValue.equals("0") ? 65 : 55);
        }
        String syncValue = sync.map(Fact::unquoted).orElse(run.e.server().kind() == ServerFlavor.Kind.MARIADB ? "0" : "1");
        boolean syncRelaxed = !syncValue.equals("1") && binlog;
        if (syncRelaxed) {
            parts.add(sync.isEmpty() ? run.t("syncMariaDbDefault", syncValue) : "sync_binlog=" + syncValue);
            score = Math.max(score, 55);
        }
        if (parts.isEmpty()) {
            run.pass(run.t("pass"));
            return;
        }
        var f = run.finding(score, run.t("summary", Reasons.list(parts, run.locale)))
                .explain(run.t("explanation"));
        trx.ifPresent(f::evidence);
        sync.ifPresent(f::evidence);
        run.e.setting("log_bin").ifPresent(f::evidence);
        List<String> sqlLines = new ArrayList<>();
        List<String> vars = new ArrayList<>();
        if (!trxValue.equals("1")) {
            sqlLines.add(io.tunescope.rules.Sql.persist(run.e, "innodb_flush_log_at_trx_commit", "1"));
            vars.add("innodb_flush_log_at_trx_commit");
        }
        if (syncRelaxed) {
            sqlLines.add(io.tunescope.rules.Sql.persist(run.e, "sync_binlog", "1"));
            vars.add("sync_binlog");
        }
        f.recommend(Recommendation.of(run.t("action"))
                .sql(sqlLines, vars.toArray(String[]::new))
                .effect(run.t("effect"), "ATUNE-MYSQL")
                .risk(run.t("risk")).build());
        f.add();
    }

    /** True when the server writes a binary log (stated, or the MySQL 8.0 default). */
    static boolean binlogOn(io.tunescope.analysis.evidence.Evidence e) {
        Optional<Fact> lb = e.setting("log_bin");
        if (lb.isPresent()) {
            String v = lb.get().unquoted();
            return !(v.equalsIgnoreCase("OFF") || v.equals("0"));
        }
        if (e.setting("skip_log_bin").isPresent() || e.setting("disable_log_bin").isPresent()) {
            return false;
        }
        // MySQL 8.0 enables the binary log by default; MariaDB does not.
        return e.server().mysqlLine() && e.server().major() >= 8;
    }
}
