package io.tunescope.importers.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.importers.ImportContext;
import io.tunescope.model.capture.CollectorTimeline;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;

class CollectorTimelineImporterTest {
    @Test
    void realTimelineGivesWhenSysbenchRan() throws Exception {
        var f = TestData.fixtures().resolve("collector-timeline/timeline.log");
        CollectorTimeline t = new CollectorTimelineImporter().parse(ImportContext.forFile(f)).value();
        assertTrue(t.events().size() > 20);
        var sb = t.first("sysbench", CollectorTimeline.Phase.START).or(() -> t.first("sysbench-sweep", CollectorTimeline.Phase.START));
        assertTrue(sb.isPresent(), "the sweep step ran sysbench");
        assertTrue(sb.get().time().isAfter(t.start().orElseThrow()));
        assertEquals(OffsetDateTime.parse("2026-11-30T10:42:18Z").toInstant(), t.start().orElseThrow().toInstant());
    }

    @Test
    void offsetsWithAndWithoutColon() {
        assertEquals(CollectorTimelineImporter.parseTime("2026-11-30T10:40:45+08:00").toInstant(),
                CollectorTimelineImporter.parseTime("2026-11-30T10:40:45+0800").toInstant());
    }
}
