package io.tunescope.rules.io;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/** IO-FLUSH-LAGGING: free-page waits or redo log waits during the run (MySQLTuner: any is too many). */
public final class FlushLaggingRule extends BaseRule {

    public FlushLaggingRule() {
        super("IO-FLUSH-LAGGING", Topic.IO, "Page cleaning or redo cannot keep up",
                List.of(Need.STATUS_DELTA), List.of("MYSQLTUNER", "MYSQL-IOCAP", "MYSQL-REDO"));
    }

    @Override
    protected void check(Run run) {
        StatusDelta.Result d = run.e.statusDelta().orElseThrow();
        Optional<StatusDelta.Row> waitFree = d.row("Innodb_buffer_pool_wait_free");
        Optional<StatusDelta.Row> logWaits = d.row("Innodb_log_waits");
        boolean freeWaits = waitFree.isPresent() && waitFree.get().delta() > 0;
        boolean redoWaits = logWaits.isPresent() && logWaits.get().delta() > 0;
        if (!freeWaits && !redoWaits) {
            run.pass(run.t("pass"));
            return;
        }
        String secs = Fmt.num(d.elapsedSeconds());
        String summary = freeWaits && redoWaits
                ? run.t("summary.both", Fmt.num(waitFree.get().delta()), Fmt.num(logWaits.get().delta()), secs)
                : freeWaits ? run.t("summary.freePages", Fmt.num(waitFree.get().delta()), secs)
                : run.t("summary.redo", Fmt.num(logWaits.get().delta()), secs);
        var f = run.finding(60, summary)
                .explain(run.t("explanation"));
        waitFree.ifPresent(r -> f.evidence(run.t("evidence.delta", "Innodb_buffer_pool_wait_free"), Fmt.num(r.delta()), r.afterRef()));
        logWaits.ifPresent(r -> f.evidence(run.t("evidence.delta", "Innodb_log_waits"), Fmt.num(r.delta()), r.afterRef()));
        run.e.setting("innodb_io_capacity").ifPresent(f::evidence);
        run.e.setting("innodb_io_capacity_max").ifPresent(f::evidence);
        f.recommend(Recommendation.of(run.t("action"))
                .sql(List.of(io.tunescope.rules.Sql.persist(run.e, "innodb_io_capacity", "4000"), io.tunescope.rules.Sql.persist(run.e, "innodb_io_capacity_max", "8000")),
                        "innodb_io_capacity", "innodb_io_capacity_max")
                .effect(run.t("effect"), "MYSQL-IOCAP")
                .risk(run.t("risk")).build());
        if (redoWaits) {
            // sized from the run's redo write rate by SRV-LOG-WAITS, not a fixed size here
            f.recommend(Recommendation.of(run.t("action.logBuffer"))
                    .effect(run.t("effect.logBuffer"), "MYSQLTUNER").risk(run.t("risk.logBuffer")).build());
        }
        f.add();
    }
}
