package io.tunescope.rules.concurrency;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.model.bench.BenchInterval;
import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
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
            run.notApplicable("needs " + Need.BENCH.description() + " or " + Need.STATUS_DELTA.description());
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
                String t = r.threads() + " threads: " + (errors >= 0 ? errors + " errors, " + reconnects + " reconnects"
                        : "up to " + Fmt.num2(maxErr) + " err/s, " + Fmt.num2(maxRec) + " reconn/s");
                what.add(t);
                int line = errLine > 0 ? errLine : r.summary() != null ? r.summary().line() : r.startLine();
                ev.add(new Object[] {"sysbench " + r.threads() + " threads", t, SourceRef.of(r.file(), line)});
            }
        }
        Optional<StatusDelta.Row> refused = run.e.statusDelta().flatMap(d -> d.row("Connection_errors_max_connections"));
        if (refused.isPresent() && refused.get().delta() > 0) {
            what.add(Fmt.num(refused.get().delta()) + " connections refused (max_connections)");
            ev.add(new Object[] {"Connection_errors_max_connections delta", Fmt.num(refused.get().delta()), refused.get().afterRef()});
        }
        if (what.isEmpty()) {
            run.pass("no errors, reconnects or refused connections");
            return;
        }
        var f = run.finding(60, "The benchmark saw errors or reconnects (" + String.join("; ", what)
                        + "): these results are not comparable with clean runs.")
                .explain("sysbench counts ignored errors (deadlocks 1213, lock wait timeouts 1205) and reconnects (lost connections "
                        + "2013/2006, refused 1040). Classify them before tuning: row-lock errors -> CPU-ROW-LOCK-WAIT; 1040 -> pool "
                        + "or max_connections within the memory budget; lost connections -> OOM kills, wait_timeout, max_allowed_packet.")
                .threshold(MAX_RATE);
        for (Object[] o : ev) {
            f.evidence((String) o[0], (String) o[1], (SourceRef) o[2]);
        }
        f.recommend(Recommendation.of("Classify the errors and re-run without them")
                .sql(List.of("SHOW GLOBAL STATUS LIKE 'Connection_errors%';", "SHOW GLOBAL STATUS LIKE 'Aborted%';"))
                .effect("Valid, comparable measurements.", "MYSQLTUNER").risk("None.").build());
        f.recommend(Recommendation.of("Look for OOM kills of mysqld").bash("dmesg -T | grep -i -E 'killed process|out of memory'")
                .effect("Explains lost connections.", "MYSQLTUNER").build());
        f.add();
    }
}
