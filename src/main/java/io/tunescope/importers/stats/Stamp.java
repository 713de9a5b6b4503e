package io.tunescope.importers.stats;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A timestamp as printed by sysstat/vmstat tools, kept raw until the whole file is read: the order of
 * day and month in a locale date ({@code 11/30/26}, {@code 30/11/2026}, {@code 30.11.2026}) is decided
 * from every date of the file together (see {@link StampResolver}).
 *
 * @param a       first date field, or -1 when there is no date
 * @param b       second date field
 * @param c       third date field
 * @param sep     the date separator ('/', '.', '-') or 0
 * @param seconds seconds since midnight (after the AM/PM correction), or -1 when there is no time
 * @param millis  milliseconds within the second
 */
public record Stamp(int a, int b, int c, char sep, int seconds, int millis) {
    private static final Pattern DATE = Pattern.compile("(\\d{1,4})([/.\\-])(\\d{1,2})\\2(\\d{1,4})");
    private static final Pattern TIME = Pattern.compile("(\\d{1,2}):(\\d{2}):(\\d{2})(?:[.,](\\d{1,6}))?\\s*(AM|PM|am|pm)?");
    private static final Pattern FULL = Pattern.compile(
            "^\\s*(?:Time:\\s*)?(?:(\\d{1,4}[/.\\-]\\d{1,2}[/.\\-]\\d{1,4})[T ]\\s*)?(\\d{1,2}:\\d{2}:\\d{2}(?:[.,]\\d{1,6})?)\\s*+(AM|PM|am|pm)?\\s*+(?:[+-]\\d{2}:?\\d{2}|Z|UTC|[A-Z]{3,4})?\\s*+$");

    public boolean hasDate() {
        return a >= 0;
    }

    public boolean hasTime() {
        return seconds >= 0;
    }

    /**
     * Parses a whole line that is only a timestamp ({@code 01/25/2022 06:47:54 AM},
     * {@code 2026-11-30T10:41:33+0000}, {@code 11/30/26 10:41:33}, {@code Time: 10:41:33}), or returns null.
     * A zone suffix is accepted and ignored: every tool's times are read as printed (local wall time).
     */
    public static Stamp parseLine(String line) {
        // cheap refusals first (importers ask this of every line): a timestamp line starts with a digit or
        // "Time:" and holds a ':'
        int i = 0;
        int n = line.length();
        while (i < n && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        if (i == n || !(Character.isDigit(line.charAt(i)) || line.charAt(i) == 'T') || line.indexOf(':', i) < 0) {
            return null;
        }
        Matcher m = FULL.matcher(line);
        if (!m.matches()) {
            return null;
        }
        Stamp d = m.group(1) == null ? null : date(m.group(1));
        String t = m.group(2) + (m.group(3) == null ? "" : " " + m.group(3));
        Stamp time = time(t);
        if (time == null) {
            return null;
        }
        return d == null ? time : new Stamp(d.a, d.b, d.c, d.sep, time.seconds, time.millis);
    }

    /** A date alone ({@code 11/30/2021}, {@code 2026-11-30}, {@code 30.11.2026}), or null. */
    public static Stamp date(String s) {
        Matcher m = DATE.matcher(s.strip());
        if (!m.matches()) {
            return null;
        }
        return new Stamp(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)),
                m.group(2).charAt(0), -1, 0);
    }

    /** A time of day alone ({@code 10:41:33}, {@code 06:47:54 AM}), or null. */
    public static Stamp time(String s) {
        Matcher m = TIME.matcher(s.strip());
        if (!m.matches()) {
            return null;
        }
        int h = Integer.parseInt(m.group(1));
        int mi = Integer.parseInt(m.group(2));
        int se = Integer.parseInt(m.group(3));
        if (h > 23 || mi > 59 || se > 60) {
            return null;
        }
        String ampm = m.group(5);
        if (ampm != null) {
            if (h < 1 || h > 12) {
                return null;
            }
            boolean pm = ampm.equalsIgnoreCase("PM");
            h = h % 12 + (pm ? 12 : 0);
        }
        int ms = 0;
        if (m.group(4) != null) {
            String f = (m.group(4) + "000").substring(0, 3);
            ms = Integer.parseInt(f);
        }
        return new Stamp(-1, -1, -1, (char) 0, h * 3600 + mi * 60 + se, ms);
    }

    /** This time with the date of {@code d}. */
    public Stamp withDate(Stamp d) {
        return d == null || !d.hasDate() ? this : new Stamp(d.a, d.b, d.c, d.sep, seconds, millis);
    }
}
