package io.tunescope.analysis.config;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Configuration values as a reader writes them: a size in bytes as {@code 128 MiB} or {@code 1.5 GiB} instead of
 * {@code 134217728}, everything else as captured. One place decides which settings are byte sizes, so the tuning
 * steps table, the configuration view and the findings' sentences write a value the same way.
 */
public final class ConfigValues {
    /** Settings ending in {@code _size} that count things, not bytes. */
    private static final Set<String> COUNTS = Set.of("thread_cache_size", "host_cache_size", "innodb_sync_array_size",
            "innodb_purge_batch_size", "metadata_locks_cache_size", "histogram_size", "table_open_cache_size",
            "innodb_lru_scan_depth", "innodb_page_cleaners", "thread_pool_size", "binlog_group_commit_sync_no_delay_count",
            "innodb_buffer_pool_instances", "innodb_ft_result_cache_limit_size", "innodb_ft_min_token_size",
            "innodb_ft_max_token_size", "ft_min_word_len", "ft_max_word_len", "max_digest_length_size");
    /** Byte sizes whose names do not end in {@code _size}. */
    private static final Set<String> BYTES = Set.of("max_allowed_packet", "slave_max_allowed_packet",
            "replica_max_allowed_packet", "innodb_redo_log_capacity", "max_binlog_cache_size", "max_binlog_stmt_cache_size",
            "innodb_online_alter_log_max_size", "innodb_max_undo_log_size", "group_concat_max_len", "max_sort_length",
            "net_buffer_length", "innodb_buffer_pool_size_max", "max_join_size_bytes");
    private static final Pattern NUMBER = Pattern.compile("\\d{1,19}");

    private ConfigValues() {
    }

    /** True when the setting's value is a size in bytes (server variables and option names; {@code -} or {@code _}). */
    public static boolean isByteSize(String key) {
        if (key == null) {
            return false;
        }
        String k = key.strip().toLowerCase(Locale.ROOT).replace('-', '_');
        int dot = k.lastIndexOf('.');
        if (dot >= 0 && !k.startsWith("vm.") && !k.startsWith("kernel.") && !k.startsWith("net.")) {
            k = k.substring(dot + 1); // a section-qualified option name: mysqld.innodb_buffer_pool_size
        }
        if (k.startsWith("performance_schema_") || COUNTS.contains(k)) {
            return false;
        }
        return BYTES.contains(k) || k.endsWith("_size") && !k.contains(".");
    }

    /** The value as a reader writes it: byte sizes of at least 1 KiB in KiB/MiB/GiB/TiB, the rest unchanged. */
    public static String readable(String key, String value) {
        if (value == null || value.isEmpty() || !isByteSize(key)) {
            return value;
        }
        String v = value.strip();
        if (!NUMBER.matcher(v).matches()) {
            return value; // 128M as written in my.cnf, or not a number: as captured
        }
        try {
            long b = Long.parseLong(v);
            // 1 PiB and more is a "no limit" sentinel (18446744073709547520, 9223372036854775807): as captured
            return b >= 1024 && b < (1L << 50) ? bytes(b) : value;
        } catch (NumberFormatException e) {
            return value;
        }
    }

    /** 103079215104 -> "96 GiB", 1536 -> "1.5 KiB", 1000 -> "1000 B". */
    public static String bytes(double b) {
        String[] u = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
        int i = 0;
        double v = b;
        while (Math.abs(v) >= 1024 && i < u.length - 1) {
            v /= 1024;
            i++;
        }
        String n = Math.abs(v - Math.rint(v)) < 0.05 ? String.format(Locale.ROOT, "%d", (long) Math.rint(v))
                : String.format(Locale.ROOT, "%.1f", v);
        return n + " " + u[i];
    }
}
