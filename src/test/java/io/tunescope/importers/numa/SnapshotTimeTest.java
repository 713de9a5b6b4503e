package io.tunescope.importers.numa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.tunescope.importers.numastat.SnapshotTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SnapshotTimeTest {
    @Test
    void collectorAndDateFormats() {
        assertEquals(Instant.parse("2026-11-30T10:42:22Z"), SnapshotTime.parse("2026-11-30T10:42:22+0000"));
        assertEquals(Instant.parse("2026-11-30T01:00:00Z"), SnapshotTime.parse("2026-11-30T09:00:00+08:00"));
        assertEquals(Instant.parse("2026-11-30T10:42:22.500Z"), SnapshotTime.parse("# 2026-11-30 10:42:22.5"));
        assertEquals(Instant.parse("2026-11-30T10:42:25Z"), SnapshotTime.parse("Mon Nov 30 10:42:25 UTC 2026"));
        assertEquals(Instant.parse("2026-11-30T02:42:25Z"), SnapshotTime.parse("Mon Nov 30 10:42:25 CST 2026"));
        assertEquals(Instant.parse("2026-11-30T10:42:25Z"),
                SnapshotTime.parse("Every 1.0s: numastat                 db1: Mon Nov 30 10:42:25 2026"));
        assertNull(SnapshotTime.parse("numa_hit                 3313829"));
        assertNull(SnapshotTime.parse("2026-13-45T99:00:00"));
        assertNull(SnapshotTime.parse(null));
    }
}
