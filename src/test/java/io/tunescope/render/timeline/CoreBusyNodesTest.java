package io.tunescope.render.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tunescope.analysis.timeline.Alignment;
import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.analysis.timeline.Track;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.mpstat.MpstatImporter;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.testutil.Fixtures;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-core chart of an {@code mpstat -P ALL -N ALL} file shows the CPUs, not the NUMA node rows. */
class CoreBusyNodesTest {
    @Test
    void nodesAreNotCores() throws Exception {
        SeriesSet s = new MpstatImporter().parse(ImportContext.forFile(Fixtures.file("mpstat", "mpstat-P-ALL-N-ALL.txt"))).value();
        List<Track> tracks = new ArrayList<>();
        for (TimeSeries t : s.series()) {
            tracks.add(new Track(t, Alignment.WALL, "", -1));
        }
        Timeline t = new Timeline(tracks, List.of(), true, 0, 1, List.of(), List.of(), List.of());
        List<String> cores = TimelineChart.coreBusy(t).stream().map(tr -> tr.series().metric().entity()).sorted().toList();
        assertEquals(List.of("0", "1"), cores);
    }
}
