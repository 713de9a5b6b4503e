package io.tunescope.rules.config;

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
 * CFG-BUFFER-POOL-INSTANCES: buffer pool instances smaller than 1 GiB each (the manual's guidance), which
 * splits the pool without reducing contention; instances are not NUMA-aware (tuning-rules.md D-10).
 */
public final class BufferPoolInstancesRule extends BaseRule {
    static final Setting MIN_GIB = Setting.source("minInstanceGiB", "buffer pool per instance below", 1, "GiB", "MYSQL-BP-INSTANCES");

    public BufferPoolInstancesRule() {
        super("CFG-BUFFER-POOL-INSTANCES", Topic.CONFIG, "Buffer pool instances smaller than 1 GiB",
                List.of(Need.SERVER_SETTINGS), List.of("MYSQL-BP-INSTANCES", "MYSQL-BP-RESIZE"), MIN_GIB);
    }

    @Override
    protected void check(Run run) {
        Optional<Fact> inst = run.e.setting("innodb_buffer_pool_instances");
        if (inst.isEmpty() || inst.get().number().isEmpty()) {
            run.pass("innodb_buffer_pool_instances not set");
            return;
        }
        double n = inst.get().number().getAsDouble();
        double pool = run.e.settingNumber("innodb_buffer_pool_size").orElse(128 * 1024 * 1024);
        double per = pool / Math.max(1, n);
        if (n <= 1 || per >= run.get(MIN_GIB) * (1L << 30)) {
            run.pass(Fmt.num(n) + " instances of " + Fmt.bytes(per));
            return;
        }
        long best = Math.max(1, (long) Math.floor(pool / (run.get(MIN_GIB) * (1L << 30))));
        var f = run.finding(30, "innodb_buffer_pool_instances=" + Fmt.num(n) + " splits a " + Fmt.bytes(pool)
                        + " buffer pool into instances of " + Fmt.bytes(per) + ", below " + Fmt.num(run.get(MIN_GIB)) + " GiB each.")
                .explain("Instances reduce contention on the buffer pool mutexes; the manual asks for instances of at least 1 GB, and "
                        + "the setting has no effect while the pool is below 1 GB. Instances are not NUMA-aware: matching them to the "
                        + "NUMA node count does not place memory on nodes.")
                .evidence(inst.get())
                .threshold(MIN_GIB);
        run.e.setting("innodb_buffer_pool_size").ifPresent(f::evidence);
        f.recommend(Recommendation.of("Use fewer, larger instances")
                .ini(List.of("[mysqld]", "innodb_buffer_pool_instances = " + Math.min(64, best)), "innodb_buffer_pool_instances")
                .effect("Same contention relief with less per-instance overhead (no generic number).", "MYSQL-BP-INSTANCES")
                .risk("Needs a restart.").build());
        f.add();
    }
}
