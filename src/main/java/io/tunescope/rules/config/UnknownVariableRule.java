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
            run.pass(run.t("pass", run.e.server().display()));
            return;
        }
        String server = run.e.server().display();
        String names = Reasons.list(bad.keySet(), run.locale);
        var f = run.finding(90, bad.size() == 1 ? run.t("summary.one", bad.size(), server, names) : run.t("summary", bad.size(), server, names))
                .explain(run.t("explanation", server, run.e.serverRef().map(Object::toString).orElseGet(() -> run.t("theCapture"))));
        run.e.serverRef().ifPresent(r -> f.evidence(run.t("evidence.server"), server, r));
        List<String> fixes = new ArrayList<>();
        for (var entry : bad.entrySet()) {
            ServerVariables.Verdict v = verdicts.get(entry.getKey());
            ConfigEntry en = entry.getValue();
            f.evidence(en.name(), Reasons.valueAndReason(en.value(), v, run.locale), en.source());
            f.cite(v.source());
            if (v.replacement().isEmpty()) {
                fixes.add(run.t("remove", en.name(), en.value(), en.source()));
            } else {
                fixes.add(v.replacementValue(en.value()).map(nv -> run.t("replace", en.name(), en.source(), v.replacement(), nv))
                        .orElseGet(() -> run.t("replace.choose", en.name(), en.source(), v.replacement(), en.value())));
            }
        }
        f.recommend(Recommendation.of(run.t("action"))
                .text(fixes.toArray(String[]::new))
                .effect(run.t("effect"), "MYSQL-UNKNOWN-VAR-LOGS")
                .risk(run.t("risk")).build());
        if (run.e.server().mysqlLine() && ServerVariables.atLeast(run.e.server(), 8, 0, 16)) {
            f.recommend(Recommendation.of(run.t("action.validate"))
                    .bash("mysqld --defaults-file=/etc/my.cnf --validate-config")
                    .effect(run.t("effect.validate"), "MYSQL-VALIDATE").build());
        }
        f.add();
    }
}
