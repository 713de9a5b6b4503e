package io.tunescope.model.numa;

import io.tunescope.model.capture.SourceRef;
import java.util.List;
import java.util.Locale;

/**
 * One numastat table (after joining sections that numastat wrapped for the screen width).
 *
 * @param variant   which numastat table
 * @param title     the title line as printed ("" for the plain counters table)
 * @param pid       for a per-process table ({@code -p} with one process or {@code -v}): the process id, else -1
 * @param command   for a per-process table: the command name shown in brackets, else ""
 * @param nodes     node numbers of the columns, in order
 * @param rows      the data rows in printed order ({@code Total} of a process table included)
 * @param compact   printed with {@code -c} (whole MB, narrow columns)
 * @param ref       where the table starts
 */
public record NumaTable(NumaVariant variant, String title, int pid, String command, List<Integer> nodes,
                        List<NumaRow> rows, boolean compact, SourceRef ref) {
    public NumaTable {
        title = title == null ? "" : title;
        command = command == null ? "" : command;
        nodes = List.copyOf(nodes);
        rows = List.copyOf(rows);
    }

    /** A row by label, case-insensitive ({@code numa_hit} finds {@code Numa_Hit}), or null. */
    public NumaRow row(String label) {
        for (NumaRow r : rows) {
            if (r.label().equalsIgnoreCase(label)) {
                return r;
            }
        }
        return null;
    }

    /** The value of a row at a node, 0 when the row or node is absent (numastat -z hides zeros). */
    public double value(String label, int node) {
        NumaRow r = row(label);
        int c = nodes.indexOf(node);
        return r == null || c < 0 ? 0 : r.value(c);
    }

    /** True for the table of several processes: one row per "PID (command)" plus Total. */
    public boolean multiProcess() {
        return variant == NumaVariant.PROCESS && pid < 0;
    }

    /** Key under which a repeated table starts a new snapshot. */
    public String key() {
        return variant.slug() + "/" + pid + "/" + title.toLowerCase(Locale.ROOT);
    }
}
