package io.tunescope.rules.config;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Sql;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/**
 * CFG-GROUP-COMMIT-DELAY: a binlog group-commit delay while sync_binlog != 1. The delay exists to batch
 * binlog fsyncs; without an fsync per group it mostly adds commit latency (tuning-rules.md D-22).
 */
public final class GroupCommitDelayRule extends BaseRule {

    public GroupCommitDelayRule() {
        super("CFG-GROUP-COMMIT-DELAY", Topic.CONFIG, "Group-commit delay without binlog syncs", List.of(Need.SERVER_SETTINGS),
                List.of("MYSQL-BINLOG-GC", "MARIADB-GROUPCOMMIT", "SEED-000"));
    }

    @Override
    protected void check(Run run) {
        Optional<Fact> delay = run.e.setting("binlog_group_commit_sync_delay");
        if (delay.isEmpty()) {
            // MariaDB waits binlog_commit_wait_usec only when binlog_commit_wait_count > 0
            double count = run.e.settingNumber("binlog_commit_wait_count").orElse(0);
            delay = count > 0 ? run.e.setting("binlog_commit_wait_usec") : Optional.empty();
        }
        double d = delay.map(f -> f.number().orElse(0)).orElse(0.0);
        if (!DurabilityRelaxedRule.binlogOn(run.e)) {
            run.pass(run.t("noBinlog"));
            return;
        }
        String sync = run.e.setting("sync_binlog").map(Fact::unquoted).orElse("1");
        if (d <= 0 || sync.equals("1")) {
            run.pass(d <= 0 ? run.t("noDelay") : run.t("synced"));
            return;
        }
        var f = run.finding(30, sync.equals("0") ? run.t("summary.never", delay.get().name(), Fmt.num(d))
                        : run.t("summary", delay.get().name(), Fmt.num(d), sync))
                .explain(run.t("explanation"))
                .evidence(delay.get());
        run.e.setting("sync_binlog").ifPresent(f::evidence);
        f.recommend(Recommendation.of(run.t("action"))
                .sql(List.of(Sql.persist(run.e, delay.get().name(), "0")), delay.get().name())
                .effect(run.t("effect"), "MYSQL-BINLOG-GC")
                .risk(run.t("risk")).build());
        f.add();
    }
}
