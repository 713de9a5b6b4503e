package io.tunescope.rules.config;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigSnapshot;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * CFG-DEFAULT-AS-TUNING: option-file lines that restate the MySQL 8.0 default, which change nothing and
 * must not be presented as tuning (tuning-rules.md D-11, D-12).
 */
public final class DefaultAsTuningRule extends BaseRule {
    /** MySQL 8.0 defaults of options often "tuned" to their default. */
    private static final Map<String, Double> DEFAULTS_80 = new LinkedHashMap<>();

    static {
        DEFAULTS_80.put("innodb_spin_wait_delay", 6.0);
        DEFAULTS_80.put("innodb_sync_spin_loops", 30.0);
        DEFAULTS_80.put("innodb_flush_neighbors", 0.0);
        DEFAULTS_80.put("innodb_spin_wait_pause_multiplier", 50.0);
        DEFAULTS_80.put("innodb_log_buffer_size", 16.0 * 1024 * 1024);
        DEFAULTS_80.put("innodb_adaptive_hash_index_parts", 8.0);
        DEFAULTS_80.put("innodb_read_io_threads", 4.0);
        DEFAULTS_80.put("innodb_purge_threads", 4.0);
        DEFAULTS_80.put("innodb_page_cleaners", 4.0);
        DEFAULTS_80.put("innodb_buffer_pool_chunk_size", 128.0 * 1024 * 1024);
        DEFAULTS_80.put("table_open_cache", 4000.0);
    }

    public DefaultAsTuningRule() {
        super("CFG-DEFAULT-AS-TUNING", Topic.CONFIG, "Option lines that restate the default",
                List.of(Need.OPTION_FILES, Need.SERVER_VERSION), List.of("MYSQL-DEFAULTS-8.0", "MYSQL-SPIN", "WL9631"));
    }

    @Override
    protected void check(Run run) {
        var s = run.e.server();
        if (!(s.mysqlLine() && s.major() == 8)) {
            run.notApplicable(run.t("notMysql8", s.display()));
            return;
        }
        Map<String, ConfigEntry> found = new LinkedHashMap<>();
        for (ConfigEntry en : run.e.serverOptions()) {
            Double d = DEFAULTS_80.get(en.name());
            Optional<Double> v = ConfigSnapshot.parseNumber(en.value());
            // only the line that takes effect restates the default; an overridden line is CFG-REPEATED-OPTION's
            boolean effective = run.e.optionLines().lookup(en.name()).map(o -> o.effective().equals(en)).orElse(true);
            if (d != null && v.isPresent() && Math.abs(v.get() - d) < 1e-9 && effective) {
                found.put(en.name(), en);
            }
        }
        if (found.isEmpty()) {
            run.pass(run.t("pass"));
            return;
        }
        String names = Reasons.list(found.keySet(), run.locale);
        var f = run.finding(25, found.size() == 1 ? run.t("summary.one", found.size(), names) : run.t("summary", found.size(), names))
                .explain(run.t("explanation"));
        List<String> lines = new ArrayList<>();
        for (ConfigEntry en : found.values()) {
            f.evidence(en.name(), en.value(), en.source());
            lines.add(run.t("line", en.name(), en.value(), en.source()));
            run.e.optionLines().lookup(en.name()).ifPresent(o -> lines.addAll(io.tunescope.rules.OptionEdit.deletions(run.locale, o)));
        }
        f.recommend(Recommendation.of(run.t("action")).text(lines.toArray(String[]::new))
                .effect(run.t("effect"), "MYSQL-DEFAULTS-8.0").risk(run.t("risk")).build());
        f.add();
    }
}
