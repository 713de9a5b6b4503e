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
import java.util.Set;

/**
 * CFG-DEPRECATED-VARIABLE: options that the server still accepts but has deprecated or ignores. The redo
 * log size options on MySQL 8.0.30+ are left to CFG-REDO-CAPACITY.
 */
public final class DeprecatedVariableRule extends BaseRule {
    private static final Set<String> REDO = Set.of("innodb_log_file_size", "innodb_log_files_in_group");

    public DeprecatedVariableRule() {
        super("CFG-DEPRECATED-VARIABLE", Topic.CONFIG, "Deprecated or ignored option",
                List.of(Need.OPTION_FILES, Need.SERVER_VERSION), List.of("MYSQL84-OPTVAR", "MARIADB-SCRUB", "MYSQL-REDO"));
    }

    @Override
    protected void check(Run run) {
        Map<String, ConfigEntry> dep = new LinkedHashMap<>();
        Map<String, ServerVariables.Verdict> verdicts = new LinkedHashMap<>();
        for (ConfigEntry en : run.e.serverOptions()) {
            if (REDO.contains(en.name()) && run.e.server().mysqlLine()) {
                continue;
            }
            ServerVariables.Verdict v = ServerVariables.check(run.e, en.name());
            if (v.status() == ServerVariables.Status.DEPRECATED) {
                dep.putIfAbsent(en.name(), en);
                verdicts.putIfAbsent(en.name(), v);
            }
        }
        if (dep.isEmpty()) {
            run.pass(run.t("pass"));
            return;
        }
        String server = run.e.server().display();
        String names = Reasons.list(dep.keySet(), run.locale);
        var f = run.finding(30, dep.size() == 1 ? run.t("summary.one", dep.size(), server, names) : run.t("summary", dep.size(), server, names))
                .explain(run.t("explanation"));
        List<String> fixes = new ArrayList<>();
        for (var entry : dep.entrySet()) {
            ServerVariables.Verdict v = verdicts.get(entry.getKey());
            f.cite(v.source());
            // every line that sets it: the successor replaces the one that takes effect, the others go
            List<ConfigEntry> lines = run.e.optionLines().lookup(entry.getKey()).map(o -> o.lines()).orElse(List.of(entry.getValue()));
            ConfigEntry en = lines.get(lines.size() - 1);
            for (ConfigEntry l : lines) {
                f.evidence(l.name(), Reasons.valueAndReason(l.value(), v, run.locale), l.source());
            }
            for (ConfigEntry l : lines.subList(0, lines.size() - 1)) {
                fixes.add(run.t("remove", l.name(), l.source()));
            }
            var already = v.replacement().isEmpty() ? java.util.Optional.<io.tunescope.analysis.config.OptionLines.Occurrences>empty()
                    : run.e.optionLines().lookup(v.replacement());
            if (already.isPresent()) {
                ConfigEntry eff = already.get().effective();
                fixes.add(run.t("remove.replaced", en.name(), en.source(), eff.name(), eff.value(), eff.source()));
            } else {
                fixes.add(v.replacement().isEmpty() ? run.t("remove", en.name(), en.source())
                        : run.t("replace", v.replacement(), en.name(), en.source()));
            }
        }
        f.recommend(Recommendation.of(run.t("action"))
                .text(fixes.toArray(String[]::new))
                .effect(run.t("effect"), "MYSQL84-OPTVAR")
                .risk(run.t("risk")).build());
        f.add();
    }
}
