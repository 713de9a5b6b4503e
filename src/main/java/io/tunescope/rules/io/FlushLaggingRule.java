package io.tunescope.rules.io;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
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
        List<String> what = new ArrayList<>();
        if (waitFree.isPresent() && waitFree.get().delta() > 0) {
            what.add(Fmt.num(waitFree.get().delta()) + " free-page waits");
        }
        if (logWaits.isPresent() && logWaits.get().delta() > 0) {
            what.add(Fmt.num(logWaits.get().delta()) + " redo log waits");
        }
        if (what.isEmpty()) {
            run.pass("no Innodb_buffer_pool_wait_free or Innodb_log_waits during the run");
            return;
        }
        var f = run.finding(60, "InnoDB waited during the run (" + String.join(", ", what) + " in " + Fmt.num(d.elapsedSeconds())
                        + " s): background flushing does not keep up.")
                .explain("Innodb_buffer_pool_wait_free counts waits for a clean page because the page cleaners were behind; "
                        + "Innodb_log_waits counts waits for log buffer space. MySQLTuner treats any increase as a problem.");
        waitFree.ifPresent(r -> f.evidence("Innodb_buffer_pool_wait_free delta", Fmt.num(r.delta()), r.afterRef()));
        logWaits.ifPresent(r -> f.evidence("Innodb_log_waits delta", Fmt.num(r.delta()), r.afterRef()));
        run.e.setting("innodb_io_capacity").ifPresent(f::evidence);
        run.e.setting("innodb_io_capacity_max").ifPresent(f::evidence);
        f.recommend(Recommendation.of("Let background flushing use the device: raise innodb_io_capacity toward its sustainable write IOPS")
                .sql(List.of(io.tunescope.rules.Sql.persist(run.e, "innodb_io_capacity", "4000"), io.tunescope.rules.Sql.persist(run.e, "innodb_io_capacity_max", "8000")),
                        "innodb_io_capacity", "innodb_io_capacity_max")
                .effect("Fewer synchronous flushes and stalls (no generic number); values above 20,000 rarely help.", "MYSQL-IOCAP")
                .risk("Too high a value flushes pages early and wastes writes.").build());
        if (logWaits.isPresent() && logWaits.get().delta() > 0) {
            f.recommend(Recommendation.of("Enlarge the log buffer (redo log waits > 0)")
                    .sql(List.of(io.tunescope.rules.Sql.persist(run.e, "innodb_log_buffer_size", "64*1024*1024")), "innodb_log_buffer_size")
                    .effect("Commits stop waiting for log buffer space.", "MYSQLTUNER").risk("Memory.").build());
        }
        f.add();
    }
}
