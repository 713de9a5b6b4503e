package io.tunescope.rules.catalog;

import io.tunescope.rules.Rule;
import io.tunescope.rules.RuleEngine;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import io.tunescope.rules.concurrency.BenchInconsistentRule;
import io.tunescope.rules.concurrency.ErrorsReconnectsRule;
import io.tunescope.rules.concurrency.LatencyRisingFlatTpsRule;
import io.tunescope.rules.concurrency.StepChangeRule;
import io.tunescope.rules.concurrency.SteadyStateRule;
import io.tunescope.rules.concurrency.ThroughputKneeRule;
import io.tunescope.rules.cpu.AhiContentionRule;
import io.tunescope.rules.cpu.BtreeSearchRule;
import io.tunescope.rules.cpu.Crc32SoftwareRule;
import io.tunescope.rules.cpu.FutexContextSwitchRule;
import io.tunescope.rules.cpu.GlobalLatchRule;
import io.tunescope.rules.cpu.KernelCopyUserRule;
import io.tunescope.rules.cpu.MemcpyCharsetRule;
import io.tunescope.rules.cpu.ProfileSymbolsRule;
import io.tunescope.rules.cpu.SpinWaitRule;
import io.tunescope.rules.io.FlushNeighborsSsdRule;
import io.tunescope.rules.io.HighAwaitRule;
import io.tunescope.rules.io.IoCapacityFlushingRule;
import io.tunescope.rules.io.SaturatedCpuIdleRule;
import io.tunescope.rules.numa.MemoryAwayFromCpusRule;
import io.tunescope.rules.numa.NodeExhaustedSwapRule;
import io.tunescope.rules.numa.RemoteAllocRule;
import io.tunescope.rules.numa.VmSpansNodesRule;
import io.tunescope.rules.concurrency.ThreadPoolRule;
import io.tunescope.rules.config.BufferPoolInstancesRule;
import io.tunescope.rules.config.DefaultAsTuningRule;
import io.tunescope.rules.config.NoOpChangeRule;
import io.tunescope.rules.config.ThreadCacheRule;
import io.tunescope.rules.config.TmpDiskTablesRule;
import io.tunescope.rules.config.DeprecatedVariableRule;
import io.tunescope.rules.config.DataSafetyRule;
import io.tunescope.rules.config.DurabilityRelaxedRule;
import io.tunescope.rules.config.RecoveryLimitsRule;
import io.tunescope.rules.config.GroupCommitDelayRule;
import io.tunescope.rules.config.MemoryOvercommitRule;
import io.tunescope.rules.config.PerThreadBuffersRule;
import io.tunescope.rules.config.PurgeLagRule;
import io.tunescope.rules.config.RedoCapacityRule;
import io.tunescope.rules.config.RepeatedOptionRule;
import io.tunescope.rules.config.UnknownVariableRule;
import io.tunescope.rules.cpu.RowLockWaitRule;
import io.tunescope.rules.cpu.HostSaturatedRule;
import io.tunescope.rules.cpu.ProfileEventRule;
import io.tunescope.rules.cpu.ProfileSamplesRule;
import io.tunescope.rules.io.BufferedDoubleCacheRule;
import io.tunescope.rules.io.ReadMissRule;
import io.tunescope.rules.numa.BalancingWithBindingRule;
import io.tunescope.rules.numa.ConflictingPoliciesRule;
import io.tunescope.rules.numa.InterleaveIgnoresCpusetRule;
import io.tunescope.rules.os.NicIrqPlacementRule;
import io.tunescope.rules.os.OpenFilesLimitRule;
import io.tunescope.rules.os.OvercommitNoopRule;
import io.tunescope.rules.os.SwappinessRule;
import io.tunescope.rules.os.ThpEnabledRule;
import io.tunescope.rules.os.ZoneReclaimRule;
import io.tunescope.rules.server.BinlogCacheRule;
import io.tunescope.rules.server.ConnectionsRule;
import io.tunescope.rules.server.FullJoinScanRule;
import io.tunescope.rules.server.LogWaitsRule;
import io.tunescope.rules.server.LongTransactionRule;
import io.tunescope.rules.server.SemaphoreWaitsRule;
import io.tunescope.rules.server.ProcesslistStatesRule;
import io.tunescope.rules.server.LruFlushRule;
import io.tunescope.rules.server.ReadAheadRule;
import io.tunescope.rules.server.SortMergeRule;
import io.tunescope.rules.server.TableCacheRule;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The built-in rules, by topic, and their listing as Markdown for the README. */
public final class RuleCatalog {
    private RuleCatalog() {
    }

    /** A fresh instance of every built-in rule, ordered by topic then id. */
    /** A source as a Markdown link to its URL, or its title when it has none. */
    private static String sourceLink(String key) {
        String v = io.tunescope.rules.Citations.resolve(key);
        return v.startsWith("http") ? "[" + key + "](" + v + ")" : v;
    }

    /** The engine with every rule of the catalogue. */
    public static RuleEngine engine() {
        return new RuleEngine(rules());
    }

    public static List<Rule> rules() {
        List<Rule> all = new ArrayList<>(List.of(
                new RowLockWaitRule(),
                new SpinWaitRule(),
                new BtreeSearchRule(),
                new AhiContentionRule(),
                new Crc32SoftwareRule(),
                new GlobalLatchRule(),
                new MemcpyCharsetRule(),
                new KernelCopyUserRule(),
                new io.tunescope.rules.cpu.CgroupThrottledRule(),
                new HostSaturatedRule(),
                new FutexContextSwitchRule(),
                new ProfileSymbolsRule(),
                new ProfileEventRule(),
                new ProfileSamplesRule(),
                new io.tunescope.rules.cpu.PerfIpcLowRule(),
                new io.tunescope.rules.cpu.PerfMissRateRule(),
                new io.tunescope.rules.cpu.PerfNoHardwareRule(),
                new RemoteAllocRule(),
                new MemoryAwayFromCpusRule(),
                new VmSpansNodesRule(),
                new NodeExhaustedSwapRule(),
                new SaturatedCpuIdleRule(),
                new HighAwaitRule(),
                new FlushNeighborsSsdRule(),
                new IoCapacityFlushingRule(),
                new StepChangeRule(),
                new SteadyStateRule(),
                new io.tunescope.rules.concurrency.WorstWindowRule(),
                new ThroughputKneeRule(),
                new LatencyRisingFlatTpsRule(),
                new ErrorsReconnectsRule(),
                new BenchInconsistentRule(),
                new BalancingWithBindingRule(),
                new ConflictingPoliciesRule(),
                new InterleaveIgnoresCpusetRule(),
                new BufferedDoubleCacheRule(),
                new io.tunescope.rules.io.SchedulerSsdRule(),
                new ReadMissRule(),
                new ThreadPoolRule(),
                new UnknownVariableRule(),
                new DeprecatedVariableRule(),
                new RepeatedOptionRule(),
                new RedoCapacityRule(),
                new MemoryOvercommitRule(),
                new DurabilityRelaxedRule(),
                new DataSafetyRule(),
                new RecoveryLimitsRule(),
                new GroupCommitDelayRule(),
                new PerThreadBuffersRule(),
                new BufferPoolInstancesRule(),
                new DefaultAsTuningRule(),
                new NoOpChangeRule(),
                new TmpDiskTablesRule(),
                new ThreadCacheRule(),
                new PurgeLagRule(),
                new ThpEnabledRule(),
                new SwappinessRule(),
                new ZoneReclaimRule(),
                new OvercommitNoopRule(),
                new OpenFilesLimitRule(),
                new SortMergeRule(),
                new FullJoinScanRule(),
                new TableCacheRule(),
                new ConnectionsRule(),
                new BinlogCacheRule(),
                new LogWaitsRule(),
                new io.tunescope.rules.server.ThreadsRunningRule(),
                new SemaphoreWaitsRule(),
                new LongTransactionRule(),
                new ProcesslistStatesRule(),
                new io.tunescope.rules.server.TopWaitRule(),
                new io.tunescope.rules.server.TopDigestRule(),
                new LruFlushRule(),
                new ReadAheadRule(),
                new NicIrqPlacementRule()));
        all.sort(Comparator.comparing(Rule::topic).thenComparing(Rule::id));
        return all;
    }

    /** The rule with this id, or null. */
    public static Rule byId(String id) {
        return rules().stream().filter(r -> r.id().equals(id)).findFirst().orElse(null);
    }

    /** A Markdown table per topic: id, title (English and Chinese), needed data, settings with defaults and [S]/[H]. */
    public static String markdown() {
        StringBuilder sb = new StringBuilder();
        List<Rule> rules = rules();
        sb.append("Tunescope has ").append(rules.size()).append(" rules. Thresholds marked [S] come from a cited source, ")
                .append("[H] are Tunescope heuristics; all can be adjusted.\n\n")
                .append("Each finding has a score from 0 to 100. Severity follows the bands of JDK Mission Control's rules: below ")
                .append(io.tunescope.rules.Severity.REPORT_FROM).append(" nothing is reported (the rule passes and `findings --all` lists the values it read), ")
                .append("info from ").append(io.tunescope.rules.Severity.REPORT_FROM).append(", warning from ").append(io.tunescope.rules.Severity.WARNING_FROM)
                .append(" (it limits the measured result now, or risks data or availability), critical from ")
                .append(io.tunescope.rules.Severity.CRITICAL_FROM).append(" (the server cannot start, or will lose data or memory). ")
                .append("A rule that reads another's result (\"after\" in the needs column) runs after it on the same step; when the ")
                .append("other rule names the mechanism at warning, this rule says so in its summary and stays below warning.\n");
        Topic current = null;
        for (Rule r : rules) {
            if (r.topic() != current) {
                current = r.topic();
                sb.append("\n### ").append(current.title()).append("\n\n");
                sb.append("| id | rule | needs | settings (default) | sources |\n|---|---|---|---|---|\n");
            }
            List<String> settings = new ArrayList<>();
            for (Setting s : r.settings()) {
                settings.add("`" + s.key() + "` " + s.description() + " " + Setting.format(s.defaultValue(), s.unit())
                        + " [" + s.basis().mark() + "]");
            }
            List<String> needs = r.requires().stream().map(n -> n.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')).toList();
            String zh = r.title(java.util.Locale.SIMPLIFIED_CHINESE);
            sb.append("| `").append(r.id()).append("` | ").append(r.title()).append(zh.equals(r.title()) ? "" : "<br>" + zh).append(" | ")
                    .append(needs.isEmpty() ? "(see rule)" : String.join(", ", needs))
                    .append(r.dependsOn().isEmpty() ? "" : "<br>after " + String.join(", ", r.dependsOn().stream().map(d -> "`" + d + "`").toList()))
                    .append(" | ")
                    .append(settings.isEmpty() ? "-" : String.join("<br>", settings)).append(" | ")
                    .append(r.sources().isEmpty() ? "-" : String.join("<br>", r.sources().stream()
                            .map(RuleCatalog::sourceLink).toList()))
                    .append(" |\n");
        }
        return sb.toString();
    }
}
