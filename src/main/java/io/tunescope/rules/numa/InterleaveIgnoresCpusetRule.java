package io.tunescope.rules.numa;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/**
 * NUMA-INTERLEAVE-IGNORES-CPUSET: innodb_numa_interleave=ON on a MySQL-line server restricted to a subset
 * of memory nodes: MySQL interleaves over all nodes (numa_all_nodes_ptr), escaping the restriction;
 * MariaDB honours the allowed nodes (MDEV-10829).
 */
public final class InterleaveIgnoresCpusetRule extends BaseRule {

    public InterleaveIgnoresCpusetRule() {
        super("NUMA-INTERLEAVE-IGNORES-CPUSET", Topic.NUMA, "InnoDB interleave escapes a node-restricted cpuset",
                List.of(Need.SERVER_SETTINGS, Need.PROCESS_BINDING, Need.LSCPU),
                List.of("MYSQLONARM-NUMANODES", "MARIADB-MDEV10829", "MYSQL-PR104"));
    }

    @Override
    protected void check(Run run) {
        Optional<Fact> il = run.e.setting("innodb_numa_interleave");
        Optional<Fact> mems = Binding.memorySubset(run.e);
        if (il.isEmpty() || !il.get().isOn() || mems.isEmpty()) {
            run.pass(run.t("pass"));
            return;
        }
        if (!run.e.server().mysqlLine() && run.e.has(Need.SERVER_VERSION)) {
            run.pass(run.t("pass.mariadb", run.e.server().display()));
            return;
        }
        var f = run.finding(50, run.t("summary", mems.get().value()))
                .explain(run.t("explanation"))
                .evidence(il.get()).evidence(mems.get());
        f.recommend(Recommendation.of(run.t("action"))
                .ini(concat(io.tunescope.rules.OptionEdit.set(run.e, run.locale, "innodb_numa_interleave", "OFF"),
                        "# systemd drop-in: ExecStart=/usr/bin/numactl --interleave=" + mems.get().value() + " /usr/sbin/mysqld $MYSQLD_OPTS"),
                        "innodb_numa_interleave")
                .effect(run.t("effect"), "MYSQLONARM-NUMANODES")
                .risk(run.t("risk")).build());
        f.add();
    }

    private static List<String> concat(List<String> lines, String more) {
        List<String> out = new java.util.ArrayList<>(lines);
        out.add(more);
        return out;
    }
}
