package io.tunescope.rules.config;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.config.ServerFlavor;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.OptionEdit;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * CFG-RECOVERY-LIMITS: settings that limit what can be recovered or trusted, often chosen on purpose for a
 * benchmark: no binary log (no point-in-time recovery), a binary log that is never purged (the disk fills),
 * and READ-UNCOMMITTED isolation (dirty reads). sync_binlog is CFG-DURABILITY-RELAXED's.
 */
public final class RecoveryLimitsRule extends BaseRule {

    public RecoveryLimitsRule() {
        super("CFG-RECOVERY-LIMITS", Topic.CONFIG, "Recovery and consistency limits (binary log, isolation)",
                List.of(Need.SERVER_SETTINGS), List.of("MYSQL-PITR", "MYSQL-BINLOG-EXPIRE", "MARIADB-BINLOG-VARS",
                        "MYSQL-ISOLATION", "MARIADB-ISOLATION"));
    }

    @Override
    protected void check(Run run) {
        ServerFlavor server = run.e.server();
        boolean maria = server.kind() == ServerFlavor.Kind.MARIADB;
        boolean binlog = DurabilityRelaxedRule.binlogOn(run.e);
        Optional<Fact> logBin = run.e.setting("log_bin");
        List<String> parts = new ArrayList<>();
        List<String> why = new ArrayList<>();
        List<Fact> shown = new ArrayList<>();
        List<Recommendation> recs = new ArrayList<>();
        int score = 0;

        if (!binlog) {
            parts.add(logBin.map(f -> run.t("part.noBinlog", "log_bin=" + f.unquoted())).orElseGet(() -> run.t("part.noBinlogDefault")));
            logBin.ifPresent(shown::add);
            why.add(run.t("why.binlog"));
            score = Math.max(score, 30);
            recs.add(Recommendation.of(run.t("action.binlog"))
                    .ini(OptionEdit.set(run.e, run.locale, "log_bin", "binlog"), "log_bin")
                    .effect(run.t("effect.binlog"), "MYSQL-PITR").risk(run.t("risk.binlog")).build());
        }

        Optional<Fact> seconds = run.e.setting("binlog_expire_logs_seconds");
        Optional<Fact> days = run.e.setting("expire_logs_days");
        String expiry = "";
        if (binlog) {
            // unset values count at the server's default: MySQL 8.0 keeps 30 days, MariaDB and MySQL 5.7 keep all
            boolean mysql8 = server.mysqlLine() && server.major() >= 8;
            double s = seconds.flatMap(f -> f.number().isPresent() ? Optional.of(f.number().getAsDouble()) : Optional.empty())
                    .orElse(mysql8 ? 2592000.0 : 0.0);
            double d = days.flatMap(f -> f.number().isPresent() ? Optional.of(f.number().getAsDouble()) : Optional.empty()).orElse(0.0);
            expiry = "binlog_expire_logs_seconds=" + seconds.map(Fact::unquoted).orElse(run.t("default")) + ", expire_logs_days="
                    + days.map(Fact::unquoted).orElse(run.t("default"));
            if (s <= 0 && d <= 0) {
                parts.add(run.t("part.noExpiry", expiry));
                seconds.ifPresent(shown::add);
                days.ifPresent(shown::add);
                why.add(run.t("why.expiry"));
                score = Math.max(score, 45);
                recs.add(Recommendation.of(run.t("action.expiry"))
                        .text(run.t("text.expiry", maria && !server.atLeast(10, 6) ? "expire_logs_days" : "binlog_expire_logs_seconds"))
                        .effect(run.t("effect.expiry"), maria ? "MARIADB-BINLOG-VARS" : "MYSQL-BINLOG-EXPIRE")
                        .risk(run.t("risk.expiry")).build());
            }
        }

        Optional<Fact> iso = run.e.setting("transaction_isolation").or(() -> run.e.setting("tx_isolation"));
        String isoValue = iso.map(f -> f.unquoted().toUpperCase(Locale.ROOT).replace('_', '-')).orElse("REPEATABLE-READ");
        if (isoValue.equals("READ-UNCOMMITTED")) {
            parts.add(iso.get().name() + "=" + iso.get().unquoted());
            shown.add(iso.get());
            why.add(run.t("why.isolation"));
            score = Math.max(score, 50);
            recs.add(Recommendation.of(run.t("action.isolation"))
                    .ini(OptionEdit.set(run.e, run.locale, "transaction_isolation", "REPEATABLE-READ"))
                    .effect(run.t("effect.isolation"), maria ? "MARIADB-ISOLATION" : "MYSQL-ISOLATION")
                    .risk(run.t("risk.isolation")).build());
        }

        if (parts.isEmpty()) {
            run.pass(run.t("pass", logBin.map(Fact::unquoted).orElseGet(() -> (binlog ? "ON " : "OFF ") + "(" + run.t("default") + ")"), expiry.isEmpty() ? "-" : expiry, isoValue));
            return;
        }
        var f = run.finding(score, parts.size() == 1 ? run.t("summary.one", parts.get(0)) : run.t("summary", Reasons.list(parts, run.locale)))
                .explain(String.join(" ", why));
        shown.forEach(f::evidence);
        recs.forEach(f::recommend);
        f.add();
    }
}
