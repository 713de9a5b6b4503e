package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.CpuHotspots;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;

import java.util.List;
import java.util.Map;

/** Shared helpers of the CPU-profile rules. */
final class Hot {
    private Hot() {
    }

    /** "ut_delay 12.3 %, PolicyMutex::enter 2 %" for the largest matching symbols. */
    static String list(List<Map.Entry<String, Double>> entries, int max) {
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (Map.Entry<String, Double> e : entries) {
            if (n++ == max) {
                break;
            }
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(e.getKey()).append(' ').append(Fmt.pct(e.getValue()));
        }
        return sb.toString();
    }

    /** Adds each matching symbol as an evidence value with its source. */
    static void evidence(BaseRule.FindingBuilder b, CpuHotspots h, List<Map.Entry<String, Double>> entries, int max) {
        int n = 0;
        for (Map.Entry<String, Double> e : entries) {
            if (n++ == max) {
                break;
            }
            b.evidence("self " + e.getKey(), Fmt.pct(e.getValue()), h.ref(e.getKey()));
        }
    }
}
