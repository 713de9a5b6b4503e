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
            parts.add("sync_binlog=" + syncValue + (sync.isEmpty() ? " (MariaDB default)" : ""));
            score = Math.max(score, 55);
        }
        if (parts.isEmpty()) {
            run.pass("innodb_flush_log_at_trx_commit=1 and sync_binlog=1 (or no binary log)");
            return;
        }
        var f = run.finding(score, "Durability is relaxed (" + String.join(", ", parts)
                        + "): an OS crash or power loss can lose committed transactions, and results are not comparable with durable runs.")
                .explain("With innodb_flush_log_at_trx_commit=2 the redo log is written at commit but flushed about once per second, so "
                        + "an OS crash or power loss can lose up to about a second of commits; 0 also loses them on a mysqld crash and "
                        + "brings no performance benefit over 2. With sync_binlog=N>1 (or 0) up to N binlog groups are not on disk, so "
                        + "after a crash the binary log and InnoDB can disagree and replicas diverge. pt-variable-advisor warns on both.");
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
        f.recommend(Recommendation.of("Use full durability (1/1) in production, or document the exception with business sign-off")
                .sql(sqlLines, vars.toArray(String[]::new))
                .effect("No committed transaction is lost on a crash; benchmark results become comparable with durable baselines "
                        + "(A-Tune notes 0/0 'can extremely improve performance but lose data reliability').", "ATUNE-MYSQL")
                .risk("More fsyncs per commit: lower throughput on devices with slow flushes (see IO-COMMIT-FSYNC-BOUND).").build());
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
