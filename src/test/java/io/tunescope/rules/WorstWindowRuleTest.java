package io.tunescope.rules;

import io.tunescope.rules.concurrency.WorstWindowRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CONC-WORST-WINDOW on small synthetic sysbench 1.0 logs (the tool's exact layout, values made up for the test):
 * healthy silence on a flat run and on a dip within the run's own noise, not applicable without per-second reports,
 * a dip beyond the noise reported with its numbers. The real capture (a global read lock) is in FtwrlDipCaptureTest.
 */
class WorstWindowRuleTest {
    @TempDir
    Path dir;

    /** A sysbench 1.0.20 oltp_read_write run with one interim report per second at these TPS (synthetic). */
    static String sysbench(int threads, double[] tps, int reportInterval) {
        StringBuilder sb = new StringBuilder("sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nRunning the test with following options:\n")
                .append("Number of threads: ").append(threads).append('\n');
        if (reportInterval > 0) {
            sb.append("Report intermediate results every ").append(reportInterval).append(" second(s)\n");
        }
        sb.append("Initializing random number generator from current time\n\n\nInitializing worker threads...\n\nThreads started!\n\n");
        if (reportInterval > 0) {
            for (int i = 0; i < tps.length; i++) {
                double q = tps[i] * 20;
                sb.append(String.format(Locale.ROOT, "[ %ds ] thds: %d tps: %.2f qps: %.2f (r/w/o: %.2f/%.2f/%.2f) lat (ms,95%%): %.2f err/s: 0.00 reconn/s: 0.00%n",
                        i + 1, threads, tps[i], q, q * 0.7, q * 0.2, q * 0.1, 5.0));
            }
        }
        double mean = Arrays.stream(tps).average().orElse(0);
        long trx = Math.round(Arrays.stream(tps).sum());
        long q = trx * 20;
        double secs = tps.length;
        sb.append(String.format(Locale.ROOT, """
                SQL statistics:
                    queries performed:
                        read:                            %d
                        write:                           %d
                        other:                           %d
                        total:                           %d
                    transactions:                        %d (%.2f per sec.)
                    queries:                             %d (%.2f per sec.)
                    ignored errors:                      0      (0.00 per sec.)
                    reconnects:                          0      (0.00 per sec.)

                General statistics:
                    total time:                          %.4fs
                    total number of events:              %d

                Latency (ms):
                         min:                                    1.10
                         avg:                                   %.2f
                         max:                                   20.00
                         95th percentile:                        5.00
                         sum:                              %.2f

                Threads fairness:
                    events (avg/stddev):           %.4f/3.20
                    execution time (avg/stddev):   %.4f/0.01

                """, Math.round(q * 0.7), Math.round(q * 0.2), q - Math.round(q * 0.7) - Math.round(q * 0.2), q, trx, mean, q, mean * 20,
                secs + 0.001, trx, threads / mean * 1000, threads / mean * 1000 * trx, (double) trx / threads, secs));
        return sb.toString();
    }

    private Caps caps(String n) {
        return Caps.in(dir.resolve(n));
    }

    private static double[] flat(int n, double v) {
        double[] out = new double[n];
        Arrays.fill(out, v);
        return out;
    }

    /** A run that alternates between two throughputs every second. */
    private static double[] swing(int n, double even, double odd) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = i % 2 == 0 ? even : odd;
        }
        return out;
    }

    @Test
    void aFlatRunIsSilent() {
        Result r = caps("flat").file("main_t4_30s.log", sysbench(4, flat(30, 1000), 1)).run(new WorstWindowRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("no second of the measured runs fell 30 % or more below the moving median of the seconds before it", r.reason());
    }

    @Test
    void aDipWithinTheRunsOwnNoiseIsSilent() {
        // a run that swings 100 <-> 60 TPS every second: a 50 TPS second is 30 % below the moving median (80) but not 3 sigma
        double[] tps = swing(30, 100, 60);
        tps[21] = 50;
        Result r = caps("noisy").file("main_t4_30s.log", sysbench(4, tps, 1)).run(new WorstWindowRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("the worst second, 50 TPS against 80 TPS before it (main_t4_30s.log:34), is within the run's own second-to-second noise "
                + "(41.9 TPS; a dip must be 3 times deeper)", r.reason());
    }

    @Test
    void withoutPerSecondReportsItDoesNotApply() {
        Result r = caps("noreport").file("main_t4_30s.log", sysbench(4, flat(30, 1000), 0)).run(new WorstWindowRule());
        assertEquals(Result.Status.NOT_APPLICABLE, r.status());
        assertEquals("the measured runs have no per-second reports (sysbench --report-interval=1)", r.reason());
    }

    @Test
    void aDipBeyondTheNoiseIsReportedWithWhatItCost() {
        // 1000 +- 10 TPS, then three seconds at 100 TPS: 2700 transactions of 27300 + 2700
        double[] tps = swing(30, 1010, 990);
        tps[15] = 100;
        tps[16] = 100;
        tps[17] = 100;
        Finding f = caps("dip").file("main_t4_30s.log", sysbench(4, tps, 1)).fire(new WorstWindowRule());
        assertEquals("In the worst window of the main run main_t4_30s.log, +15–18 s (sysbench reports 16–18 s), throughput fell to 100 TPS "
                + "against 1000 TPS in the seconds before; the run's second-to-second noise is 21 TPS, so the dip is 42.9 times the noise. "
                + "It cost about 2700 transactions (9 % of the run's). No server counter, disk or CPU series on the same clock moved in the window. "
                + "What moved does not name a cause on its own.", f.summary());
        assertEquals(Severity.INFO, f.severity());
        assertEquals("main_t4_30s.log:28", f.evidence().get(0).ref().toString());
        // a longer stall costs a larger share of the run: a warning
        for (int i = 12; i < 21; i++) {
            tps[i] = 100;
        }
        Finding g = caps("long").file("main_t4_30s.log", sysbench(4, tps, 1)).fire(new WorstWindowRule());
        assertEquals(Severity.WARNING, g.severity());
        assertTrue(g.summary().contains("It cost about 8100 transactions (27 % of the run's)."), g.summary());
    }

    @Test
    void aWarmUpDipIsNotTheRunsWorstWindow() {
        double[] warm = flat(12, 1000);
        warm[6] = 10;
        Result r = caps("warm").file("warmup_t4_12s.log", sysbench(4, warm, 1)).file("main_t4_30s.log", sysbench(4, flat(30, 1000), 1))
                .run(new WorstWindowRule());
        assertEquals(Result.Status.PASSED, r.status(), r.reason());
    }

    /** iostat -x -t 1 in sysstat 12.6's layout (synthetic values): vda's w_await and %util at these values, one report per second from 10:00:00. */
    static String iostat(double[] wAwait, double[] util) {
        StringBuilder sb = new StringBuilder("Linux 6.18.44-fc-v1045 (vm) \t12/02/26 \t_x86_64_\t(2 CPU)\n\n");
        for (int i = 0; i < wAwait.length; i++) {
            sb.append(String.format(Locale.ROOT, "12/02/26 10:00:%02d%n", i))
                    .append("avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n")
                    .append("          40.00    0.00   10.00    5.00    0.00   45.00\n\n")
                    .append("Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz"
                            + "     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util\n")
                    .append(String.format(Locale.ROOT, "vda             20.00    100.00     0.00   0.00    0.20     5.00  200.00   4000.00     1.00   0.50 %7.2f"
                            + "    20.00    0.00      0.00     0.00   0.00    0.00     0.00    2.00    1.00    0.20 %6.2f%n%n%n", wAwait[i], util[i]));
        }
        return sb.toString();
    }

    @Test
    void aDiskStallInTheWindowIsNamed() {
        double[] tps = swing(30, 1010, 990);
        // reports 16-18 s (10:00:16-10:00:18 on the driver log's clock) at 100 TPS while vda's writes take 80 ms
        tps[15] = 100;
        tps[16] = 100;
        tps[17] = 100;
        double[] wAwait = new double[31];
        double[] util = new double[31];
        for (int i = 0; i < wAwait.length; i++) {
            boolean stall = i >= 16 && i <= 18;
            wAwait[i] = stall ? 80 : 0.5 + (i % 3) * 0.1;
            util[i] = stall ? 100 : 20 + (i % 2);
        }
        Finding f = caps("io").file("main_t4_30s.log", sysbench(4, tps, 1)).file("iostat.txt", iostat(wAwait, util))
                .file("driver.log", "2026-12-02T10:00:00.000+00:00 [driver] start main_t4_30s.log threads=4 time=30\n"
                        + "2026-12-02T10:00:30.050+00:00 [driver] end main_t4_30s.log\n")
                .fire(new WorstWindowRule());
        assertTrue(f.summary().startsWith("In the worst window of the main run main_t4_30s.log, 10:00:15.0–10:00:18.0 (sysbench reports 16–18 s),"),
                f.summary());
        assertTrue(f.summary().contains("The disk stalled in the window: w_await vda rose from 0.61 to 48.2 ms."), f.summary());
        assertTrue(f.evidence().stream().anyMatch(o -> o.label().equals("w_await vda (iostat): plateau -> window, rose") && o.value().equals("0.61 -> 48.2 ms")
                && o.ref().toString().equals("iostat.txt:136")), f.evidence().toString());
    }
}
