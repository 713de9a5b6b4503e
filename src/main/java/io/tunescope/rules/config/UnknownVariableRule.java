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
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** CFG-UNKNOWN-VARIABLE: an option in a server section that the detected server does not have. */
public final class UnknownVariableRule extends BaseRule {

    public UnknownVariableRule() {
        super("CFG-UNKNOWN-VARIABLE", Topic.CONFIG, "Option not valid for this server",
                List.of(Need.OPTION_FILES, Need.SERVER_VERSION),
                List.of("WL10824", "MYSQL-UNKNOWN-VAR-LOGS", "MARIADB-SCRUB", "MARIADB-AHI-PARTITIONS", "WL7704",
                        "MYSQL84-OPTVAR", "MYSQL-VALIDATE", "MYSQL-OPTION-MODIFIERS"));
    }

    /**
     * Server options that are no system variable of the same name, yet valid (start-up options, plugin loading,
     * options that accumulate, option spellings of variables with another name).
     */
    private static final Set<String> NOT_VARIABLES = Set.of("plugin_load", "plugin_load_add", "early_plugin_load", "ssl",
            "user", "log_basename", "binlog_do_db", "binlog_ignore_db", "console", "core_file", "memlock", "chroot", "gdb",
            "debug", "temp_pool", "symbolic_links", "character_set_client_handshake", "default_time_zone", "validate_config",
            "verbose", "wsrep_new_cluster", "exit_info", "log_short_format", "log_isam", "safe_user_create", "new",
            "skip_grant_tables", "grant_tables", "des_key_file", "innodb_status_file", "numa_interleave", "bootstrap",
            "external_locking", "stack_trace", "host_cache", "name_resolve", "networking", "slave_start", "replica_start",
            "show_database", "log_bin", "log_slave_updates", "log_replica_updates", "transaction_isolation",
            "transaction_read_only", "admin_ssl", "ssl_mode", "standalone", "install", "remove", "help", "no_defaults",
            "defaults_file", "defaults_extra_file", "defaults_group_suffix", "print_defaults", "plugin_maturity",
            "thread_pool_mode");
    private static final List<String> NOT_VARIABLE_PREFIXES = List.of("replicate_", "performance_schema_instrument",
            "performance_schema_consumer_", "maximum_", "wsrep_provider_options");
    private static final Set<String> PLUGIN_STATES = Set.of("ON", "OFF", "FORCE", "FORCE_PLUS_PERMANENT", "1", "0");
    /** Built-in or packaged plugins without system variables of their own, enabled or disabled by name. */
    private static final Set<String> PLUGINS = Set.of("unix_socket", "auth_socket", "auth_ed25519", "ed25519", "feedback", "innodb",
            "aria", "myisam", "archive", "blackhole", "federated", "federatedx", "partition", "sequence", "csv", "memory", "mrg_myisam",
            "auth_pam", "auth_gssapi", "simple_password_check", "cracklib_password_check", "disks", "metadata_lock_info", "query_response_time");

    @Override
    protected void check(Run run) {
        Map<String, ConfigEntry> bad = new LinkedHashMap<>();
        Map<String, ServerVariables.Verdict> verdicts = new LinkedHashMap<>();
        Map<String, List<ConfigEntry>> unlisted = new LinkedHashMap<>();
        int checked = 0;
        for (ConfigEntry en : run.e.serverOptions()) {
            ServerVariables.Verdict v = ServerVariables.check(run.e, en.name());
            if (v.status() == ServerVariables.Status.MISSING) {
                bad.putIfAbsent(en.name(), en);
                verdicts.putIfAbsent(en.name(), v);
            } else if (run.e.hasVariableListing() && v.status() != ServerVariables.Status.DEPRECATED) {
                checked++;
                if (!knownToServer(run.e, en)) {
                    unlisted.computeIfAbsent(en.name(), k -> new ArrayList<>()).add(en);
                }
            }
        }
        if (bad.isEmpty() && unlisted.isEmpty()) {
            run.pass(run.e.hasVariableListing() ? run.t("pass.listing", run.e.server().display(), checked, listingFile(run.e))
                    : run.t("pass", run.e.server().display()));
            return;
        }
        if (!bad.isEmpty()) {
            missing(run, bad, verdicts);
        }
        if (!unlisted.isEmpty()) {
            unlisted(run, unlisted);
        }
    }

    /** True when the running server lists the option as a variable, or it is a valid option of another kind. */
    static boolean knownToServer(io.tunescope.analysis.evidence.Evidence e, ConfigEntry en) {
        String n = en.name();
        if (e.variableListed(n) || e.variableListed("skip_" + n) || NOT_VARIABLES.contains(n)) {
            return true;
        }
        for (String alias : io.tunescope.analysis.config.OptionLines.sameVariable(n)) {
            if (e.variableListed(alias)) {
                return true;
            }
        }
        for (String p : NOT_VARIABLE_PREFIXES) {
            if (n.startsWith(p)) {
                return true;
            }
        }
        var listing = e.config().variables().orElseThrow();
        String state = en.value().strip().toUpperCase(Locale.ROOT);
        boolean pluginState = PLUGIN_STATES.contains(state);
        // a plugin's own name with a load state: FORCE values exist only for plugins; others when the plugin is known or loaded
        if (state.startsWith("FORCE") || pluginState && (PLUGINS.contains(n) || loadedPlugins(e).contains(n))) {
            return true;
        }
        for (ConfigEntry v : listing.entries()) {
            // a unique prefix is accepted by mysqld (innodb_buffer_pool_si for innodb_buffer_pool_size);
            // a plugin's own name set to ON/FORCE loads it, and its variables start with that name
            if (v.name().startsWith(n) || pluginState && v.name().startsWith(n + "_")) {
                return true;
            }
        }
        return false;
    }

    /** Plugins the option files load (plugin_load_add / plugin_load / early_plugin_load: name=library or library). */
    private static Set<String> loadedPlugins(io.tunescope.analysis.evidence.Evidence e) {
        Set<String> out = new java.util.HashSet<>();
        for (ConfigEntry o : e.serverOptions()) {
            if (o.name().equals("plugin_load_add") || o.name().equals("plugin_load") || o.name().equals("early_plugin_load")) {
                for (String part : o.value().split("[;,]")) {
                    String p = part.strip();
                    int eq = p.indexOf('=');
                    p = (eq > 0 ? p.substring(0, eq) : p).strip().toLowerCase(Locale.ROOT);
                    if (p.endsWith(".so") || p.endsWith(".dll")) {
                        p = p.substring(0, p.lastIndexOf('.'));
                    }
                    out.add(p.replace('-', '_'));
                }
            }
        }
        return out;
    }

    private static String listingFile(io.tunescope.analysis.evidence.Evidence e) {
        return e.config().variables().filter(v -> !v.entries().isEmpty()).map(v -> v.entries().get(0).source().file()).orElse("");
    }

    private void unlisted(Run run, Map<String, List<ConfigEntry>> unlisted) {
        String names = Reasons.list(unlisted.keySet(), run.locale);
        String listing = listingFile(run.e);
        String server = run.e.server().display();
        var f = run.finding(40, unlisted.size() == 1 ? run.t("unlisted.summary.one", server, listing, names)
                        : run.t("unlisted.summary", unlisted.size(), server, listing, names))
                .explain(run.t("unlisted.explanation", listing));
        run.e.serverRef().ifPresent(r -> f.evidence(run.t("evidence.server"), server, r));
        List<String> fixes = new ArrayList<>();
        for (List<ConfigEntry> lines : unlisted.values()) {
            for (ConfigEntry en : lines) {
                f.evidence(en.name(), run.t("unlisted.value", en.value(), listing), en.source());
                fixes.add(run.t("unlisted.fix", en.source(), en.name(), en.value()));
            }
        }
        f.recommend(Recommendation.of(run.t("unlisted.action"))
                .text(fixes.toArray(String[]::new))
                .effect(run.t("unlisted.effect"), "MYSQL-OPTION-FILES")
                .risk(run.t("risk")).build());
        f.cite("MYSQL-OPTION-MODIFIERS");
        f.add();
    }

    private void missing(Run run, Map<String, ConfigEntry> bad, Map<String, ServerVariables.Verdict> verdicts) {
        String server = run.e.server().display();
        String names = Reasons.list(bad.keySet(), run.locale);
        var f = run.finding(90, bad.size() == 1 ? run.t("summary.one", bad.size(), server, names) : run.t("summary", bad.size(), server, names))
                .explain(run.t("explanation", server, run.e.serverRef().map(Object::toString).orElseGet(() -> run.t("theCapture"))));
        run.e.serverRef().ifPresent(r -> f.evidence(run.t("evidence.server"), server, r));
        List<String> fixes = new ArrayList<>();
        for (var entry : bad.entrySet()) {
            ServerVariables.Verdict v = verdicts.get(entry.getKey());
            f.cite(v.source());
            // every line that sets the option; the replacement goes on the one that takes effect
            List<ConfigEntry> lines = run.e.optionLines().lookup(entry.getKey()).map(o -> o.lines()).orElse(List.of(entry.getValue()));
            ConfigEntry en = lines.get(lines.size() - 1);
            for (ConfigEntry l : lines) {
                f.evidence(l.name(), Reasons.valueAndReason(l.value(), v, run.locale), l.source());
            }
            for (ConfigEntry l : lines.subList(0, lines.size() - 1)) {
                fixes.add(run.t("remove", l.name(), l.value(), l.source()));
            }
            var already = v.replacement().isEmpty() ? java.util.Optional.<io.tunescope.analysis.config.OptionLines.Occurrences>empty()
                    : run.e.optionLines().lookup(v.replacement());
            if (v.replacement().isEmpty()) {
                fixes.add(run.t("remove", en.name(), en.value(), en.source()));
            } else if (already.isPresent()) {
                // the successor is set already: writing it again would override (or be overridden by) that line
                ConfigEntry eff = already.get().effective();
                fixes.add(run.t("remove.replaced", en.name(), en.value(), en.source(), eff.name(), eff.value(), eff.source()));
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
