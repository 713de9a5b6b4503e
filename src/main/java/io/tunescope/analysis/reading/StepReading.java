package io.tunescope.analysis.reading;

import io.tunescope.analysis.config.ConfigDiff;
import io.tunescope.model.bench.RunRole;
import io.tunescope.model.capture.Step;
import java.util.List;

/**
 * One tuning step as read: its runs with their roles, its headline (main run or repeats), the comparisons
 * with the previous and the first step, its snapshot series in time order and its configuration changes.
 *
 * @param headline   null when the step has no main run or repeats (e.g. a sweep only)
 * @param vsPrevious null for the first step
 * @param vsBaseline null for the first step
 * @param clocks     every timed file of the step (monitors, profiles, snapshots, benchmark logs, event logs) with
 *                   its place on the wall clock and where it came from, or "unknown"
 */
public record StepReading(Step step, List<ReadRun> runs, Headline headline, Comparison vsPrevious, Comparison vsBaseline,
                          List<Snapshot> numastat, List<Snapshot> status, List<ConfigDiff.Row> configChanges,
                          List<Text> notes, List<FileClock> clocks) {
    public StepReading {
        clocks = List.copyOf(clocks);
        runs = List.copyOf(runs);
        numastat = List.copyOf(numastat);
        status = List.copyOf(status);
        configChanges = List.copyOf(configChanges);
        notes = List.copyOf(notes);
    }

    public String dir() {
        return step.dir();
    }

    public List<ReadRun> runs(RunRole role) {
        return runs.stream().filter(r -> r.role() == role).toList();
    }

    /** The runs of the thread sweep (sweep runs only). */
    public List<ReadRun> sweep() {
        return runs(RunRole.SWEEP);
    }

    /** The runs a rule about the step's measured load reads: the main run, else the repeats. */
    public List<ReadRun> measured() {
        return headline == null ? List.of() : headline.runs();
    }
}
