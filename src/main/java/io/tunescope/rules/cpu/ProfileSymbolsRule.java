package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.CpuHotspots;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;

/** BUILD-PROFILE-SYMBOLS: more than 20 % of samples unresolved, so the hotspot rules cannot be trusted. */
public final class ProfileSymbolsRule extends BaseRule {
    static final Setting MAX = Setting.heuristic("maxUnresolvedPercent", "unresolved samples above", 20, "%");

    public ProfileSymbolsRule() {
        super("BUILD-PROFILE-SYMBOLS", Topic.BUILD, "Profile cannot be interpreted (unresolved symbols)", List.of(Need.CPU_PROFILE),
                List.of("PERF-BASICS-MYSQL"), MAX);
    }

    @Override
    protected void check(Run run) {
        CpuHotspots h = run.e.cpuHotspots().orElseThrow();
        double u = h.unresolvedShare();
        if (u * 100 <= run.get(MAX)) {
            run.pass("unresolved " + Fmt.pct(u));
            return;
        }
        run.finding(scale(u * 100, run.get(MAX), 80, 50, 75), Fmt.pct(u) + " of the CPU samples in " + h.file()
                        + " have no symbol: the hotspot rules cannot see where the time goes.")
                .explain("Frames shown as [unknown] or raw addresses come from binaries without symbols (no debuginfo) or from "
                        + "stacks perf could not unwind; the hotspot rules then under-count every family.")
                .evidence("unresolved samples", Fmt.pct(u), io.tunescope.model.capture.SourceRef.of(h.file(), 0))
                .threshold(MAX)
                .recommend(Recommendation.of("Install the matching debuginfo package and record with an unwinder that works for the build")
                        .bash("perf record -F 99 -g --call-graph dwarf -p $(pidof mysqld) -- sleep 60",
                                "perf report --no-children --sort symbol --stdio > perf-report.txt")
                        .effect("Makes the CPU-* rules applicable.", "PERF-BASICS-MYSQL")
                        .risk("DWARF unwinding produces a much larger perf.data.").build())
                .add();
    }
}
