package io.tunescope.analysis.numa;

import java.util.ArrayList;
import java.util.List;

/**
 * A labelled matrix ready for a heatmap: rows x columns of values (NaN = no value), with a unit, the kind
 * of colour scale it needs, and notes shown beside each row (e.g. the remote-allocation ratio of a node or
 * the imbalance of a process).
 *
 * @param nodeByNode  rows and columns are the same nodes; the diagonal is "local"
 * @param diverging   values are differences around zero (after minus before)
 * @param singleNode  the data come from a host with one node: there is nothing remote to show
 */
public record NumaMatrix(String title, String unit, List<String> rows, List<String> columns, List<List<Double>> values,
                         List<String> rowNotes, boolean nodeByNode, boolean diverging, boolean singleNode) {
    public NumaMatrix {
        rows = List.copyOf(rows);
        columns = List.copyOf(columns);
        values = values.stream().map(List::copyOf).toList();
        rowNotes = rowNotes == null ? List.of() : List.copyOf(rowNotes);
        if (values.size() != rows.size()) {
            throw new IllegalArgumentException("values has " + values.size() + " rows for " + rows.size() + " labels");
        }
        for (List<Double> r : values) {
            if (r.size() != columns.size()) {
                throw new IllegalArgumentException("a row has " + r.size() + " values for " + columns.size() + " columns");
            }
        }
    }

    public double value(int row, int col) {
        return values.get(row).get(col);
    }

    public int rowIndex(String label) {
        return rows.indexOf(label);
    }

    public int columnIndex(String label) {
        return columns.indexOf(label);
    }

    /** Smallest and largest finite value, or {0, 0} when there is none. */
    public double[] range() {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (List<Double> r : values) {
            for (double v : r) {
                if (Double.isFinite(v)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        return lo > hi ? new double[] {0, 0} : new double[] {lo, hi};
    }

    public NumaMatrix withTitle(String newTitle) {
        return new NumaMatrix(newTitle, unit, rows, columns, values, rowNotes, nodeByNode, diverging, singleNode);
    }

    /** Element-wise {@code after - before} on the labels both share (rows/columns of either; missing = NaN). */
    public static NumaMatrix difference(NumaMatrix before, NumaMatrix after) {
        return difference(before, after, java.util.Locale.ROOT);
    }

    /** {@link #difference(NumaMatrix, NumaMatrix)} with the title's addition in the locale. */
    public static NumaMatrix difference(NumaMatrix before, NumaMatrix after, java.util.Locale locale) {
        List<String> rows = union(before.rows, after.rows);
        List<String> cols = union(before.columns, after.columns);
        List<List<Double>> vals = new ArrayList<>();
        for (String r : rows) {
            List<Double> row = new ArrayList<>();
            for (String c : cols) {
                row.add(get(after, r, c) - get(before, r, c));
            }
            vals.add(row);
        }
        String title = io.tunescope.analysis.ChartText.of(locale).t("numa.difference.title", "{0} (after - before)", after.title);
        return new NumaMatrix(title, after.unit, rows, cols, vals, List.of(),
                after.nodeByNode && before.nodeByNode, true, after.singleNode && before.singleNode);
    }

    private static double get(NumaMatrix m, String r, String c) {
        int i = m.rowIndex(r);
        int j = m.columnIndex(c);
        return i < 0 || j < 0 ? Double.NaN : m.value(i, j);
    }

    private static List<String> union(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        for (String s : b) {
            if (!out.contains(s)) {
                out.add(s);
            }
        }
        return out;
    }
}
