package io.tunescope.rules.io;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.config.ServerFlavor;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.ServerVariables;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * IO-BUFFERED-DOUBLE-CACHE: InnoDB data files go through the page cache (flush method fsync/O_DSYNC) while
 * the page cache is large and the buffer pool already holds most of RAM.
 */
public final class BufferedDoubleCacheRule extends BaseRule {
    static final Setting CACHE = Setting.heuristic("minPageCachePercent", "page cache (Cached) above", 20, "% of RAM");
    static final Setting POOL = Setting.heuristic("minPoolPercent", "buffer pool at least", 50, "% of RAM");

    public BufferedDoubleCacheRule() {
        super("IO-BUFFERED-DOUBLE-CACHE", Topic.IO, "InnoDB data files cached twice",
                List.of(Need.SERVER_SETTINGS, Need.MEMORY, Need.SERVER_VERSION), List.of("PTVA", "PERCONA-IO", "NETAPP-FLUSH"), CACHE, POOL);
    }

    @Override
    protected void check(Run run) {
        Optional<Fact> method = run.e.setting("innodb_flush_method");
        ServerFlavor s = run.e.server();
        // Defaults: MySQL (Linux) fsync; MariaDB O_DIRECT from 10.6.
        String effective = method.map(m -> m.unquoted().toUpperCase(Locale.ROOT))
                .orElse(s.kind() == ServerFlavor.Kind.MARIADB && ServerVariables.atLeast(s, 10, 6, 0) ? "O_DIRECT" : "FSYNC");
        if (effective.startsWith("O_DIRECT") || effective.equals("4") || effective.equals("5")) {
            run.pass(run.t("pass.method", effective));
            return;
        }
        if (!(effective.equals("FSYNC") || effective.equals("O_DSYNC") || effective.equals("0") || effective.equals("1"))) {
            run.pass(run.t("pass.method", effective));
            return;
        }
        double ram = run.e.memTotalBytes().orElseThrow().number().orElse(0);
        Optional<Fact> cached = run.e.meminfo("Cached");
        double pool = run.e.settingNumber("innodb_buffer_pool_size").orElse(128 * 1024 * 1024);
        if (ram <= 0 || cached.isEmpty()) {
            run.notApplicable(run.t("noMeminfo"));
            return;
        }
        double c = cached.get().number().orElse(0);
        if (c / ram * 100 <= run.get(CACHE) || pool / ram * 100 < run.get(POOL)) {
            run.pass(run.t("pass", Fmt.pct(c / ram), Fmt.pct(pool / ram)));
            return;
        }
        var f = run.finding(50, run.t("summary", effective.toLowerCase(Locale.ROOT), Fmt.pct(c / ram), Fmt.pct(pool / ram)))
                .explain(run.t("explanation"))
                .evidence(cached.get()).evidence(run.e.memTotalBytes().get())
                .threshold(CACHE).threshold(POOL);
        method.ifPresent(f::evidence);
        run.e.setting("innodb_buffer_pool_size").ifPresent(f::evidence);
        f.recommend(Recommendation.of(run.t("action"))
                .ini(io.tunescope.rules.OptionEdit.set(run.e, run.locale, "innodb_flush_method", "O_DIRECT"), "innodb_flush_method")
                .effect(run.t("effect"), "PTVA")
                .risk(run.t("risk")).build());
        f.add();
    }
}
