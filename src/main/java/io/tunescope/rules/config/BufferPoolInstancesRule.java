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
            run.pass(run.t("notSet"));
            return;
        }
        double n = inst.get().number().getAsDouble();
        double pool = run.e.settingNumber("innodb_buffer_pool_size").orElse(128 * 1024 * 1024);
        double per = pool / Math.max(1, n);
        if (n <= 1 || per >= run.get(MIN_GIB) * (1L << 30)) {
            run.pass(run.t("pass", Fmt.num(n), Fmt.bytes(per)));
            return;
        }
        long best = Math.max(1, (long) Math.floor(pool / (run.get(MIN_GIB) * (1L << 30))));
        var f = run.finding(30, run.t("summary", Fmt.num(n), Fmt.bytes(pool), Fmt.bytes(per), Fmt.num(run.get(MIN_GIB))))
                .explain(run.t("explanation"))
                .evidence(inst.get())
                .threshold(MIN_GIB);
        run.e.setting("innodb_buffer_pool_size").ifPresent(f::evidence);
        f.recommend(Recommendation.of(run.t("action"))
                .ini(io.tunescope.rules.OptionEdit.set(run.e, run.locale, "innodb_buffer_pool_instances", Long.toString(Math.min(64, best))),
                        "innodb_buffer_pool_instances")
                .effect(run.t("effect"), "MYSQL-BP-INSTANCES")
                .risk(run.t("risk")).build());
        f.add();
    }
}
