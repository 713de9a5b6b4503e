package io.tunescope.rules.server;

import io.tunescope.analysis.evidence.Evidence.PfsView;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.pfs.PfsSummary;
import io.tunescope.model.pfs.PfsSummary.Row;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;
import java.util.List;
import java.util.Optional;

/**
 * SRV-TOP-DIGEST: the statement digest ({@code events_statements_summary_by_digest} or sys.statement_analysis)
 * that takes the largest share of the statement time, reported when it ran without an index
 * (SUM_NO_INDEX_USED, sys full_scan) or wrote temporary tables to disk (SUM_CREATED_TMP_DISK_TABLES).
 */
public final class TopDigestRule extends BaseRule {
    static final Setting REPORT_SHARE = Setting.heuristic("reportSharePercent", "share of the statement time of the top digest, reported from", 30, "%");
    static final Setting WARN_SHARE = Setting.heuristic("warnSharePercent", "share of the statement time of the top digest, warning from", 60, "%");
    static final Setting MIN_TOTAL = Setting.heuristic("minTotalSeconds", "time of the top digest at least", 1, "s");

    public TopDigestRule() {
        super("SRV-TOP-DIGEST", Topic.SERVER, "One statement digest with full scans or disk temporary tables takes most of the statement time",
                List.of(Need.PFS_SUMMARY), List.of("MYSQL-PS-DIGEST", "MYSQL-SYS-STATEMENT-ANALYSIS"), REPORT_SHARE, WARN_SHARE, MIN_TOTAL);
    }

    @Override
    protected void check(Run run) {
        Optional<PfsView> v = run.e.pfsView(PfsSummary.Kind.STATEMENTS_BY_DIGEST, PfsSummary.Kind.SYS_STATEMENT_ANALYSIS);
        if (v.isEmpty()) {
            run.notApplicable(run.t("noDigests"));
            return;
        }
        PfsView view = v.get();
        long total = 0;
        Row top = null;
        for (Row r : view.rows()) {
            total += r.totalPs();
            if (top == null || r.totalPs() > top.totalPs()) {
                top = r;
            }
        }
        String span = view.delta()
                ? run.t("span.delta", Integer.toString(view.snapshots()), view.firstFile() + ":" + view.firstLine(), view.file() + ":" + view.lastLine())
                : run.t("span.startup");
        if (top == null || total == 0) {
            run.pass(run.t("pass.none", span));
            return;
        }
        double share = (double) top.totalPs() / total;
        long tmpDisk = top.num("SUM_CREATED_TMP_DISK_TABLES").orElse(0);
        boolean scan = top.fullScan();
        String scans = top.num("SUM_NO_INDEX_USED").isPresent() ? Long.toString(top.num("SUM_NO_INDEX_USED").getAsLong())
                : scan ? run.t("sysMarked") : run.t("notPrinted");
        String text = abbreviate(top.name());
        String ref = view.ref(top.line()).toString();
        if (!scan && tmpDisk == 0) {
            run.pass(run.t("pass.indexed", text, Fmt.pct(share), PfsSummary.time(top.totalPs()), span, scans,
                    Long.toString(tmpDisk), ref));
            return;
        }
        if (share * 100 < run.get(REPORT_SHARE) || top.totalPs() / 1e12 < run.get(MIN_TOTAL)) {
            run.pass(run.t("pass.small", text, Fmt.pct(share), PfsSummary.time(top.totalPs()), span, ref));
            return;
        }
        boolean counted = top.num("SUM_NO_INDEX_USED").isPresent();
        String why = scan && tmpDisk > 0 ? (counted ? run.t("why.both", scans, Long.toString(tmpDisk)) : run.t("why.bothSys", Long.toString(tmpDisk)))
                : scan ? (counted ? run.t("why.scan", scans) : run.t("why.scanSys")) : run.t("why.tmp", Long.toString(tmpDisk));
        int score = share * 100 >= run.get(WARN_SHARE) ? 80 : scale(share * 100, run.get(REPORT_SHARE), run.get(WARN_SHARE), 40, 74);
        long examined = top.num("SUM_ROWS_EXAMINED").orElse(-1);
        long sent = top.num("SUM_ROWS_SENT").orElse(-1);
        var f = run.finding(score, run.t("summary", text, Fmt.pct(share), PfsSummary.time(top.totalPs()), span,
                        Long.toString(top.count()), PfsSummary.time(top.avgPs()), why))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.digest"), top.name(), view.ref(top.line()))
                .evidence(run.t("evidence.time"), run.t("evidence.timeValue", PfsSummary.time(top.totalPs()), Fmt.pct(share),
                        PfsSummary.time(total), Long.toString(top.count()), PfsSummary.time(top.avgPs())), view.ref(top.line()))
                .evidence(run.t("evidence.scans"), scans, view.ref(top.line()))
                .evidence(run.t("evidence.tmpDisk"), Long.toString(tmpDisk), view.ref(top.line()));
        if (examined >= 0 && sent >= 0) {
            f.evidence(run.t("evidence.rows"), run.t("evidence.rowsValue", Long.toString(examined), Long.toString(sent)), view.ref(top.line()));
        }
        f.threshold(REPORT_SHARE).threshold(WARN_SHARE);
        f.recommend(Recommendation.of(run.t("action"))
                .sql(List.of("EXPLAIN FORMAT=TREE <the statement with real values>;",
                        "SELECT * FROM performance_schema.events_statements_summary_by_digest ORDER BY SUM_TIMER_WAIT DESC LIMIT 5\\G"))
                .effect(run.t("effect"), "MYSQL-PS-DIGEST").risk(run.t("risk")).build());
        f.add();
    }

    private static String abbreviate(String s) {
        return s.length() > 120 ? s.substring(0, 117) + "..." : s;
    }
}
