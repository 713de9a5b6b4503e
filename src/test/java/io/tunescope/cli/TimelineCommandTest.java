package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimelineCommandTest {

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = TunescopeCli.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void rendersTheRealCaptureToPng(@TempDir Path tmp) throws Exception {
        Path png = tmp.resolve("t.png");
        Run r = run("timeline", "src/test/resources/captures/fileio-run", "--png", png.toString(), "--width", "1000");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("wall clock"), r.out());
        assertTrue(r.out().contains("sysbench-fileio.txt: sysbench prints no wall clock; 1 run(s) aligned by start"), r.out());
        assertTrue(r.out().contains("device_saturated: vda"), r.out());
        assertTrue(r.out().contains("[iostat-x-t.txt:"), "markers say where they came from: " + r.out());
        assertTrue(r.out().contains("10 charts"), r.out());
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(1000, img.getWidth());
        assertEquals(140 + 190 * 10, img.getHeight());
        assertTrue(distinctColours(img) > 20, "the picture has content");
    }

    @Test
    void langZhWritesTheNotesAndChartsInChinese(@TempDir Path tmp) throws Exception {
        Path png = tmp.resolve("t.png");
        Run r = run("timeline", "src/test/resources/captures/fileio-run", "--png", png.toString(), "--width", "800", "--lang", "zh");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("sysbench-fileio.txt: sysbench 不打印墙上时钟；1 次运行按起点对齐到"), r.out());
        assertTrue(r.out().contains("device_saturated: vda 利用率达到 "), "markers in Chinese: " + r.out());
        assertEquals(800, ImageIO.read(png.toFile()).getWidth());
    }

    @Test
    void threadSweepFromRealCpuRunsShowsItsKnee(@TempDir Path tmp) throws Exception {
        Path sweep = tmp.resolve("s.png");
        Run r = run("timeline", "src/test/resources/fixtures/sysbench/cpu-thread-sweep.txt", "--sweep-png", sweep.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("relative clock"), r.out());
        assertTrue(r.out().contains("knee at 2 threads"), r.out());
        assertTrue(r.out().contains("throughput falls at 8 threads"), r.out());
        assertTrue(Files.size(sweep) > 1000);
    }

    @Test
    void sweepPngDrawsOneCurvePerStep(@TempDir Path tmp) throws Exception {
        Path sweep = tmp.resolve("s.png");
        Run r = run("timeline", "src/test/resources/captures/sweep-2step", "--sweep-png", sweep.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("Thread sweep (step 1_read_write)") && r.out().contains("Thread sweep (step 2_read_only)"), r.out());
        assertTrue(r.out().contains("(2 steps, one curve each: "), "both steps' sweeps on the chart: " + r.out());
        BufferedImage img = ImageIO.read(sweep.toFile());
        assertTrue(img.getHeight() > 640, "a line per step's note under the chart: " + img.getHeight());
    }

    @Test
    void nothingToPlotAndBadOptions(@TempDir Path tmp) throws Exception {
        Path cnf = tmp.resolve("my.cnf");
        Files.writeString(cnf, "[mysqld]\ninnodb_buffer_pool_size = 1G\n");
        Run r = run("timeline", cnf.toString());
        assertEquals(TunescopeCli.NOTHING_READ, r.code());
        assertTrue(r.err().contains("no time series"), r.err());
        assertEquals(TunescopeCli.USAGE, run("timeline", "src/test/resources/captures/fileio-run", "--width", "5").code());
        assertEquals(TunescopeCli.USAGE, run("timeline").code());
        assertEquals(TunescopeCli.USAGE, run("timeline", Paths.get("src/test/resources/captures/fileio-run").toString(),
                "--step", "nope").code());
    }

    static int distinctColours(BufferedImage img) {
        java.util.Set<Integer> c = new java.util.HashSet<>();
        for (int y = 0; y < img.getHeight(); y += 3) {
            for (int x = 0; x < img.getWidth(); x += 3) {
                c.add(img.getRGB(x, y));
            }
        }
        return c.size();
    }
}
