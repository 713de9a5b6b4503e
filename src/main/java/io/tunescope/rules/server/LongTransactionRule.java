package io.tunescope.rules.server;

import io.tunescope.analysis.evidence.Evidence.InnodbSnapshot;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.innodb.InnodbStatus;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;

/**
 * SRV-LONG-TRX: a long-running transaction keeps purge from removing old row versions. Read from
 * {@code SHOW ENGINE INNODB STATUS}: the oldest {@code ACTIVE N sec} transaction of every snapshot and the
 * {@code History list length} (undo logs not purged yet), and whether that length grew between snapshots.
 */
public final class LongTransactionRule extends BaseRule {
    static final Setting AGE_INFO = Setting.heuristic("activeSeconds", "oldest ACTIVE transaction, reported from", 60, "s");
    static final Setting AGE_WARN = Setting.heuristic("warnActiveSeconds", "oldest ACTIVE transaction, warning from", 600, "s");
    static final Setting HISTORY_GROWING = Setting.heuristic("growingHistory",
            "history list length that grew between every snapshot, reported from", 10000, "");
    static final Setting HISTORY_WARN = Setting.heuristic("warnHistory", "history list length, warning from", 100000, "");
    static final Setting HISTORY_CRITICAL = Setting.heuristic("criticalHistory", "history list length, critical from", 1000000, "");

    public LongTransactionRule() {
        super("SRV-LONG-TRX", Topic.SERVER, "Long-running transaction holding back purge (history list length)",
                List.of(Need.INNODB_STATUS), List.of("MYSQL-INNODB-PURGE", "MYSQL-INNODB-MONITOR", "MARIADB-SHOW-INNODB-STATUS"),
                AGE_INFO, AGE_WARN, HISTORY_GROWING, HISTORY_WARN, HISTORY_CRITICAL);
    }

    @Override
    protected void check(Run run) {
        List<InnodbSnapshot> all = run.e.innodbSnapshots();
        List<InnodbSnapshot> withHistory = new ArrayList<>();
        InnodbSnapshot oldestIn = null;
        InnodbStatus.Transaction oldest = null;
        for (InnodbSnapshot s : all) {
            if (s.snapshot().values().containsKey("history_list_length")) {
                withHistory.add(s);
            }
            InnodbStatus.Transaction t = s.snapshot().oldestTransaction();
            if (t != null && (oldest == null || t.activeSeconds() > oldest.activeSeconds())) {
                oldest = t;
                oldestIn = s;
            }
        }
        if (withHistory.isEmpty() && oldest == null) {
            run.notApplicable(run.t("noTransactions"));
            return;
        }
        double age = oldest == null ? 0 : oldest.activeSeconds();
        String ageText = oldest == null ? run.t("noActive") : Fmt.num(age) + " s";
        InnodbSnapshot first = withHistory.isEmpty() ? null : withHistory.get(0);
        InnodbSnapshot last = withHistory.isEmpty() ? null : withHistory.get(withHistory.size() - 1);
        double history = last == null ? Double.NaN : last.snapshot().value("history_list_length").getAsDouble();
        boolean growing = withHistory.size() >= 2;
        for (int i = 1; i < withHistory.size(); i++) {
            if (!(hll(withHistory.get(i)) > hll(withHistory.get(i - 1)))) {
                growing = false;
            }
        }
        String historyText = last == null ? run.t("notPrinted")
                : withHistory.size() >= 2 ? run.t("historySeries", Fmt.num(hll(first)), Fmt.num(history), Integer.toString(withHistory.size()))
                : Fmt.num(history);
        int ageScore = age >= run.get(AGE_WARN) ? 78 : age >= run.get(AGE_INFO) ? 50 : 0;
        int historyScore = Double.isNaN(history) ? 0 : history >= run.get(HISTORY_CRITICAL) ? 90 : history >= run.get(HISTORY_WARN) ? 78
                : growing && history >= run.get(HISTORY_GROWING) ? 55 : 0;
        int score = Math.max(ageScore, historyScore);
        if (score == 0) {
            run.pass(run.t("pass", ageText, historyText));
            return;
        }
        String summary = ageScore >= historyScore
                ? run.t("summary.age", ageText, oldest.id(), historyText)
                : growing ? run.t("summary.growing", historyText, ageText) : run.t("summary.history", historyText, ageText);
        var f = run.finding(score, summary).explain(run.t("explanation"));
        if (oldest != null) {
            f.evidence(run.t("evidence.oldest", oldest.id()), Fmt.num(age) + " s" + (oldest.state().isEmpty() ? "" : " (" + oldest.state() + ")"),
                    oldestIn.ref(oldest.line()));
        }
        for (InnodbSnapshot s : withHistory.size() > 4 ? List.of(first, last) : withHistory) {
            var v = s.snapshot().values().get("history_list_length");
            f.evidence(run.t("evidence.history", s.snapshot().timestamp()), Fmt.num(v.value()), s.ref(v.line()));
        }
        if (ageScore > 0) {
            f.threshold(age >= run.get(AGE_WARN) ? AGE_WARN : AGE_INFO);
        }
        if (historyScore > 0) {
            f.threshold(history >= run.get(HISTORY_CRITICAL) ? HISTORY_CRITICAL : history >= run.get(HISTORY_WARN) ? HISTORY_WARN : HISTORY_GROWING);
        }
        f.recommend(Recommendation.of(run.t("action"))
                .sql(List.of("SELECT trx_id, trx_started, TIMESTAMPDIFF(SECOND, trx_started, NOW()) AS age_s, trx_mysql_thread_id, trx_query",
                        "  FROM information_schema.INNODB_TRX ORDER BY trx_started LIMIT 10;"))
                .effect(run.t("effect"), "MYSQL-INNODB-PURGE").risk(run.t("risk")).build());
        f.add();
    }

    private static double hll(InnodbSnapshot s) {
        return s.snapshot().value("history_list_length").getAsDouble();
    }
}
