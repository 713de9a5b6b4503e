package io.tunescope.rules.config;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.ServerVariables;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** CFG-UNKNOWN-VARIABLE: an option in a server section that the detected server does not have. */
public final class UnknownVariableRule extends BaseRule {

    public UnknownVariableRule() {
        super("CFG-UNKNOWN-VARIABLE", Topic.CONFIG, "Option not valid for this server",
                List.of(Need.OPTION_FILES, Need.SERVER_VERSION),
                List.of("WL10824", "MYSQL-UNKNOWN-VAR-LOGS", "MARIADB-SCRUB", "MARIADB-AHI-PARTITIONS", "WL7704",
                        "MYSQL84-OPTVAR", "MYSQL-VALIDATE"));
    }

    @Override
    protected void check(Run run) {
        Map<String, ConfigEntry> bad = new LinkedHashMap<>();
        Map<String, ServerVariables.Verdict> verdicts = new LinkedHashMap<>();
        for (ConfigEntry en : run.e.serverOptions()) {
            ServerVariables.Verdict v = ServerVariables.check(run.e, en.name());
            if (v.status() == ServerVariables.Status.MISSING) {
                bad.putIfAbsent(en.name(), en);
                verdicts.putIfAbsent(en.name(), v);
            }
        }
        if (bad.isEmpty()) {
            run.pass("every version-dependent option in the option files exists on " + run.e.server().display());
            return;
        }
        String server = run.e.server().display();
        var f = run.finding(90, bad.size() + (bad.size() == 1 ? " option" : " options") + " in the option files "
                        + (bad.size() == 1 ? "does" : "do") + " not exist on " + server + " and will stop the server from starting: "
                        + String.join(", ", bad.keySet()) + ".")
                .explain(server + " refuses to start on an option it does not know in a group it reads ([mysqld], [server], ...): "
                        + "the error log shows \"[ERROR] [MY-000067] [Server] unknown variable '...'\" followed by \"Aborting\". "
                        + "Options written with the loose- prefix only produce a warning. "
                        + "The server version was read from " + run.e.serverRef().map(Object::toString).orElse("the capture") + ".");
        run.e.serverRef().ifPresent(r -> f.evidence("server", server, r));
        List<String> fixes = new ArrayList<>();
        for (var entry : bad.entrySet()) {
            ServerVariables.Verdict v = verdicts.get(entry.getKey());
            ConfigEntry en = entry.getValue();
            f.evidence(en.name(), en.value() + " - " + v.reason(), en.source());
            f.cite(v.source());
            fixes.add(v.replacement().isEmpty()
                    ? "# remove: " + en.name() + " = " + en.value() + "   (" + en.source() + ")"
                    : "# replace " + en.name() + " (" + en.source() + ") by: " + v.replacement() + " = " + en.value());
        }
        f.recommend(Recommendation.of("Remove or translate the options this server does not have, then validate the file before restarting")
                .text(fixes.toArray(String[]::new))
                .effect("The server starts with the file.", "MYSQL-UNKNOWN-VAR-LOGS")
                .risk("None.").build());
        if (run.e.server().mysqlLine() && ServerVariables.atLeast(run.e.server(), 8, 0, 16)) {
            f.recommend(Recommendation.of("Validate the option file without starting the server")
                    .bash("mysqld --defaults-file=/etc/my.cnf --validate-config")
                    .effect("Reports every unknown or invalid option (MySQL 8.0.16+).", "MYSQL-VALIDATE").build());
        }
        f.add();
    }
}
