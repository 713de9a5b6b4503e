package io.tunescope.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.rules.cpu.PerfIpcLowRule;
import io.tunescope.rules.cpu.PerfMissRateRule;
import io.tunescope.rules.cpu.PerfNoHardwareRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CPU-PERF-IPC-LOW, CPU-PERF-MISS-RATE and CPU-PERF-NO-HW-COUNTERS on the perf stat fixtures (real VM output, synthetic x86 and Kunpeng). */
class PerfStatRulesTest {
    private static final Path FIXTURES = Path.of("src/test/resources/fixtures/perf-stat");

    @TempDir
    Path dir;

    private Caps caps(String name, String fixture) throws IOException {
        return Caps.in(dir.resolve(name)).file(fixture, Files.readString(FIXTURES.resolve(fixture)));
    }

    @Test
    void lowIpcOnTheServerProcessWithItsDerivation() throws IOException {
        Finding f = caps("x86", "x86-p-mysqld-hw-synthetic.txt").fire(new PerfIpcLowRule());
        assertEquals("process id '2871' (x86-p-mysqld-hw-synthetic.txt): 0.60 instructions per cycle (98,204,581,944 instructions / "
                + "163,712,496,030 cycles), below 1.00: the cores wait for much of their cycles, most often for memory. This says where "
                + "the cycles go, not that the database is slow.", f.summary());
        assertEquals(Severity.INFO, f.severity());
        var ipc = f.evidence().stream().filter(o -> o.label().equals("instructions per cycle")).findFirst().orElseThrow();
        assertEquals("0.60 = 98,204,581,944 / 163,712,496,030", ipc.value());
        assertEquals("x86-p-mysqld-hw-synthetic.txt:9", ipc.ref().toString());
        var mux = f.evidence().stream().filter(o -> o.label().startsWith("share of the time")).findFirst().orElseThrow();
        assertEquals("83.32 %", mux.value());
        var busy = f.evidence().stream().filter(o -> o.label().startsWith("CPUs kept busy")).findFirst().orElseThrow();
        assertEquals("5.98", busy.value());
        assertTrue(f.recommendations().get(0).lines().get(0).contains("-p 2871 "), f.recommendations().get(0).lines().toString());
        assertTrue(f.citations().contains("BGREGG-IPC"));
    }

    @Test
    void lowIpcInChinese() throws IOException {
        Result r = new PerfIpcLowRule().evaluate(caps("zh", "kunpeng920-p-mysqld-default-synthetic.txt").evidence(), Settings.defaults(),
                Locale.SIMPLIFIED_CHINESE);
        assertEquals(Result.Status.FIRED, r.status());
        assertTrue(r.findings().get(0).summary().startsWith("process id '4012'（kunpeng920-p-mysqld-default-synthetic.txt）：每周期 0.52 条指令"),
                r.findings().get(0).summary());
    }

    @Test
    void armRawAndPmuNamedEventsGiveIpcOverTheIntervals() throws IOException {
        Finding f = caps("arm", "kunpeng920-a-I1000-armv8-pmu-synthetic.txt").lscpu(96, 4).fire(new PerfIpcLowRule());
        // sum of inst_retired over sum of cpu_cycles of the three intervals, every process of the host (no banner: -I prints none)
        assertEquals(String.format(Locale.ROOT, "%.2f", 141833181884.0 / 275100835901.0),
                f.evidence().stream().filter(o -> o.label().equals("instructions per cycle")).findFirst().orElseThrow().value().substring(0, 4));
        var n = f.evidence().stream().filter(o -> o.label().startsWith("perf stat -I intervals")).findFirst().orElseThrow();
        assertEquals("3", n.value());
    }

    @Test
    void tlbMissRatioOnKunpengPmuEvents() throws IOException {
        Finding f = caps("tlb", "kunpeng920-a-I1000-armv8-pmu-synthetic.txt").fire(new PerfMissRateRule());
        // the walks decide on ARM: r2d (L2D_TLB_REFILL) / l1d_tlb = 599,739,534 / 56,520,151,046 = 1.06 % >= 1 %; the level-1
        // refills (2.21 %, many of them hits in the level-2 TLB) are shown, not judged
        assertEquals("the counters of kunpeng920-a-I1000-armv8-pmu-synthetic.txt (the output does not say which process; -x CSV prints no "
                + "banner): page walks per data TLB access (L2D_TLB_REFILL / L1D_TLB) 1.06 % (599,739,534 r2d / 56,520,151,046 "
                + "armv8_pmuv3_0/l1d_tlb/), at or above 1 %.", f.summary());
        assertTrue(f.evidence().stream().anyMatch(o -> o.label().equals("data TLB miss ratio")
                && o.value().equals("2.21 % = 1,250,576,449 armv8_pmuv3_0/l1d_tlb_refill/ / 56,520,151,046 armv8_pmuv3_0/l1d_tlb/")),
                f.evidence().toString());
        assertEquals("ini", f.recommendations().get(0).language());
    }

    @Test
    void missRatioPairsOnlyTheIntervalsWhereBothWereCounted() throws IOException {
        Finding f = caps("mux", "x86-x-comma-a-I1000-multiplexed-synthetic.csv").fire(new PerfMissRateRule());
        // interval 1 printed <not counted> for dTLB-load-misses: only interval 2 is used, 21,455,380 / 998,016,220
        assertTrue(f.summary().contains("2.15 % (21,455,380 dTLB-load-misses / 998,016,220 dTLB-loads)"), f.summary());
        var skipped = f.evidence().stream().filter(o -> o.label().equals("perf stat -I intervals")).findFirst().orElseThrow();
        assertEquals("1 intervals; 1 left out because one of the two counts was not counted in them", skipped.value());
    }

    @Test
    void cacheMissRatioBelowItsLimitPassesAndSaysWhatItRead() throws IOException {
        Result r = caps("llc", "x86-p-mysqld-hw-synthetic.txt").run(new PerfMissRateRule());
        // 1,487,502,118 / 4,912,771,203 = 30.28 % >= 20 %: fires (perf's own comment says 30.28% of all cache refs)
        assertEquals(Result.Status.FIRED, r.status());
        assertTrue(r.findings().get(0).summary().contains("last-level cache miss ratio 30.28 %"), r.findings().get(0).summary());
    }

    @Test
    void vmWithoutPmuGetsTheInfoNoteAndNoIpcFinding() throws IOException {
        Caps c = caps("vm", "vm-a-default-not-supported.txt");
        Finding f = c.fire(new PerfNoHardwareRule());
        assertEquals("No hardware counters: perf stat printed <not supported> for cycles, instructions, branches, branch-misses, so IPC "
                + "and cache analysis are unavailable; run on bare metal or enable the virtual PMU of the VM.", f.summary());
        assertEquals(Severity.INFO, f.severity());
        assertEquals("<not supported>", f.evidence().get(0).value());
        assertEquals("vm-a-default-not-supported.txt:8", f.evidence().get(0).ref().toString());
        assertEquals(Result.Status.NOT_APPLICABLE, caps("vm2", "vm-a-default-not-supported.txt").run(new PerfIpcLowRule()).status());
    }

    @Test
    void softwareEventsOnlyAreSaidAsSuch() throws IOException {
        Finding f = caps("sw", "vm-p-mariadbd-sw-events.txt").fire(new PerfNoHardwareRule());
        assertEquals("Only software events were counted (cpu-clock, task-clock, context-switches, cpu-migrations, page-faults): IPC and "
                + "cache analysis need cycles, instructions and cache events; run perf stat with them on bare metal or in a VM with a "
                + "virtual PMU.", f.summary());
    }

    @Test
    void hardwareCountsPassTheNote() throws IOException {
        assertEquals(Result.Status.PASSED, caps("hw", "x86-p-mysqld-hw-synthetic.txt").run(new PerfNoHardwareRule()).status());
    }
}
