package io.tunescope.importers.net;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The shared layout of {@code /proc/interrupts} and {@code /proc/softirqs}: a CPU header, then labelled rows. */
final class CpuTable {
    /** {@code           CPU0       CPU1       } (trailing blanks as the kernel prints them). */
    static final Pattern HEADER = Pattern.compile("^\\s*CPU\\d+(?:\\s+CPU\\d+)*\\s*$");
    /** A row label and the rest: {@code  38:}, {@code NMI:}, {@code IPI0:}, {@code      NET_RX:}. */
    static final Pattern ROW = Pattern.compile("^\\s*([A-Za-z0-9_]+):(.*)$");
    private static final Pattern COUNT = Pattern.compile("\\d+");

    private CpuTable() {
    }

    /** The CPU numbers of a header line, or null when it is not one. */
    static List<Integer> header(String line) {
        if (!HEADER.matcher(line).matches()) {
            return null;
        }
        List<Integer> cpus = new ArrayList<>();
        for (String t : line.strip().split("\\s+")) {
            try {
                cpus.add(Integer.parseInt(t.substring(3)));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return cpus;
    }

    /** The counts at the start of {@code rest} (at most {@code max}) and where the text after them starts. */
    record Counts(List<Long> counts, int end) {
    }

    static Counts counts(String rest, int max) {
        List<Long> out = new ArrayList<>();
        int i = 0;
        int n = rest.length();
        int end = 0;
        while (out.size() < max) {
            while (i < n && Character.isWhitespace(rest.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(rest.charAt(i))) {
                i++;
            }
            if (start == i) {
                break;
            }
            String tok = rest.substring(start, i);
            Matcher m = COUNT.matcher(tok);
            if (!m.matches() || tok.length() > 19) {
                i = start;
                break;
            }
            out.add(Long.parseLong(tok));
            end = i;
        }
        return new Counts(out, out.isEmpty() ? 0 : end);
    }

    static String abbreviate(String s) {
        String t = s.strip();
        return t.length() > 60 ? t.substring(0, 57) + "..." : t;
    }
}
