package io.tunescope.importers.series;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.tunescope.importers.iocsv.IoCsvImporter;
import io.tunescope.importers.iostat.IostatImporter;
import io.tunescope.model.series.Clock;
import io.tunescope.model.series.Metric;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.model.series.Unit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The summary of a file with tens of thousands of devices is one pass over its series (it searched all series for
 * every device: 40,000 devices took 59 s). The bound below only detects that quadratic walk coming back; it is far
 * above what the one pass takes, and no speed target.
 */
class ManyDevicesSummaryTest {
    private static final int DEVICES = 40_000;

    private static SeriesSet set(String tool) {
        List<TimeSeries> series = new ArrayList<>();
        for (int d = 0; d < DEVICES; d++) {
            String dev = "loop" + d;
            for (String name : new String[] {"r/s", "util", "await"}) {
                Unit u = name.equals("util") ? Unit.PERCENT : Unit.MILLISECONDS;
                series.add(new TimeSeries(Metric.of(tool, name, dev, u), Clock.WALL, "many.txt",
                        new long[] {1000, 2000}, new double[] {d % 100, (d + 1) % 100}, new int[] {10 + d, 20 + d}));
            }
        }
        return new SeriesSet(tool, Clock.WALL, 3, series, Map.of(), 0, 1000, Map.of());
    }

    @Test
    void iostatSummaryOfFortyThousandDevices() {
        SeriesSet s = set("iostat");
        Map<String, Object> out = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> new IostatImporter().summarize(s));
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> devices = (Map<String, Map<String, Object>>) out.get("devices");
        assertEquals(DEVICES, devices.size());
        assertEquals(2, devices.get("loop123").get("samples"));
        assertEquals(24.0, (Double) devices.get("loop123").get("max_util_pct"), 1e-9);
        assertEquals(23.5, (Double) devices.get("loop123").get("mean_await_ms"), 1e-9);
    }

    @Test
    void ioCsvSummaryOfFortyThousandDevices() {
        SeriesSet s = set("iocsv");
        Map<String, Object> out = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> new IoCsvImporter().summarize(s));
        @SuppressWarnings("unchecked")
        Map<String, Object> devices = (Map<String, Object>) out.get("devices");
        assertEquals(DEVICES, devices.size());
    }
}
