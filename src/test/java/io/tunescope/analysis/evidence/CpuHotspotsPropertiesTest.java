package io.tunescope.analysis.evidence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tunescope.model.stack.StackProfile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link CpuHotspots} sums by frame id and asks each frame once: the shares, their order, the commands and the stack
 * shares are exactly those of merging every stack into maps by name and asking the predicates per stack (the
 * reference below), names that normalise alike (arguments, templates, {@code .isra.0}) included.
 */
class CpuHotspotsPropertiesTest {

    @Provide
    Arbitrary<List<String>> lines() {
        Arbitrary<String> frame = Arbitraries.of("f(int)", "f(long)", "f", "g.isra.0", "g", "h<int>::x", "h<long>::x", "ut_delay",
                "mysqld", "sysbench", "[unknown]", "copy_user_enhanced_fast_string_[k]", "do_sys_poll_[k]", "mutex_enter");
        Arbitrary<String> stack = frame.list().ofMinSize(1).ofMaxSize(7).map(l -> String.join(";", l));
        // small weights make equal shares, whose order is the map's
        Arbitrary<Long> weight = Arbitraries.oneOf(Arbitraries.longs().between(1, 3), Arbitraries.longs().between(1, 5000));
        return Combinators.combine(stack, weight).as((s, w) -> s + " " + w).list().ofMinSize(1).ofMaxSize(120);
    }

    static StackProfile parse(List<String> lines) {
        return io.tunescope.analysis.calltree.SortedCallTreeTest.parse(lines);
    }

    /** The shares as merged stack by stack into a HashMap by normalised leaf name (the reference). */
    static Map<String, Double> referenceSelf(StackProfile p) {
        Map<String, Double> self = new HashMap<>();
        List<String> frames = p.frames();
        p.forEach((ids, depth, weight) -> {
            if (depth > 0) {
                self.merge(CpuHotspots.normalise(frames.get(ids[depth - 1])), (double) weight, Double::sum);
            }
        });
        Map<String, Double> shares = new HashMap<>();
        for (var e : self.entrySet()) {
            shares.put(e.getKey(), e.getValue() / p.totalWeight());
        }
        return shares;
    }

    static Map<String, Double> referenceCommands(StackProfile p) {
        Map<String, Long> w = new HashMap<>();
        p.forEach((ids, depth, weight) -> {
            if (depth > 0) {
                w.merge(p.frames().get(ids[0]), weight, Long::sum);
            }
        });
        Map<String, Double> out = new LinkedHashMap<>();
        w.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> out.put(e.getKey(), e.getValue() / (double) p.totalWeight()));
        return out;
    }

    static double referenceStackShare(StackProfile p, Predicate<String> leaf, Predicate<String> caller) {
        long[] sum = {0};
        p.forEach((ids, depth, weight) -> {
            if (depth == 0 || !leaf.test(CpuHotspots.normalise(p.frames().get(ids[depth - 1])))) {
                return;
            }
            for (int i = depth - 2; i >= 0; i--) {
                if (caller.test(CpuHotspots.normalise(p.frames().get(ids[i])))) {
                    sum[0] += weight;
                    return;
                }
            }
        });
        return (double) sum[0] / p.totalWeight();
    }

    @Property(tries = 1000)
    void sharesCommandsAndStackSharesAreThoseOfMergingEveryStack(@ForAll("lines") List<String> lines) {
        StackProfile p = parse(lines);
        CpuHotspots h = CpuHotspots.of("cpu.folded", p);
        Map<String, Double> ref = referenceSelf(p);
        // the same entries in the same order: sums over them (selfShare) add in the same order
        assertEquals(new ArrayList<>(ref.entrySet()), h.matchingInMapOrder(s -> true));
        assertEquals(ref.values().stream().reduce(0.0, Double::sum), h.selfShare(s -> true));
        assertEquals(new ArrayList<>(referenceCommands(p).entrySet()), new ArrayList<>(h.commands().entrySet()));
        Predicate<String> leaf = CpuHotspots.anyOf("ut_delay", "copy_user_enhanced_fast_string", "f", "g");
        Predicate<String> caller = CpuHotspots.containsAny("mutex", "h::x", "poll");
        assertEquals(referenceStackShare(p, leaf, caller), h.stackShare(leaf, caller));
        assertEquals(referenceStackShare(p, caller, leaf), h.stackShare(caller, leaf));
    }
}
