package io.tunescope.analysis.numa;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A timestamp in a file or folder name, e.g. {@code numastat-20261130-104500.txt},
 * {@code 2026-11-30T10-45-00/numastat.txt} or {@code numastat_2026-11-30_10:45:00.log} (read as UTC).
 * Used when neither the file nor the collector's timeline.log says when a snapshot was taken.
 */
public final class FileNameTime {
    private static final Pattern P = Pattern.compile(
            "(?<!\\d)(\\d{4})-?(\\d{2})-?(\\d{2})[T_ -]?(\\d{2})[:\\-.]?(\\d{2})[:\\-.]?(\\d{2})(?!\\d)");

    private FileNameTime() {
    }

    /** The last timestamp in the path (the file's own name wins over its folders), or null. */
    public static Instant parse(String path) {
        Matcher m = P.matcher(path);
        Instant found = null;
        while (m.find()) {
            try {
                found = LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                        Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)),
                        Integer.parseInt(m.group(6))).toInstant(ZoneOffset.UTC);
            } catch (java.time.DateTimeException e) {
                // not a date: keep looking
            }
        }
        return found;
    }
}
