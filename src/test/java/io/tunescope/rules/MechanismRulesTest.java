package io.tunescope.rules;

import io.tunescope.rules.cpu.FutexContextSwitchRule;
import io.tunescope.rules.cpu.HostSaturatedRule;
import io.tunescope.rules.cpu.ProfileEventRule;
import io.tunescope.rules.cpu.ProfileSymbolsRule;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Mechanism before symptom: saturation and the co-located client, the sampling event and unresolved
 * symbols are said before any hotspot is blamed; the futex rule tells scheduler time from lock waits.
 */
class MechanismRulesTest {
    @TempDir
    Path dir;

    private Caps caps(String n) {
        return Caps.in(dir.resolve(n));
    }

    /** perf script samples: each {@code [comm, weight, frames leaf-first...]} repeated weight times. */
    private static String perfScript(String event, Object[]... samples) {
        StringBuilder sb = new StringBuilder();
        double t = 100.0;
        for (Object[] s : samples) {
            int n = (Integer) s[1];
            for (int i = 0; i < n; i++) {
                t += 0.01;
                sb.append(String.format(Locale.ROOT, "%s 4242 [000] %.6f:    1000000 %s: %n", s[0], t, event));
                for (int k = 2; k < s.length; k++) {
                    sb.append(String.format(Locale.ROOT, "\t%12x %s+0x10 (%s)%n", 0x1000 + k, s[k],
                            ((String) s[k]).endsWith("_[k]") ? "[kernel.kallsyms]" : "/usr/sbin/mariadbd"));
                }
                sb.append('\n');
            }
        }
        return sb.toString().replace("_[k]", "");
    }

    static String vmstat(int r, int idle) {
        StringBuilder sb = new StringBuilder("procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n"
                + " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n");
        for (int i = 0; i < 6; i++) {
            sb.append(String.format(Locale.ROOT, "%2d  0      0 812345  12345 345678    0    0     1   120 9000 80000 %2d %2d %2d  1  0%n",
                    r, (98 - idle) * 6 / 10, (98 - idle) * 4 / 10, idle));
        }
        return sb.toString();
    }

    @Test
    void saturatedHostWithItsRunQueue() {
        Finding f = caps("a").lscpu(2, 1).file("vmstat.txt", vmstat(6, 1)).fire(new HostSaturatedRule());
        assertEquals("The host's CPUs are saturated during the run (busy 96 % on average, run queue 6 on 2 CPUs): throughput is bounded by "
                + "CPU time, so read concurrency and latch findings with that in mind.", f.summary());
        assertEquals(Result.Status.PASSED, caps("b").lscpu(8, 1).file("vmstat.txt", vmstat(3, 50)).run(new HostSaturatedRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").lscpu(2, 1).run(new HostSaturatedRule()).status());
    }

    @Test
    void benchmarkClientOnTheSameHost() {
        String profile = perfScript("cpu-clock", new Object[] {"mariadbd", 70, "do_command", "dispatch_command", "row_search_mvcc"},
                new Object[] {"sysbench", 30, "main", "luaL_loadbuffer"});
        Finding f = caps("a").lscpu(8, 1).file("vmstat.txt", vmstat(3, 50)).file("perf-script.txt", profile).fire(new HostSaturatedRule());
        assertEquals("The benchmark client sysbench runs on the database host and takes 30 % of the CPU samples (CPU busy 47 % on average): "
                + "it competes with the server for CPU.", f.summary());
        Finding both = caps("b").lscpu(2, 1).file("vmstat.txt", vmstat(6, 1)).file("perf-script.txt", profile).fire(new HostSaturatedRule());
        assertTrue(both.summary().contains("and the benchmark client sysbench runs on the same CPUs (30 % of the profile's samples)"), both.summary());
        // where the client should go is derived from the host: 8 unbound CPUs are split, 2 CPUs cannot spare one, a cpuset leaves the rest
        assertEquals(List.of("# 8 CPUs: 1 for the client, the rest for the server", "taskset -c 7 sysbench ...",
                "systemctl set-property mysqld AllowedCPUs=0-6    # the server on the other CPUs (cgroup v2 cpuset, systemd 244 or later)"),
                f.recommendations().get(0).lines());
        assertEquals("# this host has 2 CPUs: none can be spared for the client without starving the server",
                both.recommendations().get(0).lines().get(0));
        Finding bound = caps("c").lscpu(8, 1).binding("0-5", "0").file("vmstat.txt", vmstat(3, 50)).file("perf-script.txt", profile)
                .fire(new HostSaturatedRule());
        assertEquals("taskset -c 6-7 sysbench ...", bound.recommendations().get(0).lines().get(1));
    }

    @Test
    void softwareClockSchedulerTimeIsNotLockContention() {
        // cpu-clock: the scheduler share lands on finish_task_switch, futex proper is absent -> not blamed
        String cpuClock = perfScript("cpu-clock", new Object[] {"mariadbd", 30, "finish_task_switch_[k]", "__schedule_[k]", "do_command"},
                new Object[] {"mariadbd", 70, "row_search_mvcc", "do_command"});
        Result r = caps("a").file("perf-script.txt", cpuClock).run(new FutexContextSwitchRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertTrue(r.reason().contains("where the software event cpu-clock lands"), r.reason());
        // a hardware event with real futex waits still fires
        String cycles = perfScript("cycles", new Object[] {"mariadbd", 30, "futex_wait_[k]", "__lll_lock_wait", "do_command"},
                new Object[] {"mariadbd", 70, "row_search_mvcc", "do_command"});
        Finding f = caps("b").file("perf-script.txt", cycles).fire(new FutexContextSwitchRule());
        assertTrue(f.summary().startsWith("Futex and scheduler code take 30 % of CPU samples"), f.summary());
    }

    @Test
    void softwareSamplingEventIsSaid() {
        String cpuClock = perfScript("cpu-clock", new Object[] {"mariadbd", 25, "_raw_spin_unlock_irqrestore_[k]", "do_command"},
                new Object[] {"mariadbd", 75, "row_search_mvcc", "do_command"});
        Finding f = caps("a").file("perf-script.txt", cpuClock).fire(new ProfileEventRule());
        assertEquals("The CPU profile perf-script.txt was sampled with the software clock cpu-clock: 25 % of its samples landed where interrupts "
                + "are enabled again (finish_task_switch, _raw_spin_unlock_irqrestore), so kernel time around context switches and locks is "
                + "misplaced.", f.summary());
        String cycles = perfScript("cycles", new Object[] {"mariadbd", 10, "row_search_mvcc", "do_command"});
        assertEquals(Result.Status.PASSED, caps("b").file("perf-script.txt", cycles).run(new ProfileEventRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").file("mysqld.folded", "mysqld;do_command;row_search_mvcc 10\n")
                .run(new ProfileEventRule()).status());
    }

    /** A stripped binary's frames are folded as {@code [mariadbd]}: counted as unresolved. */
    @Test
    void binaryOnlyFramesAreUnresolved() {
        Finding f = caps("a").file("mysqld.folded", "mariadbd;[mariadbd];[mariadbd] 30\nmariadbd;do_command;row_search_mvcc 70\n")
                .fire(new ProfileSymbolsRule());
        assertTrue(f.summary().startsWith("30 % of the CPU samples in mysqld.folded have no symbol"), f.summary());
    }

    @Test
    void aKneeOnASaturatedHostNamesTheSaturationFirstAndStaysBelowWarning() {
        String sweep = SeriesRulesTest.sysbench(1, 900, 2, -1, 0) + SeriesRulesTest.sysbench(2, 1500, 3, -1, 0)
                + SeriesRulesTest.sysbench(4, 1000, 9, -1, 0) + SeriesRulesTest.sysbench(8, 700, 25, -1, 0);
        // the knee rule is listed first: the engine still evaluates the saturation it depends on before it
        RuleEngine engine = new RuleEngine(List.of(new io.tunescope.rules.concurrency.ThroughputKneeRule(), new HostSaturatedRule()));
        var saturated = engine.run(caps("a").lscpu(2, 1).file("vmstat.txt", vmstat(6, 1)).file("sb.log", sweep).load(), Settings.defaults());
        Finding knee = saturated.findings().stream().filter(f -> f.ruleId().equals("CONC-THROUGHPUT-KNEE")).findFirst().orElseThrow();
        assertEquals("Throughput peaks at 2 threads (1500 TPS) and falls 33.3 % from 2 to 4 threads: run at or below 2 concurrent sessions. "
                + "The host's 2 CPUs are saturated in this step (CPU-HOST-SATURATED): the knee is where CPU time runs out, not a limit of the "
                + "database.", knee.summary());
        assertEquals(Severity.INFO, knee.severity());
        assertEquals("CPU-HOST-SATURATED", knee.evidence().get(0).label(), "the mechanism is the first evidence");
        assertEquals(List.of("CONC-THROUGHPUT-KNEE", "CPU-HOST-SATURATED"), saturated.results().stream().map(Result::ruleId).toList(),
                "results stay in the order the rules were given");
        // with CPU to spare the same knee is the database's own, at its own score
        var idle = engine.run(caps("b").lscpu(8, 1).file("vmstat.txt", vmstat(1, 60)).file("sb.log", sweep).load(), Settings.defaults());
        Finding own = idle.findings().stream().filter(f -> f.ruleId().equals("CONC-THROUGHPUT-KNEE")).findFirst().orElseThrow();
        assertEquals(Severity.WARNING, own.severity());
        assertTrue(!own.summary().contains("CPU-HOST-SATURATED"), own.summary());
    }

    @Test
    void aThinProfileSaysHowWellItsSharesAreKnown() {
        String thin = perfScript("cpu-clock", new Object[] {"mariadbd", 60, "row_search_mvcc", "do_command"},
                new Object[] {"mariadbd", 40, "btr_cur_search_to_nth_level", "do_command"});
        Finding f = caps("a").file("perf-script.txt", thin).fire(new io.tunescope.rules.cpu.ProfileSamplesRule());
        // 1.96 x sqrt(0.6 x 0.4 / 100) = 9.6 points
        assertEquals("The CPU profile perf-script.txt has 100 samples: the share of its top function row_search_mvcc (60 %) is only known to "
                + "within 9.6 percentage points, so hotspots of a few per cent are within the sampling error.", f.summary());
        assertEquals("100 samples against 2000 wanted: record 20x as long, or at 20x the -F frequency, with the same event (cpu-clock) and the "
                + "same target process.", f.recommendations().get(0).lines().get(0));
        String rich = perfScript("cpu-clock", new Object[] {"mariadbd", 1500, "row_search_mvcc", "do_command"},
                new Object[] {"mariadbd", 1000, "btr_cur_search_to_nth_level", "do_command"});
        Result ok = caps("b").file("perf-script.txt", rich).run(new io.tunescope.rules.cpu.ProfileSamplesRule());
        assertEquals(Result.Status.PASSED, ok.status());
        assertEquals("2500 samples: the top function row_search_mvcc (60 %) is known to within 1.9 percentage points", ok.reason());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("c").lscpu(2, 1).run(new io.tunescope.rules.cpu.ProfileSamplesRule()).status());
    }
}
