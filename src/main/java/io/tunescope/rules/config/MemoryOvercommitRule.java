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
            run.notApplicable(run.t("memTotalNotNumber", mem.value()));
            return;
        }
        Budget b = budget(run.e);
        double pool = run.e.settingNumber("innodb_buffer_pool_size").orElse(128 * MIB);
        double ratio = b.total() / ram;
        double poolRatio = pool / ram;
        boolean worst = ratio * 100 > run.get(MAX_MEMORY);
        boolean poolTooBig = poolRatio * 100 > run.get(POOL);
        if (!worst && !poolTooBig) {
            run.pass(run.t("pass", Fmt.bytes(b.total()), Fmt.pct(ratio)));
            return;
        }
        // above RAM the worst case is an OOM kill waiting to happen: critical
        int score = !worst ? scale(poolRatio, run.get(POOL) / 100, 1.0, 55, 85)
                : ratio >= 1.0 ? scale(ratio, 1.0, 1.3, 78, 95) : scale(ratio, run.get(MAX_MEMORY) / 100, 1.0, 45, 70);
        String summary = worst
                ? run.t("summary", Fmt.bytes(b.total()), Fmt.pct(ratio), Fmt.bytes(ram), Fmt.bytes(pool), Fmt.num(b.connections()),
                        Fmt.bytes(b.perThread()), Fmt.num(run.get(MAX_MEMORY)))
                : run.t("summary.pool", Fmt.bytes(pool), Fmt.pct(poolRatio), Fmt.bytes(ram), Fmt.num(run.get(POOL)));
        var f = run.finding(score, summary)
                .explain(run.t("explanation"))
                .evidence(mem.name(), Fmt.bytes(ram), mem.ref());
        for (String n : List.of("innodb_buffer_pool_size", "max_connections", "sort_buffer_size", "join_buffer_size",
                "read_buffer_size", "read_rnd_buffer_size", "tmp_table_size", "max_heap_table_size")) {
            Optional<Fact> v = run.e.setting(n);
            v.ifPresent(f::evidence);
        }
        f.evidence(run.t("evidence.worstCase"), run.t("evidence.worstCaseValue", Fmt.bytes(b.total()), Fmt.pct(ratio)), null);
        if (worst) {
            f.threshold(MAX_MEMORY);
        }
        if (poolTooBig) {
            f.threshold(POOL);
        }
        // the same budget at the connections the server really held (Max_used_connections), beside the worst case
        var peak = run.e.statusDelta().flatMap(d -> d.row("Max_used_connections"));
        double maxUsed = peak.map(io.tunescope.analysis.config.StatusDelta.Row::after).orElse(Double.NaN);
        if (!Double.isNaN(maxUsed) && maxUsed > 0) {
            double atPeak = b.global() + b.perThread() * maxUsed + b.temp();
            f.evidence(run.t("evidence.atPeak", Fmt.num(maxUsed)), run.t("evidence.worstCaseValue", Fmt.bytes(atPeak), Fmt.pct(atPeak / ram)),
                    peak.get().afterRef());
        }
        double target = Math.floor(ram * 0.75 / (1024 * MIB)) * 1024 * MIB;
        java.util.Map<String, String> edits = new java.util.LinkedHashMap<>();
        List<String> vars = new java.util.ArrayList<>();
        if (poolTooBig || pool > target) {
            edits.put("innodb_buffer_pool_size", Fmt.num(target / (1024 * MIB)) + "G   # 0.75 x RAM (" + Fmt.bytes(ram) + "), rounded down");
            vars.add("innodb_buffer_pool_size");
        }
        if (worst && !Double.isNaN(maxUsed) && maxUsed > 0 && Math.ceil(maxUsed * 1.5) < b.connections()) {
            edits.put("max_connections", (long) Math.ceil(maxUsed * 1.5) + "   # 1.5 x the peak Max_used_connections " + Fmt.num(maxUsed));
            vars.add("max_connections");
        }
        if (vars.isEmpty()) {
            f.recommend(Recommendation.of(run.t("action.pool"))
                    .text(run.t("text.pool", Fmt.num(b.connections()), Fmt.bytes(b.perThread())))
                    .effect(run.t("effect"), "MYSQLTUNER").risk(run.t("risk")).build());
        } else {
            f.recommend(Recommendation.of(run.t("action"))
                    .ini(io.tunescope.rules.OptionEdit.set(run.e, run.locale, edits), vars.toArray(String[]::new))
                    .effect(run.t("effect"), "MYSQLTUNER")
                    .risk(run.t("risk")).build());
        }
        f.add();
    }
}
