package io.tunescope.rules.io;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/** IO-READ-MISS-BP: buffer-pool misses (Innodb_buffer_pool_reads / read_requests) above 1 % during the run. */
public final class ReadMissRule extends BaseRule {
    static final Setting MISS = Setting.heuristic("maxMissPercent", "buffer pool miss ratio above", 1, "%");
    static final Setting MIN_READS = Setting.heuristic("minReadsPerSecond", "disk reads per second at least", 50, "/s");
    static final Setting RAM_SHARE = Setting.heuristic("ramSharePercent", "buffer pool sized to at most this share of RAM", 75, "%");
    private static final double MIB = 1024 * 1024;

    public ReadMissRule() {
        super("IO-READ-MISS-BP", Topic.IO, "Buffer pool too small for the working set",
                List.of(Need.STATUS_DELTA), List.of("MYSQLTUNER", "MYSQL-BP-RESIZE"), MISS, MIN_READS, RAM_SHARE);
    }

    @Override
    protected void check(Run run) {
        StatusDelta.Result d = run.e.statusDelta().orElseThrow();
        Optional<StatusDelta.Row> reads = d.row("Innodb_buffer_pool_reads");
        Optional<StatusDelta.Row> req = d.row("Innodb_buffer_pool_read_requests");
        if (reads.isEmpty() || req.isEmpty() || req.get().delta() <= 0) {
            run.notApplicable(run.t("noActivity"));
            return;
        }
        double ratio = reads.get().delta() / req.get().delta();
        double rate = reads.get().perSecond();
        if (ratio * 100 <= run.get(MISS) || rate < run.get(MIN_READS)) {
            run.pass(run.t("pass", Fmt.pct(ratio), Fmt.num(rate)));
            return;
        }
        var f = run.finding(scale(ratio * 100, run.get(MISS), 10, 45, 85), run.t("summary", Fmt.pct(ratio), Fmt.num(rate), Fmt.num(d.elapsedSeconds())))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.delta", "Innodb_buffer_pool_reads"), Fmt.num(reads.get().delta()), reads.get().afterRef())
                .evidence(run.t("evidence.delta", "Innodb_buffer_pool_read_requests"), Fmt.num(req.get().delta()), req.get().afterRef())
                .threshold(MISS).threshold(MIN_READS);
        run.e.setting("innodb_buffer_pool_size").ifPresent(f::evidence);
        f.threshold(RAM_SHARE);
        f.recommend(sized(run, f));
        f.add();
    }

    /**
     * The pool size derived from the host: the RAM share of MemTotal, rounded down to a multiple of
     * innodb_buffer_pool_chunk_size x innodb_buffer_pool_instances (the server rounds to that unit); never a
     * size the capture cannot back, and no SQL when the pool cannot grow or RAM is unknown.
     */
    private Recommendation sized(Run run, io.tunescope.rules.BaseRule.FindingBuilder f) {
        var mem = run.e.memTotalBytes();
        if (mem.isEmpty() || mem.get().number().isEmpty()) {
            return Recommendation.of(run.t("action.measure"))
                    .bash("cat /proc/meminfo > meminfo.txt", "numastat -m > numastat-m.txt")
                    .effect(run.t("effect.measure"), "MYSQLTUNER").risk(run.t("risk.measure")).build();
        }
        double ram = mem.get().number().getAsDouble();
        f.evidence(mem.get());
        double chunk = run.e.settingNumber("innodb_buffer_pool_chunk_size").orElse(128 * MIB);
        double instances = Math.max(1, run.e.settingNumber("innodb_buffer_pool_instances").orElse(1));
        double unit = Math.max(MIB, chunk * instances);
        double target = Math.floor(ram * run.get(RAM_SHARE) / 100 / unit) * unit;
        double current = run.e.settingNumber("innodb_buffer_pool_size").orElse(Double.NaN);
        String derivation = run.t("derivation", Fmt.num(run.get(RAM_SHARE)), Fmt.bytes(ram), Fmt.bytes(chunk), Fmt.num(instances),
                Fmt.bytes(target));
        List<String> limits = new java.util.ArrayList<>();
        // safety: the growth must come out of memory that is free now (MemAvailable), with a tenth of it kept back
        var avail = run.e.meminfo("MemAvailable");
        if (!Double.isNaN(current) && avail.isPresent() && avail.get().number().isPresent()) {
            double free = avail.get().number().getAsDouble();
            f.evidence(avail.get());
            double most = Math.floor((current + 0.9 * free) / unit) * unit;
            if (target > most) {
                target = most;
                limits.add(run.t("capAvailable", Fmt.bytes(free), Fmt.bytes(target)));
            }
        }
        // MariaDB 10.11.12+/11.x reserve address space up to innodb_buffer_pool_size_max at start-up: no online growth past it
        var max = run.e.settingNumber("innodb_buffer_pool_size_max");
        if (max.isPresent() && max.getAsDouble() > 0 && target > max.getAsDouble()) {
            target = Math.floor(max.getAsDouble() / unit) * unit;
            limits.add(run.t("capMax", Fmt.bytes(max.getAsDouble())));
        }
        if (!limits.isEmpty()) {
            derivation = derivation + "; " + String.join("; ", limits);
        }
        if (target <= 0 || !Double.isNaN(current) && target <= current) {
            return Recommendation.of(run.t("action.full"))
                    .text(run.t("text.full", Double.isNaN(current) ? "?" : Fmt.bytes(current), Fmt.bytes(ram), Fmt.num(run.get(RAM_SHARE))))
                    .effect(run.t("effect.full"), "MYSQLTUNER").risk(run.t("risk.full")).build();
        }
        long mib = Math.round(target / MIB);
        return Recommendation.of(run.t("action"))
                .sql(List.of(io.tunescope.rules.Sql.persist(run.e, "innodb_buffer_pool_size", mib + "*1024*1024"), "-- " + derivation,
                        "-- resized online in chunks; watch Innodb_buffer_pool_resize_status"), "innodb_buffer_pool_size")
                .effect(run.t("effect"), "MYSQLTUNER")
                .risk(run.t("risk")).build();
    }
}
