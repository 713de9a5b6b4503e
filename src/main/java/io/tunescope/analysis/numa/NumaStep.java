package io.tunescope.analysis.numa;

import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.capture.Step;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.config.ConfigSnapshot;
import io.tunescope.model.numa.NodeMatrix;
import io.tunescope.model.numa.NumaDatasets;
import io.tunescope.model.numa.NumaMaps;
import io.tunescope.model.numa.NumaSnapshot;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.numa.NumaTable;
import io.tunescope.model.numa.NumaTopology;
import io.tunescope.model.numa.NumaVariant;
import io.tunescope.model.series.CollectorTimeline;
import io.tunescope.model.series.SeriesDatasets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The NUMA data of one step of a capture, gathered for the views: the topology, the allocation-counter
 * series (times from the files, else from the step's collector timeline.log, else from file names), the
 * per-process tables, the
 * numa_maps files and any measured node matrices.
 *
 * @param topology  null when the step has no numactl --hardware output
 * @param placement where the server may run and allocate (taskset, /proc/PID/status), or null
 */
public record NumaStep(Step step, NumaTopology topology, NumaSeries series, List<NumaTable> processes,
                       List<ProcessNodes.Maps> maps, List<NodeMatrix> measured, List<NumaSeries.Input> inputs,
                       Placement placement) {
    public NumaStep {
        processes = List.copyOf(processes);
        maps = List.copyOf(maps);
        measured = List.copyOf(measured);
        inputs = List.copyOf(inputs);
    }

    /** Gathers the step's NUMA data; file times come from the step's collector timeline when there is one. */
    public static NumaStep of(Capture capture, Step step) {
        String dir = step.dir();
        TimelineLog log = TimelineLog.parse(List.of());
        for (Loaded<CollectorTimeline> t : capture.inStep(SeriesDatasets.COLLECTOR_TIMELINE, dir)) {
            log = TimelineLog.of(t.value());
        }
        NumaTopology topo = null;
        for (Loaded<NumaTopology> t : capture.inStep(NumaDatasets.TOPOLOGY, dir)) {
            topo = t.value();
        }
        List<NumaSeries.Input> inputs = new ArrayList<>();
        List<NumaTable> processes = new ArrayList<>();
        io.tunescope.analysis.reading.Clocks clocks = null;
        for (Loaded<NumaStats> s : capture.inStep(NumaDatasets.NUMASTAT, dir)) {
            Instant t = log.timeOf(s.file().path());
            if (t == null) {
                t = FileNameTime.parse(s.file().path());
            }
            if (t == null) {
                // the capture's one reading of the clock: an event log, the user, the file's modification time
                if (clocks == null) {
                    clocks = io.tunescope.analysis.reading.Clocks.of(capture);
                }
                Long at = clocks.file(s.file().path()).time();
                t = at == null ? null : Instant.ofEpochMilli(at);
            }
            inputs.add(new NumaSeries.Input(s.file().path(), t, s.value()));
            NumaSnapshot last = s.value().last();
            processes.addAll(last.tables(NumaVariant.PROCESS));
        }
        List<ProcessNodes.Maps> maps = new ArrayList<>();
        for (Loaded<NumaMaps> m : capture.inStep(NumaDatasets.NUMA_MAPS, dir)) {
            maps.add(new ProcessNodes.Maps(m.file().fileName(), m.value()));
        }
        List<NodeMatrix> measured = new ArrayList<>();
        for (Loaded<NodeMatrix> m : capture.inStep(NumaDatasets.NODE_MATRIX, dir)) {
            measured.add(m.value());
        }
        Placement placement = null;
        for (Loaded<ConfigSnapshot> b : capture.inStep(ConfigDatasets.PROCESS_BINDING, dir)) {
            Placement p = Placement.of(b.value(), topo);
            if (placement == null || placement.cpus().isEmpty()) {
                placement = p;
            } else if (!p.mems().isEmpty() && placement.mems().isEmpty()) {
                placement = new Placement(placement.cpus(), p.mems(), placement.cpusPerNode());
            }
        }
        return new NumaStep(step, topo, NumaSeries.counters(inputs), processes, maps, measured, inputs, placement);
    }

    /** The numastat -m table of the step: the last snapshot's, of the last file that has one; null when none. */
    public NumaTable meminfo() {
        NumaTable out = null;
        for (NumaSeries.Input in : inputs) {
            if (!in.stats().snapshots().isEmpty() && in.stats().last().table(NumaVariant.MEMINFO) != null) {
                out = in.stats().last().table(NumaVariant.MEMINFO);
            }
        }
        return out;
    }

    public boolean isEmpty() {
        return topology == null && series.samples().isEmpty() && processes.isEmpty() && maps.isEmpty() && measured.isEmpty()
                && meminfo() == null;
    }

    /** The default counters window: the whole benchmark window when there are two snapshots or more, else none. */
    public NumaSeries.Interval defaultInterval() {
        return series.overall();
    }
}
