package io.tunescope.model.perfreport;

import java.util.List;
import java.util.Map;

/**
 * One line of the entry table of a {@code perf report} and the call chains printed under it.
 *
 * @param childrenPct the Children column (self plus callees), null without {@code --children}
 * @param selfPct     the Self column (or Overhead when the report has no Children column)
 * @param samples     the Samples column ({@code -n}), null when absent
 * @param period      the Period column, null when absent
 * @param command     Command column, "" when not a sort key
 * @param dso         Shared Object column, "" when not a sort key
 * @param symbol      Symbol column without its {@code [.]}/{@code [k]} marker, "" when not a sort key
 * @param level       the marker's letter: {@code .} user, {@code k} kernel, {@code g} guest kernel,
 *                    {@code u} guest user, {@code H} hypervisor; ' ' when there is no symbol
 * @param otherKeys   other sort keys by column title (e.g. {@code Pid:Command}, {@code CPU})
 * @param callChains  call-graph roots, in the order printed (empty for {@code -g none})
 * @param line        line number of the entry in the file
 */
public record PerfReportEntry(Double childrenPct, double selfPct, Long samples, Long period, String command, String dso,
                              String symbol, char level, Map<String, String> otherKeys, List<CallChainNode> callChains,
                              long line) {
    public PerfReportEntry {
        otherKeys = Map.copyOf(otherKeys);
        callChains = List.copyOf(callChains);
    }

    public boolean kernel() {
        return level == 'k' || level == 'g';
    }
}
