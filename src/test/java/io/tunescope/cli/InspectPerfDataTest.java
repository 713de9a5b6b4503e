package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code inspect} lists a perf.data as such; {@code inspect --perf-data} and {@code findings --perf-data} read what perf makes of it. */
class InspectPerfDataTest {
    @TempDir
    Path tmp;

    private Path capture() throws Exception {
        Path c = Files.createDirectories(tmp.resolve("cap"));
        Files.copy(Path.of("src/test/resources/importers/perf-data/sleep-cpu-clock-g.data"), c.resolve("perf.data"));
        Files.copy(Path.of("src/test/resources/fixtures/perf-stat/vm-a-default-not-supported.txt"), c.resolve("perf-stat.txt"));
        return c;
    }

    @Test
    void listedAsBinaryPerfData() throws Exception {
        var r = InspectCommandTest.run("inspect", capture().toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("perf-data"), r.out());
        assertTrue(r.out().contains("    binary perf.data: run perf script on the recording machine"), r.out());
        assertTrue(!r.out().contains("not recognised: binary"), r.out());
    }

    @Test
    void perfDataOptionConvertsAndReadsTheText() throws Exception {
        assumeTrue(io.tunescope.importers.perfdata.PerfDataConverter.findPerf().isPresent(), "perf is installed on the build machine");
        Path c = capture();
        var r = InspectCommandTest.run("inspect", c.toString(), "--perf-data");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("perf.data.perf-script.txt") && l.contains("perf-script") && l.contains(" ok")),
                r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("perf.data.header.txt") && l.contains("perf-header")), r.out());
        assertTrue(r.out().contains("perf.data: converted with perf script"), r.out());
        try (var s = Files.list(c)) {
            assertEquals(List.of("perf-stat.txt", "perf.data"), s.map(p -> p.getFileName().toString()).sorted().toList());
        }
        var f = InspectCommandTest.run("findings", c.toString(), "--perf-data", "--all");
        assertEquals(0, f.code(), f.err());
        // the converted profile is evidence for the profile rules: 30 samples are too few to rank hotspots
        assertTrue(f.out().contains("BUILD-PROFILE-SAMPLES"), f.out());
        // and the perf stat beside it says that this VM has no hardware counters
        assertTrue(f.out().contains("No hardware counters: perf stat printed <not supported> for cycles"), f.out());
    }
}
