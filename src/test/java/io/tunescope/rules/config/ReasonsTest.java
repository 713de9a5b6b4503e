package io.tunescope.rules.config;

import io.tunescope.model.config.ServerFlavor;
import io.tunescope.rules.ServerVariables;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every reason a {@link ServerVariables} verdict can give exists in English and in Chinese. */
class ReasonsTest {
    private static final Pattern CJK = Pattern.compile("[\\u4e00-\\u9fff]");
    private static final List<String> SERVERS = List.of("5.6.51-91.0", "5.7.44", "8.0.1", "8.0.10", "8.0.20", "8.0.28", "8.0.33",
            "8.4.0", "10.0.38-MariaDB", "10.2.44-MariaDB", "10.5.1-MariaDB", "10.5.4-MariaDB", "10.6.16-MariaDB", "10.11.6-MariaDB");
    private static final List<String> COMMENTS = List.of("MySQL Community Server - GPL", "Percona Server (GPL), Release 91.0");
    private static final List<String> NAMES = List.of("query_cache_type", "query_cache_size", "query_cache_limit",
            "innodb_background_scrub_data_interval", "innodb_adaptive_hash_index_partitions", "innodb_file_format",
            "innodb_large_prefix", "tx_isolation", "tx_read_only", "default_authentication_plugin", "expire_logs_days",
            "innodb_support_xa", "sync_frm", "log_warnings", "page_hash_locks", "sched_affinity_foreground_thread",
            "innodb_log_file_size", "innodb_log_files_in_group", "innodb_redo_log_capacity", "innodb_dedicated_server",
            "innodb_spin_wait_pause_multiplier", "binlog_group_commit_sync_delay", "binlog_commit_wait_usec",
            "innodb_buffer_pool_instances", "innodb_page_cleaners", "thread_pool_size");

    @Test
    void everyReasonTheRulesShowIsTranslated() {
        List<String> wrong = new ArrayList<>();
        int seen = 0;
        for (String version : SERVERS) {
            for (String comment : COMMENTS) {
                ServerFlavor server = ServerFlavor.parse(version, version.contains("MariaDB") ? null : comment);
                for (String name : NAMES) {
                    ServerVariables.Verdict v = ServerVariables.check(server, name);
                    if (v.status() != ServerVariables.Status.MISSING && v.status() != ServerVariables.Status.DEPRECATED) {
                        continue;
                    }
                    seen++;
                    if (v.reason(Locale.ENGLISH).isEmpty() || !v.reason(Locale.ENGLISH).equals(v.reason())) {
                        wrong.add("English missing or differs: " + v.reason() + " / " + v.reason(Locale.ENGLISH));
                    }
                    if (!CJK.matcher(v.reason(Locale.SIMPLIFIED_CHINESE)).find()) {
                        wrong.add("not translated: " + v.reason());
                    }
                }
            }
        }
        assertTrue(seen > 50, "too few verdicts checked: " + seen);
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }
}
