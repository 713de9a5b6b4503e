package io.tunescope.annotate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class TargetTextTest {
    @Test
    void describesEveryKind() {
        assertEquals("ut_delay \u2190 buf_page_get  [00-baseline/perf-script.txt]", TargetText.describe(
                AnnotationTarget.flameFrame("00-baseline", "00-baseline/perf-script.txt", List.of("mysqld", "buf_page_get", "ut_delay"))));
        assertEquals("12.0 s \u2013 30.5 s", TargetText.describe(AnnotationTarget.timeRange("", 12_000, 30_500)));
        assertEquals("2026-11-30 12:00:00 UTC", TargetText.describe(AnnotationTarget.timeRange("", 1_796_040_000_000L, 1_796_040_000_000L)));
        assertEquals("numa/allocations: node 0 \u00d7 numa_miss",
                TargetText.describe(AnnotationTarget.heatmapCell("s", "numa/allocations", "node 0", "numa_miss")));
        assertEquals("01-flush", TargetText.describe(AnnotationTarget.step("01-flush")));
        assertEquals("CPU-SPIN-WAIT", TargetText.describe(AnnotationTarget.finding("", "CPU-SPIN-WAIT")));
        assertEquals("2026-11-30 12:05 UTC", TargetText.date(Instant.parse("2026-11-30T12:05:59Z")));
    }
}
