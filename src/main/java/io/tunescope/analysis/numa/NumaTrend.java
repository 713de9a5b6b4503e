package io.tunescope.analysis.numa;

import io.tunescope.model.numa.NumaSnapshot;
import io.tunescope.model.numa.NumaTable;
import io.tunescope.model.numa.NumaVariant;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Per-node values over time for the NUMA trend view. */
public final class NumaTrend {

    /** One point in time (or in name order when {@code time} is null) with a value per node. */
    public record Point(String label, Instant time, Map<Integer, Double> perNode) {
        public Point {
            perNode = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(perNode));
        }
    }

    private NumaTrend() {
    }

    /** Remote-allocation ratio since boot at each snapshot (the counters are cumulative). */
    public static List<Point> remoteRatioSinceBoot(NumaSeries series) {
        List<Point> out = new ArrayList<>();
        for (NumaSeries.Sample s : series.samples()) {
            out.add(new Point(s.label(), s.time(), RemoteAllocation.perNode(s.counters())));
        }
        return out;
    }

    /** Remote-allocation ratio of the allocations made between consecutive snapshots, at the later one. */
    public static List<Point> remoteRatioPerInterval(NumaSeries series) {
        List<Point> out = new ArrayList<>();
        for (NumaSeries.Interval iv : series.intervals()) {
            out.add(new Point(iv.to().label(), iv.to().time(), RemoteAllocation.perNode(iv.delta())));
        }
        return out;
    }

    /** {@code MemUsed} per node (MB) of every numastat -m snapshot, in time order when all are timed, else by name. */
    public static List<Point> memoryUsed(List<NumaSeries.Input> inputs) {
        List<Point> out = new ArrayList<>();
        for (NumaSeries.Input in : inputs) {
            for (NumaSnapshot s : in.stats().snapshots()) {
                NumaTable t = s.table(NumaVariant.MEMINFO);
                if (t == null || t.row("MemUsed") == null) {
                    continue;
                }
                Map<Integer, Double> v = new LinkedHashMap<>();
                for (int n : t.nodes()) {
                    v.put(n, t.value("MemUsed", n));
                }
                Instant time = s.time() != null ? s.time() : in.stats().snapshots().size() == 1 ? in.fileTime() : null;
                out.add(new Point(s.index() == 0 ? in.file() : in.file() + " #" + (s.index() + 1), time, v));
            }
        }
        boolean timed = out.stream().allMatch(p -> p.time() != null);
        out.sort(timed ? Comparator.comparing(Point::time) : Comparator.comparing(Point::label));
        return out;
    }
}
