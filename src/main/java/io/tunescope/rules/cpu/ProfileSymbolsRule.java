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
            run.pass(run.t("pass", Fmt.pct(u)));
            return;
        }
        run.finding(scale(u * 100, run.get(MAX), 60, 40, 80), run.t("summary", Fmt.pct(u), h.file()))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.unresolved"), Fmt.pct(u), io.tunescope.model.capture.SourceRef.of(h.file(), 0))
                .threshold(MAX)
                .recommend(Recommendation.of(run.t("action"))
                        .bash("perf record -F 99 -g --call-graph dwarf -p $(pidof mysqld) -- sleep 60",
                                "perf report --no-children --sort symbol --stdio > perf-report.txt")
                        .effect(run.t("effect"), "PERF-BASICS-MYSQL")
                        .risk(run.t("risk")).build())
                .add();
    }
}
