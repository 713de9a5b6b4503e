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
            run.notApplicable("default table is for MySQL 8.x; server is " + s.display());
            return;
        }
        Map<String, ConfigEntry> found = new LinkedHashMap<>();
        for (ConfigEntry en : run.e.serverOptions()) {
            Double d = DEFAULTS_80.get(en.name());
            Optional<Double> v = ConfigSnapshot.parseNumber(en.value());
            if (d != null && v.isPresent() && Math.abs(v.get() - d) < 1e-9) {
                found.put(en.name(), en);
            }
        }
        if (found.isEmpty()) {
            run.pass("no option restates a MySQL 8.0 default");
            return;
        }
        var f = run.finding(15, found.size() + (found.size() == 1 ? " option line restates" : " option lines restate")
                        + " the MySQL 8.0 default (" + String.join(", ", found.keySet()) + ") and change nothing.")
                .explain("Setting an option to its default is harmless, but it is not an optimisation: innodb_spin_wait_delay=6 and "
                        + "innodb_sync_spin_loops=30 are the 8.0 defaults, and innodb_flush_neighbors=0 has been the default since "
                        + "8.0 (WL#9631). Attribute no measured gain to these lines.");
        List<String> lines = new ArrayList<>();
        for (ConfigEntry en : found.values()) {
            f.evidence(en.name(), en.value(), en.source());
            lines.add("# " + en.name() + " = " + en.value() + " is the default (" + en.source() + ")");
        }
        f.recommend(Recommendation.of("Drop the lines or mark them as documentation, not tuning").text(lines.toArray(String[]::new))
                .effect("None on performance; clearer change records.", "MYSQL-DEFAULTS-8.0").risk("None.").build());
        f.add();
    }
}
