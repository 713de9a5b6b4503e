package io.tunescope.rules.concurrency;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.config.ConfigSnapshot;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.config.ServerFlavor;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** CONC-THREAD-POOL: 512 or more connections used at once with one thread per connection (MySQLTuner). */
public final class ThreadPoolRule extends BaseRule {
    static final Setting MIN_USED = Setting.source("minMaxUsedConnections", "Max_used_connections at least", 512, "", "MYSQLTUNER");

    public ThreadPoolRule() {
        super("CONC-THREAD-POOL", Topic.CONCURRENCY, "Many connections: use a thread pool",
                List.of(Need.SERVER_SETTINGS), List.of("MYSQLTUNER", "BOOSTDB-TP", "PERCONA-TP", "MYSQL-TP"), MIN_USED);
    }

    @Override
    protected void check(Run run) {
        List<ConfigSnapshot> st = run.e.config().status();
        Optional<ConfigSnapshot> last = st.isEmpty() ? run.e.snapshot(ConfigDatasets.STATUS) : Optional.of(st.get(st.size() - 1));
        Optional<Fact> used = last.flatMap(s -> s.entry("Max_used_connections").map(en -> new Fact(en.name(), en.value(), en.source())));
        if (used.isEmpty() || used.get().number().isEmpty()) {
            run.notApplicable(run.t("noStatus"));
            return;
        }
        String handling = run.e.setting("thread_handling").map(Fact::unquoted).orElse("one-thread-per-connection").toLowerCase(Locale.ROOT);
        double u = used.get().number().getAsDouble();
        if (handling.contains("pool") || u < run.get(MIN_USED)) {
            run.pass(run.t("pass", Fmt.num(u), handling));
            return;
        }
        int cpus = run.e.logicalCpus().orElse(0);
        var f = run.finding(scale(u, run.get(MIN_USED), 4096, 40, 70), run.t("summary", Fmt.num(u)))
                .explain(run.t("explanation"))
                .evidence(used.get())
                .threshold(MIN_USED);
        run.e.setting("thread_handling").ifPresent(f::evidence);
        run.e.setting("max_connections").ifPresent(f::evidence);
        int size = cpus > 0 ? cpus : 64;
        f.recommend(Recommendation.of(run.t("action"))
                .ini(io.tunescope.rules.OptionEdit.set(run.e, run.locale, io.tunescope.rules.OptionEdit.values(
                        "thread_handling", "pool-of-threads", "thread_pool_size", size
                        + (cpus > 0 ? "   # = logical CPUs" : "   # set to the logical CPU count"))), "thread_pool_size")
                .effect(run.t("effect"), "BOOSTDB-TP")
                .risk(run.t("risk")).build());
        if (run.e.server().kind() == ServerFlavor.Kind.MYSQL || run.e.server().kind() == ServerFlavor.Kind.UNKNOWN) {
            f.recommend(Recommendation.of(run.t("action.appPool"))
                    .text(run.t("text.hikari"))
                    .effect(run.t("effect.appPool"), "MYSQL-TP").risk(run.t("risk.appPool")).build());
        }
        f.add();
    }
}
