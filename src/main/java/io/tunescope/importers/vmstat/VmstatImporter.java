package io.tunescope.importers.vmstat;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.importers.stats.SeriesCollector;
import io.tunescope.importers.stats.Stamp;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.series.SeriesDatasets;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.Unit;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code vmstat} output, with or without {@code -t} timestamps, with repeated headers ({@code -n} off),
 * wide ({@code -w}) and active/inactive ({@code -a}) layouts. The first row is vmstat's average since
 * boot: kept apart, not plotted.
 */
public final class VmstatImporter implements Importer<SeriesSet> {
    private static final Set<String> PERCENT = Set.of("us", "sy", "id", "wa", "st", "gu");
    private static final Set<String> COUNTS = Set.of("r", "b");
    private static final Set<String> RATES = Set.of("si", "so", "bi", "bo", "in", "cs");

    @Override
    public String format() {
        return "vmstat";
    }

    @Override
    public String description() {
        return "vmstat (with or without -t)";
    }

    @Override
    public Dataset<SeriesSet> dataset() {
        return SeriesDatasets.VMSTAT;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        boolean procs = false;
        boolean cols = false;
        for (String l : head.lines()) {
            boolean r = Head.firstNonWhitespace(l) == 'r'; // what both headers start with, stripped
            if (r && isBsdColumnHeader(l)) {
                return Sniff.no("BSD vmstat layout (avm, fre, flt, pi, po columns: FreeBSD/OpenBSD), not Linux procps vmstat");
            }
            if (l.startsWith("procs ") && l.contains("memory")) {
                procs = true;
            } else if (r && isColumnHeader(l)) {
                cols = true;
            }
        }
        if (procs && cols) {
            return Sniff.certain("vmstat procs/memory header");
        }
        if (cols) {
            return Sniff.strong("vmstat column header");
        }
        return Sniff.no("no vmstat header");
    }

    /** Linux procps vmstat's column header: r b ... (swap) si so, (block I/O) bi bo, in cs, us sy id. */
    private static boolean isColumnHeader(String l) {
        String s = l.strip();
        // pt-summary's "fuzzy rounded vmstat" renames in/id to ir/il: a table of its own, not vmstat output
        return s.startsWith("r ") && s.contains(" b ") && s.contains(" cs ") && s.contains(" us ")
                && s.contains(" bi ") && s.contains(" bo ") && (s.contains(" in ") || s.contains(" id "));
    }

    /**
     * The BSD vmstat header ({@code r b w avm fre flt re pi po fr sr ... in sy cs us sy id}): other columns, other
     * units (pages, humanized sizes), so it is refused rather than read as Linux vmstat.
     */
    private static boolean isBsdColumnHeader(String l) {
        String s = " " + l.strip() + " ";
        return s.startsWith(" r ") && s.contains(" avm ") && s.contains(" fre ") && s.contains(" flt ") && s.contains(" pi ");
    }

    @Override
    public ImportResult<SeriesSet> parse(ImportContext ctx) throws ImportException, IOException {
        SeriesCollector c = new SeriesCollector("vmstat", ctx.displayName());
        String[] cols = null;
        double[] d = null;
        SeriesCollector.Column[] columns = null;
        io.tunescope.importers.Fields f = new io.tunescope.importers.Fields();
        boolean timestamped = false;
        int rows = 0;
        try (io.tunescope.importers.TextLines lines = ctx.textLines()) {
            while (lines.next()) {
                int n = (int) lines.number();
                int count;
                Stamp stamp = null;
                if (cols != null && startsWithDigit(lines)) {
                    // the most frequent line (a row: it starts with a digit, so it is no header), split as bytes
                    count = lines.split(f);
                    if (timestamped && count >= cols.length + 2) {
                        stamp = Stamp.dateTime(lines.buf(), f.start(count - 2), f.end(count - 2), f.start(count - 1), f.end(count - 1));
                        if (stamp == null) {
                            stamp = Stamp.parseLine(f.text(count - 2) + " " + f.text(count - 1));
                        }
                    } else if (timestamped && count == cols.length + 1) {
                        stamp = Stamp.parseLine(f.text(count - 1));
                    }
                } else {
                    String l = lines.string();
                    if (l.isBlank()) {
                        continue;
                    }
                    if (l.startsWith("procs ")) {
                        timestamped = l.contains("timestamp");
                        continue;
                    }
                    if (isColumnHeader(l)) {
                        cols = l.strip().split("\\s+");
                        if (timestamped && cols.length > 0 && !Character.isLowerCase(cols[cols.length - 1].charAt(0))) {
                            cols = java.util.Arrays.copyOf(cols, cols.length - 1);
                        }
                        d = new double[cols.length];
                        columns = new SeriesCollector.Column[cols.length];
                        for (int i = 0; i < cols.length; i++) {
                            String name = cols[i];
                            Unit u = PERCENT.contains(name) ? Unit.PERCENT : COUNTS.contains(name) ? Unit.COUNT
                                    : RATES.contains(name) ? Unit.PER_SECOND : Unit.KB;
                            columns[i] = c.column(name, "", u);
                        }
                        continue;
                    }
                    if (cols == null) {
                        ctx.warn(n, ctx.displayName() + ": data before the vmstat header; skipped");
                        continue;
                    }
                    count = f.split(l);
                    if (timestamped && count >= cols.length + 2) {
                        stamp = Stamp.parseLine(f.text(count - 2) + " " + f.text(count - 1));
                    } else if (timestamped && count == cols.length + 1) {
                        stamp = Stamp.parseLine(f.text(count - 1));
                    }
                }
                if (count < cols.length) {
                    ctx.warn(n, ctx.displayName() + ": row has " + count + " values for " + cols.length + " columns; skipped");
                    continue;
                }
                boolean ok = true;
                for (int i = 0; i < cols.length; i++) {
                    d[i] = f.number(i);
                    if (!f.ok() || f.comma()) { // vmstat prints integers; a decimal comma is not one of its rows
                        ok = false;
                        break;
                    }
                }
                if (!ok) {
                    ctx.warn(n, ctx.displayName() + ": not a vmstat row; skipped");
                    continue;
                }
                c.beginReport(n, stamp);
                rows++;
                for (int i = 0; i < cols.length; i++) {
                    c.add(columns[i], d[i], n);
                }
            }
        }
        if (rows == 0) {
            throw new ImportException(0, ctx.displayName() + ": no vmstat rows found");
        }
        return ctx.result(c.build(ctx, true, 0));
    }

    /**
     * Whether the current line's first character other than ASCII blanks is an ASCII digit: a vmstat row, never
     * blank, a "procs" line or a column header (all of which the string path reads).
     */
    private static boolean startsWithDigit(io.tunescope.importers.TextLines lines) {
        byte[] b = lines.buf();
        int i = lines.start();
        while (i < lines.end() && b[i] >= 0 && Character.isWhitespace(b[i])) {
            i++;
        }
        return i < lines.end() && b[i] >= '0' && b[i] <= '9';
    }

    @Override
    public Map<String, Object> summarize(SeriesSet value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("reports", value.reports());
        return out;
    }
}
