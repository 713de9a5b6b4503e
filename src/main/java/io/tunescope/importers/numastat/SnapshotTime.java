package io.tunescope.importers.numastat;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Timestamps that collectors write between numastat runs: ISO 8601 ({@code date -Is}, {@code date
 * +%Y-%m-%dT%H:%M:%S%z}), {@code YYYY-MM-DD HH:MM:SS} and the default {@code date} output
 * ({@code Mon Nov 30 10:42:25 UTC 2026}). Times without a zone are read as UTC.
 */
public final class SnapshotTime {
    private static final Pattern ISO = Pattern.compile(
            "(\\d{4}-\\d{2}-\\d{2})[T ](\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?)\\s?(Z|[+-]\\d{2}:?\\d{2})?");
    private static final Pattern DATE = Pattern.compile(
            "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\\s+(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\\s+(\\d{1,2})\\s+"
                    + "(\\d{2}:\\d{2}:\\d{2})\\s+(?:([A-Z]{2,5}|[+-]\\d{4})\\s+)?(\\d{4})");
    private static final DateTimeFormatter MON = DateTimeFormatter.ofPattern("MMM", Locale.ROOT);

    private SnapshotTime() {
    }

    /** The timestamp a line holds, or null. Never throws. */
    public static Instant parse(String line) {
        if (line == null || line.length() > 200) {
            return null;
        }
        try {
            Matcher m = ISO.matcher(line);
            if (m.find()) {
                String d = m.group(1);
                String hms = m.group(2);
                // yyyy-MM-dd and HH:mm:ss (the regex's ASCII digits) as the ISO parser reads them, without it
                LocalDateTime t = hms.length() == 8
                        ? LocalDateTime.of(Integer.parseInt(d, 0, 4, 10), Integer.parseInt(d, 5, 7, 10), Integer.parseInt(d, 8, 10, 10),
                                Integer.parseInt(hms, 0, 2, 10), Integer.parseInt(hms, 3, 5, 10), Integer.parseInt(hms, 6, 8, 10))
                        : LocalDateTime.parse(d + "T" + hms.replace(',', '.'));
                String z = m.group(3);
                ZoneOffset off = ZoneOffset.UTC;
                if (z != null && !z.equals("Z")) {
                    String zz = z.contains(":") ? z : z.substring(0, 3) + ":" + z.substring(3);
                    off = ZoneOffset.of(zz);
                }
                return OffsetDateTime.of(t, off).toInstant();
            }
            m = DATE.matcher(line);
            if (m.find()) {
                int month = MON.parse(m.group(1)).get(java.time.temporal.ChronoField.MONTH_OF_YEAR);
                LocalDateTime t = LocalDateTime.parse(String.format(Locale.ROOT, "%s-%02d-%02dT%s",
                        m.group(5), month, Integer.parseInt(m.group(2)), m.group(3)));
                String z = m.group(4);
                ZoneId zone = ZoneOffset.UTC;
                if (z != null && (z.startsWith("+") || z.startsWith("-"))) {
                    zone = ZoneOffset.of(z.substring(0, 3) + ":" + z.substring(3));
                } else if (z != null && !z.equals("UTC") && !z.equals("GMT")) {
                    zone = zoneFor(z);
                }
                return ZonedDateTime.of(t, zone).toInstant();
            }
        } catch (java.time.DateTimeException | NumberFormatException e) {
            return null;
        }
        return null;
    }

    private static ZoneId zoneFor(String abbrev) {
        return switch (abbrev) {
            case "CST" -> ZoneOffset.ofHours(8); // China Standard Time is what our users' servers print
            case "JST" -> ZoneOffset.ofHours(9);
            case "CET" -> ZoneOffset.ofHours(1);
            case "CEST" -> ZoneOffset.ofHours(2);
            case "EST" -> ZoneOffset.ofHours(-5);
            case "EDT" -> ZoneOffset.ofHours(-4);
            case "PST" -> ZoneOffset.ofHours(-8);
            case "PDT" -> ZoneOffset.ofHours(-7);
            default -> ZoneOffset.UTC;
        };
    }
}
