package io.tunescope.importers;

import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.StackProfile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The {@code inspect --json} summary shared by the stack importers (perf-script, folded). */
public final class StackSummaries {
    private StackSummaries() {
    }

    /**
     * {@code {"samples", "unique_stacks", "weight_total", "events", "top_self": [{"frame", "samples"}]}}:
     * top_self holds the 10 leaf frames with the most samples (ties by name).
     */
    public static Map<String, Object> summary(StackProfile p) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("samples", p.samples());
        out.put("unique_stacks", p.stackCount());
        out.put("weight_total", p.totalWeight());
        out.put("events", p.events());
        out.put("top_self", topSelf(p, 10));
        return out;
    }

    /** The leaf frames (by name) with the most samples. */
    public static List<Map<String, Object>> topSelf(StackProfile p, int n) {
        StackProfile counts = p instanceof InternedStackProfile ip ? ip.bySamples() : p;
        List<String> names = counts.frames();
        long[] byFrame = new long[names.size()];
        counts.forEach((ids, depth, w) -> {
            if (depth > 0) {
                byFrame[ids[depth - 1]] += w;
            }
        });
        // frames of one name in several modules count as one name
        Map<String, Long> byName = new HashMap<>();
        for (int f = 0; f < byFrame.length; f++) {
            if (byFrame[f] != 0) {
                byName.merge(names.get(f), byFrame[f], Long::sum);
            }
        }
        // the first n by (samples descending, name): kept in order while passing once, no sort of every name
        List<Map.Entry<String, Long>> all = new ArrayList<>(Math.max(0, Math.min(n, byName.size())) + 1);
        java.util.Comparator<Map.Entry<String, Long>> order = (a, b) -> {
            int c = Long.compare(b.getValue(), a.getValue());
            return c != 0 ? c : a.getKey().compareTo(b.getKey());
        };
        for (Map.Entry<String, Long> e : byName.entrySet()) {
            if (n <= 0 || all.size() == n && order.compare(e, all.get(n - 1)) >= 0) {
                continue;
            }
            int at = all.size();
            while (at > 0 && order.compare(e, all.get(at - 1)) < 0) {
                at--;
            }
            all.add(at, e);
            if (all.size() > n) {
                all.remove(n);
            }
        }
        List<Map<String, Object>> top = new ArrayList<>();
        for (int i = 0; i < Math.min(n, all.size()); i++) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("frame", all.get(i).getKey());
            m.put("samples", all.get(i).getValue());
            top.add(m);
        }
        return top;
    }
}
