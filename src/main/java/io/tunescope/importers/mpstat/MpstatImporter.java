package io.tunescope.importers.mpstat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.importers.stats.Banner;
import io.tunescope.importers.stats.SeriesCollector;
import io.tunescope.importers.stats.Stamp;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.series.SeriesDatasets;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.Unit;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mpstat} output: text (24 h or 12 h clock, {@code -P ALL} or one CPU, {@code -N ALL}, {@code -A}) and
 * {@code -o JSON}. Metrics are named without '%' ({@code usr}, {@code sys}, {@code iowait}, {@code soft}, ...), one
 * entity per CPU ({@code all}, {@code 0}, {@code 1}, ...) and per NUMA node ({@code node0}, ...); {@code intr/s}
 * is kept, the per-interrupt tables of {@code -I ALL} are not. {@code Average:} lines are skipped. sar's
 * {@code -u ALL} text, which looks alike, is not claimed.
 */
public final class MpstatImporter implements Importer<SeriesSet> {
    /** Any section header of mpstat text: time, CPU or NODE, then the columns ({@code -A}, {@code -I}, {@code -N}). */
    private static final Pattern SECTION = Pattern.compile(
            "^(\\d{1,2}:\\d{2}:\\d{2}(?:\\s*[AaPp][Mm])?)\\s++(CPU|NODE)\\s++(\\S.*)$");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern ROW = Pattern.compile(
            "^(\\d{1,2}:\\d{2}:\\d{2}(?:\\s*[AaPp][Mm])?)\\s++(all|\\d++)\\s++([-\\d.,\\s]*+)$");

    @Override
    public String format() {
        return "mpstat";
    }

    @Override
    public String description() {
        return "mpstat (text, -P ALL, -o JSON)";
    }

    @Override
    public Dataset<SeriesSet> dataset() {
        return SeriesDatasets.MPSTAT;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        int headers = 0;
        int rows = 0;
        boolean json = false;
        boolean cpuLoad = false;
        boolean sadfStamp = false;
        for (String l : head.lines()) {
            if (l.isEmpty() || l.charAt(0) < '0' || l.charAt(0) > '9') {
                continue; // both expressions start with the time's digits
            }
            Matcher sec = SECTION.matcher(l);
            boolean usrHeader = l.contains("%usr") && sec.matches(); // the literal first
            if (usrHeader && sarCpuLayout(sec.group(3))) {
                return Sniff.no("sar -u ALL layout (%steal right after %iowait): sar text, not mpstat");
            }
            if (usrHeader) {
                headers++;
            } else if (ROW.matcher(l).matches()) {
                rows++;
            }
        }
        io.tunescope.importers.stats.SysstatJson js = io.tunescope.importers.stats.SysstatJson.of(head);
        json = js.sysstat();
        cpuLoad = js.cpuLoad();
        sadfStamp = js.dateTimestamp();
        if (json && cpuLoad && !sadfStamp) {
            return Sniff.certain("sysstat JSON with cpu-load statistics (mpstat -o JSON)");
        }
        if (headers >= 1 && rows >= 1) {
            return Sniff.certain("mpstat CPU %usr header and rows");
        }
        if (headers >= 1) {
            return Sniff.strong("mpstat CPU %usr header");
        }
        return Sniff.no("no mpstat header");
    }

    @Override
    public ImportResult<SeriesSet> parse(ImportContext ctx) throws ImportException, IOException {
        SeriesSet set = SeriesCollector.jsonOrText(ctx, "mpstat report", this::parseJson, this::parseText);
        return ctx.result(set);
    }

    /**
     * sar's CPU utilisation header ({@code sar -u ALL}) has mpstat's columns in another order: %steal right after
     * %iowait, where mpstat has %irq (sysstat 9 to 12).
     */
    public static boolean sarCpuLayout(String columns) {
        String[] c = SPACES.split(columns.strip());
        for (int i = 0; i + 1 < c.length; i++) {
            if (c[i].equals("%iowait")) {
                return c[i + 1].equals("%steal");
            }
        }
        return false;
    }

    /** What a section of mpstat text holds. */
    private enum Section {
        /** CPU utilisation per CPU ({@code CPU %usr ...}). */
        CPU,
        /** CPU utilisation per NUMA node ({@code -N}, {@code -A}: {@code NODE %usr ...}); kept as entities node0, node1, ... */
        NODE,
        /** Interrupts per CPU ({@code -I SUM}: {@code CPU intr/s}). */
        INTR,
        /** Per-interrupt and per-softirq tables ({@code -I ALL}): not kept. */
        SKIPPED
    }

    private static Section section(String unit, String columns) {
        if (unit.equals("NODE")) {
            return columns.startsWith("%") ? Section.NODE : Section.SKIPPED;
        }
        if (columns.startsWith("%")) {
            return Section.CPU;
        }
        return columns.strip().equals("intr/s") ? Section.INTR : Section.SKIPPED;
    }

    private SeriesSet parseText(ImportContext ctx) throws IOException {
        SeriesCollector c = new SeriesCollector("mpstat", ctx.displayName());
        String[] cols = null;
        String colsText = null;
        boolean stamped = false;
        int skippedAverage = 0;
        Section section = Section.CPU;
        String sectionTime = null;
        java.util.EnumSet<Section> inReport = java.util.EnumSet.noneOf(Section.class);
        int skippedTables = 0;
        io.tunescope.importers.Fields f = new io.tunescope.importers.Fields();
        // the columns of the current table per entity, resolved once per table header, not per value
        Map<String, SeriesCollector.Column[]> columns = new java.util.HashMap<>();
        // the CPU rows' columns by the CPU's bytes ("all", "0", ...): no string per row
        io.tunescope.importers.BytesMap<SeriesCollector.Column[]> columnsOfId = new io.tunescope.importers.BytesMap<>();
        int[] at = new int[4];
        try (io.tunescope.importers.TextLines lines = ctx.textLines()) {
            while (lines.next()) {
                int n = (int) lines.number();
                if (cols != null && (section == Section.CPU || section == Section.INTR) && row(lines, at)) {
                    // the most frequent line, read from its bytes: what the ROW branch below does with its string
                    byte[] b = lines.buf();
                    if (!stamped) {
                        c.stampCurrent(Stamp.time(new String(b, lines.start(), at[0] - lines.start(), lines.charset())));
                        stamped = true;
                    }
                    int count = f.split(b, at[2], lines.end(), lines.charset());
                    if (count != cols.length) {
                        ctx.warn(n, ctx.displayName() + ": row has " + count + " values for " + cols.length + " columns; skipped");
                        continue;
                    }
                    SeriesCollector.Column[] cs = columnsOfId.get(b, at[1], at[1] + at[3]);
                    if (cs == null) {
                        cs = columns(c, columns, cols, new String(b, at[1], at[3], lines.charset()));
                        columnsOfId.put(b, at[1], at[1] + at[3], cs);
                    }
                    addRow(ctx, c, f, n, count, cs);
                    continue;
                }
                String l = lines.string();
                if (l.isBlank() || Banner.read(l, c)) {
                    continue;
                }
                if (l.startsWith("Average:")) {
                    skippedAverage++;
                    continue;
                }
                Matcher h = SECTION.matcher(l);
                if (h.matches()) {
                    Section next = section(h.group(2), h.group(3));
                    // mpstat -A / -P ALL -N ALL print several sections per interval, all under the interval's start time
                    if (!h.group(1).equals(sectionTime) || next != Section.SKIPPED && inReport.contains(next) || c.reports() == 0) {
                        c.beginReport(n, null);
                        inReport.clear();
                        stamped = false;
                    }
                    sectionTime = h.group(1);
                    inReport.add(next);
                    section = next;
                    String rest = h.group(3);
                    // the same header every report: split once (String.split compiles its expression at every call)
                    String[] header = cols != null && rest.equals(colsText) ? cols : rest.strip().split("\\s+");
                    colsText = rest;
                    if (cols == null || !java.util.Arrays.equals(cols, header)) {
                        columns.clear();
                        columnsOfId.clear();
                    }
                    cols = header;
                    if (next == Section.SKIPPED) {
                        skippedTables++;
                    }
                    continue;
                }
                Matcher r = ROW.matcher(l);
                boolean row = r.matches();
                if (row && cols != null && section == Section.SKIPPED) {
                    continue;
                }
                String entity = row ? entity(section, r.group(2), inReport) : null;
                if (row && cols != null && entity == null) {
                    continue;
                }
                if (row && cols != null) {
                    if (!stamped) {
                        c.stampCurrent(Stamp.time(r.group(1)));
                        stamped = true;
                    }
                    int count = f.split(l, r.start(3), l.length());
                    if (count != cols.length) {
                        ctx.warn(n, ctx.displayName() + ": row has " + count + " values for " + cols.length + " columns; skipped");
                        continue;
                    }
                    addRow(ctx, c, f, n, count, columns(c, columns, cols, entity));
                    continue;
                }
                ctx.warn(n, ctx.displayName() + ": line not understood as mpstat output; skipped");
            }
        }
        if (skippedTables > 0) {
            ctx.info(0, ctx.displayName() + ": " + skippedTables + " per-interrupt/softirq tables (mpstat -I ALL) not kept;"
                    + " CPU and node utilisation and intr/s are");
        }
        if (skippedAverage > 0) {
            ctx.info(0, ctx.displayName() + ": " + skippedAverage + " 'Average:' lines skipped (the series hold every interval)");
        }
        return c.build(ctx, false, 0);
    }

    /** The columns of an entity under the current header, resolved once per header and entity. */
    private static SeriesCollector.Column[] columns(SeriesCollector c, Map<String, SeriesCollector.Column[]> columns, String[] cols,
                                                    String entity) {
        SeriesCollector.Column[] cs = columns.get(entity);
        if (cs == null) {
            cs = new SeriesCollector.Column[cols.length];
            for (int i = 0; i < cols.length; i++) {
                cs[i] = c.column(cols[i].replace("%", ""), entity, cols[i].startsWith("%") ? Unit.PERCENT : Unit.PER_SECOND);
            }
            columns.put(entity, cs);
        }
        return cs;
    }

    /** The values of a row split into {@code f}. */
    private static void addRow(ImportContext ctx, SeriesCollector c, io.tunescope.importers.Fields f, int n, int count,
                               SeriesCollector.Column[] cs) {
        for (int i = 0; i < count; i++) {
            double d = f.number(i);
            if (f.ok()) {
                c.add(cs[i], d, n);
            } else {
                ctx.warn(n, ctx.displayName() + ": '" + f.text(i) + "' is not a number");
            }
        }
    }

    /**
     * {@link #ROW} on the current line's bytes, for its most frequent lines: true only when the pattern matches (then
     * {@code out} = the end of the time, the start of the CPU id, the start of the values, the id's length); false for any line it is not sure of, which the string path then reads as before. Such a line
     * starts with a digit, so it is no banner, "Average:" line, blank line or section header.
     */
    private static boolean row(io.tunescope.importers.TextLines lines, int[] out) {
        byte[] b = lines.buf();
        int i = lines.start();
        int end = lines.end();
        int d = digits(b, i, end);
        if (d < 1 || d > 2) {
            return false;
        }
        i += d;
        for (int k = 0; k < 2; k++) {
            if (i >= end || b[i] != ':' || digits(b, i + 1, end) != 2) {
                return false;
            }
            i += 3;
        }
        int j = i;
        while (j < end && regexSpace(b[j])) {
            j++;
        }
        if (j + 1 < end && ((b[j] | 0x20) == 'a' || (b[j] | 0x20) == 'p') && (b[j + 1] | 0x20) == 'm') {
            i = j + 2;
        }
        out[0] = i;
        int s = i;
        while (i < end && regexSpace(b[i])) {
            i++;
        }
        if (i == s) {
            return false;
        }
        int id = i;
        if (end - i >= 3 && b[i] == 'a' && b[i + 1] == 'l' && b[i + 2] == 'l') {
            i += 3;
        } else {
            int n = digits(b, i, end);
            if (n == 0) {
                return false;
            }
            i += n;
        }
        int idLength = i - id;
        s = i;
        while (i < end && regexSpace(b[i])) {
            i++;
        }
        if (i == s) {
            return false;
        }
        int values = i;
        for (; i < end; i++) {
            byte c = b[i];
            if (!(c >= '0' && c <= '9' || c == '-' || c == '.' || c == ',' || regexSpace(c))) {
                return false;
            }
        }
        out[1] = id;
        out[2] = values;
        out[3] = idLength;
        return true;
    }

    private static int digits(byte[] b, int from, int end) {
        int i = from;
        while (i < end && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        return i - from;
    }

    /** Java's regex {@code \s}. */
    private static boolean regexSpace(byte c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /**
     * The entity a row is kept under: the CPU number or {@code all} for CPU rows, {@code node0}, {@code node1}, ...
     * for node rows; a node section's {@code all} row repeats the CPU {@code all} row and is kept only when the
     * report has no CPU section ({@code mpstat -N ALL} alone). Null when the row is not kept.
     */
    private static String entity(Section section, String id, java.util.Set<Section> inReport) {
        return switch (section) {
            case CPU, INTR -> id;
            case NODE -> id.equals("all") ? (inReport.contains(Section.CPU) ? null : "all") : "node" + id;
            case SKIPPED -> null;
        };
    }

    private SeriesSet parseJson(ImportContext ctx) throws IOException {
        SeriesCollector c = new SeriesCollector("mpstat", ctx.displayName());
        SeriesCollector.readSysstatJson(ctx, "reports", (st, line) -> {
            JsonNode load = st.get("cpu-load");
            if (load == null) {
                return;
            }
            c.beginReport(line, st.has("timestamp") ? Stamp.parseLine(st.get("timestamp").asText()) : null);
            for (JsonNode cpu : load) {
                String id = cpu.path("cpu").asText("");
                Iterator<Map.Entry<String, JsonNode>> it = cpu.fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (e.getValue().isNumber()) {
                        c.add(e.getKey(), id, Unit.PERCENT, e.getValue().asDouble(), line);
                    }
                }
            }
        }, c::sysstatHostField);
        return c.build(ctx, false, 0);
    }

    @Override
    public Map<String, Object> summarize(SeriesSet value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("reports", value.reports());
        long nodes = value.entities().stream().filter(e -> e.startsWith("node")).count();
        out.put("cpus", value.entities().size() - (int) nodes);
        if (nodes > 0) {
            out.put("nodes", (int) nodes);
        }
        return out;
    }
}
