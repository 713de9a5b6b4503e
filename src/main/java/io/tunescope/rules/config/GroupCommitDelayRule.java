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
            run.pass("no binary log");
            return;
        }
        String sync = run.e.setting("sync_binlog").map(Fact::unquoted).orElse("1");
        if (d <= 0 || sync.equals("1")) {
            run.pass(d <= 0 ? "no group-commit delay" : "sync_binlog=1: the delay batches fsyncs");
            return;
        }
        var f = run.finding(30, delay.get().name() + "=" + Fmt.num(d) + " µs delays every commit although sync_binlog=" + sync
                        + " does not fsync each group: the delay adds latency without saving fsyncs.")
                .explain("The group-commit delay makes the binary log wait so that more transactions share one fsync. With "
                        + "sync_binlog=0 or N>1 there is no per-group fsync to share, so the wait only lengthens commits. A/B it only "
                        + "under sync_binlog=1.")
                .evidence(delay.get());
        run.e.setting("sync_binlog").ifPresent(f::evidence);
        f.recommend(Recommendation.of("Remove the delay, or keep it only together with sync_binlog=1 after an A/B test")
                .sql(List.of(Sql.persist(run.e, delay.get().name(), "0")), delay.get().name())
                .effect("Lower commit latency; group commit batching is workload-dependent.", "MYSQL-BINLOG-GC")
                .risk("None.").build());
        f.add();
    }
}
