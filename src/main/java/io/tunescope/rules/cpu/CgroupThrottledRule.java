package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.HostFacts;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Finding;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * CPU-CGROUP-THROTTLED: the server's cgroup has a CPU bandwidth limit ({@code cpu.max} on cgroup v2,
 * {@code cpu.cfs_quota_us}/{@code cpu.cfs_period_us} on v1) and {@code cpu.stat} shows it was throttled in a large
 * share of its periods: its threads waited for the next period while the host may have had idle CPUs. This is the
 * mechanism to name before CPU saturation of the host and before any database explanation, so the rules that read
 * {@link HostSaturatedRule} read this one first ({@link #cpuCause}). The counters are the difference of two cgroup
 * files of the step (before and after the run) when there are two, else the totals since the cgroup was created.
 */
public final class CgroupThrottledRule extends BaseRule {
    public static final String ID = "CPU-CGROUP-THROTTLED";
    static final Setting SHARE = Setting.source("throttledPercent", "throttled share of CPU periods at least", 25, "%", "K8S-MIXIN-CPU-THROTTLING");

    public CgroupThrottledRule() {
        super("CPU-CGROUP-THROTTLED", Topic.CPU, "Server throttled by its cgroup CPU limit", List.of(Need.CGROUP),
                List.of("KERNEL-CFS-BANDWIDTH", "KERNEL-CGROUP-V2", "K8S-MIXIN-CPU-THROTTLING"), SHARE);
    }

    @Override
    protected void check(Run run) {
        HostFacts.CgroupLimits c = run.e.host().cgroup().orElseThrow();
        if (!c.limited()) {
            run.pass(c.quota() == null ? run.t("noQuota") : run.t("unlimited", c.quota().name(), c.quota().value()));
            return;
        }
        double share = c.throttledShare();
        if (Double.isNaN(share)) {
            run.pass(run.t("noPeriods", Fmt.num(c.quotaCpus()), c.quotaText()));
            return;
        }
        String when = c.sinceCreation() ? run.t("since") : run.t("during");
        if (share * 100 < run.get(SHARE)) {
            run.pass(run.t("pass", Fmt.num(c.quotaCpus()), Fmt.pct(share), Long.toString(c.throttled()), Long.toString(c.periods()), when));
            return;
        }
        int score = c.sinceCreation() ? 65 : share >= 0.5 ? 85 : 78;
        var f = run.finding(score, run.t("summary", Fmt.num(c.quotaCpus()), c.quotaText(), Fmt.pct(share),
                        Long.toString(c.throttled()), Long.toString(c.periods()), Fmt.num(c.throttledSeconds()), when))
                .explain(run.t("explanation"))
                .evidence(c.quota().name(), c.quota().value() + "  (" + run.t("quotaCpus", Fmt.num(c.quotaCpus())) + ")", c.quota().ref())
                .evidence(run.t("evidence.throttled", when), Long.toString(c.throttled()) + " / " + c.periods() + " = " + Fmt.pct(share), c.statRef())
                .evidence(run.t("evidence.seconds", when), Fmt.num(c.throttledSeconds()) + " s", c.statRef())
                .threshold(SHARE);
        int allowed = c.cpus() == null ? -1 : HostFacts.count(c.cpus());
        if (c.cpus() != null) {
            f.evidence(c.cpus().name(), c.cpus().value() + (allowed > 0 ? "  (" + run.t("cpuCount", allowed) + ")" : ""), c.cpus().ref());
        }
        run.e.lscpu("CPU(s)").ifPresent(x -> f.evidence(run.t("evidence.hostCpus"), x.value(), x.ref()));
        run.e.cpuBusy().ifPresent(b -> f.evidence(run.t("evidence.hostBusy"), Fmt.num(b.mean()) + " %", b.ref(0)));
        run.e.host().pressure("cpu", "some.avg60").ifPresent(p -> f.evidence(p));
        f.recommend(raise(run, c, allowed));
        f.add();
    }

    /**
     * How to lift the limit, for the kind of cgroup its folder names: a systemd service, a Docker container, else the
     * cgroup file itself. The number of CPUs proposed is the cpuset's size (the CPUs the server may run on) when it is
     * larger than the quota; otherwise the limit is removed.
     */
    private Recommendation raise(Run run, HostFacts.CgroupLimits c, int allowed) {
        String dir = c.dir();
        String base = dir.contains("/") ? dir.substring(dir.lastIndexOf('/') + 1) : dir;
        boolean sized = allowed > 0 && allowed > c.quotaCpus();
        String[] lines;
        java.util.regex.Matcher docker = java.util.regex.Pattern.compile("docker[-/]([0-9a-f]{12,64})").matcher(dir);
        if (base.endsWith(".service")) {
            String unit = base;
            lines = new String[] {"# " + (sized ? run.t("cmd.sized", allowed, c.cpus().value()) : run.t("cmd.remove")),
                    "systemctl set-property " + unit + " CPUQuota=" + (sized ? allowed * 100 + "%" : "")};
        } else if (docker.find()) {
            String id = docker.group(1).substring(0, 12);
            lines = new String[] {"# " + (sized ? run.t("cmd.sized", allowed, c.cpus().value()) : run.t("cmd.remove")),
                    "docker update --cpus=" + (sized ? allowed : 0) + " " + id};
        } else if (c.quota().name().endsWith("cpu.max")) {
            lines = new String[] {"# " + run.t("cmd.remove") + " " + run.t("cmd.transient"),
                    "echo \"max " + period(c) + "\" > " + c.quota().name()};
        } else {
            lines = new String[] {"# " + run.t("cmd.remove") + " " + run.t("cmd.transient"),
                    "echo -1 > " + c.quota().name()};
        }
        String[] all = java.util.Arrays.copyOf(lines, lines.length + 1);
        all[lines.length] = "# " + run.t("cmd.orchestrator");
        return Recommendation.of(run.t("action")).bash(all)
                .effect(run.t("effect"), "KERNEL-CFS-BANDWIDTH")
                .risk(run.t("risk")).build();
    }

    private static String period(HostFacts.CgroupLimits c) {
        String[] p = c.quota().value().split("\\s+");
        return p.length > 1 ? p[1] : "100000";
    }

    /**
     * The CPU mechanism behind a symptom, for the rules that read CPU saturation first: this rule's finding when the
     * server was throttled by its cgroup (with this rule's sentence), else the host-saturation finding with the
     * caller's sentence. The caller depends on both rules.
     */
    public static Optional<Cause> cpuCause(Run run, Supplier<String> saturated) {
        Optional<Finding> t = run.prior(ID);
        if (t.isPresent()) {
            return Optional.of(new Cause(t.get(), TEXT.sentence(run.locale)));
        }
        return run.prior(HostSaturatedRule.ID).map(f -> new Cause(f, saturated.get()));
    }

    /** A finding that explains another and the sentence the other's summary gains. */
    public record Cause(Finding finding, String sentence) {
    }

    private static final CgroupThrottledRule TEXT = new CgroupThrottledRule();

    private String sentence(Locale locale) {
        return text(locale, "explains");
    }
}
