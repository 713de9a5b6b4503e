package io.tunescope.analysis.evidence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.stack.StackProfile;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** {@link CpuHotspots#stackShare} answers what testing every stack's normalised frames one by one answers. */
class CpuHotspotsStackShareTest {

    /** The definition: the weight of the stacks whose leaf matches and that have a matching caller, over the total. */
    private static double reference(StackProfile p, Predicate<String> leaf, Predicate<String> caller) {
        List<String> frames = p.frames();
        long[] sum = {0};
        p.forEach((ids, depth, weight) -> {
            if (depth == 0 || !leaf.test(CpuHotspots.normalise(frames.get(ids[depth - 1])))) {
                return;
            }
            for (int i = depth - 2; i >= 0; i--) {
                if (caller.test(CpuHotspots.normalise(frames.get(ids[i])))) {
                    sum[0] += weight;
                    return;
                }
            }
        });
        return (double) sum[0] / p.totalWeight();
    }

    @Test
    void sameSharesAsTheDefinitionOnTheSampleCapturesProfiles() throws Exception {
        Capture c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(TestData.sampleCapture());
        List<Predicate<String>> tests = List.of(s -> true, s -> false, CpuHotspots.anyOf("_raw_spin", "finish_task"),
                CpuHotspots.containsAny("mutex", "lock", "Mutex"), CpuHotspots::unresolved, CpuHotspots.anyOf("my_", "mysql_"),
                CpuHotspots.containsAny("dispatch", "execute"), s -> s.length() % 3 == 0);
        int profiles = 0;
        int nonZero = 0;
        for (CaptureProfiles.Entry e : CaptureProfiles.onCpu(c)) {
            StackProfile p = e.profile();
            if (p.totalWeight() <= 0) {
                continue;
            }
            profiles++;
            CpuHotspots h = CpuHotspots.of(e.file().path(), p);
            for (Predicate<String> leaf : tests) {
                for (Predicate<String> caller : tests) {
                    double want = reference(p, leaf, caller);
                    assertEquals(want, h.stackShare(leaf, caller), 0.0, e.file().path());
                    // asked again (the normalised names are kept): the same answer
                    assertEquals(want, h.stackShare(leaf, caller), 0.0);
                    if (want > 0 && want < 1) {
                        nonZero++;
                    }
                }
            }
        }
        assertTrue(profiles >= 3, "the sample capture has a CPU profile per step: " + profiles);
        assertTrue(nonZero > 10, "some shares are neither 0 nor 1: " + nonZero);
    }
}
