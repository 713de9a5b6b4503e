package io.tunescope.rules.config;

import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/**
 * CFG-MEMORY-OVERCOMMIT: MySQLTuner's "maximum possible memory" (global buffers + per-thread buffers x
 * max_connections + temporary tables) above 85 % of RAM, or the buffer pool alone above 80 % of RAM.
 */
public final class MemoryOvercommitRule extends BaseRule {
    static final Setting MAX_MEMORY = Setting.source("maxMemoryPercent", "worst-case memory above", 85, "% of RAM", "MYSQLTUNER");
    static final Setting POOL = Setting.heuristic("bufferPoolPercent", "buffer pool above", 80, "% of RAM");

    /** Server defaults (MySQL 8.0) for settings the capture does not state. */
    private static final double MIB = 1024 * 1024;

    public MemoryOvercommitRule() {
        super("CFG-MEMORY-OVERCOMMIT", Topic.CONFIG, "Worst-case memory exceeds RAM",
                List.of(Need.SERVER_SETTINGS, Need.MEMORY), List.of("MYSQLTUNER", "MYSQL-DEDICATED", "SEED-000"), MAX_MEMORY, POOL);
    }

    /** Breakdown of the worst case, in bytes. */
    public record Budget(double global, double perThread, double connections, double temp, double total) {
    }

    public static Budget budget(Evidence e) {
        double pool = num(e, "innodb_buffer_pool_size", 128 * MIB);
        double global = pool + num(e, "innodb_log_buffer_size", 16 * MIB) + num(e, "key_buffer_size", 8 * MIB);
        double perThread = num(e, "read_buffer_size", 128 * 1024) + num(e, "read_rnd_buffer_size", 256 * 1024)
                + num(e, "sort_buffer_size", 256 * 1024) + num(e, "join_buffer_size", 256 * 1024)
                + num(e, "thread_stack", 1024 * 1024) + num(e, "binlog_cache_size", 32 * 1024);
        double conns = num(e, "max_connections", 151);
        double temp = Math.min(num(e, "tmp_table_size", 16 * MIB), num(e, "max_heap_table_size", 16 * MIB));
        if (e.server().mysqlLine() && e.server().major() >= 8) {
            temp += num(e, "temptable_max_ram", 1024 * MIB);
        }
        return new Budget(global, perThread, conns, temp, global + perThread * conns + temp);
    }

    private static double num(Evidence e, String name, double dflt) {
        return e.settingNumber(name).orElse(dflt);
    }

    @Override
    protected void check(Run run) {
        Fact mem = run.e.memTotalBytes().orElseThrow();
        double ram = mem.number().orElse(0);
        if (ram <= 0) {
            run.notApplicable("MemTotal is not a number: " + mem.value());
            return;
        }
        Budget b = budget(run.e);
        double pool = run.e.settingNumber("innodb_buffer_pool_size").orElse(128 * MIB);
        double ratio = b.total() / ram;
        double poolRatio = pool / ram;
        boolean worst = ratio * 100 > run.get(MAX_MEMORY);
        boolean poolTooBig = poolRatio * 100 > run.get(POOL);
        if (!worst && !poolTooBig) {
            run.pass("worst case " + Fmt.bytes(b.total()) + " = " + Fmt.pct(ratio) + " of RAM");
            return;
        }
        // above RAM the worst case is an OOM kill waiting to happen: critical
        int score = !worst ? scale(poolRatio, run.get(POOL) / 100, 1.0, 50, 85)
                : ratio >= 1.0 ? scale(ratio, 1.0, 1.3, 80, 95) : scale(ratio, run.get(MAX_MEMORY) / 100, 1.0, 55, 79);
        String summary = worst
                ? "Worst-case server memory is " + Fmt.bytes(b.total()) + " = " + Fmt.pct(ratio) + " of " + Fmt.bytes(ram)
                        + " RAM (buffer pool " + Fmt.bytes(pool) + " + " + Fmt.num(b.connections()) + " connections x "
                        + Fmt.bytes(b.perThread()) + "), above the " + Fmt.num(run.get(MAX_MEMORY)) + " % limit."
                : "The buffer pool (" + Fmt.bytes(pool) + ") is " + Fmt.pct(poolRatio) + " of " + Fmt.bytes(ram) + " RAM, above "
                        + Fmt.num(run.get(POOL)) + " %.";
        var f = run.finding(score, summary)
                .explain("MySQLTuner's maximum possible memory adds the global buffers (buffer pool, log buffer, key buffer), the "
                        + "per-thread buffers (read, read_rnd, sort, join, thread stack, binlog cache) times max_connections, and "
                        + "temporary tables (tmp_table_size/max_heap_table_size, plus temptable_max_ram on MySQL 8.0). When it "
                        + "exceeds RAM, a burst of connections leads to swapping or the OOM killer. Unset values count at their "
                        + "MySQL 8.0 defaults. MySQL's innodb_dedicated_server sizes the pool at 75 % of RAM on hosts above 4 GB.")
                .evidence(mem.name(), Fmt.bytes(ram), mem.ref());
        for (String n : List.of("innodb_buffer_pool_size", "max_connections", "sort_buffer_size", "join_buffer_size",
                "read_buffer_size", "read_rnd_buffer_size", "tmp_table_size", "max_heap_table_size")) {
            Optional<Fact> v = run.e.setting(n);
            v.ifPresent(f::evidence);
        }
        f.evidence("worst-case memory", Fmt.bytes(b.total()) + " (" + Fmt.pct(ratio) + " of RAM)", null)
                .threshold(MAX_MEMORY).threshold(POOL);
        double target = Math.floor(ram * 0.75 / (1024 * MIB)) * 1024 * MIB;
        f.recommend(Recommendation.of("Budget memory explicitly: buffer pool at about 75 % of RAM, per-thread buffers at their defaults, "
                        + "max_connections matched to the application pool")
                .ini(List.of("[mysqld]", "innodb_buffer_pool_size = " + Fmt.num(target / (1024 * MIB)) + "G   # 0.75 x RAM, rounded down",
                        "max_connections = 500               # match the application pool"),
                        "innodb_buffer_pool_size", "max_connections")
                .effect("Avoids OOM kills and swapping. Seed 000's file (96 GiB pool, 2,000 connections x 21 MiB) needs about "
                        + "138 GiB = 108 % of 128 GiB.", "MYSQLTUNER")
                .risk("A smaller pool means more reads from disk (IO-READ-MISS-BP).").build());
        f.add();
    }
}
