package io.tunescope.render.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tunescope.analysis.timeline.Alignment;
import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.analysis.timeline.Track;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.sar.SarImporter;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.testutil.Fixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** sar text fills the timeline's panels as iostat and mpstat do: device %util, await, queue, throughput, CPU, per core. */
class SarPanelsTest {
    private static Timeline timeline(String... files) throws Exception {
        List<Track> tracks = new ArrayList<>();
        for (String f : files) {
            SeriesSet s = new SarImporter().parse(ImportContext.forFile(Fixtures.file("sar", f))).value();
            for (TimeSeries t : s.series()) {
                tracks.add(new Track(t, Alignment.WALL, "", -1));
            }
        }
        return new Timeline(tracks, List.of(), true, 0, 1, List.of(), List.of(), List.of());
    }

    private static Map<String, List<String>> panels(Timeline t) {
        Map<String, List<String>> out = new TreeMap<>();
        for (TimelineChart.Panel p : TimelineChart.panels(t)) {
            out.put(p.id(), p.tracks().stream().map(tr -> TimelineChart.legend(tr.series())).sorted().toList());
        }
        return out;
    }

    @Test
    void devicesAndCpusFromSar() throws Exception {
        Map<String, List<String>> p = panels(timeline("sar-d.txt", "sar-u-ALL-P-ALL-xall.txt"));
        assertEquals(List.of("loop0 util", "vda util"), p.get("util"));
        assertEquals(List.of("loop0 await", "vda await"), p.get("await"));
        assertEquals(List.of("loop0 aqu-sz", "vda aqu-sz"), p.get("queue"));
        assertEquals(List.of("%iowait", "%soft", "%sys", "%usr"), p.get("cpu"));
        assertEquals(List.of("cpu0 %busy", "cpu1 %busy"), p.get("cpu-cores"));
    }

    @Test
    void plainSarUUsesIostatsCpuNames() throws Exception {
        assertEquals(List.of("%iowait", "%system", "%user"), panels(timeline("sar-u.txt")).get("cpu"));
    }
}
