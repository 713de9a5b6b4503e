package io.tunescope.rules.concurrency;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.analysis.reading.Headline;
import io.tunescope.analysis.reading.StepReading;
import io.tunescope.model.bench.BenchInterval;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/**
 * CONC-RUN-NOT-STEADY: the step's main run had not reached a steady state, so its headline figure depends on
 * when it was cut: its per-second throughput differs between the first and second half by more than the
 * threshold, or a run that wrote rows never flushed a page (dirty pages only accumulated; a longer run pays
 * for the flushing later).
 */
public final class SteadyStateRule extends BaseRule {
    static final Setting DRIFT = Setting.heuristic("maxHalfDriftPercent", "TPS difference between the run's halves above", 10, "%");

    public SteadyStateRule() {
        super("CONC-RUN-NOT-STEADY", Topic.CONCURRENCY, "Main run not in a steady state", List.of(Need.BENCH), List.of("SYSBENCH", "MYSQL-FLUSHING", "MYSQL-BP"),
                DRIFT, FILL, DISK_READS);
    }

    @Override
    protected void check(Run run) {
        StepReading s = run.e.stepReading();
        Headline h = s == null ? null : s.headline();
        if (h == null || h.repeats()) {
            run.notApplicable(h == null ? run.t("noMain") : run.t("repeats"));
            return;
        }
        var r = h.first().run();
        double[] tps = r.intervals().stream().mapToDouble(BenchInterval::tps).filter(d -> !Double.isNaN(d)).toArray();
        double drift = h.noisePct();
        boolean drifting = !Double.isNaN(drift) && drift > run.get(DRIFT);
        Optional<StatusDelta.Row> flushed = run.e.statusDelta().flatMap(d -> d.row("Innodb_buffer_pool_pages_flushed"));
        long written = run.e.statusDelta().map(d -> (long) (d.row("Innodb_rows_inserted").map(StatusDelta.Row::delta).orElse(0.0)
                + d.row("Innodb_rows_updated").map(StatusDelta.Row::delta).orElse(0.0)
                + d.row("Innodb_rows_deleted").map(StatusDelta.Row::delta).orElse(0.0))).orElse(0L);
        boolean neverFlushed = flushed.isPresent() && flushed.get().delta() == 0 && written > 0;
        boolean cold = coldPool(run);
        if (!drifting && !neverFlushed && cold) {
            return;
        }
        if (!drifting && !neverFlushed) {
            run.pass(Double.isNaN(drift) ? run.t("pass.noIntervals") : run.t("pass", Fmt.num(drift)));
            return;
        }
        int half = tps.length / 2;
        double first = mean(tps, 0, half);
        double second = mean(tps, half, tps.length);
        String summary = drifting && neverFlushed
                ? run.t("summary.both", Fmt.num(drift), Fmt.num(first), Fmt.num(second), Fmt.num(written))
                : drifting ? run.t("summary.drift", Fmt.num(drift), Fmt.num(first), Fmt.num(second), h.first().file())
                : run.t("summary.noFlush", Fmt.num(written), h.first().file());
        var f = run.finding(40, summary).explain(run.t("explanation"));
        SourceRef ref = r.intervals().isEmpty() ? r.ref() : SourceRef.of(r.file(), r.intervals().get(0).line());
        if (drifting) {
            f.evidence(run.t("evidence.first"), Fmt.num(first) + " TPS", ref);
            f.evidence(run.t("evidence.second"), Fmt.num(second) + " TPS",
                    SourceRef.of(r.file(), r.intervals().get(Math.min(half, r.intervals().size() - 1)).line()));
            f.threshold(DRIFT);
        }
        if (neverFlushed) {
            f.evidence(run.t("evidence.flushed"), "0", flushed.get().afterRef());
        }
        f.recommend(Recommendation.of(run.t("action"))
                .bash("sysbench ... --time=300 --report-interval=1 run    # after a warm-up of the same workload")
                .effect(run.t("effect"), "SYSBENCH").risk(run.t("risk")).build());
        f.add();
    }

    static final Setting FILL = Setting.heuristic("maxPoolFillPercent", "buffer pool pages taken from the free list during the run above", 5, "%");
    static final Setting DISK_READS = Setting.heuristic("maxDiskReadPercent", "page requests read from disk above", 1, "%");

    /**
     * The buffer pool was still filling between the status snapshots: its free list shrank by more than {@link #FILL}
     * of the pool while more than {@link #DISK_READS} of the page requests went to disk. Adds that finding and
     * returns true; false when the pool was warm or the counters are missing.
     */
    private boolean coldPool(Run run) {
        Optional<StatusDelta.Result> d = run.e.statusDelta();
        if (d.isEmpty()) {
            return false;
        }
        Optional<StatusDelta.Row> free = d.get().row("Innodb_buffer_pool_pages_free");
        Optional<StatusDelta.Row> total = d.get().row("Innodb_buffer_pool_pages_total");
        Optional<StatusDelta.Row> reads = d.get().row("Innodb_buffer_pool_reads");
        Optional<StatusDelta.Row> requests = d.get().row("Innodb_buffer_pool_read_requests");
        if (free.isEmpty() || total.isEmpty() || reads.isEmpty() || requests.isEmpty() || total.get().after() <= 0 || requests.get().delta() <= 0) {
            return false;
        }
        double filled = (free.get().before() - free.get().after()) / total.get().after();
        double disk = reads.get().delta() / requests.get().delta();
        if (filled * 100 <= run.get(FILL) || disk * 100 <= run.get(DISK_READS)) {
            return false;
        }
        run.finding(40, run.t("summary.cold", Fmt.pct(filled), Fmt.num(free.get().before()), Fmt.num(free.get().after()),
                        Fmt.num(total.get().after()), Fmt.pct(disk)))
                .explain(run.t("explanation.cold"))
                .evidence(run.t("evidence.free"), Fmt.num(free.get().before()) + " -> " + Fmt.num(free.get().after()), free.get().afterRef())
                .evidence("Innodb_buffer_pool_pages_total", Fmt.num(total.get().after()), total.get().afterRef())
                .evidence(run.t("evidence.diskReads"), Fmt.num(reads.get().delta()) + " / " + Fmt.num(requests.get().delta()), reads.get().afterRef())
                .threshold(FILL).threshold(DISK_READS)
                .recommend(Recommendation.of(run.t("action.cold"))
                        .bash("sysbench ... --time=<as long as the main run> run    # warm-up, results discarded",
                                "mysql -e \"SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_free'\"    # before the main run: stops falling when warm")
                        .effect(run.t("effect.cold"), "MYSQL-BP").risk(run.t("risk")).build())
                .add();
        return true;
    }

    private static double mean(double[] v, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += v[i];
        }
        return to > from ? s / (to - from) : Double.NaN;
    }
}
