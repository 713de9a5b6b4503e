package io.tunescope.rules.concurrency;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.model.bench.BenchInterval;
import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.RuleText;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * CONC-ERRORS-RECONNECTS: sysbench reported errors or reconnects, or the server refused connections
 * (Connection_errors_max_connections), so the run is not a valid measurement.
 */
public final class ErrorsReconnectsRule extends BaseRule {
    static final Setting MAX_RATE = Setting.heuristic("maxPerSecond", "errors or reconnects per second above", 0, "/s");

    public ErrorsReconnectsRule() {
        super("CONC-ERRORS-RECONNECTS", Topic.CONCURRENCY, "Errors or reconnects during the run", List.of(),
                List.of("MYSQLTUNER", "SYSBENCH"), MAX_RATE);
    }

    @Override
    protected void check(Run run) {
        boolean bench = run.e.has(Need.BENCH);
        boolean status = run.e.has(Need.STATUS_DELTA);
        if (!bench && !status) {
            run.notApplicable(run.t("needsBenchOrStatus", RuleText.need(Need.BENCH, run.locale), RuleText.need(Need.STATUS_DELTA, run.locale)));
            return;
        }
        List<String> what = new ArrayList<>();
        List<Object[]> ev = new ArrayList<>();
        for (BenchRun r : run.e.benchRuns()) {
            long errors = r.summary() != null ? r.summary().errors() : -1;
            long reconnects = r.summary() != null ? r.summary().reconnects() : -1;
            double maxErr = 0;
            double maxRec = 0;
            int errLine = 0;
            for (BenchInterval i : r.intervals()) {
                if (i.errorsPerSec() > maxErr) {
                    maxErr = i.errorsPerSec();
                    errLine = i.line();
                }
                if (i.reconnectsPerSec() > maxRec) {
                    maxRec = i.reconnectsPerSec();
                    if (errLine == 0) {
                        errLine = i.line();
                    }
                }
            }
            if (errors > 0 || reconnects > 0 || maxErr > run.get(MAX_RATE) || maxRec > run.get(MAX_RATE)) {
                String t = errors >= 0 ? run.t("run.counts", r.threads(), errors, reconnects)
                        : run.t("run.rates", r.threads(), Fmt.num2(maxErr), Fmt.num2(maxRec));
                what.add(t);
                int line = errLine > 0 ? errLine : r.summary() != null ? r.summary().line() : r.startLine();
                ev.add(new Object[] {run.t("evidence.run", r.threads()), t, SourceRef.of(r.file(), line)});
            }
        }
        Optional<StatusDelta.Row> refused = run.e.statusDelta().flatMap(d -> d.row("Connection_errors_max_connections"));
        if (refused.isPresent() && refused.get().delta() > 0) {
            what.add(run.t("refused", Fmt.num(refused.get().delta())));
            ev.add(new Object[] {run.t("evidence.delta", "Connection_errors_max_connections"), Fmt.num(refused.get().delta()), refused.get().afterRef()});
        }
        if (what.isEmpty()) {
            run.pass(run.t("pass"));
            return;
        }
        var f = run.finding(70, run.t("summary", String.join(run.t("separator"), what)))
                .explain(run.t("explanation"))
                .threshold(MAX_RATE);
        for (Object[] o : ev) {
            f.evidence((String) o[0], (String) o[1], (SourceRef) o[2]);
        }
        f.recommend(Recommendation.of(run.t("action"))
                .sql(List.of("SHOW GLOBAL STATUS LIKE 'Connection_errors%';", "SHOW GLOBAL STATUS LIKE 'Aborted%';"))
                .effect(run.t("effect"), "MYSQLTUNER").risk(run.t("risk")).build());
        f.recommend(Recommendation.of(run.t("action.oom")).bash("dmesg -T | grep -i -E 'killed process|out of memory'")
                .effect(run.t("effect.oom"), "MYSQLTUNER").build());
        f.add();
    }
}
