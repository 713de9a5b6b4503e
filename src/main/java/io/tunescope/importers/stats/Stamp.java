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
    /** A date as zh_CN / ja_JP locales print it ({@code 2026年12月02日}). */
    private static final Pattern CJK_DATE = Pattern.compile("(\\d{4})\u5e74(\\d{1,2})\u6708(\\d{1,2})\u65e5");
    /** A time as zh_CN / ja_JP locales print it ({@code 07时20分55秒}, {@code 07時20分55秒}). */
    private static final Pattern CJK_TIME = Pattern.compile("(\\d{1,2})[\u65f6\u6642](\\d{2})\u5206(\\d{2})\u79d2");
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
        Stamp fast = common(line, i);
        return fast != null ? fast : expressions(line);
    }

    /** {@link #parseLine} by the regular expressions alone (what the common-layout path is tested against). */
    static Stamp parseLineByExpressions(String line) {
        int i = 0;
        int n = line.length();
        while (i < n && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        if (i == n || !(Character.isDigit(line.charAt(i)) || line.charAt(i) == 'T') || line.indexOf(':', i) < 0) {
            return null;
        }
        return expressions(line);
    }

    private static Stamp expressions(String line) {
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

    /**
     * {@link #parseLine} of the most common timestamp lines without a regular expression: from {@code i} (after the
     * leading blanks), a date of {@code \d{1,4}} sep {@code \d{1,2}} sep {@code \d{1,4}} (one separator of '/', '.',
     * '-'), a ' ' or 'T' and blanks, a time {@code \d{1,2}:\d{2}:\d{2}} in range, then blanks, an optional AM/PM
     * (am/pm) and blanks to the end; blanks are spaces and tabs. Such a line is what {@link #FULL} matches with that
     * date and time, so the stamp is the one the expressions give. Null for any other line (then the expressions
     * decide): fractions of a second, zones, other blanks, out-of-range fields.
     */
    private static Stamp common(String s, int from) {
        int n = s.length();
        for (int j = 0; j < from; j++) {
            if (s.charAt(j) != ' ' && s.charAt(j) != '\t') {
                return null;
            }
        }
        int i = from;
        int a = 0;
        int k = 0;
        for (; i < n && k < 5 && isDigit(s.charAt(i)); i++, k++) {
            a = a * 10 + s.charAt(i) - '0';
        }
        if (k < 1 || k > 4 || i >= n) {
            return null;
        }
        char sep = s.charAt(i++);
        if (sep != '/' && sep != '.' && sep != '-') {
            return null;
        }
        int b = 0;
        k = 0;
        for (; i < n && k < 3 && isDigit(s.charAt(i)); i++, k++) {
            b = b * 10 + s.charAt(i) - '0';
        }
        if (k < 1 || k > 2 || i >= n || s.charAt(i) != sep) {
            return null;
        }
        i++;
        int c = 0;
        k = 0;
        for (; i < n && k < 5 && isDigit(s.charAt(i)); i++, k++) {
            c = c * 10 + s.charAt(i) - '0';
        }
        if (k < 1 || k > 4 || i >= n || s.charAt(i) != ' ' && s.charAt(i) != 'T') {
            return null;
        }
        i++;
        while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        int h = 0;
        k = 0;
        for (; i < n && k < 3 && isDigit(s.charAt(i)); i++, k++) {
            h = h * 10 + s.charAt(i) - '0';
        }
        if (k < 1 || k > 2 || i + 6 > n || s.charAt(i) != ':' || s.charAt(i + 3) != ':'
                || !isDigit(s.charAt(i + 1)) || !isDigit(s.charAt(i + 2)) || !isDigit(s.charAt(i + 4)) || !isDigit(s.charAt(i + 5))) {
            return null;
        }
        int mi = (s.charAt(i + 1) - '0') * 10 + s.charAt(i + 2) - '0';
        int se = (s.charAt(i + 4) - '0') * 10 + s.charAt(i + 5) - '0';
        i += 6;
        if (i < n && isDigit(s.charAt(i)) || h > 23 || mi > 59 || se > 60) {
            return null;
        }
        while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        int ampm = 0;
        if (i + 2 <= n) {
            char x = s.charAt(i);
            char y = s.charAt(i + 1);
            if ((x == 'A' || x == 'P') && y == 'M' || (x == 'a' || x == 'p') && y == 'm') {
                ampm = x == 'P' || x == 'p' ? 2 : 1;
                i += 2;
            }
        }
        while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        i = zone(s, i);
        if (i != n) {
            return null;
        }
        if (ampm != 0) {
            if (h < 1 || h > 12) {
                return null;
            }
            h = h % 12 + (ampm == 2 ? 12 : 0);
        }
        return new Stamp(a, b, c, sep, h * 3600 + mi * 60 + se, 0);
    }

    /**
     * After a zone that {@link #FULL} accepts ({@code [+-]\d{2}:?\d{2}}, {@code Z}, {@code UTC}, {@code [A-Z]{3,4}}) at
     * {@code i} and the spaces or tabs after it: the index there; {@code i} itself when there is no zone; -1 when the
     * text there is none of them.
     */
    private static int zone(String s, int i) {
        int n = s.length();
        if (i == n) {
            return i;
        }
        char z = s.charAt(i);
        int j = i;
        if (z == '+' || z == '-') {
            if (j + 5 > n || !isDigit(s.charAt(j + 1)) || !isDigit(s.charAt(j + 2))) {
                return -1;
            }
            j += 3;
            if (s.charAt(j) == ':') {
                j++;
            }
            if (j + 2 > n || !isDigit(s.charAt(j)) || !isDigit(s.charAt(j + 1))) {
                return -1;
            }
            j += 2;
        } else {
            while (j < n && s.charAt(j) >= 'A' && s.charAt(j) <= 'Z') {
                j++;
            }
            int letters = j - i;
            if (!(letters == 1 && z == 'Z' || letters == 3 || letters == 4)) {
                return -1;
            }
        }
        while (j < n && (s.charAt(j) == ' ' || s.charAt(j) == '\t')) {
            j++;
        }
        return j;
    }

    private static boolean isDigit(char ch) {
        return ch >= '0' && ch <= '9';
    }

    /**
     * {@link #parseLine} of {@code date + " " + time} read from bytes, for the common layouts only: a date of
     * {@code \d{1,4}} sep {@code \d{1,2}} sep {@code \d{1,4}} (one separator of '/', '.', '-') and a time of
     * {@code \d{1,2}:\d{2}:\d{2}} in range; the same stamp {@link #parseLine} gives. Null for anything else (then
     * ask {@link #parseLine}).
     */
    public static Stamp dateTime(byte[] b, int dateFrom, int dateTo, int timeFrom, int timeTo) {
        int i = dateFrom;
        int a = 0;
        int n = 0;
        for (; i < dateTo && b[i] >= '0' && b[i] <= '9' && n < 5; i++, n++) {
            a = a * 10 + b[i] - '0';
        }
        if (n < 1 || n > 4 || i >= dateTo || b[i] != '/' && b[i] != '.' && b[i] != '-') {
            return null;
        }
        byte sep = b[i++];
        int m = 0;
        n = 0;
        for (; i < dateTo && b[i] >= '0' && b[i] <= '9' && n < 3; i++, n++) {
            m = m * 10 + b[i] - '0';
        }
        if (n < 1 || n > 2 || i >= dateTo || b[i] != sep) {
            return null;
        }
        i++;
        int c = 0;
        n = 0;
        for (; i < dateTo && b[i] >= '0' && b[i] <= '9' && n < 5; i++, n++) {
            c = c * 10 + b[i] - '0';
        }
        if (n < 1 || n > 4 || i != dateTo) {
            return null;
        }
        i = timeFrom;
        int h = 0;
        n = 0;
        for (; i < timeTo && b[i] >= '0' && b[i] <= '9' && n < 3; i++, n++) {
            h = h * 10 + b[i] - '0';
        }
        if (n < 1 || n > 2 || timeTo - i != 6 || b[i] != ':' || b[i + 3] != ':') {
            return null;
        }
        int mi = twoDigits(b, i + 1);
        int se = twoDigits(b, i + 4);
        if (mi < 0 || se < 0 || h > 23 || mi > 59 || se > 60) {
            return null;
        }
        return new Stamp(a, m, c, (char) sep, h * 3600 + mi * 60 + se, 0);
    }

    private static int twoDigits(byte[] b, int i) {
        return b[i] >= '0' && b[i] <= '9' && b[i + 1] >= '0' && b[i + 1] <= '9' ? (b[i] - '0') * 10 + b[i + 1] - '0' : -1;
    }

    /** A date alone ({@code 11/30/2021}, {@code 2026-11-30}, {@code 30.11.2026}, {@code 2026年11月30日}), or null. */
    public static Stamp date(String s) {
        Matcher m = DATE.matcher(s.strip());
        if (!m.matches()) {
            Matcher cjk = CJK_DATE.matcher(s.strip());
            return cjk.matches() ? new Stamp(Integer.parseInt(cjk.group(1)), Integer.parseInt(cjk.group(2)),
                    Integer.parseInt(cjk.group(3)), '-', -1, 0) : null;
        }
        return new Stamp(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)),
                m.group(2).charAt(0), -1, 0);
    }

    /** A time of day alone ({@code 10:41:33}, {@code 06:47:54 AM}, {@code 07时20分55秒}), or null. */
    public static Stamp time(String s) {
        Stamp fast = commonTime(s.strip());
        return fast != null ? fast : timeByExpressions(s);
    }

    /**
     * {@link #time} of {@code \d{1,2}:\d{2}:\d{2}}, spaces or tabs, an optional AM/PM (am/pm), in range, without
     * the expression (which matches such a text with the same fields); null for any other text.
     */
    private static Stamp commonTime(String s) {
        int n = s.length();
        int i = 0;
        int h = 0;
        for (; i < n && i < 3 && isDigit(s.charAt(i)); i++) {
            h = h * 10 + s.charAt(i) - '0';
        }
        if (i < 1 || i > 2 || i + 6 > n || s.charAt(i) != ':' || s.charAt(i + 3) != ':'
                || !isDigit(s.charAt(i + 1)) || !isDigit(s.charAt(i + 2)) || !isDigit(s.charAt(i + 4)) || !isDigit(s.charAt(i + 5))) {
            return null;
        }
        int mi = (s.charAt(i + 1) - '0') * 10 + s.charAt(i + 2) - '0';
        int se = (s.charAt(i + 4) - '0') * 10 + s.charAt(i + 5) - '0';
        i += 6;
        if (h > 23 || mi > 59 || se > 60) {
            return null;
        }
        while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        int ampm = 0;
        if (i + 2 == n) {
            char x = s.charAt(i);
            char y = s.charAt(i + 1);
            if ((x == 'A' || x == 'P') && y == 'M' || (x == 'a' || x == 'p') && y == 'm') {
                ampm = x == 'P' || x == 'p' ? 2 : 1;
                i += 2;
            }
        }
        if (i != n) {
            return null;
        }
        if (ampm != 0) {
            if (h < 1 || h > 12) {
                return null;
            }
            h = h % 12 + (ampm == 2 ? 12 : 0);
        }
        return new Stamp(-1, -1, -1, (char) 0, h * 3600 + mi * 60 + se, 0);
    }

    /** {@link #time} by the regular expressions alone. */
    static Stamp timeByExpressions(String s) {
        Matcher m = TIME.matcher(s.strip());
        if (!m.matches()) {
            Matcher cjk = CJK_TIME.matcher(s.strip());
            if (!cjk.matches()) {
                return null;
            }
            int h = Integer.parseInt(cjk.group(1));
            int mi = Integer.parseInt(cjk.group(2));
            int se = Integer.parseInt(cjk.group(3));
            return h > 23 || mi > 59 || se > 60 ? null : new Stamp(-1, -1, -1, (char) 0, h * 3600 + mi * 60 + se, 0);
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
