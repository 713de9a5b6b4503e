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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * SRV-TOP-WAIT: the wait instrument of {@code events_waits_summary_global_by_event_name} that takes the largest
 * share of the summed non-idle wait time, with the mechanism of its family (redo log file I/O and fsync, data file
 * I/O, InnoDB or server latches, table locks, metadata locks, row I/O, client sockets). Two snapshots give the
 * waits of the run; one gives the waits since the server started (or the table was truncated).
 */
public final class TopWaitRule extends BaseRule {
    static final Setting REPORT_SHARE = Setting.heuristic("reportSharePercent", "share of the non-idle wait time from which one wait dominates", 40, "%");
    static final Setting WARN_SHARE = Setting.heuristic("warnSharePercent", "share of the non-idle wait time, warning from", 75, "%");
    static final Setting MIN_TOTAL = Setting.heuristic("minTotalSeconds", "summed non-idle wait time at least", 1, "s");
    private static final int SHOWN = 3;

    public TopWaitRule() {
        super("SRV-TOP-WAIT", Topic.SERVER, "One wait class dominates the server's wait time (performance_schema)", List.of(Need.PFS_SUMMARY),
                List.of("MYSQL-PS-WAIT-SUMMARY", "MYSQL-PS-INSTRUMENT-NAMES"), REPORT_SHARE, WARN_SHARE, MIN_TOTAL);
    }

    /** The family of a wait instrument name: decides the mechanism named. */
    public static String family(String name) {
        if (name.startsWith("wait/io/file/innodb/innodb_log_file")) {
            return "redo";
        }
        if (name.startsWith("wait/io/file/innodb/")) {
            return "datafile";
        }
        if (name.startsWith("wait/io/file/")) {
            return "file";
        }
        if (name.matches("wait/synch/[a-z_]+/innodb/.*")) {
            return "innodbLatch";
        }
        if (name.startsWith("wait/synch/")) {
            return "latch";
        }
        if (name.startsWith("wait/lock/table/")) {
            return "tableLock";
        }
        if (name.startsWith("wait/lock/metadata/")) {
            return "mdl";
        }
        if (name.startsWith("wait/io/table/")) {
            return "rowIo";
        }
        if (name.startsWith("wait/io/socket/")) {
            return "socket";
        }
        return "other";
    }

    @Override
    protected void check(Run run) {
        Optional<PfsView> v = run.e.pfsView(PfsSummary.Kind.WAITS);
        if (v.isEmpty()) {
            run.notApplicable(run.t("noWaits"));
            return;
        }
        PfsView view = v.get();
        List<Row> rows = new ArrayList<>();
        long total = 0;
        for (Row r : view.rows()) {
            if (!r.name().equals("idle") && !r.name().startsWith("idle/") && r.totalPs() > 0) {
                rows.add(r);
                total += r.totalPs();
            }
        }
        String span = view.delta()
                ? run.t("span.delta", Integer.toString(view.snapshots()), view.firstFile() + ":" + view.firstLine(), view.file() + ":" + view.lastLine())
                : run.t("span.startup");
        if (rows.isEmpty()) {
            run.pass(run.t("pass.none", span));
            return;
        }
        rows.sort((a, b) -> Long.compare(b.totalPs(), a.totalPs()));
        Row top = rows.get(0);
        double share = (double) top.totalPs() / total;
        String totalText = PfsSummary.time(total);
        if (total / 1e12 < run.get(MIN_TOTAL)) {
            run.pass(run.t("pass.little", totalText, span, Fmt.num(run.get(MIN_TOTAL)), top.name(), Fmt.pct(share),
                    view.ref(top.line()).toString()));
            return;
        }
        if (share * 100 < run.get(REPORT_SHARE)) {
            run.pass(run.t("pass", top.name(), Fmt.pct(share), totalText, span, view.ref(top.line()).toString()));
            return;
        }
        String family = family(top.name());
        int score = share * 100 >= run.get(WARN_SHARE) ? 80 : scale(share * 100, run.get(REPORT_SHARE), run.get(WARN_SHARE), 40, 74);
        var f = run.finding(score, run.t("summary", familyName(run, family), top.name(), Fmt.pct(share), totalText, span,
                        Long.toString(top.count()), PfsSummary.time(top.avgPs())))
                .explain(mechanism(run, family) + " " + run.t("explanation"));
        for (int i = 0; i < Math.min(SHOWN, rows.size()); i++) {
            Row r = rows.get(i);
            f.evidence(r.name(), run.t("evidence.value", Fmt.pct((double) r.totalPs() / total), PfsSummary.time(r.totalPs()),
                    Long.toString(r.count()), PfsSummary.time(r.avgPs())), view.ref(r.line()));
        }
        f.evidence(run.t("evidence.total"), totalText + " (" + span + ")", view.ref(top.line()));
        f.threshold(REPORT_SHARE).threshold(WARN_SHARE);
        f.recommend(Recommendation.of(action(run, family))
                .effect(run.t("effect"), "MYSQL-PS-WAIT-SUMMARY").risk(run.t("risk")).build());
        f.add();
    }
    private static String familyName(Run run, String family) {
        return switch (family) {
            case "redo" -> run.t("family.redo");
            case "datafile" -> run.t("family.datafile");
            case "file" -> run.t("family.file");
            case "innodbLatch" -> run.t("family.innodbLatch");
            case "latch" -> run.t("family.latch");
            case "tableLock" -> run.t("family.tableLock");
            case "mdl" -> run.t("family.mdl");
            case "rowIo" -> run.t("family.rowIo");
            case "socket" -> run.t("family.socket");
            default -> run.t("family.other");
        };
    }

    private static String mechanism(Run run, String family) {
        return switch (family) {
            case "redo" -> run.t("mechanism.redo");
            case "datafile" -> run.t("mechanism.datafile");
            case "file" -> run.t("mechanism.file");
            case "innodbLatch" -> run.t("mechanism.innodbLatch");
            case "latch" -> run.t("mechanism.latch");
            case "tableLock" -> run.t("mechanism.tableLock");
            case "mdl" -> run.t("mechanism.mdl");
            case "rowIo" -> run.t("mechanism.rowIo");
            case "socket" -> run.t("mechanism.socket");
            default -> run.t("mechanism.other");
        };
    }

    private static String action(Run run, String family) {
        return switch (family) {
            case "redo" -> run.t("action.redo");
            case "datafile" -> run.t("action.datafile");
            case "file" -> run.t("action.file");
            case "innodbLatch" -> run.t("action.innodbLatch");
            case "latch" -> run.t("action.latch");
            case "tableLock" -> run.t("action.tableLock");
            case "mdl" -> run.t("action.mdl");
            case "rowIo" -> run.t("action.rowIo");
            case "socket" -> run.t("action.socket");
            default -> run.t("action.other");
        };
    }
}
