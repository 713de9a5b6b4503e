package io.tunescope.rules;

import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.model.config.ServerFlavor;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Which server variables a server flavour and version has, for the variables where it matters
 * (tuning-rules.md section 3 and CFG-UNKNOWN-VARIABLE). A variable listed in the capture's own
 * {@code SHOW GLOBAL VARIABLES} exists, whatever the table says (patched builds add variables). Names
 * not in the table are {@link Status#UNKNOWN}: Tunescope does not guess.
 */
public final class ServerVariables {

    public enum Status { EXISTS, DEPRECATED, MISSING, UNKNOWN }

    /**
     * The verdict on one variable for one server. {@code reasonKey} names the reason in the engine bundle
     * ({@code variable.<key>}; empty when there is none); {@code replacement} may be empty.
     */
    public record Verdict(String name, Status status, String reasonKey, String replacement, String source, ValueMap valueMap) {
        public Verdict(String name, Status status, String reasonKey, String replacement, String source) {
            this(name, status, reasonKey, replacement, source, ValueMap.NONE);
        }

        /**
         * The value to give {@link #replacement()} for the old variable's value, when the two mean the same
         * thing in the same unit (or a fixed conversion exists); empty when the value must be chosen anew.
         */
        public Optional<String> replacementValue(String oldValue) {
            return replacement.isEmpty() ? Optional.empty() : valueMap.apply(oldValue);
        }

        /** The reason in English. */
        public String reason() {
            return reason(Locale.ROOT);
        }

        /** The reason in the locale's language. */
        public String reason(Locale locale) {
            return reasonKey.isEmpty() ? "" : RuleText.engine(locale, "variable." + reasonKey);
        }
    }

    /** How an old variable's value carries over to its replacement. */
    public enum ValueMap {
        /** Same meaning, same unit. */
        SAME,
        /** Days to seconds ({@code expire_logs_days} to {@code binlog_expire_logs_seconds}). */
        DAYS_TO_SECONDS,
        /** Different meaning or unit: the value must be chosen anew. */
        NONE;

        Optional<String> apply(String v) {
            String t = v == null ? "" : v.trim();
            return switch (this) {
                case SAME -> t.isEmpty() ? Optional.empty() : Optional.of(t);
                case DAYS_TO_SECONDS -> {
                    try {
                        yield Optional.of(Long.toString(Math.multiplyExact(Long.parseLong(t), 86_400L)));
                    } catch (NumberFormatException | ArithmeticException e) {
                        yield Optional.empty();
                    }
                }
                case NONE -> Optional.empty();
            };
        }
    }

    /** The reasons are keys {@code variable.<key>} of the engine bundle. */
    private record Entry(Predicate<String> name, Predicate<ServerFlavor> missing, Predicate<ServerFlavor> deprecated,
                         String missingReason, String deprecatedReason, String replacement, String source, ValueMap valueMap) {
        Entry(Predicate<String> name, Predicate<ServerFlavor> missing, Predicate<ServerFlavor> deprecated,
              String missingReason, String deprecatedReason, String replacement, String source) {
            this(name, missing, deprecated, missingReason, deprecatedReason, replacement, source, ValueMap.NONE);
        }
    }

    private static Predicate<String> exactly(String... names) {
        List<String> l = List.of(names);
        return l::contains;
    }

    private static Predicate<String> prefix(String p) {
        return n -> n.startsWith(p);
    }

    private static final Predicate<ServerFlavor> NEVER = f -> false;

    /** True when the server is at least major.minor.patch. */
    public static boolean atLeast(ServerFlavor f, int major, int minor, int patch) {
        if (f.major() != major) {
            return f.major() > major;
        }
        if (f.minor() != minor) {
            return f.minor() > minor;
        }
        return f.patch() >= patch;
    }

    private static boolean mysql(ServerFlavor f) {
        return f.mysqlLine();
    }

    private static boolean maria(ServerFlavor f) {
        return f.kind() == ServerFlavor.Kind.MARIADB;
    }

    private static final List<Entry> TABLE = List.of(
            new Entry(exactly("query_cache_type", "query_cache_size", "query_cache_limit", "query_cache_min_res_unit",
                    "query_cache_wlock_invalidate"),
                    f -> mysql(f) && atLeast(f, 8, 0, 3), NEVER,
                    "queryCacheRemoved", "", "", "WL10824"),
            new Entry(prefix("innodb_background_scrub_data_"),
                    f -> mysql(f) || maria(f) && (atLeast(f, 10, 6, 0) || !atLeast(f, 10, 1, 3)),
                    f -> maria(f) && atLeast(f, 10, 5, 2),
                    "scrubMariaDbOnly",
                    "scrubIgnoredMariaDb1052", "", "MARIADB-SCRUB"),
            new Entry(exactly("innodb_adaptive_hash_index_partitions"),
                    f -> mysql(f) && !(f.kind() == ServerFlavor.Kind.PERCONA && f.major() == 5 && f.minor() == 6)
                            || maria(f) && !(f.major() == 10 && f.minor() == 2),
                    NEVER,
                    "ahiPartitionsPercona",
                    "", "innodb_adaptive_hash_index_parts", "MARIADB-AHI-PARTITIONS", ValueMap.SAME),
            new Entry(exactly("innodb_file_format", "innodb_file_format_check", "innodb_file_format_max", "innodb_large_prefix"),
                    f -> mysql(f) && f.major() >= 8, NEVER,
                    "removedMysql800", "", "", "WL7704"),
            new Entry(exactly("tx_isolation"), f -> mysql(f) && atLeast(f, 8, 0, 3), NEVER,
                    "removedMysql803", "", "transaction_isolation", "MYSQL-8.0-REMOVED", ValueMap.SAME),
            new Entry(exactly("tx_read_only"), f -> mysql(f) && atLeast(f, 8, 0, 3), NEVER,
                    "removedMysql803", "", "transaction_read_only", "MYSQL-8.0-REMOVED", ValueMap.SAME),
            new Entry(exactly("default_authentication_plugin"), f -> mysql(f) && atLeast(f, 8, 4, 0),
                    f -> mysql(f) && atLeast(f, 8, 0, 27),
                    "removedMysql840", "deprecatedMysql8027", "authentication_policy", "MYSQL84-OPTVAR"),
            new Entry(exactly("expire_logs_days"), f -> mysql(f) && atLeast(f, 8, 4, 0), f -> mysql(f) && f.major() >= 8,
                    "removedMysql840", "deprecatedMysql80", "binlog_expire_logs_seconds", "MYSQL84-OPTVAR", ValueMap.DAYS_TO_SECONDS),
            new Entry(exactly("innodb_support_xa", "innodb_locks_unsafe_for_binlog", "sync_frm", "innodb_undo_logs",
                    "secure_auth", "old_passwords", "metadata_locks_cache_size", "metadata_locks_hash_instances",
                    "innodb_stats_sample_pages", "ignore_builtin_innodb", "date_format", "datetime_format", "time_format"),
                    f -> mysql(f) && f.major() >= 8, NEVER,
                    "removedMysql80", "", "", "MYSQL-8.0-REMOVED"),
            new Entry(exactly("log_warnings"), f -> mysql(f) && f.major() >= 8, NEVER,
                    "removedMysql80", "", "log_error_verbosity", "MYSQL-8.0-REMOVED"),
            new Entry(exactly("page_hash_locks"), f -> true, NEVER,
                    "boostDbOnly", "", "", "BOOSTDB-OTHER"),
            new Entry(prefix("sched_affinity_"), f -> true, NEVER,
                    "boostDbOnly", "", "", "BOOSTDB-NUMA"),
            new Entry(exactly("innodb_log_file_size"), NEVER, f -> mysql(f) && atLeast(f, 8, 0, 30),
                    "", "logFileSizeDeprecatedMysql8030", "innodb_redo_log_capacity", "MYSQL-REDO"),
            new Entry(exactly("innodb_log_files_in_group"), f -> maria(f) && atLeast(f, 10, 6, 0),
                    f -> mysql(f) && atLeast(f, 8, 0, 30) || maria(f) && atLeast(f, 10, 5, 2),
                    "logFilesRemovedMariaDb106",
                    "logFilesDeprecated", "innodb_redo_log_capacity", "MYSQL-REDO"),
            new Entry(exactly("innodb_redo_log_capacity"), f -> mysql(f) && !atLeast(f, 8, 0, 30) || maria(f), NEVER,
                    "redoCapacityFromMysql8030", "", "innodb_log_file_size", "MYSQL-REDO"),
            new Entry(exactly("innodb_dedicated_server"), f -> mysql(f) && !atLeast(f, 8, 0, 3) || maria(f), NEVER,
                    "dedicatedFromMysql803", "", "", "MYSQL-DEDICATED"),
            new Entry(exactly("innodb_spin_wait_pause_multiplier"), f -> mysql(f) && !atLeast(f, 8, 0, 16) || maria(f), NEVER,
                    "fromMysql8016", "", "", "MYSQL-SPIN"),
            new Entry(exactly("binlog_group_commit_sync_delay", "binlog_group_commit_sync_no_delay_count"), f -> maria(f), NEVER,
                    "mysqlOnlyGroupCommit",
                    "", "binlog_commit_wait_usec", "MARIADB-GROUPCOMMIT", ValueMap.SAME),
            new Entry(exactly("binlog_commit_wait_usec", "binlog_commit_wait_count"), f -> mysql(f), NEVER,
                    "mariaDbOnlyGroupCommit", "", "binlog_group_commit_sync_delay", "MARIADB-GROUPCOMMIT", ValueMap.SAME),
            new Entry(exactly("innodb_buffer_pool_instances", "innodb_page_cleaners"), f -> maria(f) && atLeast(f, 10, 6, 0),
                    f -> maria(f) && atLeast(f, 10, 5, 1),
                    "poolRemovedMariaDb106", "poolDeprecatedMariaDb1051", "",
                    "MARIADB-10.5-INNODB"),
            new Entry(exactly("thread_pool_size", "thread_pool_oversubscribe", "thread_pool_stall_limit"),
                    f -> f.kind() == ServerFlavor.Kind.MYSQL, NEVER,
                    "noThreadPool",
                    "", "", "PERCONA-TP"));

    private ServerVariables() {
    }

    /** The verdict for a variable on the evidence's server (its variable listing wins over the table). */
    public static Verdict check(Evidence e, String name) {
        String n = Evidence.normalise(name);
        if (e.variableListed(n)) {
            // the server has it; deprecated is still deprecated (it still works, and will not in a later version)
            Verdict table = check(e.server(), n);
            return table.status() == Status.DEPRECATED ? table : new Verdict(n, Status.EXISTS, "listedInServer", "", "");
        }
        return check(e.server(), n);
    }

    /** The verdict from the table alone. */
    public static Verdict check(ServerFlavor server, String name) {
        String n = Evidence.normalise(name);
        if (server.kind() == ServerFlavor.Kind.UNKNOWN) {
            return new Verdict(n, Status.UNKNOWN, "serverUnknown", "", "");
        }
        for (Entry en : TABLE) {
            if (!en.name().test(n)) {
                continue;
            }
            if (en.missing().test(server)) {
                return new Verdict(n, Status.MISSING, en.missingReason(), en.replacement(), en.source(), en.valueMap());
            }
            if (en.deprecated().test(server)) {
                return new Verdict(n, Status.DEPRECATED, en.deprecatedReason(), en.replacement(), en.source(), en.valueMap());
            }
            return new Verdict(n, Status.EXISTS, "", "", en.source());
        }
        return new Verdict(n, Status.UNKNOWN, "notInTable", "", "");
    }
}
