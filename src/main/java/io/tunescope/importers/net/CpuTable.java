package io.tunescope.importers.net;

import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The shared layout of {@code /proc/interrupts} and {@code /proc/softirqs}: a CPU header, then labelled rows. */
final class CpuTable {
    /** {@code           CPU0       CPU1       } (trailing blanks as the kernel prints them). */
    static final Pattern HEADER = Pattern.compile("^\\s*+CPU\\d++(?:\\s++CPU\\d++)*+\\s*+$");
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

    /** One table as printed once: the CPUs of its header, the header's line and the rows read under it. */
    record Block<R>(List<Integer> cpus, int headerLine, List<R> rows) {
    }

    /** Reads one labelled row under a header; null when the row is left out (the reader said why). */
    interface RowReader<R> {
        R read(int line, String label, String rest, List<Integer> cpus);
    }

    /**
     * Reads every table of the file (several {@code cat}s in one file are several blocks): blank lines skipped,
     * lines before the first header and lines that are not {@code label: ...} rows noted, each row handed to
     * {@code reader}.
     *
     * @param what the row kind in the messages ("interrupt", "softirq")
     * @throws ImportException when the file has no CPU header at all
     */
    static <R> List<Block<R>> read(ImportContext ctx, String what, RowReader<R> reader) throws ImportException, IOException {
        String file = ctx.displayName();
        List<Block<R>> blocks = new ArrayList<>();
        List<Integer> cpus = null;
        List<R> rows = new ArrayList<>();
        int headerLine = 0;
        int stamps = 0;
        int firstStamp = 0;
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (l.isBlank()) {
                    continue;
                }
                if (io.tunescope.importers.PtStalkLoop.isStamp(l)) {
                    // pt-stalk's loop: a header follows and starts the next block
                    firstStamp = stamps++ == 0 ? n : firstStamp;
                    continue;
                }
                List<Integer> h = header(l);
                if (h != null) {
                    if (cpus != null) {
                        blocks.add(new Block<>(cpus, headerLine, rows));
                    }
                    cpus = h;
                    rows = new ArrayList<>();
                    headerLine = n;
                    continue;
                }
                if (cpus == null) {
                    ctx.warn(n, file + ": line before the CPU0 CPU1 ... header: " + abbreviate(l));
                    continue;
                }
                Matcher m = ROW.matcher(l);
                if (!m.matches()) {
                    ctx.warn(n, file + ": not " + (what.matches("^[aeiou].*") ? "an " : "a ") + what + " row: " + abbreviate(l));
                    continue;
                }
                R r = reader.read(n, m.group(1), m.group(2), cpus);
                if (r != null) {
                    rows.add(r);
                }
            }
        }
        if (cpus == null) {
            throw new ImportException(0, file + ": no CPU0 CPU1 ... header line");
        }
        blocks.add(new Block<>(cpus, headerLine, rows));
        if (stamps > 0) {
            ctx.info(firstStamp, file + ": " + stamps + " pt-stalk 'TS' sample lines (one copy of the table after each)");
        }
        return blocks;
    }
}
