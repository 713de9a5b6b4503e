package io.tunescope.analysis.numa;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class NumaMatrixProperties {

    private static NumaMatrix square(List<Double> cells, int n) {
        List<String> labels = new ArrayList<>();
        List<List<Double>> vals = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            labels.add("node " + i);
            vals.add(new ArrayList<>(cells.subList(i * n, i * n + n)));
        }
        return new NumaMatrix("t", "pages", labels, labels, vals, List.of(), true, false, n <= 1);
    }

    @Property
    boolean differencePlusBeforeGivesAfter(@ForAll @Size(64) List<@DoubleRange(min = 0, max = 1e12) Double> a,
                                            @ForAll @Size(64) List<@DoubleRange(min = 0, max = 1e12) Double> b,
                                            @ForAll @IntRange(min = 1, max = 8) int n) {
        NumaMatrix before = square(a, n);
        NumaMatrix after = square(b, n);
        NumaMatrix d = NumaMatrix.difference(before, after);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (Math.abs(before.value(i, j) + d.value(i, j) - after.value(i, j)) > 1e-3) {
                    return false;
                }
            }
        }
        return d.diverging() && d.rows().equals(after.rows());
    }

    @Property
    boolean remoteRatioIsAShare(@ForAll @DoubleRange(min = 0, max = 1e15) double local,
                                @ForAll @DoubleRange(min = 0, max = 1e15) double other) {
        double r = RemoteAllocation.ratio(local, other);
        return local + other == 0 ? Double.isNaN(r) : r >= 0 && r <= 1;
    }
}
