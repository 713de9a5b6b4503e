package io.tunescope.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.rules.cpu.CgroupThrottledRule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rules that read the host facts: cgroup CPU limits, block-device queues, page size. */
class HostFactRulesTest {
    @TempDir
    Path dir;

    private Caps caps(String name) {
        return Caps.in(dir.resolve(name));
    }

    private static String fixture(String rel) throws Exception {
        return Files.readString(TestData.fixtures().resolve(rel));
    }

    @Test
    void aThrottledContainerIsNamedWithItsLimitAndHowToLiftIt() throws Exception {
        Finding f = caps("a").lscpu(96, 4).file("cgroup.txt", fixture("cgroup/synthetic-v2-container-throttled-grep.txt"))
                .fire(new CgroupThrottledRule());
        assertEquals("The server's cgroup limits it to 4 CPUs (cpu.max 400000 100000) and the kernel throttled it in 47.8 % of its periods "
                + "(2871 of 6012, 413 s in total) since the cgroup was created: its threads waited for the next period even if host CPUs "
                + "were idle. Name this limit before reading CPU or concurrency findings as database problems.", f.summary());
        assertEquals(Severity.INFO, f.severity(), "totals since creation are not the run's own");
        String dockerDir = "/sys/fs/cgroup/system.slice/docker-3f9a1c0d2b7e4a5f8c6d9e0b1a2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4.scope";
        assertEquals(dockerDir + "/cpu.max", f.evidence().get(0).label());
        assertEquals("cgroup.txt:5", f.evidence().get(0).ref().toString());
        assertEquals("cgroup.txt:10", f.evidence().get(1).ref().toString(), "nr_throttled's line");
        List<String> cmd = f.recommendations().get(0).lines();
        assertEquals("# give it the 8 CPUs its cpuset allows (16-23)", cmd.get(0));
        assertEquals("docker update --cpus=8 3f9a1c0d2b7e", cmd.get(1));
    }

    @Test
    void beforeAndAfterFilesMeasureTheRunAndMakeItTheMechanism() throws Exception {
        String after = fixture("cgroup/synthetic-v2-container-throttled-grep.txt");
        String before = after.replace("nr_periods 6012", "nr_periods 12").replace("nr_throttled 2871", "nr_throttled 11")
                .replace("throttled_usec 412980331", "throttled_usec 980331");
        Finding f = caps("a").file("cgroup-before.txt", before).file("cgroup-after.txt", after).fire(new CgroupThrottledRule());
        assertTrue(f.summary().contains("in 47.7 % of its periods (2860 of 6000, 412 s in total) during the run"), f.summary());
        assertEquals(Severity.WARNING, f.severity());

        // a knee on a throttled server names the limit first, not the database
        String sweep = SeriesRulesTest.sysbench(1, 900, 2, -1, 0) + SeriesRulesTest.sysbench(2, 1500, 3, -1, 0)
                + SeriesRulesTest.sysbench(4, 1000, 9, -1, 0) + SeriesRulesTest.sysbench(8, 700, 25, -1, 0);
        RuleEngine engine = new RuleEngine(List.of(new io.tunescope.rules.concurrency.ThroughputKneeRule(),
                new io.tunescope.rules.cpu.HostSaturatedRule(), new CgroupThrottledRule()));
        var r = engine.run(caps("b").lscpu(96, 4).file("cgroup-before.txt", before).file("cgroup-after.txt", after).file("sb.log", sweep).load(),
                Settings.defaults());
        Finding knee = r.findings().stream().filter(x -> x.ruleId().equals("CONC-THROUGHPUT-KNEE")).findFirst().orElseThrow();
        assertTrue(knee.summary().endsWith("The server was throttled by its cgroup CPU limit in this step (CPU-CGROUP-THROTTLED): its threads "
                + "waited for CPU quota, so raise the limit before reading this as a database problem."), knee.summary());
        assertEquals("CPU-CGROUP-THROTTLED", knee.evidence().get(0).label());
        assertTrue(knee.severity().ordinal() < Severity.WARNING.ordinal() || knee.score() < Severity.WARNING_FROM, knee.toString());
    }

    @Test
    void aRealThrottledV1CgroupAndAnUnlimitedOne() throws Exception {
        Finding f = caps("a").file("cg.txt", fixture("cgroup/grep-v1-throttled.txt")).fire(new CgroupThrottledRule());
        assertTrue(f.summary().startsWith("The server's cgroup limits it to 0.2 CPUs (cpu.cfs_quota_us 20000 / cpu.cfs_period_us 100000) and the "
                + "kernel throttled it in 96.9 % of its periods (31 of 32, 0.6 s in total)"), f.summary());
        assertEquals(List.of("# remove the limit (until the service or container restarts; make it permanent where the limit is set)",
                "echo -1 > /sys/fs/cgroup/cpu/tunescope-hostfacts/cpu.cfs_quota_us",
                "# under Kubernetes raise resources.limits.cpu of the pod instead (or drop it and keep the request)"),
                f.recommendations().get(0).lines());
        Result ok = caps("b").file("cg.txt", fixture("cgroup/grep-v1-root-unlimited.txt")).run(new CgroupThrottledRule());
        assertEquals(Result.Status.PASSED, ok.status());
        assertEquals("no CPU limit: /sys/fs/cgroup/cpu/cpu.cfs_quota_us = -1", ok.reason());
        Result service = caps("c").file("cg.txt", fixture("cgroup/synthetic-v2-mariadb-service-head.txt")).run(new CgroupThrottledRule());
        assertEquals("no CPU limit: /sys/fs/cgroup/system.slice/mariadb.service/cpu.max = max 100000", service.reason());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("d").lscpu(8, 1).run(new CgroupThrottledRule()).status());
    }

    @Test
    void anNvmeDiskOnMqDeadlineIsNamedWithItsQueueFile() throws Exception {
        Finding f = caps("a").file("block-queue.txt", fixture("block-queue/synthetic-kunpeng-nvme-grep.txt"))
                .fire(new io.tunescope.rules.io.SchedulerSsdRule());
        assertEquals("Non-rotational disk(s) with an I/O scheduler other than none: nvme0n1 (mq-deadline). Flash and NVMe devices order "
                + "requests themselves; a scheduler only adds CPU time per request.", f.summary());
        assertEquals(Severity.INFO, f.severity());
        assertEquals("/sys/block/nvme0n1/queue/scheduler", f.evidence().get(1).label());
        assertEquals("block-queue.txt:4", f.evidence().get(1).ref().toString());
        assertEquals("echo none > /sys/block/nvme0n1/queue/scheduler", f.recommendations().get(0).lines().get(0));
        // this machine: a rotating virtio disk and loop devices only
        Result real = caps("b").file("q.txt", fixture("block-queue/grep-queue.txt")).run(new io.tunescope.rules.io.SchedulerSsdRule());
        assertEquals(Result.Status.PASSED, real.status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").lscpu(8, 1).run(new io.tunescope.rules.io.SchedulerSsdRule()).status());
    }

    @Test
    void pressureStallIsEvidenceOfHostSaturation() throws Exception {
        Finding f = caps("a").lscpu(2, 1).file("vmstat.txt", MechanismRulesTest.vmstat(6, 1))
                .file("pressure.txt", fixture("pressure/grep-proc-pressure.txt")).fire(new io.tunescope.rules.cpu.HostSaturatedRule());
        Finding.Observation psi = f.evidence().stream().filter(o -> o.label().equals("/proc/pressure/cpu some.avg60")).findFirst().orElseThrow();
        assertEquals("pressure.txt:1", psi.ref().toString());
        assertTrue(f.citations().contains("KERNEL-PSI"), f.citations().toString());
    }
}
