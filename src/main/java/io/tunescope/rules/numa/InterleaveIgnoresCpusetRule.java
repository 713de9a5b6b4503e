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
            run.pass("innodb_numa_interleave off or server not restricted to a node subset");
            return;
        }
        if (!run.e.server().mysqlLine() && run.e.has(Need.SERVER_VERSION)) {
            run.pass(run.e.server().display() + " interleaves over the allowed nodes only (MDEV-10829)");
            return;
        }
        var f = run.finding(50, "innodb_numa_interleave=ON while the server may only use memory nodes " + mems.get().value()
                        + ": MySQL interleaves the buffer pool over all nodes and escapes the restriction.")
                .explain("MySQL sets MPOL_INTERLEAVE over numa_all_nodes_ptr when allocating the buffer pool; mysqlonarm observed "
                        + "MySQL 8.0 allocating on all 4 nodes despite --membind=0,1. MariaDB fixed this with numa_get_mems_allowed() "
                        + "(MDEV-10829); the equivalent MySQL pull request #104 was closed. Confirm with numastat -p mysqld.")
                .evidence(il.get()).evidence(mems.get());
        f.recommend(Recommendation.of("Do not combine innodb_numa_interleave with node-restricted binding; interleave over the allowed nodes with numactl")
                .ini(List.of("[mysqld]", "innodb_numa_interleave = OFF",
                        "# systemd drop-in: ExecStart=/usr/bin/numactl --interleave=" + mems.get().value() + " /usr/sbin/mysqld $MYSQLD_OPTS"),
                        "innodb_numa_interleave")
                .effect("Memory confined to the intended nodes.", "MYSQLONARM-NUMANODES")
                .risk("Whole-process interleave also applies to allocations outside the buffer pool.").build());
        f.add();
    }
}
