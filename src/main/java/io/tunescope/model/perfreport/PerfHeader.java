package io.tunescope.model.perfreport;

import java.util.Map;

/**
 * The header of a perf recording as {@code perf report --header-only} (or {@code perf script --header})
 * prints it: {@code # captured on : Tue Dec  1 22:31:17 2026} (written when the recording ended),
 * {@code # time of first sample : 256.051666} (seconds since boot), the command line, the event.
 *
 * @param fields every {@code # key : value} line of the header block, in file order (first wins)
 */
public record PerfHeader(Map<String, String> fields) {
    public PerfHeader {
        fields = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
    }

    public String get(String key) {
        return fields.get(key);
    }

    /** Seconds since boot of a {@code time of first/last sample} field, or NaN. */
    public double seconds(String key) {
        String v = fields.get(key);
        if (v == null) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(v.strip().split("\\s+")[0]);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
