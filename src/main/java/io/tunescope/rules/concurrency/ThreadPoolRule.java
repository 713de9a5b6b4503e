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
            run.notApplicable("needs SHOW GLOBAL STATUS with Max_used_connections");
            return;
        }
        String handling = run.e.setting("thread_handling").map(Fact::unquoted).orElse("one-thread-per-connection").toLowerCase(Locale.ROOT);
        double u = used.get().number().getAsDouble();
        if (handling.contains("pool") || u < run.get(MIN_USED)) {
            run.pass("Max_used_connections " + Fmt.num(u) + ", thread_handling " + handling);
            return;
        }
        int cpus = run.e.logicalCpus().orElse(0);
        var f = run.finding(scale(u, run.get(MIN_USED), 4096, 50, 75), Fmt.num(u)
                        + " connections were open at once with one thread per connection: throughput degrades as runnable threads exceed the CPUs.")
                .explain("With one thread per connection every session is a runnable thread; beyond the throughput knee they add "
                        + "context switches and cache thrash. MySQLTuner recommends a thread pool from 512 used connections. "
                        + "Percona Server and MariaDB have one built in; MySQL Community does not (Enterprise plugin, or BoostDB's "
                        + "plugin on Kunpeng builds), so there the application pool must cap concurrency.")
                .evidence(used.get())
                .threshold(MIN_USED);
        run.e.setting("thread_handling").ifPresent(f::evidence);
        run.e.setting("max_connections").ifPresent(f::evidence);
        int size = cpus > 0 ? cpus : 64;
        f.recommend(Recommendation.of("Enable the built-in thread pool with one group per logical CPU")
                .ini(List.of("[mysqld]", "thread_handling = pool-of-threads", "thread_pool_size = " + size
                        + (cpus > 0 ? "   # = logical CPUs" : "   # set to the logical CPU count")), "thread_pool_size")
                .effect("BoostDB: at 10,000 sessions TPC-C keeps about 85 % of peak with a pool vs about 10 % without.", "BOOSTDB-TP")
                .risk("Stalls with long-running statements; thread_pool_size is static on some flavours.").build());
        if (run.e.server().kind() == ServerFlavor.Kind.MYSQL || run.e.server().kind() == ServerFlavor.Kind.UNKNOWN) {
            f.recommend(Recommendation.of("Cap concurrency in the application pool near the throughput knee (CONC-THROUGHPUT-KNEE)")
                    .text("# e.g. HikariCP: maximumPoolSize = <knee concurrency>")
                    .effect("Keeps runnable threads near the CPU count.", "MYSQL-TP").risk("Too small a pool under-uses the host.").build());
        }
        f.add();
    }
}
