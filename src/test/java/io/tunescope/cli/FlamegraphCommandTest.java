package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.render.flame.FlameColors;
import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlamegraphCommandTest {
    static final Path CAPTURE = Path.of("src/test/resources/flame/capture");
    static final Path FOLDED = Path.of("src/test/resources/flame");

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = TunescopeCli.run(args, new PrintWriter(o), new PrintWriter(e));
        return new Run(code, o.toString(), e.toString());
    }

    @Test
    void rendersAFoldedProfileWithSearch(@TempDir Path dir) throws Exception {
        Path png = Path.of("target", "flame-png", "cli-folded-search.png");
        Run r = run("flamegraph", FOLDED.resolve("mariadb-00-baseline.folded").toString(), "--png", png.toString(),
                "--width", "1000", "--search", "^JOIN::");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("matched"), r.out());
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(1000, img.getWidth());
        boolean magenta = false;
        for (int y = 0; y < img.getHeight() && !magenta; y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if ((img.getRGB(x, y) & 0xFFFFFF) == 0xE600E6) {
                    magenta = true;
                    break;
                }
            }
        }
        assertTrue(magenta, "search matches are painted");
    }

    @Test
    void rendersADiffAndIcicle() throws Exception {
        Path png = Path.of("target", "flame-png", "cli-diff.png");
        Run r = run("flamegraph", FOLDED.resolve("mariadb-01-flush-log-2.folded").toString(), "--png", png.toString(),
                "--diff", FOLDED.resolve("mariadb-00-baseline.folded").toString(), "--icicle");
        assertEquals(0, r.code(), r.err());
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(1200, img.getWidth());
        // icicle: the root row sits right under the 44 px header and, in a diff, is always unchanged
        assertEquals(FlameColors.DIFF_SAME.r(), (img.getRGB(600, 44 + 9) >> 16) & 0xFF);
    }

    @Test
    void rendersThePerfScriptOfTheSampleCapture() throws Exception {
        Path script = CAPTURE.resolve("00-baseline/perf-script.txt");
        Path png = Path.of("target", "flame-png", "cli-perf-script-subsystem.png");
        Run r = run("flamegraph", script.toString(), "--png", png.toString(), "--colors", "subsystem");
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.size(png) > 1000);
        // a capture folder with two steps: the first profile is used, and the choice is said
        Path png2 = Path.of("target", "flame-png", "cli-capture-diff.png");
        Run c = run("flamegraph", CAPTURE.toString(), "--png", png2.toString(), "--diff",
                CAPTURE.resolve("01-flush-log-2/perf-script.txt").toString(), "--reverse");
        assertEquals(0, c.code(), c.err());
        assertTrue(c.err().contains("holds 2 profiles"), c.err());
    }

    @Test
    void usageErrorsAndUnreadableInput(@TempDir Path dir) throws Exception {
        Path folded = FOLDED.resolve("mariadb-00-baseline.folded");
        assertEquals(TunescopeCli.USAGE, run("flamegraph", folded.toString()).code()); // --png missing
        Run bad = run("flamegraph", folded.toString(), "--png", dir.resolve("x.png").toString(), "--search", "(");
        assertEquals(TunescopeCli.USAGE, bad.code());
        assertTrue(bad.err().contains("bad --search regex"), bad.err());
        assertEquals(TunescopeCli.USAGE, run("flamegraph", folded.toString(), "--png", dir.resolve("x.png").toString(),
                "--colors", "rainbow").code());
        Path junk = Files.writeString(dir.resolve("notes.txt"), "hello\nworld\n");
        Run none = run("flamegraph", junk.toString(), "--png", dir.resolve("y.png").toString());
        assertEquals(TunescopeCli.NOTHING_READ, none.code());
        assertTrue(none.err().contains("no CPU profile"), none.err());
    }

    @Test
    void aFolderWhoseProfileIsALinkToOutsideItSaysSo(@TempDir Path dir) throws Exception {
        Path outside = Files.createDirectories(dir.resolve("elsewhere"));
        Files.copy(FOLDED.resolve("mariadb-00-baseline.folded"), outside.resolve("cpu.folded"));
        Path capture = Files.createDirectories(dir.resolve("capture"));
        Files.createSymbolicLink(capture.resolve("cpu.folded"), outside.resolve("cpu.folded"));
        Run r = run("flamegraph", capture.toString(), "--png", dir.resolve("z.png").toString());
        assertEquals(TunescopeCli.NOTHING_READ, r.code());
        assertTrue(r.err().contains("no CPU profile"), r.err());
        assertTrue(r.err().contains("cpu.folded: a link to outside the capture; not followed"), r.err());
    }

    @Test
    void chosenEventOfAPerfScriptWithTwoEvents(@TempDir Path dir) throws Exception {
        Path script = io.tunescope.TestData.conformance("flamegraph").resolve("test/perf-cycles-instructions-01.txt");
        Run first = run("flamegraph", script.toString(), "--png", dir.resolve("a.png").toString());
        assertEquals(0, first.code(), first.err());
        Run cycles = run("flamegraph", script.toString(), "--png", dir.resolve("b.png").toString(), "--event", "cycles");
        assertEquals(0, cycles.code(), cycles.err());
        assertTrue(first.out().contains("event instructions"), first.out()); // the first event met is the default
        assertTrue(cycles.out().contains("event cycles"), cycles.out());
        Run none = run("flamegraph", script.toString(), "--png", dir.resolve("c.png").toString(), "--event", "page-faults");
        assertEquals(TunescopeCli.USAGE, none.code());
        assertTrue(none.err().contains("has no event page-faults"), none.err());
    }
}
