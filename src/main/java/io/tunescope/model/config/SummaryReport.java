package io.tunescope.model.config;

import io.tunescope.model.capture.Composite;
import java.util.List;
import java.util.Map;

/**
 * A Percona Toolkit summary report ({@code pt-summary} or {@code pt-mysql-summary}): its sections, every
 * {@code Name | value} line, and the facts read from it in the types the rest of Tunescope reads ({@link #parts}:
 * lscpu-, meminfo-, sysctl-style snapshots, the NUMA topology, the server version and the server settings the
 * report states). pt prints many sizes rounded ({@code 128.0M}, {@code 23.5G}): those facts keep pt's text and
 * are listed in {@link #rounded}.
 *
 * @param tool     {@code pt-summary} or {@code pt-mysql-summary}
 * @param banner   true when the file starts with the tool's banner line (false for a report pasted from the middle)
 * @param sections the sections in file order, each marked read or not
 * @param fields   every {@code Name | value} line, with its section and line
 * @param parts    facts by dataset name (see {@link Composite})
 * @param rounded  the facts whose value pt rounded, with the precision of the rounding
 */
public record SummaryReport(String tool, boolean banner, List<Section> sections, List<Field> fields,
                            Map<String, Object> parts, List<Rounded> rounded) implements Composite {

    public SummaryReport {
        sections = List.copyOf(sections);
        fields = List.copyOf(fields);
        parts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(parts));
        rounded = List.copyOf(rounded);
    }

    /** One {@code # Name ####} section; {@code read} when facts were taken from it. */
    public record Section(String name, int line, boolean read) {
    }

    /** One {@code Name | value} line. */
    public record Field(String section, String name, String value, int line) {
    }

    /** A fact whose value pt printed rounded: {@code 128.0M} is 128 MiB to within half a tenth of a MiB. */
    public record Rounded(String fact, String value, String precision, int line) {
    }

    /** The first field of that name in that section ("" section: any). */
    public java.util.Optional<Field> field(String section, String name) {
        for (Field f : fields) {
            if ((section.isEmpty() || f.section().equals(section)) && f.name().equals(name)) {
                return java.util.Optional.of(f);
            }
        }
        return java.util.Optional.empty();
    }
}
