package io.tunescope.rules.concurrency;

import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.analysis.timeline.ThreadSweep;

/** The step's sysbench runs as a thread sweep (one point per thread count). */
final class Sweep {
    private Sweep() {
    }

    static ThreadSweep of(Evidence e) {
        return ThreadSweep.of(e.sweepRuns());
    }
}
