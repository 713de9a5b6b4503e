package io.tunescope.model.perfreport;

import java.util.List;
import java.util.Map;

/**
 * A {@code perf report --stdio} text report: the perf header ({@code # key : value} lines, when the
 * report was made with {@code --header}) and one section per event, each with its entries.
 *
 * @param header   perf header values by key (e.g. {@code perf version}, {@code cmdline}); empty when absent
 * @param sections one per event, in file order (a report of several events repeats the column block)
 */
public record PerfReport(Map<String, String> header, List<Section> sections) {

    public PerfReport {
        header = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(header));
        sections = List.copyOf(sections);
    }

    /**
     * One event's part of the report.
     *
     * @param event        event name from {@code # Samples: 1K of event 'cycles'} ("" when absent)
     * @param samplesText  the sample count as printed ({@code 1K}, {@code 127}); "" when absent
     * @param samples      that count as a number (1K = 1000; perf rounds), -1 when absent
     * @param eventCount   {@code # Event count (approx.)}, -1 when absent
     * @param columns      column titles of the entry table, e.g. {@code [Children, Self, Command, Shared Object, Symbol]}
     * @param entries      the entries in file order
     */
    public record Section(String event, String samplesText, long samples, long eventCount, List<String> columns,
                          List<PerfReportEntry> entries) {
        public Section {
            columns = List.copyOf(columns);
            entries = List.copyOf(entries);
        }

        public boolean hasChildren() {
            return columns.contains("Children");
        }
    }

    /** The first section's event ("" when the report has none). */
    public String event() {
        return sections.isEmpty() ? "" : sections.get(0).event();
    }

    /** The first section's event count, -1 when absent. */
    public long eventCount() {
        return sections.isEmpty() ? -1 : sections.get(0).eventCount();
    }

    /** The first section's entries. */
    public List<PerfReportEntry> entries() {
        return sections.isEmpty() ? List.of() : sections.get(0).entries();
    }
}
