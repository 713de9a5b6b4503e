package io.tunescope.model.numa;

import java.util.List;

/**
 * A source-node x destination-node matrix of values, e.g. accesses or bandwidth measured by a tool.
 *
 * @param title             what the values are (the value column's name or a {@code # title:} line)
 * @param unit              the values' unit, "" when unknown
 * @param measuresAccesses  true when the values measure memory accesses or bandwidth (only then may a view
 *                          say "access"); false for distances or allocation counts
 * @param values            row i = source {@code src.get(i)}, column j = destination {@code dst.get(j)};
 *                          NaN where the file had no value
 */
public record NodeMatrix(String title, String unit, boolean measuresAccesses, List<Integer> src, List<Integer> dst,
                         List<List<Double>> values) {
    public NodeMatrix {
        title = title == null ? "" : title;
        unit = unit == null ? "" : unit;
        src = List.copyOf(src);
        dst = List.copyOf(dst);
        values = values.stream().map(List::copyOf).toList();
    }

    public double value(int srcNode, int dstNode) {
        int i = src.indexOf(srcNode);
        int j = dst.indexOf(dstNode);
        return i < 0 || j < 0 ? Double.NaN : values.get(i).get(j);
    }
}
