package io.tunescope.rules;

import io.tunescope.rules.concurrency.ThreadPoolRule;
import io.tunescope.rules.cpu.RowLockWaitRule;
import io.tunescope.rules.io.BufferedDoubleCacheRule;
import io.tunescope.rules.io.ReadMissRule;
import io.tunescope.rules.numa.BalancingWithBindingRule;
import io.tunescope.rules.numa.ConflictingPoliciesRule;
import io.tunescope.rules.numa.InterleaveIgnoresCpusetRule;
import io.tunescope.rules.os.OpenFilesLimitRule;
import io.tunescope.rules.os.OvercommitNoopRule;
import io.tunescope.rules.os.SwappinessRule;
import io.tunescope.rules.os.ThpEnabledRule;
import io.tunescope.rules.os.ZoneReclaimRule;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** OS, NUMA-configuration, status-counter I/O, row-lock and thread-pool rules. */
class HostRulesTest {
    @TempDir
    Path dir;

    private Caps caps(String name) {
        return Caps.in(dir.resolve(name));
    }

    @Test
    void swappiness() {
        Finding f = caps("a").sysctl("vm.swappiness = 60\n").meminfo(64L << 20, 1024, 8L << 20, 7L << 20).fire(new SwappinessRule());
        assertEquals("vm.swappiness is 60 (above 10) and 1 GiB of swap is in use: the kernel may page out the buffer pool.", f.summary());
        assertEquals(Severity.INFO, f.severity());
        assertEquals("sysctl.txt:4", f.evidence().get(0).ref().toString());
        assertEquals(Result.Status.PASSED, caps("b").sysctl("vm.swappiness = 1\n").run(new SwappinessRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").mycnf("a=1\n").run(new SwappinessRule()).status());
    }

    @Test
    void zoneReclaim() {
        Finding f = caps("a").sysctl("vm.zone_reclaim_mode = 1\n").lscpu(96, 4).fire(new ZoneReclaimRule());
        assertEquals("vm.zone_reclaim_mode is 1 on a 4-node host: the kernel reclaims local page cache instead of using free memory on other nodes.",
                f.summary());
        assertEquals(Result.Status.PASSED, caps("b").sysctl("vm.zone_reclaim_mode = 1\n").lscpu(8, 1).run(new ZoneReclaimRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").sysctl("vm.zone_reclaim_mode = 1\n").run(new ZoneReclaimRule()).status());
    }

    @Test
    void overcommit() {
        Finding f = caps("a").sysctl("vm.overcommit_memory = 1\nvm.overcommit_ratio = 95\n").fire(new OvercommitNoopRule());
        assertEquals("vm.overcommit_ratio=95 has no effect unless vm.overcommit_memory=2; vm.overcommit_memory=1 never refuses an allocation.",
                f.summary());
        assertEquals(Result.Status.PASSED, caps("b").sysctl("vm.overcommit_memory = 0\nvm.overcommit_ratio = 50\n")
                .run(new OvercommitNoopRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").sysctl("vm.swappiness = 1\n").run(new OvercommitNoopRule()).status());
    }

    @Test
    void thp() {
        Finding f = caps("a").file("thp-enabled.txt", "[always] madvise never\n").fire(new ThpEnabledRule());
        assertEquals("Transparent huge pages are set to 'always': allocations and khugepaged compaction can stall mysqld.", f.summary());
        assertEquals(Severity.INFO, f.severity());
        assertEquals(Result.Status.PASSED, caps("b").file("thp", "always madvise [never]\n").run(new ThpEnabledRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").sysctl("vm.swappiness = 1\n").run(new ThpEnabledRule()).status());
    }

    @Test
    void openFiles() {
        Finding f = caps("a").mycnf("open_files_limit=65535\n")
                .variables("open_files_limit", "1024", "max_connections", "2000", "table_open_cache", "4000").fire(new OpenFilesLimitRule());
        assertEquals("The server runs with open_files_limit=1024, below 10 + max_connections + 2 x table_open_cache = 10010: "
                + "the OS limit was not raised for the service.", f.summary());
        assertEquals(Result.Status.PASSED, caps("b").variables("open_files_limit", "65535", "max_connections", "151",
                "table_open_cache", "4000").run(new OpenFilesLimitRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").mycnf("open_files_limit=65535\n").run(new OpenFilesLimitRule()).status());
    }

    @Test
    void balancingWithBinding() {
        Finding f = caps("a").sysctl("kernel.numa_balancing = 1\n").lscpu(96, 4).binding("48-95", "2-3").fire(new BalancingWithBindingRule());
        assertEquals("kernel.numa_balancing is on while the server is bound (memory nodes 2-3): the kernel keeps scanning and migrating "
                + "pages against the explicit placement.", f.summary());
        assertEquals(Result.Status.PASSED, caps("b").sysctl("kernel.numa_balancing = 1\n").lscpu(96, 4).binding("0-95", "0-3")
                .run(new BalancingWithBindingRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").sysctl("kernel.numa_balancing = 1\n").lscpu(96, 4)
                .run(new BalancingWithBindingRule()).status());
        // CPUs confined to two of four nodes: bound
        Finding cpus = caps("d").sysctl("kernel.numa_balancing = 1\n").lscpu(96, 4).binding("48-95", "0-3").fire(new BalancingWithBindingRule());
        assertTrue(cpus.summary().contains("48-95"), cpus.summary());
        // allowed on 88 of 96 CPUs across all four nodes (a few kept for interrupts): not bound
        assertEquals(Result.Status.PASSED, caps("e").sysctl("kernel.numa_balancing = 1\n").lscpu(96, 4).binding("2-23,26-47,50-71,74-95", "0-3")
                .run(new BalancingWithBindingRule()).status());
    }

    @Test
    void conflictingPolicies() {
        Finding f = caps("a").sysctl("kernel.numa_balancing = 1\n").lscpu(128, 4).mycnf("innodb_numa_interleave=1\n")
                .fire(new ConflictingPoliciesRule());
        assertEquals("2 NUMA placement policies are active at once (automatic NUMA balancing, innodb_numa_interleave); they fight each "
                + "other and make placement unpredictable.", f.summary());
        assertEquals(Result.Status.PASSED, caps("b").sysctl("kernel.numa_balancing = 0\n").lscpu(128, 4).mycnf("innodb_numa_interleave=1\n")
                .run(new ConflictingPoliciesRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").sysctl("kernel.numa_balancing = 1\n").mycnf("innodb_numa_interleave=1\n")
                .run(new ConflictingPoliciesRule()).status());
    }

    @Test
    void interleaveIgnoresCpuset() {
        Finding f = caps("a").version("8.0.33").mycnf("innodb_numa_interleave=ON\n").lscpu(128, 4).binding("0-63", "0,1")
                .fire(new InterleaveIgnoresCpusetRule());
        assertEquals("innodb_numa_interleave=ON while the server may only use memory nodes 0,1: MySQL interleaves the buffer pool over "
                + "all nodes and escapes the restriction.", f.summary());
        assertEquals(Result.Status.PASSED, caps("b").version("10.11.6-MariaDB").mycnf("innodb_numa_interleave=ON\n").lscpu(128, 4)
                .binding("0-63", "0,1").run(new InterleaveIgnoresCpusetRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").mycnf("innodb_numa_interleave=ON\n").lscpu(128, 4)
                .run(new InterleaveIgnoresCpusetRule()).status());
    }

    @Test
    void doubleCache() {
        Finding f = caps("a").version("8.0.33").mycnf("innodb_buffer_pool_size=40G\n").meminfo(64L << 20, 20L << 20, 0, 0)
                .fire(new BufferedDoubleCacheRule());
        assertEquals("InnoDB reads data files through the page cache (innodb_flush_method=fsync) while the page cache holds 31.3 % of RAM "
                + "and the buffer pool 62.5 %: pages are cached twice.", f.summary());
        assertEquals(Result.Status.PASSED, caps("b").version("8.0.33").mycnf("innodb_buffer_pool_size=40G\ninnodb_flush_method=O_DIRECT\n")
                .meminfo(64L << 20, 20L << 20, 0, 0).run(new BufferedDoubleCacheRule()).status());
        assertEquals(Result.Status.PASSED, caps("m").version("10.11.6-MariaDB").mycnf("innodb_buffer_pool_size=40G\n")
                .meminfo(64L << 20, 20L << 20, 0, 0).run(new BufferedDoubleCacheRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").version("8.0.33").mycnf("innodb_buffer_pool_size=40G\n")
                .run(new BufferedDoubleCacheRule()).status());
    }

    private Caps twoStatus(String name, String... after) {
        String[] before = new String[after.length];
        for (int i = 0; i < after.length; i += 2) {
            before[i] = after[i];
            before[i + 1] = after[i].equals("Uptime") ? "1000" : after[i].equals("Innodb_row_lock_time_avg") ? "0" : "0";
        }
        return caps(name).status("status-1-before.txt", before).status("status-2-after.txt", after);
    }

    @Test
    void readMiss() {
        Finding f = twoStatus("a", "Uptime", "1100", "Innodb_buffer_pool_reads", "500000", "Innodb_buffer_pool_read_requests", "10000000")
                .fire(new ReadMissRule());
        assertEquals("The buffer pool misses 5 % of page requests (5000 disk reads/s over 100 s): the working set does not fit in memory.",
                f.summary());
        assertEquals(Result.Status.PASSED, twoStatus("b", "Uptime", "1100", "Innodb_buffer_pool_reads", "50",
                "Innodb_buffer_pool_read_requests", "10000000").run(new ReadMissRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").status("s.txt", "Uptime", "5", "Innodb_buffer_pool_reads", "1")
                .run(new ReadMissRule()).status());
    }

    @Test
    void tmpTablesOnDisk() {
        Finding f = twoStatus("a", "Uptime", "1100", "Created_tmp_disk_tables", "4000", "Created_tmp_tables", "10000")
                .variables("tmp_table_size", "67108864", "max_heap_table_size", "16777216").fire(new io.tunescope.rules.config.TmpDiskTablesRule());
        assertEquals("40 % of the implicit temporary tables went to disk (40/s over 100 s): queries with GROUP BY, DISTINCT, UNION or ORDER BY "
                + "on large or TEXT/BLOB results spill past the in-memory limit.", f.summary());
        assertTrue(f.recommendations().get(1).lines().get(0).contains("in-memory temporary tables are capped at 16 MiB"),
                f.recommendations().get(1).lines().toString());
        // the hand-made capture's run: 62,975 in-memory temporary tables, none on disk
        assertEquals(Result.Status.PASSED, twoStatus("b", "Uptime", "1100", "Created_tmp_disk_tables", "0", "Created_tmp_tables", "62975")
                .run(new io.tunescope.rules.config.TmpDiskTablesRule()).status());
    }

    @Test
    void threadCacheBelowTheChurn() {
        Finding f = twoStatus("a", "Uptime", "1100", "Threads_created", "3000", "Connections", "5000", "Max_used_connections", "180")
                .variables("thread_cache_size", "8").fire(new io.tunescope.rules.config.ThreadCacheRule());
        assertEquals("60 % of new connections created a thread (3000 of 5000 over 100 s): thread_cache_size=8 is below the connection churn.",
                f.summary());
        assertTrue(f.recommendations().get(0).lines().get(0).startsWith("SET GLOBAL thread_cache_size = 180;"), f.recommendations().get(0).lines().toString());
        assertEquals(Result.Status.PASSED, twoStatus("b", "Uptime", "1100", "Threads_created", "0", "Connections", "5", "Max_used_connections", "4")
                .run(new io.tunescope.rules.config.ThreadCacheRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, twoStatus("c", "Uptime", "1100", "Threads_created", "3000", "Connections", "5000")
                .variables("thread_handling", "pool-of-threads").run(new io.tunescope.rules.config.ThreadCacheRule()).status());
    }

    /** The pool size comes from this host's RAM and the server's rounding unit, never from elsewhere. */
    @Test
    void readMissSizesThePoolFromTheHost() {
        // 8 GiB of RAM, 7.5 GiB of it available: 75 % is 6 GiB, a multiple of the 128 MiB chunk x 2 instances
        Finding f = twoStatus("a", "Uptime", "1100", "Innodb_buffer_pool_reads", "500000", "Innodb_buffer_pool_read_requests", "10000000")
                .file("meminfo.txt", "MemTotal:        8388608 kB\nMemFree:         7340032 kB\nMemAvailable:    7864320 kB\n")
                .variables("innodb_buffer_pool_size", "134217728", "innodb_buffer_pool_chunk_size", "134217728", "innodb_buffer_pool_instances", "2")
                .fire(new ReadMissRule());
        assertEquals("sql", f.recommendations().get(0).language());
        List<String> sql = f.recommendations().get(0).lines();
        assertTrue(sql.get(0).startsWith("SET GLOBAL innodb_buffer_pool_size = 6144*1024*1024;"), sql.toString());
        assertEquals("-- 75 % of MemTotal 8 GiB, rounded down to a multiple of innodb_buffer_pool_chunk_size 128 MiB x 2 instance(s): 6 GiB",
                sql.get(1));
        // 5.6 GiB of RAM, 5 GiB available: 75 % is 4.2 GiB, rounded down to the 128 MiB unit: 4224 MiB
        Finding small = twoStatus("s", "Uptime", "1100", "Innodb_buffer_pool_reads", "500000", "Innodb_buffer_pool_read_requests", "10000000")
                .file("meminfo.txt", "MemTotal:        5872025 kB\nMemAvailable:    5242880 kB\n")
                .variables("innodb_buffer_pool_size", "134217728").fire(new ReadMissRule());
        assertTrue(small.recommendations().get(0).lines().get(0).startsWith("SET GLOBAL innodb_buffer_pool_size = 4224*1024*1024;"),
                small.recommendations().get(0).lines().toString());
        // the same host with only 2 GiB available: the growth comes out of 90 % of it, 128 MiB + 1843 MiB -> 1920 MiB
        Finding tight = twoStatus("t", "Uptime", "1100", "Innodb_buffer_pool_reads", "500000", "Innodb_buffer_pool_read_requests", "10000000")
                .file("meminfo.txt", "MemTotal:        5872025 kB\nMemAvailable:    2097152 kB\n")
                .variables("innodb_buffer_pool_size", "134217728").fire(new ReadMissRule());
        List<String> capped = tight.recommendations().get(0).lines();
        assertTrue(capped.get(0).startsWith("SET GLOBAL innodb_buffer_pool_size = 1920*1024*1024;"), capped.toString());
        assertTrue(capped.get(1).endsWith("; capped to the current pool plus 90 % of MemAvailable 2 GiB: 1.9 GiB"), capped.get(1));
        // MariaDB's innodb_buffer_pool_size_max bounds online growth
        Finding bounded = twoStatus("x", "Uptime", "1100", "Innodb_buffer_pool_reads", "500000", "Innodb_buffer_pool_read_requests", "10000000")
                .file("meminfo.txt", "MemTotal:        8388608 kB\nMemAvailable:    7864320 kB\n")
                .variables("innodb_buffer_pool_size", "134217728", "innodb_buffer_pool_size_max", "2147483648").fire(new ReadMissRule());
        assertTrue(bounded.recommendations().get(0).lines().get(0).startsWith("SET GLOBAL innodb_buffer_pool_size = 2048*1024*1024;"),
                bounded.recommendations().get(0).lines().toString());
        // already at the budget: no SQL, the working set is the lever
        Finding full = twoStatus("f", "Uptime", "1100", "Innodb_buffer_pool_reads", "500000", "Innodb_buffer_pool_read_requests", "10000000")
                .meminfo(8L * 1024 * 1024, 1024 * 1024, 0, 0).variables("innodb_buffer_pool_size", "7516192768").fire(new ReadMissRule());
        assertEquals("text", full.recommendations().get(0).language());
        assertTrue(full.recommendations().get(0).lines().get(0).startsWith("innodb_buffer_pool_size is 7 GiB of 8 GiB RAM"),
                full.recommendations().get(0).lines().toString());
        // no RAM in the capture: say what to measure
        Finding blind = twoStatus("m", "Uptime", "1100", "Innodb_buffer_pool_reads", "500000", "Innodb_buffer_pool_read_requests", "10000000")
                .fire(new ReadMissRule());
        assertEquals("bash", blind.recommendations().get(0).language());
        assertTrue(blind.recommendations().get(0).lines().get(0).startsWith("cat /proc/meminfo"));
    }

    @Test
    void rowLockWaits() {
        Finding f = twoStatus("a", "Uptime", "1100", "Innodb_row_lock_waits", "5000", "Com_commit", "100000", "Innodb_row_lock_time_avg", "3")
                .fire(new RowLockWaitRule());
        assertEquals("Transactions wait on row locks (5 % of commits waited): the workload contends on hot rows, which no server knob fixes.",
                f.summary());
        assertEquals(Result.Status.PASSED, twoStatus("b", "Uptime", "1100", "Innodb_row_lock_waits", "5", "Com_commit", "100000",
                "Innodb_row_lock_time_avg", "1").run(new RowLockWaitRule()).status());
    }

    @Test
    void threadPool() {
        Finding f = caps("a").version("8.0.25-greatdb").lscpu(96, 4).variables("max_connections", "4000", "thread_handling", "one-thread-per-connection")
                .status("status.txt", "Uptime", "100", "Max_used_connections", "1024").fire(new ThreadPoolRule());
        assertEquals("1024 connections were open at once with one thread per connection: throughput degrades as runnable threads exceed the CPUs.",
                f.summary());
        assertEquals("thread_pool_size = 96   # = logical CPUs", f.recommendations().get(0).lines().get(2));
        assertEquals(Result.Status.PASSED, caps("b").variables("thread_handling", "pool-of-threads")
                .status("status.txt", "Uptime", "100", "Max_used_connections", "1024").run(new ThreadPoolRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").variables("thread_handling", "one-thread-per-connection")
                .run(new ThreadPoolRule()).status());
    }

    @Test
    void threadPoolVariableIsWithheldOnMysqlCommunity() {
        Caps c = caps("a").version("8.0.36").lscpu(96, 4).mycnf("max_connections=4000\n")
                .status("status.txt", "Uptime", "100", "Max_used_connections", "1024");
        var e = c.evidence();
        var results = new RuleEngine(java.util.List.of(new ThreadPoolRule())).run(e, Settings.defaults());
        Finding f = results.get(0).findings().get(0);
        assertTrue(f.recommendations().stream().noneMatch(r -> r.variables().contains("thread_pool_size")));
        assertEquals(1, f.withheld().size());
        assertTrue(f.withheld().get(0).contains("MySQL Community has no thread pool"), f.withheld().get(0));
    }

    @Test
    void aStepMeasuredWhileTheBufferPoolFillsIsNotSteady() {
        String sb = SeriesRulesTest.sysbench(8, 1000, 10, -1, 0);
        Finding f = caps("cold").file("sb.log", sb)
                .status("status-1-before.txt", "Uptime", "1000", "Innodb_buffer_pool_pages_free", "8000", "Innodb_buffer_pool_pages_total", "8192",
                        "Innodb_buffer_pool_reads", "0", "Innodb_buffer_pool_read_requests", "0")
                .status("status-2-after.txt", "Uptime", "1100", "Innodb_buffer_pool_pages_free", "2000", "Innodb_buffer_pool_pages_total", "8192",
                        "Innodb_buffer_pool_reads", "6000", "Innodb_buffer_pool_read_requests", "100000")
                .fire(new io.tunescope.rules.concurrency.SteadyStateRule());
        assertEquals("The buffer pool was still filling while the step was measured: 73.2 % of its pages (8000 -> 2000 free of 8192) were "
                + "taken from the free list and 6 % of the page requests were read from disk, so the figures measure a cold cache.", f.summary());
        // the hand-made capture's baseline: 128 MiB pool, data already cached (free pages 5441 -> 5556, no disk reads)
        assertEquals(Result.Status.PASSED, caps("warm").file("sb.log", sb)
                .status("status-1-before.txt", "Uptime", "1000", "Innodb_buffer_pool_pages_free", "5441", "Innodb_buffer_pool_pages_total", "8112",
                        "Innodb_buffer_pool_reads", "170", "Innodb_buffer_pool_read_requests", "1000")
                .status("status-2-after.txt", "Uptime", "1100", "Innodb_buffer_pool_pages_free", "5556", "Innodb_buffer_pool_pages_total", "8112",
                        "Innodb_buffer_pool_reads", "170", "Innodb_buffer_pool_read_requests", "900000")
                .run(new io.tunescope.rules.concurrency.SteadyStateRule()).status());
    }
}
