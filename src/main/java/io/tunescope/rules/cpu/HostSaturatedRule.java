package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.CpuHotspots;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * CPU-HOST-SATURATED: the host's CPUs are used up during the run (mean busy at or above the threshold, or a
 * run queue longer than twice the CPUs), so throughput is bounded by CPU time and every concurrency or
 * latch finding must be read with that first. A benchmark client found in the profile's commands
 * ({@code sysbench} in a system-wide {@code perf record -a}) shares those CPUs and is named with its share.
 */
public final class HostSaturatedRule extends BaseRule {
    /** The id the rules that read saturation first depend on. */
    public static final String ID = "CPU-HOST-SATURATED";
    static final Setting BUSY = Setting.heuristic("busyPercent", "mean CPU busy at least", 90, "%");
    static final Setting QUEUE = Setting.heuristic("runQueuePerCpu", "vmstat r per logical CPU above", 2, "");
    static final Setting CLIENT = Setting.heuristic("clientPercent", "benchmark client's share of the profile at least", 5, "%");
    static final List<String> CLIENTS = List.of("sysbench", "mysqlslap", "tpcc_start", "go-tpc", "benchbase", "hammerdb", "oltpbenchmark");

    public HostSaturatedRule() {
        super("CPU-HOST-SATURATED", Topic.CPU, "Host CPUs saturated or shared with the benchmark client", List.of(Need.CPU_UTIL),
                List.of("HACKMYSQL-SCALE", "BGREGG-USE"), BUSY, QUEUE, CLIENT);
    }

    @Override
    protected void check(Run run) {
        TimeSeries busy = run.e.cpuBusy().orElseThrow();
        double meanBusy = busy.mean();
        int cpus = run.e.logicalCpus().orElse(0);
        TimeSeries r = null;
        for (SeriesSet v : run.e.vmstat()) {
            r = v.byKey("vmstat/r");
            if (r != null && !r.isEmpty()) {
                break;
            }
        }
        double meanR = r == null || r.isEmpty() ? Double.NaN : r.mean();
        boolean queue = cpus > 0 && !Double.isNaN(meanR) && meanR > run.get(QUEUE) * cpus;
        boolean saturated = meanBusy >= run.get(BUSY) || queue;
        String client = null;
        double clientShare = 0;
        var hot = run.e.cpuHotspots();
        if (hot.isPresent()) {
            for (Map.Entry<String, Double> c : hot.get().commands().entrySet()) {
                String name = c.getKey().toLowerCase(Locale.ROOT);
                if (CLIENTS.stream().anyMatch(name::startsWith) && c.getValue() > clientShare) {
                    client = c.getKey();
                    clientShare = c.getValue();
                }
            }
        }
        boolean colocated = client != null && clientShare * 100 >= run.get(CLIENT);
        if (!saturated && !colocated) {
            run.pass(Double.isNaN(meanR) || cpus == 0 ? run.t("pass", Fmt.num(meanBusy))
                    : run.t("pass.queue", Fmt.num(meanBusy), Fmt.num(meanR), cpus));
            return;
        }
        if (!saturated) {
            var f = run.finding(50, run.t("summary.clientOnly", client, Fmt.pct(clientShare), Fmt.num(meanBusy)))
                    .explain(run.t("explanation"))
                    .evidence(run.t("evidence.client", client), Fmt.pct(clientShare), io.tunescope.model.capture.SourceRef.of(hot.get().file(), 0))
                    .evidence(run.t("evidence.busy"), Fmt.num(meanBusy) + " %", busy.ref(0))
                    .threshold(CLIENT);
            f.recommend(clientAway(run, client, run.e.logicalCpus().orElse(0)));
            f.add();
            return;
        }
        String q = Double.isNaN(meanR) ? "" : Fmt.num(meanR);
        boolean withQueue = !q.isEmpty() && cpus > 0;
        String summary;
        if (client != null) {
            summary = withQueue ? run.t("summary.client", Fmt.num(meanBusy), q, cpus, client, Fmt.pct(clientShare))
                    : run.t("summary.clientBusy", Fmt.num(meanBusy), client, Fmt.pct(clientShare));
        } else {
            summary = withQueue ? run.t("summary", Fmt.num(meanBusy), q, cpus) : run.t("summary.busy", Fmt.num(meanBusy));
        }
        int score = meanBusy >= 97 || (cpus > 0 && meanR > 4 * cpus) ? 85 : 75;
        var f = run.finding(score, summary).explain(run.t("explanation"))
                .evidence(run.t("evidence.busy"), Fmt.num(meanBusy) + " %", busy.ref(0));
        if (meanBusy >= run.get(BUSY)) {
            f.threshold(BUSY);
        }
        if (queue) {
            f.threshold(QUEUE);
        }
        if (client != null) {
            f.threshold(CLIENT);
        }
        if (r != null && !r.isEmpty()) {
            f.evidence(run.t("evidence.queue"), Fmt.num(meanR), r.ref(0));
        }
        run.e.lscpu("CPU(s)").ifPresent(fact -> f.evidence(run.t("evidence.cpus"), fact.value(), fact.ref()));
        // pressure stall information: the share of time runnable tasks waited for a CPU (KERNEL-PSI)
        run.e.host().pressure("cpu", "some.avg60").ifPresent(p -> f.evidence(p).cite("KERNEL-PSI"));
        if (client != null) {
            f.evidence(run.t("evidence.client", client), Fmt.pct(clientShare), io.tunescope.model.capture.SourceRef.of(hot.get().file(), 0));
            f.recommend(clientAway(run, client, cpus));
        }
        f.recommend(Recommendation.of(run.t("action"))
                .effect(run.t("effect"), "HACKMYSQL-SCALE").risk(run.t("risk")).build());
        f.add();
    }

    /**
     * Where the benchmark client should run, from the capture: on CPUs outside the server's cpuset when it has one
     * and some are left; on another host when the host has too few CPUs to split; else split the host, the client on
     * its last eighth of the CPUs and the server on the rest.
     */
    private Recommendation clientAway(Run run, String client, int cpus) {
        java.util.BitSet server = run.e.allowedCpus().map(f -> io.tunescope.analysis.evidence.CpuList.parse(f.value()))
                .orElse(new java.util.BitSet());
        java.util.BitSet free = new java.util.BitSet();
        if (cpus > 0 && !server.isEmpty()) {
            free.set(0, cpus);
            free.andNot(server);
        }
        String[] lines;
        if (!free.isEmpty()) {
            String list = io.tunescope.analysis.evidence.CpuList.format(free);
            lines = new String[] {"# " + run.t("client.free", io.tunescope.analysis.evidence.CpuList.format(server), list),
                    "taskset -c " + list + " " + client + " ..."};
        } else if (cpus == 0 || cpus <= 4) {
            lines = new String[] {"# " + (cpus == 0 ? run.t("client.unknownCpus") : run.t("client.tooFew", cpus)),
                    client + " --mysql-host=<database host> ...    # " + run.t("client.remote")};
        } else {
            int k = Math.max(1, cpus / 8);
            String clientCpus = (cpus - k) + (k > 1 ? "-" + (cpus - 1) : "");
            String serverCpus = "0-" + (cpus - k - 1);
            lines = new String[] {"# " + run.t("client.split", cpus, k),
                    "taskset -c " + clientCpus + " " + client + " ...",
                    "systemctl set-property " + (run.e.server().kind() == io.tunescope.model.config.ServerFlavor.Kind.MARIADB ? "mariadb" : "mysqld")
                            + " AllowedCPUs=" + serverCpus + "    # " + run.t("client.serverRest")};
        }
        return Recommendation.of(run.t("action.client")).bash(lines)
                .effect(run.t("effect.client"), "HACKMYSQL-SCALE").risk(run.t("risk.client")).build();
    }
}
