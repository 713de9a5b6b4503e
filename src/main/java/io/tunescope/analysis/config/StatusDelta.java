package io.tunescope.analysis.config;

import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Turns two {@code SHOW GLOBAL STATUS} snapshots into deltas and per-second rates. The elapsed time is
 * the difference of the {@code Uptime} counters; a smaller {@code Uptime} in the later snapshot means
 * the server restarted in between, and no delta is valid. Gauges (values that go up and down, such as
 * {@code Threads_running}) are reported before and after, without a rate.
 */
public final class StatusDelta {

    /** One status variable across the two snapshots. {@code delta}/{@code perSecond} are NaN for gauges. */
    public record Row(String name, boolean gauge, double before, double after, double delta, double perSecond,
                      SourceRef beforeRef, SourceRef afterRef) {
    }

    /** The comparison. {@code valid} is false when the server restarted between the snapshots. */
    public record Result(double elapsedSeconds, boolean valid, String problem, List<Row> rows) {
        public Optional<Row> row(String name) {
            return rows.stream().filter(r -> r.name().equals(name)).findFirst();
        }
    }

    private static final Set<String> GAUGES = Set.of("Uptime", "Uptime_since_flush_status", "Max_used_connections",
            "Open_files", "Open_streams", "Open_tables", "Open_table_definitions", "Memory_used", "Memory_used_initial",
            "Innodb_page_size", "Innodb_buffer_pool_pages_data", "Innodb_buffer_pool_pages_dirty",
            "Innodb_buffer_pool_pages_free", "Innodb_buffer_pool_pages_misc", "Innodb_buffer_pool_pages_total",
            "Innodb_buffer_pool_pages_old", "Innodb_buffer_pool_pages_made_not_young",
            "Innodb_buffer_pool_bytes_data", "Innodb_buffer_pool_bytes_dirty", "Innodb_row_lock_current_waits",
            "Innodb_row_lock_time_max", "Innodb_row_lock_time_avg", "Innodb_history_list_length",
            "Innodb_num_open_files", "Innodb_checkpoint_age", "Innodb_checkpoint_max_age", "Innodb_mem_adaptive_hash",
            "Innodb_mem_dictionary", "Innodb_buffer_pool_load_incomplete", "Qcache_free_blocks", "Qcache_free_memory",
            "Qcache_queries_in_cache", "Qcache_total_blocks", "Slave_open_temp_tables", "Slave_running",
            "Prepared_stmt_count", "Tc_log_max_pages_used", "Tc_log_page_size", "Innodb_buffer_pool_resize_status_progress");
    private static final Pattern GAUGE_NAME = Pattern.compile("^(Threads_(connected|running|cached)|.*_current(_.*)?|Open_.*|Innodb_data_pending_.*|Innodb_os_log_pending_.*|Innodb_.*_(size|pct|percent)|Ssl_.*|Rpl_.*|wsrep_.*)$");

    private StatusDelta() {
    }

    public static boolean isGauge(String name) {
        return GAUGES.contains(name) || GAUGE_NAME.matcher(name).matches();
    }

    public static Result compare(ConfigSnapshot before, ConfigSnapshot after) {
        Map<String, ConfigEntry> a = index(before);
        Map<String, ConfigEntry> b = index(after);
        double up0 = number(a.get("Uptime"));
        double up1 = number(b.get("Uptime"));
        double elapsed = up1 - up0;
        boolean valid = !Double.isNaN(elapsed) && elapsed > 0;
        String problem = Double.isNaN(elapsed) ? "no Uptime in one of the snapshots: rates cannot be computed"
                : elapsed <= 0 ? "Uptime went from " + fmt(up0) + " to " + fmt(up1) + " s: the server restarted between the snapshots"
                : "";
        List<Row> rows = new ArrayList<>();
        for (var e : b.entrySet()) {
            ConfigEntry x = a.get(e.getKey());
            double v0 = number(x);
            double v1 = number(e.getValue());
            if (Double.isNaN(v0) || Double.isNaN(v1)) {
                continue;
            }
            boolean gauge = isGauge(e.getKey());
            double delta = gauge || !valid ? Double.NaN : v1 - v0;
            double rate = gauge || !valid ? Double.NaN : delta / elapsed;
            rows.add(new Row(e.getKey(), gauge, v0, v1, delta, rate, x.source(), e.getValue().source()));
        }
        return new Result(valid ? elapsed : Double.NaN, valid, problem, java.util.Collections.unmodifiableList(rows));
    }

    private static Map<String, ConfigEntry> index(ConfigSnapshot s) {
        Map<String, ConfigEntry> m = new LinkedHashMap<>();
        for (ConfigEntry e : s.entries()) {
            m.put(e.name(), e);
        }
        return m;
    }

    private static double number(ConfigEntry e) {
        if (e == null) {
            return Double.NaN;
        }
        String v = e.value().strip();
        if (v.isEmpty() || !(Character.isDigit(v.charAt(0)) || v.charAt(0) == '-')) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException ex) {
            return Double.NaN;
        }
    }

    private static String fmt(double d) {
        return String.format(java.util.Locale.ROOT, "%.0f", d);
    }
}
