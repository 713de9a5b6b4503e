package io.tunescope.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.rules.os.NicIrqPlacementRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** OS-NIC-IRQ-PLACEMENT on the real VM samples, the synthetic Kunpeng listing and small hand-written hosts. */
class NicIrqPlacementRuleTest {
    private static final Path SAMPLES = Path.of("src/test/resources/importers/interrupts");

    @TempDir
    Path dir;

    private Caps caps(String name) {
        return Caps.in(dir.resolve(name));
    }

    private static String sample(String name) throws IOException {
        return Files.readString(SAMPLES.resolve(name));
    }

    /** A /proc/interrupts of {@code cpus} CPUs with queue q's count in column {@code on[q]}. */
    private static String interrupts(int cpus, String dev, long count, int... on) {
        StringBuilder sb = new StringBuilder("           ");
        for (int c = 0; c < cpus; c++) {
            sb.append(String.format(Locale.ROOT, "CPU%-8d", c));
        }
        sb.append('\n');
        sb.append(String.format(Locale.ROOT, "%3d: ", 0));
        for (int c = 0; c < cpus; c++) {
            sb.append(String.format(Locale.ROOT, "%10d ", 40));
        }
        sb.append("  IO-APIC   2-edge      timer\n");
        for (int q = 0; q < on.length; q++) {
            sb.append(String.format(Locale.ROOT, "%3d: ", 120 + q));
            for (int c = 0; c < cpus; c++) {
                sb.append(String.format(Locale.ROOT, "%10d ", c == on[q] ? count : 0));
            }
            sb.append(String.format(Locale.ROOT, " IR-PCI-MSI %d-edge      %s-TxRx-%d%n", 524288 + q, dev, q));
        }
        sb.append("LOC:");
        for (int c = 0; c < cpus; c++) {
            sb.append(String.format(Locale.ROOT, "%11d", 5000));
        }
        sb.append("   Local timer interrupts\n");
        return sb.toString();
    }

    private static String ethtool(String dev, int max, int current) {
        return "Channel parameters for " + dev + ":\nPre-set maximums:\nRX:\t\tn/a\nTX:\t\tn/a\nOther:\t\t1\nCombined:\t" + max
                + "\nCurrent hardware settings:\nRX:\t\tn/a\nTX:\t\tn/a\nOther:\t\t1\nCombined:\t" + current + "\n";
    }

    /** grep -H . /proc/irq/*&#47;smp_affinity_list for the 16 hns3 queues: 15 pinned to CPU 31, one left on every CPU. */
    private static String affinity() {
        StringBuilder sb = new StringBuilder();
        for (int irq = 199; irq <= 214; irq++) {
            sb.append("/proc/irq/").append(irq).append("/smp_affinity_list:").append(irq == 214 ? "0-95" : "31").append('\n');
        }
        return sb.toString();
    }

    @Test
    void firesOnKunpengQueuesAllOnOneCpuSinceBoot() throws IOException {
        Finding f = caps("a").file("interrupts.txt", sample("kunpeng920-96cpu-hns3.txt")).fire(new NicIrqPlacementRule());
        assertEquals("99.8 % of the 154357440 network interrupts since boot landed on 1 of the host's 96 CPUs (CPU31): "
                + "softirq time on those CPUs competes with mysqld threads.", f.summary());
        assertEquals(Severity.INFO, f.severity());
        assertTrue(f.score() >= 25 && f.score() < 50, "info in both the current and the new bands: " + f.score());
        assertEquals("interrupts.txt:1", f.evidence().get(0).ref().toString());
        var onCpu = f.evidence().stream().filter(o -> o.label().equals("NIC interrupts on CPU31")).findFirst().orElseThrow();
        assertEquals("154000120 (99.8 %, 16 queues mostly here: hns3-0000:7d:00.0-TxRx-0 .. hns3-0000:7d:00.0-TxRx-15)", onCpu.value());
        assertEquals("interrupts.txt:14", onCpu.ref().toString());
        Recommendation spread = f.recommendations().get(0);
        assertEquals("for i in 199 200 201 202 203 204 205 206 207 208 209 210 211 212 213 214 329; "
                + "do echo \"$i $(cat /proc/irq/$i/smp_affinity_list)\"; done", spread.lines().get(1));
        assertEquals("for d in /sys/class/net/*; do ethtool -l \"${d##*/}\"; done", spread.lines().get(2),
                "no interface name in the capture: list them instead of guessing one");
    }

    @Test
    void queuesAndCpusetSizeTheEthtoolCommand() throws IOException {
        Finding f = caps("a").file("interrupts.txt", sample("kunpeng920-96cpu-hns3.txt"))
                .file("ethtool-l.txt", sample("ethtool-l-kunpeng-hns3-synthetic.txt"))
                .file("affinity.txt", affinity())
                .binding("0-23", "0").fire(new NicIrqPlacementRule());
        assertEquals("99.8 % of the 154357440 network interrupts since boot landed on 1 of the host's 96 CPUs (CPU31), outside "
                + "the CPUs the server may use: all network processing is capped by those CPUs. enp125s0f0 uses 16 of its 32 "
                + "combined queues while the server has 24 CPUs: receive work is spread over fewer CPUs than it could be.", f.summary());
        Recommendation q = f.recommendations().get(0);
        assertEquals("ethtool -L enp125s0f0 combined 24    # min(maximum 32, 24 CPUs the server may use)", q.lines().get(0));
        assertEquals("ETHTOOL-MAN", q.effectSource());
        assertTrue(f.recommendations().get(1).lines().contains("cat /sys/class/net/enp125s0f0/queues/rx-*/rps_cpus"));
        var aff = f.evidence().stream().filter(o -> o.label().equals("smp_affinity_list of the queues on CPU31")).findFirst().orElseThrow();
        assertEquals("31 (IRQ 199 .. 213 (15)), 0-95 (IRQ 214)", aff.value());
        assertEquals("affinity.txt:1", aff.ref().toString());
        var cur = f.evidence().stream().filter(o -> o.label().equals("enp125s0f0 current Combined")).findFirst().orElseThrow();
        assertEquals("ethtool-l.txt:11", cur.ref().toString());
    }

    @Test
    void queuesAloneFromEthtoolAndLscpu() {
        Finding f = caps("a").file("ethtool-l.txt", ethtool("eth0", 8, 2)).lscpu(16, 1).fire(new NicIrqPlacementRule());
        assertEquals("eth0 uses 2 of its 8 combined queues while the server has 16 CPUs: receive work is spread over fewer CPUs "
                + "than it could be.", f.summary());
        assertEquals("ethtool -L eth0 combined 8    # min(maximum 8, 16 CPUs of the host)", f.recommendations().get(0).lines().get(0));
        assertEquals(Severity.INFO, f.severity());
    }

    @Test
    void warningWhenTheCpuTakingThemIsSaturated() {
        String mpstat = "Linux 6.1.0 (db1) \t12/01/26 \t_x86_64_\t(4 CPU)\n\n"
                + "10:00:00     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n"
                + "10:00:01     all   40.00    0.00   20.00    0.00    0.00   10.00    0.00    0.00    0.00   30.00\n"
                + "10:00:01       0   40.00    0.00   20.00    0.00    0.00    0.00    0.00    0.00    0.00   40.00\n"
                + "10:00:01       1   30.00    0.00   20.00    0.00    0.00   48.00    0.00    0.00    0.00    2.00\n"
                + "10:00:01       2   40.00    0.00   20.00    0.00    0.00    0.00    0.00    0.00    0.00   40.00\n"
                + "10:00:01       3   40.00    0.00   20.00    0.00    0.00    0.00    0.00    0.00    0.00   40.00\n";
        Finding f = caps("a").file("interrupts-before.txt", interrupts(4, "eth0", 1000, 1, 1, 1, 1))
                .file("interrupts-after.txt", interrupts(4, "eth0", 51000, 1, 1, 1, 1))
                .file("mpstat.txt", mpstat).fire(new NicIrqPlacementRule());
        assertEquals("100 % of the 200000 network interrupts between the first and last /proc/interrupts snapshots landed on 1 of "
                + "the host's 4 CPUs (CPU1): softirq time on those CPUs competes with mysqld threads. CPU1 was 98.0 % busy during the run.",
                f.summary());
        assertEquals(Severity.WARNING, f.severity());
        assertTrue(f.score() >= 75 && f.score() < 80, "a warning in both the current and the new bands: " + f.score());
        assertTrue(f.evidence().stream().anyMatch(o -> o.label().equals("CPU1 %soft (mpstat mean)") && o.value().equals("48.0 %")));
        assertTrue(f.recommendations().get(0).lines().contains("cat /sys/class/net/eth0/queues/rx-*/rps_cpus"),
                "the interface named by the queue interrupts");
    }

    @Test
    void passesOnASpreadOutHost() {
        Result r = caps("a").file("interrupts.txt", interrupts(8, "eth0", 10000, 0, 1, 2, 3, 4, 5, 6, 7))
                .file("ethtool-l.txt", ethtool("eth0", 8, 8)).run(new NicIrqPlacementRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("80000 network interrupts since boot spread over 8 of 8 CPUs; the busiest, CPU0, took 12.5 %; "
                + "eth0: 8 of 8 queues in use, not fewer than the NIC supports or than the 8 CPUs", r.reason());
    }

    @Test
    void passesOnTheRealVmWithTooFewInterruptsBetweenItsSnapshots() throws IOException {
        Result r = caps("a").file("interrupts-before.txt", sample("x86-vm-2cpu-before.txt"))
                .file("interrupts-after.txt", sample("x86-vm-2cpu-after.txt"))
                .file("softirqs.txt", sample("softirqs-vm-after.txt"))
                .file("ethtool-l-eth0.txt", sample("ethtool-l-eth0-vm.txt")).run(new NicIrqPlacementRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("only 53 network interrupts between the first and last /proc/interrupts snapshots, fewer than the 1000 needed "
                + "to judge their placement; eth0: 1 of 1 queues in use, not fewer than the NIC supports or than the 2 CPUs", r.reason());
    }

    @Test
    void notApplicableWithoutTheData() throws IOException {
        Result none = caps("a").sysctl("vm.swappiness = 1\n").run(new NicIrqPlacementRule());
        assertEquals(Result.Status.NOT_APPLICABLE, none.status());
        assertEquals("needs network interrupt data: /proc/interrupts (best twice, before and after the run) or ethtool -l for the interface",
                none.reason());
        Result unsupported = caps("b").file("ethtool.txt", sample("ethtool-l-old-unsupported-synthetic.txt")).run(new NicIrqPlacementRule());
        assertEquals(Result.Status.NOT_APPLICABLE, unsupported.status());
        assertEquals("eth0: ethtool could not read the channel counts (Cannot get device channel parameters : Operation not supported)",
                unsupported.reason());
    }

    @Test
    void snapshotsThatDoNotCompareFallBackToSinceBoot() {
        Finding f = caps("a").file("interrupts-1.txt", interrupts(4, "eth0", 90000, 2, 2))
                .file("interrupts-2.txt", interrupts(4, "eth0", 5000, 2, 2)
                        .replaceAll("(?m)^LOC:.*$", "LOC:" + "    9000000".repeat(4) + "   Local timer interrupts"))
                .fire(new NicIrqPlacementRule());
        assertTrue(f.summary().startsWith("100 % of the 10000 network interrupts since boot landed on 1 of the host's 4 CPUs (CPU2)"),
                f.summary());
        assertEquals("interrupts-2.txt (a counter went down between the snapshots (a reboot?))", f.evidence().get(0).value());
    }
}
