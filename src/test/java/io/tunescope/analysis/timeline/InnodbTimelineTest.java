package io.tunescope.analysis.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.model.capture.Capture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several SHOW ENGINE INNODB STATUS snapshots in a file reach the timeline as wall-clock series; one snapshot does not. */
class InnodbTimelineTest {
    private static final Path DIR = Path.of("src/test/resources/fixtures/innodb-status");

    @TempDir
    Path tmp;

    @Test
    void threeSnapshotsAreTracksOnTheWallClock() throws Exception {
        Files.copy(DIR.resolve("mariadb-10.11-sysbench-3x10s.G.txt"), tmp.resolve("innodb-3x.txt"));
        Files.copy(DIR.resolve("mariadb-10.11-idle.G.txt"), tmp.resolve("innodb-idle.txt"));
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(tmp);
        Timeline t = TimelineBuilder.build(c, null);
        assertTrue(t.wallClock());
        List<Track> tracks = t.tracks().stream().filter(k -> k.series().metric().source().equals("innodb-status")).toList();
        assertTrue(tracks.stream().allMatch(k -> k.series().file().equals("innodb-3x.txt")), "the one-snapshot file is not plotted");
        Track hll = tracks.stream().filter(k -> k.series().metric().name().equals("history_list_length")).findFirst().orElseThrow();
        assertEquals(Alignment.WALL, hll.alignment());
        assertEquals(3, hll.series().size());
        assertEquals(LocalDateTime.of(2026, 12, 2, 2, 35, 19).toInstant(ZoneOffset.UTC).toEpochMilli(), hll.series().time(0));
        assertEquals(270, hll.series().value(1));
        assertEquals("innodb-3x.txt:138", hll.series().ref(1).toString());
    }
}
