package io.tunescope.rules.server;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Sql;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * SRV-CONNECTIONS: the connection high-water mark (Max_used_connections, since startup or FLUSH STATUS)
 * near max_connections, and connections aborted during the run (Aborted_connects, Aborted_clients), with
 * the Connection_errors_* counters that moved.
 */
public final class ConnectionsRule extends BaseRule {
    static final Setting USAGE = Setting.heuristic("maxUsedPercent", "Max_used_connections of max_connections above", 85, "%");
    static final Setting ABORTED = Setting.heuristic("minAbortedPerSecond", "aborted connections per second at least", 0.1, "/s");

    public ConnectionsRule() {
        super("SRV-CONNECTIONS", Topic.SERVER, "Connection limit near or connections aborted", List.of(Need.STATUS_DELTA),
                List.of("MYSQL-STATUS-VARS", "MARIADB-STATUS-VARS", "MYSQL-TOO-MANY-CONN", "MYSQL-ABORTED"), USAGE, ABORTED);
    }

    @Override
    protected void check(Run run) {
        StatusDelta.Result d = run.e.statusDelta().orElseThrow();
        Optional<StatusDelta.Row> maxUsed = Counters.row(d, "Max_used_connections");
        Optional<StatusDelta.Row> connects = Counters.row(d, "Aborted_connects");
        Optional<StatusDelta.Row> clients = Counters.row(d, "Aborted_clients");
        Optional<Fact> limit = run.e.setting("max_connections");
        boolean haveUsage = maxUsed.isPresent() && Counters.number(limit).isPresent() && Counters.number(limit).getAsDouble() > 0;
        if (!haveUsage && connects.isEmpty() && clients.isEmpty()) {
            run.notApplicable(run.t("noCounters"));
            return;
        }
        double max = haveUsage ? Counters.number(limit).getAsDouble() : Double.NaN;
        double share = haveUsage ? maxUsed.get().after() / max : Double.NaN;
        double abortedConnects = connects.map(StatusDelta.Row::delta).orElse(0.0);
        double abortedClients = clients.map(StatusDelta.Row::delta).orElse(0.0);
        double abortedRate = (abortedConnects + abortedClients) / d.elapsedSeconds();
        List<StatusDelta.Row> errors = new ArrayList<>();
        for (StatusDelta.Row r : d.rows()) {
            if (r.name().toLowerCase(Locale.ROOT).startsWith("connection_errors_") && r.delta() > 0) {
                errors.add(r);
            }
        }
        boolean usage = haveUsage && share * 100 > run.get(USAGE);
        boolean aborted = abortedRate >= run.get(ABORTED);
        String shareText = haveUsage ? Fmt.pct(share) : "-";
        String used = maxUsed.map(r -> Fmt.num(r.after())).orElse("-");
        String limitText = limit.map(Fact::value).orElse("-");
        if (!usage && !aborted && errors.isEmpty()) {
            run.pass(run.t("pass", used, limitText, shareText, Fmt.num(abortedConnects), Fmt.num(abortedClients), Fmt.num(d.elapsedSeconds())));
            return;
        }
        String secs = Fmt.num(d.elapsedSeconds());
        if (usage) {
            boolean atLimit = maxUsed.get().after() >= max;
            var f = run.finding(atLimit ? 80 : 50, atLimit ? run.t("summary.atLimit", used, limitText, shareText) : run.t("summary.usage", used, limitText, shareText))
                    .explain(run.t("explanation.usage"))
                    .evidence(run.t("evidence.after", maxUsed.get().name()), used, maxUsed.get().afterRef())
                    .evidence(limit.get())
                    .threshold(USAGE);
            errors.stream().filter(r -> r.name().equalsIgnoreCase("Connection_errors_max_connections"))
                    .forEach(r -> f.evidence(run.t("evidence.delta", r.name()), Fmt.num(r.delta()), r.afterRef()));
            f.recommend(Recommendation.of(run.t("action.usage"))
                    .text(run.t("text.usage", used, limitText))
                    .effect(run.t("effect.usage"), "MYSQL-TOO-MANY-CONN").risk(run.t("risk.usage")).build());
            f.add();
        }
        if (aborted || !errors.isEmpty()) {
            List<String> moved = new ArrayList<>();
            for (StatusDelta.Row r : errors) {
                moved.add(r.name() + " " + Fmt.num(r.delta()));
            }
            String summary = aborted
                    ? run.t("summary.aborted", Fmt.num(abortedConnects), Fmt.num(abortedClients), secs, Counters.rate(abortedRate))
                    : run.t("summary.errors", String.join(run.t("separator"), moved), secs);
            var f = run.finding(errors.stream().anyMatch(r -> r.name().equalsIgnoreCase("Connection_errors_max_connections")) ? 60 : 40, summary)
                    .explain(run.t("explanation.aborted"));
            connects.ifPresent(r -> f.evidence(run.t("evidence.delta", r.name()), Fmt.num(r.delta()), r.afterRef()));
            clients.ifPresent(r -> f.evidence(run.t("evidence.delta", r.name()), Fmt.num(r.delta()), r.afterRef()));
            for (StatusDelta.Row r : errors) {
                f.evidence(run.t("evidence.delta", r.name()), Fmt.num(r.delta()), r.afterRef());
            }
            if (aborted) {
                f.threshold(ABORTED);
            }
            boolean maria = !run.e.server().mysqlLine();
            String log = maria ? "log_warnings" : "log_error_verbosity";
            double now = run.e.settingNumber(log).orElse(Double.NaN);
            double want = maria ? 4 : 3;
            // log_error_verbosity exists from MySQL 5.7; MariaDB keeps log_warnings
            boolean exists = run.e.server().major() > 0 && (maria || run.e.server().atLeast(5, 7));
            if (exists && !(now >= want)) {
                f.recommend(Recommendation.of(run.t("action.log"))
                        .sql(List.of(Sql.persist(run.e, log, Fmt.num(want))), log)
                        .effect(maria ? run.t("effect.log.mariadb") : run.t("effect.log.mysql"), maria ? "MARIADB-LOG-WARNINGS" : "MYSQL-ABORTED")
                        .risk(run.t("risk.log")).build());
            }
            f.recommend(Recommendation.of(run.t("action.errors"))
                    .sql(List.of("SHOW GLOBAL STATUS LIKE 'Connection_errors%';", "SHOW GLOBAL STATUS LIKE 'Aborted%';",
                            "SHOW GLOBAL VARIABLES WHERE Variable_name IN ('wait_timeout', 'interactive_timeout', 'max_allowed_packet', 'connect_timeout');"))
                    .effect(run.t("effect.errors"), "MYSQL-ABORTED").risk(run.t("risk.errors")).build());
            f.add();
        }
    }
}
