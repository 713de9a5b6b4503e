package io.tunescope.rules.cpu;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/** CPU-ROW-LOCK-WAIT: row-lock waits per commit above 1 % or average row-lock wait above 10 ms. */
public final class RowLockWaitRule extends BaseRule {
    static final Setting PER_COMMIT = Setting.heuristic("maxWaitsPerCommitPercent", "row-lock waits per commit above", 1, "%");
    static final Setting AVG_MS = Setting.heuristic("maxAvgWaitMs", "average row-lock wait above", 10, "ms");

    public RowLockWaitRule() {
        super("CPU-ROW-LOCK-WAIT", Topic.CPU, "Transactions wait on row locks", List.of(Need.STATUS_DELTA),
                List.of("MYSQLTUNER", "PTVA"), PER_COMMIT, AVG_MS);
    }

    @Override
    protected void check(Run run) {
        StatusDelta.Result d = run.e.statusDelta().orElseThrow();
        Optional<StatusDelta.Row> waits = d.row("Innodb_row_lock_waits");
        Optional<StatusDelta.Row> commits = d.row("Com_commit");
        Optional<StatusDelta.Row> avg = d.row("Innodb_row_lock_time_avg");
        double perCommit = waits.isPresent() && commits.isPresent() && commits.get().delta() > 0
                ? waits.get().delta() / commits.get().delta() : Double.NaN;
        double avgMs = avg.map(StatusDelta.Row::after).orElse(Double.NaN);
        boolean many = !Double.isNaN(perCommit) && perCommit * 100 > run.get(PER_COMMIT);
        boolean slow = !Double.isNaN(avgMs) && avgMs > run.get(AVG_MS) && waits.isPresent() && waits.get().delta() > 0;
        if (!many && !slow) {
            if (Double.isNaN(perCommit) && Double.isNaN(avgMs)) {
                run.notApplicable(run.t("noActivity"));
            } else if (Double.isNaN(perCommit)) {
                run.pass(run.t("pass.noRatio"));
            } else {
                run.pass(run.t("pass", Fmt.pct(perCommit)));
            }
            return;
        }
        // say the condition that fired: many waits, or few but long ones (then it is no warning)
        String summary = Double.isNaN(perCommit) ? run.t("summary.wait", Fmt.num(avgMs))
                : !many ? run.t("summary.fewButLong", Fmt.pct(perCommit), Fmt.num(avgMs))
                : slow ? run.t("summary.ratioAndWait", Fmt.pct(perCommit), Fmt.num(avgMs)) : run.t("summary", Fmt.pct(perCommit));
        var f = run.finding(many ? scale(perCommit * 100, run.get(PER_COMMIT), 20, 50, 85) : 35, summary)
                .explain(run.t("explanation"));
        if (many) {
            f.threshold(PER_COMMIT);
        }
        if (slow) {
            f.threshold(AVG_MS);
        }
        waits.ifPresent(w -> f.evidence(run.t("evidence.waits"), Fmt.num(w.delta()), w.afterRef()));
        commits.ifPresent(c -> f.evidence(run.t("evidence.commits"), Fmt.num(c.delta()), c.afterRef()));
        avg.ifPresent(a -> f.evidence("Innodb_row_lock_time_avg (ms)", Fmt.num(a.after()), a.afterRef()));
        f.recommend(Recommendation.of(run.t("action"))
                .sql(List.of("SELECT * FROM sys.innodb_lock_waits\\G", io.tunescope.rules.Sql.persist(run.e, "innodb_print_all_deadlocks", "ON")),
                        "innodb_print_all_deadlocks")
                .effect(run.t("effect"), "MYSQLTUNER")
                .risk(run.t("risk")).build());
        f.add();
    }
}
