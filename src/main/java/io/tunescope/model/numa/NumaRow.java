package io.tunescope.model.numa;

import java.util.List;

/**
 * One row of a numastat table: its label as printed and one value per node of the table (in the table's
 * node order). A node column hidden by {@code numastat -z} (all zeros) reads as 0; {@code total} is NaN
 * when the table had no Total column.
 *
 * @param line 1-based line in the file, 0 when unknown
 */
public record NumaRow(String label, List<Double> values, double total, int line) {
    public NumaRow {
        values = List.copyOf(values);
    }

    public double value(int column) {
        return values.get(column);
    }

    /** The sum of the node values (the Total column recomputed). */
    public double sum() {
        double s = 0;
        for (double v : values) {
            s += v;
        }
        return s;
    }
}
