package io.tunescope.rules;

import io.tunescope.rules.numa.MemoryAwayFromCpusRule;
import io.tunescope.rules.numa.RemoteAllocRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A NUMA binding is recommended only when the nodes it binds to can hold the process: its numastat -p footprint
 * against each node's free memory (numastat -m) plus the pages it already has there, within its cpuset; never a
 * fixed node list.
 */
class NodePlanTest {
    @TempDir
    Path dir;

    /** numastat -m with MemFree per node (MB) for four nodes of 64000 MB. */
    private static String numastatM(double... free) {
        StringBuilder sb = new StringBuilder("\nPer-node system memory usage (in MBs):\n"
                + "                          Node 0          Node 1          Node 2          Node 3           Total\n"
                + "                 --------------- --------------- --------------- --------------- ---------------\n"
                + "MemTotal                64000.00        64000.00        64000.00        64000.00       256000.00\n"
                + "MemFree         ");
        double sum = 0;
        for (double f : free) {
            sb.append(String.format(java.util.Locale.ROOT, "%16.2f", f));
            sum += f;
        }
        sb.append(String.format(java.util.Locale.ROOT, "%16.2f%n", sum));
        return sb.toString();
    }

    private static String commands(Finding f) {
        return String.join("\n", f.recommendations().stream().flatMap(r -> r.lines().stream()).toList());
    }

    @Test
    void membindIsRefusedWhenTheCpuNodesCannotHoldTheServer() {
        // mysqld (53 GB, most of it on nodes 0-1) runs on the CPUs of nodes 2-3, which have 1.8 GB free each
        Finding f = Caps.in(dir.resolve("a")).file("numastat-p.txt", SeriesRulesTest.NUMASTAT_P)
                .file("numastat-m.txt", numastatM(20000, 30000, 1800, 1800)).lscpu(128, 4).binding("64-127", "0-3")
                .fire(new MemoryAwayFromCpusRule());
        String cmds = commands(f);
        assertFalse(cmds.contains("--membind"), cmds);
        assertEquals("Do not bind memory to node(s) 2,3 alone: they cannot hold the process", f.recommendations().get(0).action());
        assertTrue(cmds.startsWith("# The nodes the process may use (nodes 2,3) hold 6677.5 MB free (with its own pages), less than the "
                + "61216.4 MB it needs with headroom: binding would run them out of memory (swap or OOM)."), cmds);
        List<String> labels = f.evidence().stream().map(Finding.Observation::label).toList();
        assertTrue(labels.contains("memory the bound nodes must hold"), labels.toString());
        assertTrue(f.evidence().stream().anyMatch(o -> o.label().equals("node 2") && o.value().equals("1800 MB free + 2053.3 MB of its own = 3853.3 MB")),
                f.evidence().toString());
    }

    @Test
    void membindToTheCpuNodesWhenTheyHoldTheServer() {
        Finding f = Caps.in(dir.resolve("b")).file("numastat-p.txt", SeriesRulesTest.NUMASTAT_P)
                .file("numastat-m.txt", numastatM(2000, 2000, 40000, 40000)).lscpu(128, 4).binding("64-127", "0-3")
                .fire(new MemoryAwayFromCpusRule());
        String cmds = commands(f);
        // node 2 alone (42053 MB with its own pages) is short of 61216 MB: node 3, the nearest, joins it
        assertTrue(cmds.contains("numactl --cpunodebind=2,3 --membind=2,3 /usr/sbin/mysqld $MYSQLD_OPTS"), cmds);
        assertTrue(cmds.startsWith("# The process needs 53231.6 MB; node(s) 2,3 have 83077.5 MB for it"), cmds);
    }

    @Test
    void theServersCgroupCpusetPlaysTheBindingWhenProcStatusIsMissing() {
        String cgroup = "/proc/2231/cgroup:0::/system.slice/mariadb.service\n"
                + "/sys/fs/cgroup/system.slice/mariadb.service/cpuset.cpus.effective:64-127\n"
                + "/sys/fs/cgroup/system.slice/mariadb.service/cpuset.mems.effective:0-3\n"
                + "/sys/fs/cgroup/system.slice/mariadb.service/cpu.max:max 100000\n";
        Finding f = Caps.in(dir.resolve("cg")).file("numastat-p.txt", SeriesRulesTest.NUMASTAT_P)
                .file("numastat-m.txt", numastatM(2000, 2000, 40000, 40000)).lscpu(128, 4).file("cgroup.txt", cgroup)
                .fire(new MemoryAwayFromCpusRule());
        String cmds = commands(f);
        assertTrue(cmds.contains("numactl --cpunodebind=2,3 --membind=2,3 /usr/sbin/mysqld $MYSQLD_OPTS"), cmds);
        assertTrue(f.evidence().stream().anyMatch(o -> o.label().equals(
                        "CPUs the server's cgroup allows (/sys/fs/cgroup/system.slice/mariadb.service/cpuset.cpus.effective)")
                        && o.value().equals("64-127") && o.ref().toString().equals("cgroup.txt:2")), f.evidence().toString());
    }

    @Test
    void remoteAllocationBindsToTheNodeThatHoldsTheServerOrSaysWhatToMeasure() {
        String counters = """
                                           node0           node1           node2           node3
                numa_hit                 1000000         1000000         1000000         1000000
                numa_miss                      0          600000               0               0
                numa_foreign              600000               0               0               0
                interleave_hit               100             100             100             100
                local_node                990000          400000         1000000         1000000
                other_node                 10000          600000               0               0
                """;
        Finding fits = Caps.in(dir.resolve("c")).file("numastat.txt", counters).file("numastat-p.txt", SeriesRulesTest.NUMASTAT_P)
                .file("numastat-m.txt", numastatM(30000, 30000, 30000, 30000)).lscpu(128, 4).fire(new RemoteAllocRule());
        // node 0 holds 41 GB of mysqld: with 30 GB free it holds 71 GB >= 61 GB
        assertTrue(commands(fits).contains("--cpunodebind=0 --membind=0"), commands(fits));
        Finding full = Caps.in(dir.resolve("d")).file("numastat.txt", counters).file("numastat-p.txt", SeriesRulesTest.NUMASTAT_P)
                .file("numastat-m.txt", numastatM(500, 500, 500, 500)).lscpu(128, 4).fire(new RemoteAllocRule());
        assertFalse(commands(full).contains("--membind"), commands(full));
        assertTrue(commands(full).contains("numactl --interleave=all"), commands(full));
        Finding unknown = Caps.in(dir.resolve("e")).file("numastat.txt", counters).lscpu(128, 4).fire(new RemoteAllocRule());
        assertEquals("Measure the server's memory per node before choosing a binding", unknown.recommendations().get(0).action());
        assertFalse(commands(unknown).contains("--membind"), commands(unknown));
    }
}
