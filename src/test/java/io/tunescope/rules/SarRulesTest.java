package io.tunescope.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tunescope.rules.io.HighAwaitRule;
import io.tunescope.rules.io.SaturatedCpuIdleRule;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * sar text reaches the rules as iostat's and mpstat's output does: the same device and the same CPU time written as
 * {@code sar -u -d} (sysstat 12's exact layout) give the same findings, word for word, as in {@link SeriesRulesTest}.
 */
class SarRulesTest {
    @TempDir
    Path dir;

    /** {@code sar -u -d 10 5} text: one device, CPU idle {@code cpuIdle} % and 2 % iowait. */
    static String sar(String dev, double util, double await, double aqu, double cpuIdle) {
        StringBuilder sb = new StringBuilder("Linux 5.10.0 (db) \t11/30/26 \t_x86_64_\t(32 CPU)\n\n");
        sb.append("10:00:00        CPU     %user     %nice   %system   %iowait    %steal     %idle\n");
        for (int i = 1; i <= 5; i++) {
            sb.append(String.format(Locale.ROOT, "10:00:%02d        all     %5.2f      0.00      5.00      2.00      0.00     %5.2f%n",
                    i * 10, 93 - cpuIdle, cpuIdle));
        }
        sb.append(String.format(Locale.ROOT, "Average:        all     %5.2f      0.00      5.00      2.00      0.00     %5.2f%n%n", 93 - cpuIdle, cpuIdle));
        sb.append("10:00:00          DEV       tps     rkB/s     wkB/s     dkB/s   areq-sz    aqu-sz     await     %util\n");
        for (int i = 1; i <= 5; i++) {
            sb.append(String.format(Locale.ROOT, "10:00:%02d     %8s   4200.00  38400.00  43200.00      0.00     19.43  %8.2f  %8.2f  %8.2f%n",
                    i * 10, dev, aqu, await, util));
        }
        return sb.toString();
    }

    @Test
    void saturatedDeviceWithIdleCpuFromSar() {
        Finding f = Caps.in(dir.resolve("a")).file("sar.txt", sar("vdb", 99.5, 40, 40, 70)).fire(new SaturatedCpuIdleRule());
        assertEquals("Device vdb is saturated (%util 99.5 on average, await 40.00 ms, queue 40.00) while the CPUs are only 28 % busy: "
                + "the run is storage-bound.", f.summary());
        assertEquals("sar.txt", f.evidence().get(0).ref().file());
        assertEquals(Result.Status.PASSED, Caps.in(dir.resolve("b")).file("sar.txt", sar("vdb", 99.5, 40, 40, 10))
                .run(new SaturatedCpuIdleRule()).status());
    }

    @Test
    void highAwaitFromSar() {
        Finding f = Caps.in(dir.resolve("c")).file("sar-d.txt", sar("nvme0n1", 60, 12, 3, 50)).fire(new HighAwaitRule());
        assertEquals("I/O requests on nvme0n1 wait 12.00 ms on average (limit 5 ms for NVMe).", f.summary());
        assertEquals(Result.Status.PASSED, Caps.in(dir.resolve("d")).file("sar-d.txt", sar("nvme0n1", 60, 0.2, 1, 50))
                .run(new HighAwaitRule()).status());
    }
}
