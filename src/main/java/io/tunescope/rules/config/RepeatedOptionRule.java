package io.tunescope.rules.config;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CFG-REPEATED-OPTION: one option set several times with different values in the groups the server
 * reads; only the last occurrence counts (tuning-rules.md D-19: five innodb_monitor_enable lines).
 */
public final class RepeatedOptionRule extends BaseRule {

    public RepeatedOptionRule() {
        super("CFG-REPEATED-OPTION", Topic.CONFIG, "Option set several times: only the last value counts",
                List.of(Need.OPTION_FILES), List.of("MYSQL-OPTION-FILES", "MYSQL-METRICS"));
    }

    @Override
    protected void check(Run run) {
        Map<String, List<ConfigEntry>> byName = new LinkedHashMap<>();
        for (ConfigEntry en : run.e.serverOptions()) {
            if (en.name().startsWith("plugin_load_add") || en.name().equals("early_plugin_load")
                    || en.name().equals("binlog_do_db") || en.name().equals("binlog_ignore_db")
                    || en.name().startsWith("replicate_")) {
                continue; // options that accumulate when repeated
            }
            byName.computeIfAbsent(en.name(), k -> new ArrayList<>()).add(en);
        }
        List<List<ConfigEntry>> repeated = new ArrayList<>();
        for (List<ConfigEntry> l : byName.values()) {
            if (l.size() > 1 && l.stream().map(x -> x.value().strip()).distinct().count() > 1) {
                repeated.add(l);
            }
        }
        if (repeated.isEmpty()) {
            run.pass(run.t("pass"));
            return;
        }
        List<String> names = repeated.stream().map(l -> run.t("times", l.get(0).name(), l.size())).toList();
        var f = run.finding(35, run.t("summary", Reasons.list(names, run.locale)))
                .explain(run.t("explanation"));
        List<String> lines = new ArrayList<>();
        for (List<ConfigEntry> l : repeated) {
            for (ConfigEntry en : l) {
                f.evidence(en.name(), en.value(), en.source());
            }
            ConfigEntry last = l.get(l.size() - 1);
            if (last.name().equals("innodb_monitor_enable")) {
                lines.add("innodb_monitor_enable = " + String.join(",", l.stream().map(x -> x.value().replace("'", "").strip()).toList()));
            } else {
                lines.add("# keep one line: " + last.name() + " = " + last.value() + "   (effective, " + last.source() + ")");
            }
        }
        f.recommend(Recommendation.of(run.t("action"))
                .ini(lines)
                .effect(run.t("effect"), "MYSQL-OPTION-FILES").risk(run.t("risk")).build());
        f.add();
    }
}
