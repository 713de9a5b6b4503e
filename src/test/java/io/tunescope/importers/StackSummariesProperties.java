package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tunescope.importers.folded.FoldedParser;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** top_self keeps the first n leaf names of the order (samples descending, then name) over all leaf names. */
class StackSummariesProperties {

    @Property(tries = 200)
    void topSelfIsTheHeadOfTheFullOrder(@ForAll long seed, @ForAll @IntRange(min = 0, max = 300) int lines,
                                        @ForAll @IntRange(min = -1, max = 25) int n) {
        Random r = new Random(seed);
        FoldedParser p = new FoldedParser();
        Map<String, Long> leaves = new HashMap<>();
        for (int i = 0; i < lines; i++) {
            String leaf = "f" + r.nextInt(40) + (r.nextInt(4) == 0 ? "_[k]" : "");
            long w = 1 + r.nextInt(r.nextBoolean() ? 3 : 50);   // many ties
            byte[] b = ("root;m" + r.nextInt(3) + ";" + leaf + " " + w).getBytes(StandardCharsets.UTF_8);
            p.line(b, 0, b.length, i + 1);
            leaves.merge(leaf, w, Long::sum);
        }
        List<Map.Entry<String, Long>> all = new ArrayList<>(leaves.entrySet());
        all.sort((a, b) -> {
            int c = Long.compare(b.getValue(), a.getValue());
            return c != 0 ? c : a.getKey().compareTo(b.getKey());
        });
        List<Map<String, Object>> want = new ArrayList<>();
        for (int i = 0; i < Math.min(n, all.size()); i++) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("frame", all.get(i).getKey());
            m.put("samples", all.get(i).getValue());
            want.add(m);
        }
        assertEquals(want, StackSummaries.topSelf(p.profile(), n));
    }
}
