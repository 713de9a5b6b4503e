package io.tunescope.rules.server;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/**
 * SRV-LOG-WAITS: threads waited for space in the redo log buffer during the run (Innodb_log_waits). The
 * buffer is global; a size holding about one second of the run's redo writes (Innodb_os_log_written, or
 * the Innodb_lsn_current change) rounded up to a MiB is derived, never below the current size.
 */
public final class LogWaitsRule extends BaseRule {
    static final Setting MIN_WAITS = Setting.heuristic("minWaits", "redo log buffer waits during the run at least", 1, "");
    static final Setting WARN_RATE = Setting.heuristic("warnWaitsPerSecond", "redo log buffer waits per second, warning from", 1, "/s");
    static final Setting SECONDS = Setting.heuristic("bufferSeconds", "seconds of redo writes the buffer should hold", 1, "s");
    private static final double MIB = 1024 * 1024;

    public LogWaitsRule() {
        super("SRV-LOG-WAITS", Topic.SERVER, "Redo log buffer too small (log waits)", List.of(Need.STATUS_DELTA),
                List.of("MYSQL-LOG-BUFFER", "MYSQL-STATUS-VARS", "MARIADB-INNODB-STATUS-VARS", "MYSQLTUNER"), MIN_WAITS, WARN_RATE, SECONDS);
    }

    @Override
    protected void check(Run run) {
        StatusDelta.Result d = run.e.statusDelta().orElseThrow();
        Optional<StatusDelta.Row> waits = Counters.row(d, "Innodb_log_waits");
        if (waits.isEmpty()) {
            run.notApplicable(run.t("noCounters"));
            return;
        }
        Optional<StatusDelta.Row> written = Counters.row(d, "Innodb_os_log_written");
        if (written.isEmpty() || !(written.get().delta() > 0)) {
            written = Counters.row(d, "Innodb_lsn_current");
        }
        Optional<StatusDelta.Row> redo = written.filter(r -> Counters.change(r) > 0);
        double redoRate = redo.map(r -> Counters.change(r) / d.elapsedSeconds()).orElse(Double.NaN);
        Optional<Fact> buffer = run.e.setting("innodb_log_buffer_size");
        String bufferText = Counters.shown(run, "innodb_log_buffer_size");
        String redoText = Double.isNaN(redoRate) ? written.map(r -> Fmt.bytes(0) + "/s").orElse(run.t("noRedo")) : Fmt.bytes(redoRate) + "/s";
        double count = waits.get().delta();
        if (count < run.get(MIN_WAITS)) {
            run.pass(run.t("pass", Fmt.num(count), bufferText, redoText));
            return;
        }
        double rate = waits.get().perSecond();
        String summary = Double.isNaN(redoRate)
                ? run.t("summary.noRedo", Fmt.num(count), Fmt.num(d.elapsedSeconds()), Counters.rate(rate), bufferText)
                : run.t("summary", Fmt.num(count), Fmt.num(d.elapsedSeconds()), Counters.rate(rate), bufferText, redoText);
        var f = run.finding(rate >= run.get(WARN_RATE) ? 78 : 55, summary)
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.delta", waits.get().name()), Fmt.num(count), waits.get().afterRef())
                .threshold(MIN_WAITS);
        if (rate >= run.get(WARN_RATE)) {
            f.threshold(WARN_RATE);
        }
        buffer.ifPresent(f::evidence);
        redo.ifPresent(r -> f.evidence(run.t("evidence.redo", r.name()), Fmt.bytes(Counters.change(r)) + " (" + Fmt.bytes(redoRate) + "/s)", r.afterRef()));
        double current = Counters.number(buffer).orElse(Double.NaN);
        if (Double.isNaN(redoRate) || Double.isNaN(current)) {
            f.recommend(Recommendation.of(run.t("action.measure"))
                    .sql(List.of("SHOW GLOBAL STATUS LIKE 'Innodb_os_log_written';", "SHOW GLOBAL VARIABLES LIKE 'innodb_log_buffer_size';"))
                    .effect(run.t("effect.measure"), "MYSQL-LOG-BUFFER").risk(run.t("risk.measure")).build());
            f.add();
            return;
        }
        double seconds = run.get(SECONDS);
        long mib = (long) Math.ceil(redoRate * seconds / MIB);
        if (mib * MIB <= current) {
            f.recommend(Recommendation.of(run.t("action.burst", Fmt.num(current / redoRate)))
                    .text(run.t("text.burst", bufferText, Fmt.bytes(redoRate), Fmt.num(current / redoRate)))
                    .effect(run.t("effect.measure"), "MYSQL-LOG-BUFFER").risk(run.t("risk.measure")).build());
            f.add();
            return;
        }
        String derivation = "-- " + run.t("derivation", Fmt.bytes(redoRate), Setting.format(seconds, "s"), Long.toString(mib), bufferText);
        Recommendation.Builder r = Recommendation.of(run.t("action"));
        if (run.e.server().mysqlLine() && run.e.server().major() >= 8) {
            r.sql(List.of("SET PERSIST innodb_log_buffer_size = " + mib + "*1024*1024;", derivation), "innodb_log_buffer_size");
        } else {
            r.ini(List.of("[mysqld]", "innodb_log_buffer_size = " + mib + "M", "# " + derivation.substring(3), "# " + run.t("restart")),
                    "innodb_log_buffer_size");
        }
        f.recommend(r.effect(run.t("effect"), "MYSQL-LOG-BUFFER").risk(run.t("risk")).build());
        f.add();
    }
}
