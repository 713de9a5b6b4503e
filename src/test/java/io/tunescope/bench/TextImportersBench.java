package io.tunescope.bench;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.SourceFile;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The text importers' throughput (issue 17 item 4): each file given is imported {@code rounds} times through
 * {@link CaptureLoader#importFile} in this thread, one file after the other in turn, and every round's thread
 * CPU time and wall time are printed with MB/s of CPU time; the best of the later (warm) rounds is the figure.
 * Not part of the test run. Run: {@code java -cp target/tunescope.jar:target/test-classes
 * io.tunescope.bench.TextImportersBench 5 /tmp/importers-data/iostat.txt ...}.
 */
public final class TextImportersBench {
    private TextImportersBench() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        CaptureLoader loader = new CaptureLoader(StandardImporters.registry(), 1, 1L << 30);
        int files = args.length - 1;
        double[] best = new double[files];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < files; k++) {
                Path p = Path.of(args[k + 1]);
                long size = Files.size(p);
                long cpu0 = mx.getCurrentThreadCpuTime();
                long wall0 = System.nanoTime();
                SourceFile f = loader.importFile(p, p.getFileName().toString(), "bench", () -> false, b -> { });
                long cpu = mx.getCurrentThreadCpuTime() - cpu0;
                long wall = System.nanoTime() - wall0;
                double mbs = size / 1e6 / (cpu / 1e9);
                if (r > 0) {
                    best[k] = Math.max(best[k], mbs);
                }
                System.out.printf(Locale.ROOT, "round %d %-14s %-8s %s cpu %.3f s wall %.3f s %.1f MB/s (cpu) %s%n", r,
                        p.getFileName(), f.format(), f.status(), cpu / 1e9, wall / 1e9, mbs, f.summary());
            }
        }
        for (int k = 0; k < files; k++) {
            System.out.printf(Locale.ROOT, "best warm %-14s %.1f MB/s%n", Path.of(args[k + 1]).getFileName(), best[k]);
        }
    }
}
