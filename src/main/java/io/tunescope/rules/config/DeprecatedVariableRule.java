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
            run.pass("no deprecated option found");
            return;
        }
        String server = run.e.server().display();
        var f = run.finding(30, dep.size() + (dep.size() == 1 ? " option is" : " options are") + " deprecated or ignored on "
                        + server + ": " + String.join(", ", dep.keySet()) + ".")
                .explain("Deprecated options still start the server but log a warning, may be ignored, and disappear in a later "
                        + "version, where the same file stops the server from starting (see CFG-UNKNOWN-VARIABLE).");
        List<String> fixes = new ArrayList<>();
        for (var entry : dep.entrySet()) {
            ServerVariables.Verdict v = verdicts.get(entry.getKey());
            ConfigEntry en = entry.getValue();
            f.evidence(en.name(), en.value() + " - " + v.reason(), en.source());
            f.cite(v.source());
            fixes.add(v.replacement().isEmpty() ? "# remove: " + en.name() + "   (" + en.source() + ")"
                    : "# use " + v.replacement() + " instead of " + en.name() + "   (" + en.source() + ")");
        }
        f.recommend(Recommendation.of("Replace deprecated options by their successors or remove them")
                .text(fixes.toArray(String[]::new))
                .effect("No deprecation warnings; the file keeps working after an upgrade.", "MYSQL84-OPTVAR")
                .risk("None.").build());
        f.add();
    }
}
