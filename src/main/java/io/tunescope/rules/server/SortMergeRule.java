package io.tunescope.rules.server;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/**
 * SRV-SORT-MERGE: sorts that did not fit in sort_buffer_size merged through temporary files
 * (Sort_merge_passes against Sort_range + Sort_scan between the status snapshots). The statements come
 * first; the buffer is per session and a global increase multiplies by every sorting session.
 */
public final class SortMergeRule extends BaseRule {
    static final Setting SHARE = Setting.heuristic("maxPassesPerSortPercent", "merge passes as a share of the sorts above", 10, "%");
    static final Setting RATE = Setting.heuristic("minPassesPerSecond", "merge passes per second at least", 1, "/s");

    public SortMergeRule() {
        super("SRV-SORT-MERGE", Topic.SERVER, "Sorts merge through temporary files", List.of(Need.STATUS_DELTA),
                List.of("MYSQL-STATUS-VARS", "MARIADB-STATUS-VARS", "MYSQL-ORDER-BY"), SHARE, RATE);
    }

    @Override
    protected void check(Run run) {
        StatusDelta.Result d = run.e.statusDelta().orElseThrow();
        Optional<StatusDelta.Row> merge = Counters.row(d, "Sort_merge_passes");
        Optional<StatusDelta.Row> range = Counters.row(d, "Sort_range");
        Optional<StatusDelta.Row> scan = Counters.row(d, "Sort_scan");
        if (merge.isEmpty() || range.isEmpty() || scan.isEmpty()) {
            run.notApplicable(run.t("noCounters"));
            return;
        }
        double passes = merge.get().delta();
        double sorts = range.get().delta() + scan.get().delta();
        double perSort = sorts > 0 ? passes / sorts : 0;
        double rate = merge.get().perSecond();
        String buffer = Counters.shown(run, "sort_buffer_size");
        if (sorts <= 0 || perSort * 100 <= run.get(SHARE) || !(rate >= run.get(RATE))) {
            run.pass(run.t("pass", Fmt.num(passes), Fmt.num(sorts), Fmt.pct(perSort), Counters.rate(rate), buffer));
            return;
        }
        var f = run.finding(perSort >= 1 ? 50 : 40, run.t("summary", Fmt.num(passes), Fmt.num(sorts), Fmt.pct(perSort),
                        Counters.rate(rate), Fmt.num(d.elapsedSeconds()), buffer))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.delta", merge.get().name()), Fmt.num(passes), merge.get().afterRef())
                .evidence(run.t("evidence.delta", range.get().name()), Fmt.num(range.get().delta()), range.get().afterRef())
                .evidence(run.t("evidence.delta", scan.get().name()), Fmt.num(scan.get().delta()), scan.get().afterRef())
                .threshold(SHARE).threshold(RATE);
        run.e.setting("sort_buffer_size").ifPresent(f::evidence);
        Digest.recommend(run, f, "SUM_SORT_MERGE_PASSES", "MYSQL-ORDER-BY");
        f.recommend(Recommendation.of(run.t("action.session"))
                .text(run.t("text.session", buffer))
                .effect(run.t("effect.session"), "MYSQL-ORDER-BY").risk(run.t("risk.session")).build());
        f.add();
    }
}
