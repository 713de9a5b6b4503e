package io.tunescope.bench;

import io.tunescope.cli.TunescopeCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;

/**
 * One CLI command run several times in one JVM: the first round is what {@code java -jar} pays (a cold JVM: classes
 * loaded, code interpreted while the JIT compiles it, a heap touched for the first time), the later rounds what the
 * work itself costs once the JVM is warm. Prints per round the wall time and the process's CPU time (all threads,
 * GC and JIT included) and the best warm round. Not part of the test run. Run:
 * {@code java -Xmx2g -cp target/tunescope.jar:target/test-classes io.tunescope.bench.RepeatCommandBench 4 flamegraph
 * m1.folded --png /tmp/m1.png} (the session of each round stays among the recent ones, so give the heap room for a few).
 */
public final class RepeatCommandBench {
    private RepeatCommandBench() {
    }

    public static void main(String[] args) {
        int rounds = Integer.parseInt(args[0]);
        String[] command = Arrays.copyOfRange(args, 1, args.length);
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double bestWall = Double.MAX_VALUE;
        double bestCpu = Double.MAX_VALUE;
        for (int r = 0; r < rounds; r++) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            long cpu0 = os.getProcessCpuTime();
            long wall0 = System.nanoTime();
            int code = TunescopeCli.run(command, new PrintWriter(out), new PrintWriter(err));
            double wall = (System.nanoTime() - wall0) / 1e9;
            double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
            if (r > 0) {
                bestWall = Math.min(bestWall, wall);
                bestCpu = Math.min(bestCpu, cpu);
            }
            System.out.printf(Locale.ROOT, "round %d: exit %d, wall %.3f s, cpu %.3f s (uptime %.2f s)%n", r, code, wall, cpu,
                    ManagementFactory.getRuntimeMXBean().getUptime() / 1e3);
            if (code != 0) {
                System.out.print(err);
                return;
            }
        }
        if (rounds > 1) {
            System.out.printf(Locale.ROOT, "best warm round: wall %.3f s, cpu %.3f s%n", bestWall, bestCpu);
        }
    }
}
