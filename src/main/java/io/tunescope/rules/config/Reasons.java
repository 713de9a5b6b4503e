package io.tunescope.rules.config;

import io.tunescope.rules.RuleText;
import io.tunescope.rules.ServerVariables;

import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;

/**
 * The package's shared words: the reasons of {@link ServerVariables} verdicts in the reader's language (the
 * English bundle repeats {@link ServerVariables}' own text; a reason not known here stays as it is), the
 * option value with its reason, and the separator of lists of option names.
 */
final class Reasons {
    private Reasons() {
    }

    /** The verdict's reason in the locale. */
    static String of(ServerVariables.Verdict v, Locale locale) {
        return switch (v.reason()) {
            case "the query cache was removed in MySQL 8.0.3 (WL#10824); unknown options abort start-up" ->
                    text(locale, "reason.queryCacheRemoved");
            case "MariaDB-only option (10.1.3 to 10.5, removed in 10.6); MySQL never had it" -> text(locale, "reason.scrubMariaDbOnly");
            case "Percona Server 5.6 name (MariaDB 10.2 alias only); this server uses innodb_adaptive_hash_index_parts" ->
                    text(locale, "reason.ahiPartitionsPercona");
            case "removed in MySQL 8.0.0 (WL#7704)" -> text(locale, "reason.removedMysql800");
            case "removed in MySQL 8.0.3" -> text(locale, "reason.removedMysql803");
            case "removed in MySQL 8.4.0" -> text(locale, "reason.removedMysql840");
            case "removed in MySQL 8.0" -> text(locale, "reason.removedMysql80");
            case "exists only in BoostDB-patched builds" -> text(locale, "reason.boostDbOnly");
            case "removed in MariaDB 10.6 (one redo log file)" -> text(locale, "reason.logFilesRemovedMariaDb106");
            case "innodb_redo_log_capacity exists from MySQL 8.0.30 only" -> text(locale, "reason.redoCapacityFromMysql8030");
            case "innodb_dedicated_server exists from MySQL 8.0.3 only (not in MariaDB)" -> text(locale, "reason.dedicatedFromMysql803");
            case "exists from MySQL 8.0.16 only (not in MariaDB)" -> text(locale, "reason.fromMysql8016");
            case "MySQL-only; MariaDB batches binlog commits with binlog_commit_wait_usec / binlog_commit_wait_count" ->
                    text(locale, "reason.mysqlOnlyGroupCommit");
            case "MariaDB-only; MySQL uses binlog_group_commit_sync_delay" -> text(locale, "reason.mariaDbOnlyGroupCommit");
            case "removed in MariaDB 10.6 (one buffer pool, one page cleaner)" -> text(locale, "reason.poolRemovedMariaDb106");
            case "MySQL Community has no thread pool (Enterprise plugin only; Percona Server and MariaDB have one built in)" ->
                    text(locale, "reason.noThreadPool");
            case "ignored by MariaDB since 10.5.2" -> text(locale, "reason.scrubIgnoredMariaDb1052");
            case "deprecated since MySQL 8.0.27" -> text(locale, "reason.deprecatedMysql8027");
            case "deprecated in MySQL 8.0" -> text(locale, "reason.deprecatedMysql80");
            case "deprecated since MySQL 8.0.30 in favour of innodb_redo_log_capacity" -> text(locale, "reason.logFileSizeDeprecatedMysql8030");
            case "deprecated (MySQL 8.0.30: use innodb_redo_log_capacity; MariaDB 10.5: ignored)" -> text(locale, "reason.logFilesDeprecated");
            case "deprecated and ignored since MariaDB 10.5.1" -> text(locale, "reason.poolDeprecatedMariaDb1051");
            default -> v.reason();
        };
    }

    /** An option's value followed by the reason of the verdict on it, in the locale. */
    static String valueAndReason(String value, ServerVariables.Verdict v, Locale locale) {
        return text(locale, "valueAndReason", value, of(v, locale));
    }

    /** Option names (or other items) as a list in the locale. */
    static String list(Iterable<String> items, Locale locale) {
        return String.join(text(locale, "separator"), items);
    }

    /** The package-wide text {@code key} of the config bundle in the locale. */
    static String text(Locale locale, String key, Object... args) {
        ResourceBundle b = RuleText.findings(Reasons.class.getPackageName(), locale).orElseThrow(() ->
                new MissingResourceException("no findings bundle for " + Reasons.class.getPackageName(), Reasons.class.getName(), key));
        return RuleText.format(b.getString(key), args);
    }
}
