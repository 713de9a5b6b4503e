package io.tunescope.rules.server;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * SRV-THREADS-RUNNING: the server had more statements executing at once (Threads_running, sampled by
 * mysqladmin extended-status -i N or pt-mext) than the host has logical CPUs (lscpu) in a share of the
 * samples. Threads above the CPU count queue for a CPU inside the server: every statement's latency grows
 * with the queue while throughput does not.
 */
public final class ThreadsRunningRule extends BaseRule {
    static final Setting MIN_SHARE = Setting.heuristic("minSharePercent", "samples with Threads_running above the logical CPUs, at least", 20, "%");
    static final Setting WARN_SHARE = Setting.heuristic("warnSharePercent", "samples above the logical CPUs, warning from", 50, "%");

    public ThreadsRunningRule() {
        super("SRV-THREADS-RUNNING", Topic.SERVER, "More statements running than logical CPUs (Threads_running)",
                List.of(Need.STATUS_SERIES),
                List.of("MYSQL-STATUS-VARS", "MARIADB-STATUS-VARS", "MYSQL-THREAD-CONCURRENCY", "MARIADB-THREAD-POOL"),
                MIN_SHARE, WARN_SHARE);
        dependsOn(io.tunescope.rules.cpu.HostSaturatedRule.ID, io.tunescope.rules.cpu.CgroupThrottledRule.ID);
    }

    @Override
    protected void check(Run run) {
        List<TimeSeries> all = new ArrayList<>();
        for (SeriesSet s : run.e.statusSeries()) {
            TimeSeries t = s.byKey("mysqladmin/Threads_running");
            if (t != null && !t.isEmpty()) {
                all.add(t);
            }
        }
        if (all.isEmpty()) {
            run.notApplicable(run.t("noThreads"));
            return;
        }
        Optional<Fact> cpuFact = run.e.logicalCpusFact();
        int cpus = run.e.logicalCpus().orElse(0);
        if (cpus <= 0) {
            run.notApplicable(run.t("noCpus"));
            return;
        }
        int n = 0;
        int above = 0;
        double sum = 0;
        TimeSeries worstSeries = null;
        int worst = -1;
        for (TimeSeries t : all) {
            for (int i = 0; i < t.size(); i++) {
                double v = t.value(i);
                if (Double.isNaN(v)) {
                    continue;
                }
                n++;
                sum += v;
                if (v > cpus) {
                    above++;
                }
                if (worstSeries == null || v > worstSeries.value(worst)) {
                    worstSeries = t;
                    worst = i;
                }
            }
        }
        if (n == 0) {
            run.notApplicable(run.t("noThreads"));
            return;
        }
        double share = (double) above / n;
        double mean = sum / n;
        String max = Fmt.num(worstSeries.value(worst));
        String where = worstSeries.ref(worst).toString();
        if (share * 100 < run.get(MIN_SHARE)) {
            run.pass(run.t("pass", Integer.toString(cpus), Integer.toString(above), Integer.toString(n), Fmt.pct(share), max, where,
                    Fmt.num2(mean)));
            return;
        }
        // a queue for the CPUs limits the measured result: a warning at most, never critical (no data or availability at risk)
        boolean warning = share * 100 >= run.get(WARN_SHARE);
        int score = warning ? 80 : 55;
        var f = run.finding(score, run.t("summary", Integer.toString(above), Integer.toString(n), Fmt.pct(share), Integer.toString(cpus), max,
                        where, Fmt.num2(mean)))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.worst"), max, worstSeries.ref(worst))
                .evidence(run.t("evidence.share", Integer.toString(cpus)), above + " / " + n + " (" + Fmt.pct(share) + ")",
                        io.tunescope.model.capture.SourceRef.of(worstSeries.file(), 0))
                .evidence(run.t("evidence.mean"), Fmt.num2(mean), io.tunescope.model.capture.SourceRef.of(worstSeries.file(), 0))
                .threshold(MIN_SHARE);
        cpuFact.ifPresent(f::evidence);
        if (warning) {
            f.threshold(WARN_SHARE);
        }
        f.recommend(Recommendation.of(run.t("action"))
                .text(run.t("text", Integer.toString(cpus)))
                .effect(run.t("effect"), run.e.server().mysqlLine() ? "MYSQL-THREAD-CONCURRENCY" : "MARIADB-THREAD-POOL")
                .risk(run.t("risk")).build());
        io.tunescope.rules.cpu.CgroupThrottledRule.cpuCause(run, () -> run.t("saturated")).ifPresent(cause -> f.explainedBy(cause.finding(), cause.sentence()));
        f.add();
    }
}
