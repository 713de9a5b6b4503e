package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.CpuHotspots;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Shared helpers of the CPU-profile rules; their words are the package-wide keys of the cpu findings bundle. */
final class Hot {
    private Hot() {
    }

    /** "ut_delay 12.3 %, PolicyMutex::enter 2 %" for the largest matching symbols, listed in the run's language. */
    static String list(BaseRule.Run run, List<Map.Entry<String, Double>> entries, int max) {
        List<String> items = new ArrayList<>();
        for (Map.Entry<String, Double> e : entries) {
            if (items.size() == max) {
                break;
            }
            items.add(e.getKey() + ' ' + Fmt.pct(e.getValue()));
        }
        return join(run, items);
    }

    /** The items as a list in the run's language ("a, b, c" in English). */
    static String join(BaseRule.Run run, List<String> items) {
        String out = items.isEmpty() ? "" : items.get(0);
        for (int i = 1; i < items.size(); i++) {
            out = run.t("list.more", out, items.get(i));
        }
        return out;
    }

    /** Adds each matching symbol as an evidence value with its source. */
    static void evidence(BaseRule.Run run, BaseRule.FindingBuilder b, CpuHotspots h, List<Map.Entry<String, Double>> entries, int max) {
        int n = 0;
        for (Map.Entry<String, Double> e : entries) {
            if (n++ == max) {
                break;
            }
            b.evidence(run.t("evidence.self", e.getKey()), Fmt.pct(e.getValue()), h.ref(e.getKey()));
        }
    }
}
