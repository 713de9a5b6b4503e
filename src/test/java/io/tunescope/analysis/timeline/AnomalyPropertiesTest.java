package io.tunescope.analysis.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.model.series.Clock;
import io.tunescope.model.series.Metric;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.model.series.Unit;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

class AnomalyPropertiesTest {
    private static final AnomalyDetector.Thresholds TH = AnomalyDetector.Thresholds.defaults();

    static TimeSeries series(String name, double[] v) {
        TimeSeries.Builder b = new TimeSeries.Builder(Metric.of("sysbench", name, "", Unit.PER_SECOND), Clock.OFFSET, "f");
        for (int i = 0; i < v.length; i++) {
            b.add(i * 1000L, v[i], i + 1);
        }
        return b.build();
    }

    @Property
    void aSteadySeriesHasNoDips(@ForAll @DoubleRange(min = 1, max = 1e6) double level, @ForAll @IntRange(min = 1, max = 200) int n) {
        double[] v = new double[n];
        java.util.Arrays.fill(v, level);
        assertTrue(AnomalyDetector.dips(series("tps", v), TH).isEmpty());
    }

    @Property
    void oneDropOfAtLeastThirtyPercentIsExactlyOneDipAtItsTime(@ForAll @DoubleRange(min = 1, max = 1e6) double level,
            @ForAll @IntRange(min = 2, max = 100) int n, @ForAll @DoubleRange(min = 0.0, max = 0.7) double keep,
            @ForAll @IntRange(min = 1, max = 1000) int where) {
        double[] v = new double[n + 5];
        java.util.Arrays.fill(v, level);
        int at = 1 + where % (v.length - 1);
        v[at] = level * keep;
        List<Anomaly> d = AnomalyDetector.dips(series("tps", v), TH);
        assertEquals(1, d.size());
        assertEquals(at * 1000L, d.get(0).start());
        assertEquals(at + 1, d.get(0).ref().line());
    }

    @Property
    void dropsSmallerThanThirtyPercentAreNotDips(@ForAll @DoubleRange(min = 1, max = 1e6) double level,
            @ForAll @DoubleRange(min = 0.71, max = 1.0) double keep, @ForAll @IntRange(min = 1, max = 50) int at) {
        double[] v = new double[60];
        java.util.Arrays.fill(v, level);
        v[at] = level * keep;
        assertTrue(AnomalyDetector.dips(series("tps", v), TH).isEmpty());
    }

    @Property
    void spansCoverExactlyTheFlags(@ForAll("flags") boolean[] flags) {
        boolean[] seen = new boolean[flags.length];
        int last = -2;
        for (int[] s : AnomalyDetector.spans(flags)) {
            assertTrue(s[0] > last + 1, "spans are separated and ordered");
            for (int i = s[0]; i <= s[1]; i++) {
                seen[i] = true;
            }
            last = s[1];
        }
        assertTrue(java.util.Arrays.equals(flags, seen));
    }

    @Provide
    Arbitrary<boolean[]> flags() {
        return Arbitraries.of(true, false).array(boolean[].class).ofMaxSize(64);
    }

    @Property
    void errorFreeRunsHaveNoBursts(@ForAll @IntRange(min = 0, max = 100) int n) {
        assertTrue(AnomalyDetector.errorBursts(series("err/s", new double[n]), TH).isEmpty());
    }

    @Property
    void anErrorSpikeAfterCleanIntervalsIsABurst(@ForAll @IntRange(min = 1, max = 50) int at,
            @ForAll @DoubleRange(min = 0.2, max = 1000) double rate) {
        double[] v = new double[60];
        v[at] = rate;
        List<Anomaly> b = AnomalyDetector.errorBursts(series("err/s", v), TH);
        assertEquals(1, b.size());
        assertEquals(rate, b.get(0).peak());
    }

    @Property
    void kneeIsWhereGainsFirstDropBelowFivePercent(@ForAll("curves") double[] tps) {
        java.util.List<io.tunescope.model.bench.BenchRun> runs = new java.util.ArrayList<>();
        int threads = 1;
        for (double x : tps) {
            runs.add(TimelineAnalysisTest.run(threads, x, threads * 1000.0 / x));
            threads *= 2;
        }
        ThreadSweep s = ThreadSweep.of(runs);
        for (int i = 1; i < s.points().size(); i++) {
            assertTrue(s.points().get(i).threads() > s.points().get(i - 1).threads());
        }
        if (s.isSweep()) {
            int k = s.points().indexOf(s.knee());
            for (int i = 1; i <= k; i++) {
                assertTrue(s.points().get(i).tps() / s.points().get(i - 1).tps() - 1 >= ThreadSweep.MIN_GAIN,
                        "every step up to the knee adds 5 % or more");
            }
            if (k + 1 < s.points().size()) {
                assertTrue(s.points().get(k + 1).tps() / s.knee().tps() - 1 < ThreadSweep.MIN_GAIN,
                        "the step after the knee adds less than 5 %");
            }
            assertTrue(s.points().stream().allMatch(ThreadSweep.Point::consistent), "Little's law holds by construction");
        }
    }

    @Provide
    Arbitrary<double[]> curves() {
        return Arbitraries.doubles().between(1, 1e5).array(double[].class).ofMinSize(1).ofMaxSize(10);
    }
}
