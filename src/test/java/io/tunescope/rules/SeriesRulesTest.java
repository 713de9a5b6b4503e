package io.tunescope.rules;

import io.tunescope.rules.concurrency.BenchInconsistentRule;
import io.tunescope.rules.concurrency.ErrorsReconnectsRule;
import io.tunescope.rules.concurrency.LatencyRisingFlatTpsRule;
import io.tunescope.rules.concurrency.ThroughputKneeRule;
import io.tunescope.rules.io.FlushNeighborsSsdRule;
import io.tunescope.rules.io.HighAwaitRule;
import io.tunescope.rules.io.IoCapacityFlushingRule;
import io.tunescope.rules.io.SaturatedCpuIdleRule;
import io.tunescope.rules.numa.MemoryAwayFromCpusRule;
import io.tunescope.rules.numa.RemoteAllocRule;
import io.tunescope.rules.numa.VmSpansNodesRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** sysbench, iostat/mpstat and numastat rules on small captures in the tools' formats. */
class SeriesRulesTest {
    @TempDir
    Path dir;

    /** One sysbench 1.0 oltp run: two interim reports and the final statistics. avgMs < 0: Little's law value. */
    static String sysbench(int threads, double tps, double p95, double avgMs, double errPerSec) {
        double avg = avgMs < 0 ? threads / tps * 1000 : avgMs;
        double qps = tps * 20;
        long trx = Math.round(tps * 60);
        long q = Math.round(qps * 60);
        StringBuilder sb = new StringBuilder();
        sb.append("sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nRunning the test with following options:\n")
                .append("Number of threads: ").append(threads).append("\nReport intermediate results every 30 second(s)\n")
                .append("Initializing random number generator from current time\n\n\nInitializing worker threads...\n\nThreads started!\n\n");
        for (int t = 30; t <= 60; t += 30) {
            sb.append(String.format(Locale.ROOT, "[ %ds ] thds: %d tps: %.2f qps: %.2f (r/w/o: %.2f/%.2f/%.2f) lat (ms,95%%): %.2f err/s: %.2f reconn/s: 0.00%n",
                    t, threads, tps, qps, qps * 0.7, qps * 0.2, qps * 0.1, p95, errPerSec));
        }
        sb.append(String.format(Locale.ROOT, """
                SQL statistics:
                    queries performed:
                        read:                            %d
                        write:                           %d
                        other:                           %d
                        total:                           %d
                    transactions:                        %d (%.2f per sec.)
                    queries:                             %d (%.2f per sec.)
                    ignored errors:                      %d      (%.2f per sec.)
                    reconnects:                          0      (0.00 per sec.)

                General statistics:
                    total time:                          60.0102s
                    total number of events:              %d

                Latency (ms):
                         min:                                    1.10
                         avg:                                   %.2f
                         max:                                  %.2f
                         95th percentile:                      %.2f
                         sum:                              %.2f

                Threads fairness:
                    events (avg/stddev):           %.4f/3.20
                    execution time (avg/stddev):   60.0011/0.01

                """, Math.round(q * 0.7), Math.round(q * 0.2), q - Math.round(q * 0.7) - Math.round(q * 0.2), q, trx, tps, q, qps,
                Math.round(errPerSec * 60), errPerSec, trx, avg, p95 * 3, p95, avg * trx, (double) trx / threads));
        return sb.toString();
    }

    static String iostat(String dev, double util, double rAwait, double wAwait, double aqu, double cpuIdle) {
        StringBuilder sb = new StringBuilder("Linux 5.10.0 (db) \t11/30/26 \t_x86_64_\t(32 CPU)\n\n");
        for (int i = 0; i < 5; i++) {
            sb.append("avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n")
                    .append(String.format(Locale.ROOT, "          %5.2f    0.00    5.00    2.00    0.00   %5.2f%n%n", 93 - cpuIdle, cpuIdle))
                    .append("Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz"
                            + "     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util\n")
                    .append(String.format(Locale.ROOT, "%-12s 2400.00  38400.00     0.00   0.00 %7.2f    16.00 1800.00  43200.00    12.00   0.66 %7.2f"
                            + "    24.00    0.00      0.00     0.00   0.00    0.00     0.00   60.00    0.50 %7.2f %6.2f%n%n%n", dev, rAwait, wAwait, aqu, util));
        }
        return sb.toString();
    }

    static String mpstat(double busy) {
        StringBuilder sb = new StringBuilder("Linux 5.10.0 (db) \t11/30/26 \t_x86_64_\t(32 CPU)\n\n");
        for (int i = 0; i < 5; i++) {
            sb.append(String.format(Locale.ROOT, "10:00:%02d     CPU    %%usr   %%nice    %%sys %%iowait    %%irq   %%soft  %%steal  %%guest  %%gnice   %%idle%n", i * 10));
            sb.append(String.format(Locale.ROOT, "10:00:%02d     all  %6.2f    0.00  %6.2f    2.00    0.00    0.00    0.00    0.00    0.00  %6.2f%n%n",
                    i * 10 + 10, busy * 0.8, busy * 0.2, 98 - busy));
        }
        return sb.toString();
    }

    private Caps caps(String n) {
        return Caps.in(dir.resolve(n));
    }

    @Test
    void knee() {
        Finding f = caps("a").file("sb.log", sysbench(64, 3000, 30, -1, 0) + sysbench(128, 3700, 46, -1, 0) + sysbench(256, 4300, 77, -1, 0)
                + sysbench(512, 3000, 215, -1, 0)).fire(new ThroughputKneeRule());
        assertEquals("Throughput peaks at 256 threads (4300 TPS) and falls 30.2 % from 256 to 512 threads: run at or below 256 concurrent sessions.",
                f.summary());
        assertEquals("sb.log", f.evidence().get(0).ref().file());
        assertEquals(Result.Status.PASSED, caps("b").file("sb.log", sysbench(8, 1000, 10, -1, 0) + sysbench(16, 1900, 11, -1, 0)
                + sysbench(32, 3500, 12, -1, 0)).run(new ThroughputKneeRule()).status());
        Result na = caps("c").file("sb.log", sysbench(8, 1000, 10, -1, 0) + sysbench(16, 1900, 11, -1, 0)).run(new ThroughputKneeRule());
        assertEquals(Result.Status.NOT_APPLICABLE, na.status());
        assertEquals("needs sysbench runs at 3 or more thread counts; the step has 2", na.reason());
    }

    @Test
    void latencyRisingWithFlatTps() {
        Finding f = caps("a").file("sb.log", sysbench(128, 3039.3, 57.87, -1, 0) + sysbench(256, 3171.06, 101.13, -1, 0))
                .fire(new LatencyRisingFlatTpsRule());
        assertEquals("From 128 to 256 threads TPS gains only 4.3 % while p95 latency grows 74.8 % (57.87 -> 101.13 ms): the extra threads only queue.",
                f.summary());
        assertEquals(Result.Status.PASSED, caps("b").file("sb.log", sysbench(8, 1000, 10, -1, 0) + sysbench(16, 1900, 11, -1, 0))
                .run(new LatencyRisingFlatTpsRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").file("sb.log", sysbench(8, 1000, 10, -1, 0)).run(new LatencyRisingFlatTpsRule()).status());
    }

    @Test
    void errorsAndReconnects() {
        Finding f = caps("a").file("sb.log", sysbench(64, 3000, 30, -1, 1.5)).fire(new ErrorsReconnectsRule());
        assertEquals("The benchmark saw errors or reconnects (64 threads: 90 errors, 0 reconnects): these results are not comparable with clean runs.",
                f.summary());
        assertEquals(Result.Status.PASSED, caps("b").file("sb.log", sysbench(64, 3000, 30, -1, 0)).run(new ErrorsReconnectsRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").mycnf("a=1\n").run(new ErrorsReconnectsRule()).status());
    }

    @Test
    void inconsistentBenchmark() {
        // seed 000: 64 threads, 3,200 TPS, avg 15 ms (Little's law: 20 ms)
        Finding f = caps("a").file("sb.log", sysbench(64, 3200, 35, 15, 0)).fire(new BenchInconsistentRule());
        assertEquals("The benchmark numbers are inconsistent (64 threads: average latency 15.00 ms, Little's law implies 20.00 ms): "
                + "do not use this run as a baseline.", f.summary());
        assertEquals(Result.Status.PASSED, caps("b").file("sb.log", sysbench(64, 3200, 35, -1, 0)).run(new BenchInconsistentRule()).status());
    }

    @Test
    void saturatedDeviceWithIdleCpu() {
        Finding f = caps("a").file("iostat.txt", iostat("vdb", 99.5, 30, 40, 40, 70)).file("mpstat.txt", mpstat(28))
                .fire(new SaturatedCpuIdleRule());
        assertEquals("Device vdb is saturated (%util 99.5 on average, await 40.00 ms, queue 40.00) while the CPUs are only 28 % busy: "
                + "the run is storage-bound.", f.summary());
        assertEquals(Result.Status.PASSED, caps("b").file("iostat.txt", iostat("vdb", 99.5, 30, 40, 40, 10)).file("mpstat.txt", mpstat(85))
                .run(new SaturatedCpuIdleRule()).status());
        assertEquals(Result.Status.PASSED, caps("u").file("iostat.txt", iostat("nvme0n1", 99.5, 0.2, 0.1, 1, 70)).file("mpstat.txt", mpstat(28))
                .run(new SaturatedCpuIdleRule()).status(), "%util alone is not saturation");
        // iostat's own avg-cpu report is CPU data: the device is saturated while the CPUs idle
        Finding fromIostat = caps("c").file("iostat.txt", iostat("vdb", 99.5, 30, 40, 40, 70))
                .file("p.txt", "Name:\tx\nCpus_allowed_list:\t0-3\nMems_allowed_list:\t0\n").fire(new SaturatedCpuIdleRule());
        assertEquals("Device vdb is saturated (%util 99.5 on average, await 40.00 ms, queue 40.00) while the CPUs are only 28 % busy: "
                + "the run is storage-bound.", fromIostat.summary());
        // iostat -d (devices only) and no mpstat/vmstat: no CPU data at all
        String devicesOnly = iostat("vdb", 99.5, 30, 40, 40, 70).replaceAll("(?m)^avg-cpu:.*\\n.*\\n\\n", "");
        assertEquals(Result.Status.NOT_APPLICABLE, caps("d").file("iostat.txt", devicesOnly)
                .file("p.txt", "Name:\tx\nCpus_allowed_list:\t0-3\nMems_allowed_list:\t0\n").run(new SaturatedCpuIdleRule()).status());
    }

    @Test
    void highAwait() {
        Finding f = caps("a").file("iostat.txt", iostat("nvme0n1", 60, 8, 12, 3, 50)).fire(new HighAwaitRule());
        assertEquals("I/O requests on nvme0n1 wait 12.00 ms on average (limit 5 ms for NVMe).", f.summary());
        assertEquals(Result.Status.PASSED, caps("b").file("iostat.txt", iostat("nvme0n1", 60, 0.2, 0.1, 1, 50)).run(new HighAwaitRule()).status());
    }

    /** Device data from an I/O CSV reaches the I/O rules as iostat's does (the metric, not the tool, decides). */
    @Test
    void highAwaitFromAnIoCsv() {
        StringBuilder csv = new StringBuilder("timestamp,device,r/s,w/s,r_await,w_await,aqu-sz,%util\n");
        for (int i = 0; i < 10; i++) {
            csv.append(String.format(java.util.Locale.ROOT, "2026-11-30 10:49:%02d,vdb,120.0,80.0,31.5,38.5,6.2,88.0%n", 10 + i));
        }
        Finding f = caps("csv").file("disk-latency.csv", csv.toString()).fire(new HighAwaitRule());
        assertEquals("I/O requests on vdb wait 38.50 ms on average (limit 20 ms for this device).", f.summary());
        assertEquals("disk-latency.csv", f.evidence().get(0).ref().file());
    }

    @Test
    void flushNeighborsAndIoCapacityOnNvme() {
        Caps c = caps("a").version("5.7.44").mycnf("innodb_buffer_pool_size=8G\n").file("iostat.txt", iostat("nvme0n1", 40, 0.2, 0.1, 1, 50));
        Finding f = c.fire(new FlushNeighborsSsdRule());
        assertEquals("innodb_flush_neighbors=1 (the default of MySQL 5.7.44) on NVMe storage: InnoDB flushes neighbouring pages that a "
                + "flash device does not need grouped.", f.summary());
        assertTrue(f.recommendations().get(0).lines().get(0).startsWith("SET GLOBAL innodb_flush_neighbors = 0;"));
        assertEquals(Result.Status.PASSED, caps("b").version("8.0.36").mycnf("innodb_io_capacity=2000\n")
                .file("iostat.txt", iostat("nvme0n1", 40, 0.2, 0.1, 1, 50)).run(new FlushNeighborsSsdRule()).status());
    }

    static final String NUMASTAT_P = """

            Per-node process memory usage (in MBs) for PID 4242 (mysqld)
                                       Node 0          Node 1          Node 2          Node 3           Total
                              --------------- --------------- --------------- --------------- ---------------
            Huge                         0.00            0.00            0.00            0.00            0.00
            Heap                       812.25           10.50            3.25            0.00          826.00
            Stack                        0.12            0.00            0.00            0.00            0.12
            Private                  40210.50         9120.75         2050.00         1024.25        52405.50
            ----------------  --------------- --------------- --------------- --------------- ---------------
            Total                    41022.87         9131.25         2053.25         1024.25        53231.62
            """;

    @Test
    void memoryAwayFromCpus() {
        Finding f = caps("a").file("numastat-p.txt", NUMASTAT_P).lscpu(128, 4).binding("64-127", "0-3").fire(new MemoryAwayFromCpusRule());
        assertEquals("94.2 % of mysqld's memory (50154.1 of 53231.6 MB) is on node(s) 0,1, while its CPUs are on node(s) 2,3.", f.summary());
        assertEquals(Result.Status.PASSED, caps("b").file("numastat-p.txt", NUMASTAT_P).lscpu(128, 4).binding("0-63", "0-3")
                .run(new MemoryAwayFromCpusRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").file("numastat-p.txt", NUMASTAT_P).lscpu(128, 4).run(new MemoryAwayFromCpusRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("d").file("numastat-p.txt", NUMASTAT_P).lscpu(128, 4).run(new VmSpansNodesRule()).status(),
                "mysqld is not a VM");
    }

    static final String NUMASTAT_M = """

            Per-node system memory usage (in MBs):
                                      Node 0          Node 1           Total
                             --------------- --------------- ---------------
            MemTotal                64000.00        64000.00       128000.00
            MemFree                   640.00        30000.00        30640.00
            MemUsed                 63360.00        34000.00        97360.00
            """;

    @Test
    void nodeExhaustedAndSwapping() {
        Finding f = caps("a").file("numastat-m.txt", NUMASTAT_M).meminfo(128L << 20, 1024, 8L << 20, 6L << 20)
                .fire(new io.tunescope.rules.numa.NodeExhaustedSwapRule());
        assertEquals("NUMA node 0 has only 1 % of its memory free while node 1 has 46.9 % free, and the host swaps: the classic NUMA "
                + "'swap insanity'.", f.summary());
        assertEquals(Result.Status.PASSED, caps("b").file("numastat-m.txt", NUMASTAT_M).meminfo(128L << 20, 1024, 8L << 20, 8L << 20)
                .run(new io.tunescope.rules.numa.NodeExhaustedSwapRule()).status(), "no swapping");
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").file("numastat-p.txt", NUMASTAT_P)
                .run(new io.tunescope.rules.numa.NodeExhaustedSwapRule()).status());
    }

    @Test
    void remoteAllocation() {
        String two = """
                2026-11-30T09:00:00+0800
                                           node0           node1
                numa_hit                 1000000         1000000
                numa_miss                      0               0
                numa_foreign                   0               0
                interleave_hit             20000           20000
                local_node               1000000         1000000
                other_node                  1000            1000
                2026-11-30T09:01:00+0800
                                           node0           node1
                numa_hit                 1900000         1500000
                numa_miss                      0               0
                numa_foreign                   0               0
                interleave_hit             20000           20000
                local_node               1900000         1500000
                other_node                  3000          501000
                """;
        Finding f = caps("a").file("numastat.txt", two).fire(new RemoteAllocRule());
        assertEquals("Node 1 took 50 % of its page allocations from other nodes (26.4 % overall during the capture): memory is placed away "
                + "from the CPUs that use it.", f.summary());
        assertEquals(Result.Status.PASSED, caps("b").file("numastat.txt", two.replace("501000", "2000")).run(new RemoteAllocRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").file("numastat-p.txt", NUMASTAT_P).run(new RemoteAllocRule()).status());
    }

    /** Two SHOW GLOBAL STATUS snapshots 100 s apart with the flushing counters (MariaDB names). */
    private Caps flushing(String n, long flushed, long ageBefore, long ageAfter, long waitFree) {
        return caps(n).version("10.11.6-MariaDB").variables("innodb_io_capacity", "200", "innodb_io_capacity_max", "2000")
                .status("status-1-before.txt", "Uptime", "1000", "Innodb_buffer_pool_pages_flushed", "0", "Innodb_checkpoint_age", Long.toString(ageBefore),
                        "Innodb_checkpoint_max_age", "80000000", "Innodb_buffer_pool_wait_free", "0")
                .status("status-2-after.txt", "Uptime", "1100", "Innodb_buffer_pool_pages_flushed", Long.toString(flushed),
                        "Innodb_checkpoint_age", Long.toString(ageAfter), "Innodb_checkpoint_max_age", "80000000",
                        "Innodb_buffer_pool_wait_free", Long.toString(waitFree));
    }

    @Test
    void ioCapacityIsJudgedFromTheMeasuredFlushingNotFromTheDeviceName() {
        // under checkpoint pressure, flushing at the cap of 200 pages/s, on a device with room (any name)
        Finding f = flushing("a", 19800, 70000000, 72000000, 12).file("iostat.txt", iostat("vdb", 20, 0.2, 0.3, 1, 50))
                .fire(new IoCapacityFlushingRule());
        assertEquals("The page cleaners flushed 198 pages/s, at the innodb_io_capacity of 200, while the checkpoint age reached 90 % of its "
                + "maximum; user threads waited 12 times for a free page; the device vdb had room (20 % util, 0.30 ms per write): io_capacity, "
                + "not the disk, paced the flushing.", f.summary());
        assertEquals(Severity.WARNING, f.severity(), "user threads waited for free pages");
        List<String> sql = f.recommendations().get(0).lines();
        assertEquals("-- twice the 198 pages/s measured, at least twice the current 200, rounded up to hundreds: 400", sql.get(0));
        assertTrue(sql.get(1).startsWith("SET GLOBAL innodb_io_capacity = 400;"), sql.toString());
        assertEquals(2, sql.size(), "innodb_io_capacity_max 2000 already covers twice 400");
        // the same flushing on a busy device: the disk is the limit, nothing to raise
        Finding busy = flushing("b", 19800, 70000000, 72000000, 0).file("iostat.txt", iostat("nvme0n1", 95, 0.2, 14, 9, 50))
                .fire(new IoCapacityFlushingRule());
        assertTrue(busy.summary().contains("the disk, not io_capacity, limits the flushing"), busy.summary());
        assertTrue(busy.recommendations().stream().noneMatch(r -> String.join("", r.lines()).contains("SET")), "no value to set");
        // flushing well below the cap under pressure: the cap was not the limit (the hand-made baseline: 78 pages/s at 200)
        assertEquals(Result.Status.PASSED, flushing("c", 7800, 73400000, 43800000, 0).file("iostat.txt", iostat("vda", 15, 0.0, 0.08, 0.3, 12))
                .run(new IoCapacityFlushingRule()).status());
        // an NVMe device with the default 200 and no pressure: nothing to say
        assertEquals(Result.Status.PASSED, flushing("d", 5000, 1000000, 2000000, 0).file("iostat.txt", iostat("nvme0n1", 40, 0.2, 0.1, 1, 50))
                .run(new IoCapacityFlushingRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("e").mycnf("innodb_io_capacity=100\n").run(new IoCapacityFlushingRule()).status());
    }
}
