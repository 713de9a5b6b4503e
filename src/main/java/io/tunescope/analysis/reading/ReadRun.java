package io.tunescope.analysis.reading;

import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.bench.RunRole;

/**
 * One benchmark run as read: its role and why, and where its time came from.
 *
 * @param file       path of the log
 * @param run        the run (null for a file that only holds a dataset prepare/cleanup)
 * @param role       its role
 * @param roleReason why (the log, the name, the layout, the user)
 * @param clock      its place on the wall clock
 */
public record ReadRun(String file, BenchRun run, RunRole role, Text roleReason, FileClock clock) {
    public int index() {
        return run == null ? 0 : run.index();
    }

    public int threads() {
        return run == null ? 0 : run.threads();
    }

    public double durationS() {
        return run == null ? 0 : run.durationS();
    }

    public double tps() {
        return run == null ? Double.NaN : run.tps();
    }

    public double qps() {
        if (run == null) {
            return Double.NaN;
        }
        if (run.summary() != null && !Double.isNaN(run.summary().qps())) {
            return run.summary().qps();
        }
        return run.intervals().stream().mapToDouble(i -> i.qps()).filter(d -> !Double.isNaN(d)).average().orElse(Double.NaN);
    }

    public double latPctMs() {
        return run == null ? Double.NaN : run.latencyPctMs();
    }

    /** {@code path#N} (1-based), as corrections name it. */
    public String key() {
        return io.tunescope.model.capture.Corrections.runKey(file, index());
    }

    /** A workload name from the log, or "". */
    public String test() {
        return run == null ? "" : run.test();
    }
}
