package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunescope.testutil.FtwrlDipScript;
import io.tunescope.testutil.Golden;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** {@code flamegraph --from/--to [--diff-from/--diff-to] --json} and {@code heatmap} on the ftwrl-dip capture and a plain perf script. */
class WindowCommandsTest {
    static final Path FTWRL = Path.of("src/test/resources/captures/ftwrl-dip.tar.gz");
    static final Path GOLDEN = Path.of("src/test/resources/captures/ftwrl-dip.flamegraph-dip.expected.json");
    static final Path SCRIPT = Path.of("src/test/resources/flame/capture/00-baseline/perf-script.txt");

    private static FlamegraphCommandTest.Run run(String... args) {
        return FlamegraphCommandTest.run(args);
    }

    @Test
    void theDipWindowAsJsonCountsWhatTheTextSays() throws Exception {
        FlamegraphCommandTest.Run r = run("flamegraph", FTWRL.toString(), "--from", FtwrlDipScript.DIP_FROM, "--to", FtwrlDipScript.DIP_TO,
                "--diff-from", FtwrlDipScript.PLATEAU_FROM, "--diff-to", FtwrlDipScript.DIP_FROM, "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode o = new ObjectMapper().readTree(r.out());
        FtwrlDipScript raw = FtwrlDipScript.read();
        assertEquals(raw.count(FtwrlDipScript.DIP_FROM, FtwrlDipScript.DIP_TO, s -> true), o.get("samples").asLong());
        assertEquals(o.get("samples").asLong(), o.get("weight").asLong());
        assertEquals("samples", o.get("unit").asText());
        assertEquals("rw-4t-ftwrl/perf-cpu.script.txt", o.get("profile").asText());
        assertEquals(FtwrlDipScript.DIP_FROM, o.get("from").asText());
        assertEquals(FtwrlDipScript.DIP_TO, o.get("to").asText());
        assertEquals(raw.count(FtwrlDipScript.PLATEAU_FROM, FtwrlDipScript.DIP_FROM, s -> true), o.get("against").get("samples").asLong());
        long top = 0;
        for (JsonNode f : o.get("top_self")) {
            assertTrue(f.get("samples").asLong() <= o.get("samples").asLong());
            top += f.get("samples").asLong();
        }
        assertTrue(top > 0 && top <= o.get("samples").asLong());
        List<String> mismatches = new ArrayList<>();
        Golden.compare(r.out(), GOLDEN, GOLDEN.resolveSibling("ftwrl-dip.flamegraph-dip.actual.json"), mismatches);
        assertTrue(mismatches.isEmpty(), mismatches.toString());
    }

    @Test
    void withoutAWallClockTimesAreSecondsFromTheFirstSample() throws Exception {
        Path png = Path.of("target", "flame-png", "cli-window-seconds.png");
        FlamegraphCommandTest.Run r = run("flamegraph", SCRIPT.toString(), "--from", "1", "--to", "2.5", "--json", "--png", png.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertEquals(1, o.get("from").asInt());
        assertEquals(2.5, o.get("to").asDouble());
        // counted from the text: sample lines whose time is 1 s to 2.5 s after the first
        List<Double> times = new ArrayList<>();
        for (String l : Files.readAllLines(SCRIPT)) {
            var m = java.util.regex.Pattern.compile("^\\S.*?\\s+\\d+\\s+(\\d+\\.\\d+):").matcher(l);
            if (m.find()) {
                times.add(Double.parseDouble(m.group(1)));
            }
        }
        double t0 = times.get(0);
        long expected = times.stream().filter(t -> t - t0 >= 1 - 1e-9 && t - t0 < 2.5 - 1e-9).count();
        assertTrue(expected > 0);
        assertEquals(expected, o.get("samples").asLong());
        assertTrue(Files.size(png) > 1000);
        assertTrue(r.err().contains(png.toString()), "the PNG line goes to stderr beside --json: " + r.err());
        FlamegraphCommandTest.Run iso = run("flamegraph", SCRIPT.toString(), "--from", "2026-12-02T04:46:19", "--json");
        assertEquals(TunescopeCli.USAGE, iso.code());
        assertTrue(iso.err().contains("wall clock is unknown"), iso.err());
    }

    @Test
    void usageErrors() {
        FlamegraphCommandTest.Run none = run("flamegraph", SCRIPT.toString());
        assertEquals(TunescopeCli.USAGE, none.code());
        assertTrue(none.err().contains("--png OUT.png, --svg OUT.svg, --json, or several"), none.err());
        FlamegraphCommandTest.Run back = run("flamegraph", SCRIPT.toString(), "--from", "3", "--to", "2", "--json");
        assertEquals(TunescopeCli.USAGE, back.code());
        assertTrue(back.err().contains("ends"), back.err());
        FlamegraphCommandTest.Run folded = run("flamegraph", "src/test/resources/flame/mariadb-00-baseline.folded", "--from", "1", "--json");
        assertEquals(TunescopeCli.USAGE, folded.code());
        assertTrue(folded.err().contains("no per-sample timestamps"), folded.err());
        FlamegraphCommandTest.Run bucket = run("heatmap", SCRIPT.toString(), "--png", "target/x.png", "--bucket-ms", "0");
        assertEquals(TunescopeCli.USAGE, bucket.code());
        FlamegraphCommandTest.Run hmFolded = run("heatmap", "src/test/resources/flame/mariadb-00-baseline.folded", "--png", "target/x.png");
        assertEquals(TunescopeCli.USAGE, hmFolded.code());
        assertTrue(hmFolded.err().contains("no per-sample timestamps"), hmFolded.err());
    }

    @Test
    void heatmapOfTheCaptureWithFilters() throws Exception {
        Path png = Path.of("target", "flame-png", "cli-heatmap-ftwrl.png");
        FlamegraphCommandTest.Run r = run("heatmap", FTWRL.toString(), "--png", png.toString(), "--comm", "mariadbd", "--bucket-ms", "50");
        assertEquals(0, r.code(), r.err());
        FtwrlDipScript raw = FtwrlDipScript.read();
        long mariadbd = raw.samples().stream().filter(s -> s.comm().equals("mariadbd")).count();
        assertTrue(r.out().contains(mariadbd + " samples in 44 s x 20 rows of 50 ms"), r.out());
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(1200, img.getWidth());
        int tid = raw.samples().stream().filter(s -> s.comm().equals("mariadbd")).findFirst().orElseThrow().tid();
        long ofTid = raw.samples().stream().filter(s -> s.tid() == tid).count();
        FlamegraphCommandTest.Run t = run("heatmap", FTWRL.toString(), "--png", png.toString(), "--tid", Integer.toString(tid));
        assertEquals(0, t.code(), t.err());
        assertTrue(t.out().contains(" " + ofTid + " samples in"), t.out());
    }
}
