package io.tunescope.rules.server;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/**
 * SRV-FULL-JOIN-SCAN: joins that used no index (Select_full_join) or a large share of SELECTs that scanned
 * their first table (Select_scan against Com_select) during the run. Handler_read_rnd_next's share of the
 * handler reads is shown, not judged: it also counts reads of internal temporary tables.
 */
public final class FullJoinScanRule extends BaseRule {
    static final Setting JOIN_RATE = Setting.heuristic("minFullJoinsPerSecond", "joins without an index per second at least", 0.1, "/s");
    static final Setting SCAN_SHARE = Setting.heuristic("maxScanSharePercent", "SELECTs that scan a full table above", 10, "%");
    static final Setting SCAN_RATE = Setting.heuristic("minScansPerSecond", "full table scans per second at least", 1, "/s");
    private static final List<String> HANDLER_READS = List.of("Handler_read_first", "Handler_read_key", "Handler_read_last",
            "Handler_read_next", "Handler_read_prev", "Handler_read_rnd", "Handler_read_rnd_next");

    public FullJoinScanRule() {
        super("SRV-FULL-JOIN-SCAN", Topic.SERVER, "Joins without indexes or full table scans", List.of(Need.STATUS_DELTA),
                List.of("MYSQL-STATUS-VARS", "MARIADB-STATUS-VARS", "MYSQL-PS-DIGEST"), JOIN_RATE, SCAN_SHARE, SCAN_RATE);
    }

    @Override
    protected void check(Run run) {
        StatusDelta.Result d = run.e.statusDelta().orElseThrow();
        Optional<StatusDelta.Row> join = Counters.row(d, "Select_full_join");
        Optional<StatusDelta.Row> scan = Counters.row(d, "Select_scan");
        if (join.isEmpty() || scan.isEmpty()) {
            run.notApplicable(run.t("noCounters"));
            return;
        }
        Optional<StatusDelta.Row> selects = Counters.row(d, "Com_select");
        double joinRate = join.get().perSecond();
        double scanRate = scan.get().perSecond();
        double scanShare = selects.isPresent() && selects.get().delta() > 0 ? scan.get().delta() / selects.get().delta() : Double.NaN;
        double reads = 0;
        for (String h : HANDLER_READS) {
            reads += Counters.row(d, h).map(StatusDelta.Row::delta).orElse(0.0);
        }
        Optional<StatusDelta.Row> rndNext = Counters.row(d, "Handler_read_rnd_next");
        String rndShare = rndNext.isPresent() && reads > 0 ? Fmt.pct(rndNext.get().delta() / reads) : "-";
        String shareText = Double.isNaN(scanShare) ? "-" : Fmt.pct(scanShare);
        boolean joins = joinRate >= run.get(JOIN_RATE);
        boolean scans = !Double.isNaN(scanShare) && scanShare * 100 > run.get(SCAN_SHARE) && scanRate >= run.get(SCAN_RATE);
        String secs = Fmt.num(d.elapsedSeconds());
        if (!joins && !scans) {
            run.pass(run.t("pass", Fmt.num(join.get().delta()), Fmt.num(scan.get().delta()),
                    selects.map(r -> Fmt.num(r.delta())).orElse("-"), shareText, rndShare, secs));
            return;
        }
        String summary = joins && scans
                ? run.t("summary.both", Fmt.num(join.get().delta()), Counters.rate(joinRate), shareText, Counters.rate(scanRate), secs)
                : joins ? run.t("summary.join", Fmt.num(join.get().delta()), Counters.rate(joinRate), secs)
                : run.t("summary.scan", shareText, Fmt.num(scan.get().delta()), Counters.rate(scanRate), secs);
        var f = run.finding(joins ? 50 : 40, summary)
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.delta", join.get().name()), Fmt.num(join.get().delta()), join.get().afterRef())
                .evidence(run.t("evidence.delta", scan.get().name()), Fmt.num(scan.get().delta()), scan.get().afterRef());
        selects.ifPresent(r -> f.evidence(run.t("evidence.delta", r.name()), Fmt.num(r.delta()), r.afterRef()));
        rndNext.ifPresent(r -> f.evidence(run.t("evidence.rndNext"), rndShare + " (" + Fmt.num(r.delta()) + ")", r.afterRef()));
        if (joins) {
            f.threshold(JOIN_RATE);
        }
        if (scans) {
            f.threshold(SCAN_SHARE).threshold(SCAN_RATE);
        }
        Digest.recommend(run, f, joins ? "SUM_SELECT_FULL_JOIN" : "SUM_NO_INDEX_USED", "MYSQL-PS-DIGEST");
        f.add();
    }
}
