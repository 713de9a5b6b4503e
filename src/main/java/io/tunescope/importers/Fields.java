package io.tunescope.importers;

import java.nio.charset.Charset;
import java.util.Arrays;

/**
 * The whitespace-separated fields of a line as offsets into it, reused from line to line: splitting allocates
 * nothing, and a field becomes a string ({@link #text}) or a number ({@link #number}) only when asked. Fields are
 * separated by Java's regex {@code \s} (as {@code split("\\s+")} after dropping leading and trailing blanks), for
 * the per-line loops of the text importers (iostat, mpstat, vmstat, numastat, sar), where a string per value and
 * {@link Double#parseDouble} per value were most of the time.
 *
 * <p>A line can also be split as bytes ({@link #split(byte[], int, int, Charset)}) in an ASCII-compatible charset
 * (UTF-8, GB18030, ISO-8859-1: no byte of a multi-byte character is an ASCII blank), as {@link TextLines} hands
 * lines out: then a field is decoded only when it is asked for as text, and numbers are read from the bytes with the
 * same result as from the decoded characters.
 */
public final class Fields {
    private CharSequence line = "";
    /** The line's bytes when it was split as bytes, else null. */
    private byte[] bytes;
    private Charset charset;
    private int[] start = new int[32];
    private int[] end = new int[32];
    private int count;
    private boolean numberOk;
    private boolean comma;

    /** Splits {@code s} into its fields and returns how many there are (0 for a blank line). */
    public int split(CharSequence s) {
        return split(s, 0, s.length());
    }

    /** Splits the characters {@code [from, to)} of {@code s}; field offsets are into {@code s}. */
    public int split(CharSequence s, int from, int to) {
        line = s;
        bytes = null;
        count = 0;
        int n = to;
        int i = from;
        while (i < n) {
            while (i < n && ws(s.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            int first = i;
            while (i < n && !ws(s.charAt(i))) {
                i++;
            }
            if (count == start.length) {
                start = Arrays.copyOf(start, count * 2);
                end = Arrays.copyOf(end, count * 2);
            }
            start[count] = first;
            end[count] = i;
            count++;
        }
        return count;
    }

    /**
     * Splits the bytes {@code [from, to)} of {@code b}, text in {@code cs} (ASCII-compatible); field offsets are
     * into {@code b}, and the fields are the same as those of the decoded line.
     */
    public int split(byte[] b, int from, int to, Charset cs) {
        bytes = b;
        charset = cs;
        count = 0;
        int i = from;
        while (i < to) {
            while (i < to && ws(b[i])) {
                i++;
            }
            if (i >= to) {
                break;
            }
            int first = i;
            while (i < to && !ws(b[i])) {
                i++;
            }
            if (count == start.length) {
                start = Arrays.copyOf(start, count * 2);
                end = Arrays.copyOf(end, count * 2);
            }
            start[count] = first;
            end[count] = i;
            count++;
        }
        return count;
    }

    /** The start offset of field {@code i} (into the line or its bytes). */
    public int start(int i) {
        return start[i];
    }

    /** The end offset of field {@code i}. */
    public int end(int i) {
        return end[i];
    }

    /** The number of fields of the line last split. */
    public int count() {
        return count;
    }

    /** Field {@code i} as a string. */
    public String text(int i) {
        if (bytes != null) {
            return new String(bytes, start[i], end[i] - start[i], charset);
        }
        return line.subSequence(start[i], end[i]).toString();
    }

    /** The length of field {@code i}. */
    public int length(int i) {
        return end[i] - start[i];
    }

    /** Whether field {@code i} is exactly {@code s}. */
    public boolean is(int i, String s) {
        int len = end[i] - start[i];
        if (len != s.length()) {
            return false;
        }
        if (bytes != null) {
            for (int k = 0; k < len; k++) {
                if (bytes[start[i] + k] != s.charAt(k) || s.charAt(k) >= 0x80) {
                    return false;
                }
            }
            return true;
        }
        for (int k = 0; k < len; k++) {
            if (line.charAt(start[i] + k) != s.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** Whether field {@code i} holds the character {@code c}. */
    public boolean has(int i, char c) {
        if (bytes != null && c < 0x80) {
            for (int k = start[i]; k < end[i]; k++) {
                if (bytes[k] == c) {
                    return true;
                }
            }
            return false;
        }
        if (bytes != null) {
            return text(i).indexOf(c) >= 0;
        }
        for (int k = start[i]; k < end[i]; k++) {
            if (line.charAt(k) == c) {
                return true;
            }
        }
        return false;
    }

    /** The last character of field {@code i} (of its bytes: a byte of 0x80 or more is returned as U+FFFF). */
    public char last(int i) {
        if (bytes != null) {
            byte b = bytes[end[i] - 1];
            return b >= 0 ? (char) b : '\uffff';
        }
        return line.charAt(end[i] - 1);
    }

    /**
     * Field {@code i} as a number, exactly as {@link Double#parseDouble} reads it after a decimal comma is made a
     * point; {@link #ok()} tells whether it was one. {@code trim} characters are left off its end first (1 for a
     * {@code %} or a size suffix the caller handles).
     */
    public double number(int i, int trim) {
        if (bytes != null) {
            return parse(bytes, start[i], end[i] - trim);
        }
        return parse(line, start[i], end[i] - trim);
    }

    /** Field {@code i} as a number (see {@link #number(int, int)}). */
    public double number(int i) {
        if (bytes != null) {
            return parse(bytes, start[i], end[i]);
        }
        return parse(line, start[i], end[i]);
    }

    /**
     * Whether the text the last {@link #number} (or {@link #parseDouble}) read holds a ',', whether it was a number or
     * not: for a whole field what {@link #has}{@code (i, ',')} says, without a second pass over it.
     */
    public boolean comma() {
        return comma;
    }

    /** Whether the last {@link #number} read a number. */
    public boolean ok() {
        return numberOk;
    }

    /** Powers of ten exactly representable as doubles. */
    private static final double[] POW10 = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22};

    /**
     * Reads {@code [+-]digits[(.|,)digits]} without a string: when the digits fit in 2^53 and there are at most 22
     * decimals, {@code digits / 10^decimals} is one correctly rounded division of two exact doubles, i.e. the
     * double {@link Double#parseDouble} gives. Anything else (exponents, 17+ digits, "NaN", a trailing 'd') goes to
     * {@link Double#parseDouble} on the text, so the result is always the same as before.
     */
    private double parse(CharSequence s, int from, int to) {
        numberOk = true;
        comma = false;
        int i = from;
        boolean neg = false;
        if (i < to && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            neg = s.charAt(i) == '-';
            i++;
        }
        long m = 0;
        int digits = 0;
        int decimals = 0;
        boolean point = false;
        boolean fast = i < to;
        for (; i < to; i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                if (m >= (1L << 53) / 10) {
                    fast = false;
                    break;
                }
                m = m * 10 + (c - '0');
                digits++;
                if (point) {
                    decimals++;
                }
            } else if ((c == '.' || c == ',') && !point) {
                point = true;
                comma = c == ',';
            } else {
                fast = false;
                break;
            }
        }
        if (fast && digits > 0 && decimals < POW10.length) {
            double v = decimals == 0 ? m : m / POW10[decimals];
            return neg ? -v : v;
        }
        return slow(s, from, to);
    }

    /**
     * The bytes {@code b[from, to)} of text in {@code cs} as a number exactly as {@link Double#parseDouble} reads them
     * (no decimal comma here); {@link #ok()} tells whether they were one.
     */
    public double parseDouble(byte[] b, int from, int to, Charset cs) {
        charset = cs;
        return parse(b, from, to, false);
    }

    private double parse(byte[] s, int from, int to) {
        return parse(s, from, to, true);
    }

    /** {@link #parse(CharSequence, int, int)} of bytes: the same digits, the same division, the same fallback. */
    private double parse(byte[] s, int from, int to, boolean decimalComma) {
        numberOk = true;
        comma = false;
        int i = from;
        boolean neg = false;
        if (i < to && (s[i] == '-' || s[i] == '+')) {
            neg = s[i] == '-';
            i++;
        }
        long m = 0;
        int digits = 0;
        int decimals = 0;
        boolean point = false;
        boolean fast = i < to;
        for (; i < to; i++) {
            byte c = s[i];
            if (c >= '0' && c <= '9') {
                if (m >= (1L << 53) / 10) {
                    fast = false;
                    break;
                }
                m = m * 10 + (c - '0');
                digits++;
                if (point) {
                    decimals++;
                }
            } else if ((c == '.' || c == ',' && decimalComma) && !point) {
                point = true;
                comma = c == ',';
            } else {
                fast = false;
                break;
            }
        }
        if (fast && digits > 0 && decimals < POW10.length) {
            double v = decimals == 0 ? m : m / POW10[decimals];
            return neg ? -v : v;
        }
        String text = new String(s, from, to - from, charset);
        if (!decimalComma) {
            comma = text.indexOf(',') >= 0;
            try {
                return Double.parseDouble(text);
            } catch (NumberFormatException e) {
                numberOk = false;
                return Double.NaN;
            }
        }
        return slow(text, 0, text.length());
    }

    private double slow(CharSequence s, int from, int to) {
        for (int k = from; k < to && !comma; k++) {
            comma = s.charAt(k) == ',';
        }
        try {
            return Double.parseDouble(s.subSequence(from, to).toString().replace(',', '.'));
        } catch (NumberFormatException e) {
            numberOk = false;
            return Double.NaN;
        }
    }

    private static boolean ws(byte c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** Java's regex {@code \s}: space, tab, LF, VT, FF, CR. */
    private static boolean ws(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }
}
