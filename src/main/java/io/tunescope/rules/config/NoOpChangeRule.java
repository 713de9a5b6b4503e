package io.tunescope.rules.config;

import io.tunescope.analysis.config.ConfigDiff;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.reading.StepReading;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * CFG-NOOP-CHANGE: a change made in this step that cannot do anything on this host, so whatever the
 * benchmark did is not its effect: {@code vm.swappiness} without swap, NUMA interleaving, balancing or
 * zone reclaim on a single NUMA node. The host facts come from the capture (meminfo, lscpu/numactl).
 */
public final class NoOpChangeRule extends BaseRule {
    public NoOpChangeRule() {
        super("CFG-NOOP-CHANGE", Topic.CONFIG, "A change that does nothing on this host", List.of(), List.of("LINUX-VM-SYSCTL", "NUMACTL-MAN"));
    }

    @Override
    protected void check(Run run) {
        StepReading s = run.e.stepReading();
        if (s == null || s.vsPrevious() == null && s.configChanges().isEmpty()) {
            run.notApplicable(run.t("first"));
            return;
        }
        Optional<Fact> swap = run.e.meminfo("SwapTotal");
        OptionalInt nodes = run.e.numaNodes();
        List<String> noops = new ArrayList<>();
        List<ConfigDiff.Row> rows = new ArrayList<>();
        for (ConfigDiff.Row r : s.configChanges()) {
            if (r.change() != ConfigDiff.Change.CHANGED && r.change() != ConfigDiff.Change.NOT_CAPTURED) {
                continue;
            }
            String k = r.key().toLowerCase(Locale.ROOT);
            String why = null;
            if (k.equals("vm.swappiness") && swap.isPresent() && swap.get().number().orElse(-1) == 0) {
                why = run.t("why.noSwap");
            } else if (nodes.isPresent() && nodes.getAsInt() == 1 && (k.equals("process.numa_policy") && r.after().startsWith("interleave")
                    || k.equals("innodb_numa_interleave") && r.after().equalsIgnoreCase("on")
                    || k.equals("kernel.numa_balancing") || k.equals("vm.zone_reclaim_mode"))) {
                why = run.t("why.oneNode");
            }
            if (why != null) {
                noops.add(run.t("item", r.key(), r.before().isEmpty() ? run.t("notCaptured") : r.before(), r.after(), why));
                rows.add(r);
            }
        }
        if (noops.isEmpty()) {
            run.pass(run.t("pass", s.configChanges().size()));
            return;
        }
        var f = run.finding(40, run.t("summary", String.join("; ", noops))).explain(run.t("explanation"));
        for (ConfigDiff.Row r : rows) {
            f.evidence(r.key(), (r.before().isEmpty() ? run.t("notCaptured") : r.before()) + " -> " + r.after(), r.afterRef());
        }
        swap.ifPresent(x -> {
            if (rows.stream().anyMatch(r -> r.key().equals("vm.swappiness"))) {
                f.evidence(x);
            }
        });
        if (nodes.isPresent() && rows.stream().anyMatch(r -> !r.key().equals("vm.swappiness"))) {
            run.e.lscpu("NUMA node(s)").ifPresent(f::evidence);
        }
        f.add();
    }
}
