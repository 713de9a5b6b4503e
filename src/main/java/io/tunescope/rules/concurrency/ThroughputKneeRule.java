package io.tunescope.rules.concurrency;

import io.tunescope.analysis.evidence.Need;
import io.tunescope.analysis.timeline.ThreadSweep;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;

/** CONC-THROUGHPUT-KNEE: TPS at 2N threads below 0.97 x TPS at N: retrograde throughput past the knee. */
public final class ThroughputKneeRule extends BaseRule {
    static final Setting FALL = Setting.heuristic("fallRatio", "TPS(2N) / TPS(N) below", 0.97, "");
    static final Setting MIN_POINTS = Setting.heuristic("minThreadCounts", "thread counts needed", 3, "");

    public ThroughputKneeRule() {
        super("CONC-THROUGHPUT-KNEE", Topic.CONCURRENCY, "Throughput falls when threads double", List.of(Need.BENCH),
                List.of("SEED-001", "PERCONA-USL", "HACKMYSQL-SCALE"), FALL, MIN_POINTS);
    }

    @Override
    protected void check(Run run) {
        ThreadSweep s = Sweep.of(run.e);
        if (s.points().size() < run.get(MIN_POINTS)) {
            run.notApplicable("needs sysbench runs at " + Fmt.num(run.get(MIN_POINTS)) + " or more thread counts; the step has "
                    + s.points().size());
            return;
        }
        ThreadSweep.Point peak = s.peak();
        ThreadSweep.Point from = null;
        ThreadSweep.Point to = null;
        List<ThreadSweep.Point> p = s.points();
        for (int i = 0; i < p.size() && to == null; i++) {
            for (int j = i + 1; j < p.size(); j++) {
                if (p.get(j).threads() >= 2 * p.get(i).threads()) {
                    if (p.get(j).tps() < run.get(FALL) * p.get(i).tps()) {
                        from = p.get(i);
                        to = p.get(j);
                    }
                    break;
                }
            }
        }
        if (to == null) {
            run.pass("TPS does not fall when threads double (peak " + Fmt.num(peak.tps()) + " at " + peak.threads() + " threads)");
            return;
        }
        double loss = 1 - to.tps() / from.tps();
        var f = run.finding(scale(loss, 1 - run.get(FALL), 0.35, 50, 80), "Throughput peaks at " + peak.threads() + " threads ("
                        + Fmt.num(peak.tps()) + " TPS) and falls " + Fmt.pct(loss) + " from " + from.threads() + " to " + to.threads()
                        + " threads: run at or below " + peak.threads() + " concurrent sessions.")
                .explain("Retrograde throughput (more threads, less work done) is the coherency term of the Universal Scalability "
                        + "Law: threads spend more time coordinating than working. Size the application pool at the knee, use a "
                        + "server-side thread pool if clients must exceed it, then find the contended resource with the CPU and I/O rules.")
                .threshold(FALL).threshold(MIN_POINTS);
        for (ThreadSweep.Point pt : p) {
            f.evidence(pt.threads() + " threads", Fmt.num(pt.tps()) + " TPS", pt.ref());
        }
        f.recommend(Recommendation.of("Cap concurrency at the knee")
                .text("# application pool: maximumPoolSize = " + peak.threads(),
                        "# more clients than that: thread_handling = pool-of-threads (Percona Server, MariaDB)")
                .effect("Seed 001 knees at 256 threads in all three configurations; capping there keeps 4,297 instead of 3,002 TPS "
                        + "(+43 %, derived).", "SEED-001")
                .risk("A pool that is too small under-uses the host when queries block on I/O.").build());
        f.add();
    }
}
