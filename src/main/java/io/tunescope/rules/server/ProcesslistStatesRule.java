package io.tunescope.rules.server;

import io.tunescope.analysis.evidence.Evidence.ProcesslistSnapshot;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.processlist.Processlist;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Map;

/**
 * SRV-PROCESSLIST-STATES: from process list snapshots, (a) most of the non-idle threads of a snapshot waiting in
 * one lock/wait state (metadata lock, table lock, "Waiting for ..."), in a share of the snapshots; (b) one
 * query running longer than a threshold. The worse of the two is reported, with the waiting statement's and the
 * long query's Info text and line.
 */
public final class ProcesslistStatesRule extends BaseRule {
    static final Setting PILE_SHARE = Setting.heuristic("pileShare",
            "share of snapshots with most non-idle threads in one lock/wait state, warning from", 0.5, "");
    static final Setting LONG_SECONDS = Setting.heuristic("longQuerySeconds", "longest running query, reported from", 60, "s");
    static final Setting WARN_SECONDS = Setting.heuristic("warnSeconds", "longest running query, warning from", 300, "s");
    static final Setting CRITICAL_SECONDS = Setting.heuristic("criticalSeconds", "longest running query, critical from", 600, "s");

    public ProcesslistStatesRule() {
        super("SRV-PROCESSLIST-STATES", Topic.SERVER, "Threads piled up in one lock state, or a long-running query (process list)",
                List.of(Need.PROCESSLIST), List.of("MYSQL-THREAD-STATES", "MYSQL-METADATA-LOCKING", "MARIADB-SHOW-PROCESSLIST"),
                PILE_SHARE, LONG_SECONDS, WARN_SECONDS, CRITICAL_SECONDS);
    }

    /** A snapshot's most crowded lock/wait state among its active threads. */
    record Pile(ProcesslistSnapshot snap, String state, int waiting, int active, Processlist.Thread first) {
        boolean piled() {
            return active >= 2 && waiting * 2 > active;
        }
    }

    static Pile pile(ProcesslistSnapshot s) {
        List<Processlist.Thread> active = s.snapshot().activeThreads();
        String best = null;
        int count = 0;
        for (Map.Entry<String, Integer> e : s.snapshot().activeByState().entrySet()) {
            boolean wait = active.stream().anyMatch(t -> t.stateLabel().equals(e.getKey()) && t.lockWait());
            if (wait && e.getValue() > count) {
                best = e.getKey();
                count = e.getValue();
            }
        }
        Processlist.Thread first = null;
        for (Processlist.Thread t : active) {
            if (best != null && t.stateLabel().equals(best) && (first == null || t.time() > first.time())) {
                first = t;
            }
        }
        return new Pile(s, best, count, active.size(), first);
    }

    @Override
    protected void check(Run run) {
        List<ProcesslistSnapshot> all = run.e.processlistSnapshots();
        int piled = 0;
        Pile worst = null;
        Pile busiest = null;
        Processlist.Thread longest = null;
        ProcesslistSnapshot longestIn = null;
        for (ProcesslistSnapshot s : all) {
            Pile p = pile(s);
            if (busiest == null || p.waiting() > busiest.waiting()) {
                busiest = p;
            }
            if (p.piled()) {
                piled++;
                if (worst == null || p.waiting() > worst.waiting()) {
                    worst = p;
                }
            }
            Processlist.Thread l = s.snapshot().longest();
            if (l != null && (longest == null || l.time() > longest.time())) {
                longest = l;
                longestIn = s;
            }
        }
        double share = (double) piled / all.size();
        int pileScore = piled == 0 ? 0 : share >= run.get(PILE_SHARE) ? (share >= 0.9 && piled >= 2 ? 92 : 80) : share >= 0.2 ? 50 : 20;
        long seconds = longest == null ? 0 : longest.time();
        int longScore = seconds >= run.get(CRITICAL_SECONDS) ? 90 : seconds >= run.get(WARN_SECONDS) ? 78
                : seconds >= run.get(LONG_SECONDS) ? 50 : 0;
        String longText = longest == null ? run.t("noQuery")
                : run.t("longValue", Long.toString(seconds), info(longest), ref(longestIn, longest.line()));
        if (Math.max(pileScore, longScore) < 25) {
            String most = busiest == null || busiest.state() == null ? run.t("noWait")
                    : run.t("mostWaiting", Integer.toString(busiest.waiting()), Integer.toString(busiest.active()), busiest.state(),
                    ref(busiest.snap(), busiest.snap().snapshot().line()));
            run.pass(run.t("pass", Integer.toString(all.size()), Integer.toString(piled), most, longText));
            return;
        }
        boolean byPile = pileScore >= longScore;
        var f = byPile
                ? run.finding(pileScore, run.t("summary.pile", Integer.toString(piled), Integer.toString(all.size()),
                        Integer.toString(worst.waiting()), Integer.toString(worst.active()), worst.state(), info(worst.first()),
                        ref(worst.snap(), worst.first().line())))
                : run.finding(longScore, run.t("summary.long", Long.toString(seconds), info(longest), ref(longestIn, longest.line()),
                        longest.stateLabel()));
        f.explain(byPile ? run.t("explanation.pile") : run.t("explanation.long"));
        f.evidence(run.t("evidence.snapshots"), Integer.toString(all.size()), all.get(0).ref(all.get(0).snapshot().line()));
        if (worst != null) {
            f.evidence(run.t("evidence.piled"), run.t("evidence.piledValue", Integer.toString(piled), Fmt.num(share * 100)),
                    worst.snap().ref(worst.snap().snapshot().line()));
            f.evidence(run.t("evidence.state", worst.state()), run.t("evidence.stateValue", Integer.toString(worst.waiting()),
                    Integer.toString(worst.active()), info(worst.first())), worst.snap().ref(worst.first().line()));
        }
        if (longest != null) {
            f.evidence(run.t("evidence.longest"), run.t("evidence.longestValue", Long.toString(seconds), info(longest)),
                    longestIn.ref(longest.line()));
        }
        f.threshold(PILE_SHARE).threshold(LONG_SECONDS).threshold(WARN_SECONDS).threshold(CRITICAL_SECONDS);
        f.recommend(Recommendation.of(byPile ? run.t("action.pile") : run.t("action.long"))
                .sql(byPile ? List.of("SELECT * FROM performance_schema.metadata_locks WHERE LOCK_STATUS = 'PENDING';",
                                "SELECT * FROM sys.schema_table_lock_waits;", "SHOW FULL PROCESSLIST;")
                        : List.of("SHOW FULL PROCESSLIST;", "EXPLAIN FOR CONNECTION " + longest.id() + ";"))
                .effect(byPile ? run.t("effect.pile") : run.t("effect.long"), byPile ? "MYSQL-METADATA-LOCKING" : "MYSQL-THREAD-STATES")
                .risk(byPile ? run.t("risk.pile") : run.t("risk.long")).build());
        f.add();
    }

    private static String info(Processlist.Thread t) {
        String s = t.info().replaceAll("\\s+", " ").strip();
        if (s.isEmpty()) {
            return "(no statement text)";
        }
        return s.length() > 120 ? s.substring(0, 117) + "..." : s;
    }

    private static String ref(ProcesslistSnapshot s, int line) {
        String t = s.snapshot().stamp();
        return (t.isEmpty() ? "" : t + ", ") + s.ref(line);
    }
}
