package io.tunescope.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.session.CaptureSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * perf stat -I prints seconds since perf started: its series reach the wall clock only through the capture's one reading
 * (here the collector's timeline.log), never from the file alone.
 */
class PerfStatClockTest {
    @TempDir
    Path dir;

    @Test
    void intervalSeriesArePlacedByTheCollectorsTimeline() throws Exception {
        Caps caps = Caps.in(dir.resolve("c"))
                .file("perf-stat.txt", Files.readString(Path.of("src/test/resources/fixtures/perf-stat/vm-a-I1000.txt")))
                .file("timeline.log", "2026-12-01T10:00:00+0000 start perf-stat perf stat -a -I 1000 -e cpu-clock sleep 3\n"
                        + "2026-12-01T10:00:03+0000 end perf-stat perf stat -a -I 1000 -e cpu-clock sleep 3\n");
        CaptureSession s = CaptureSession.of(caps.load());
        long t0 = OffsetDateTime.parse("2026-12-01T10:00:00Z").toInstant().toEpochMilli();
        assertEquals(t0, s.reading().clocks().file("perf-stat.txt").start());
        var tracks = s.timeline(null, Locale.ROOT).find("perf-stat", "cpu-clock");
        assertEquals(1, tracks.size());
        var cpu = tracks.get(0).series();
        assertTrue(cpu.clock().isWall(), cpu.clock().toString());
        // the first interval ends 1.000579622 s after perf started
        assertEquals(t0 + 1001, cpu.time(0));
        assertEquals(2006.55, cpu.value(0), 1e-9);
    }
}
