package io.tunescope.importers.iocsv;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.importers.stats.IoColumns;
import io.tunescope.importers.stats.SeriesCollector;
import io.tunescope.importers.stats.Stamp;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.series.SeriesDatasets;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.Unit;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * {@code sadf -d} (semicolon CSV: {@code # hostname;interval;timestamp;DEV;tps;...}; every activity of
 * {@code sadf -d -A}; {@code sadf -dh}, one line per record) and {@code sadf -j}
 * (sysstat JSON with {@code "timestamp": {"date", "time"}} objects): disk ({@code -d}) and CPU
 * ({@code -u}, {@code -P}) activity. Disk columns map to iostat's names and units; CPU {@code -1} is
 * {@code all}.
 */
public final class SadfImporter implements Importer<SeriesSet> {

    @Override
    public String format() {
        return "sadf";
    }

    @Override
    public String description() {
        return "sar data exported with sadf -d or sadf -j";
    }

    @Override
    public Dataset<SeriesSet> dataset() {
        return SeriesDatasets.SADF;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        boolean json = false;
        boolean jsonStamp = false;
        for (String l : head.lines()) {
            if (l.startsWith("# hostname;interval;timestamp;")) {
                return Sniff.certain("sadf -d header");
            }
        }
        io.tunescope.importers.stats.SysstatJson js = io.tunescope.importers.stats.SysstatJson.of(head);
        json = js.sysstat();
        jsonStamp = js.dateTimestamp();
        if (json && jsonStamp) {
            return Sniff.certain("sysstat JSON with date/time timestamp objects (sadf -j)");
        }
        if (jsonStamp) {
            return Sniff.strong("sadf -j statistics");
        }
        return Sniff.no("no sadf -d header or sadf -j timestamps");
    }

    @Override
    public ImportResult<SeriesSet> parse(ImportContext ctx) throws ImportException, IOException {
        SeriesSet set = SeriesCollector.jsonOrText(ctx, "sadf records", this::parseJson, this::parseCsv);
        return ctx.result(set);
    }

    private SeriesSet parseCsv(ImportContext ctx) throws IOException {
        SeriesCollector c = new SeriesCollector("sadf", ctx.displayName());
        List<Seg> layout = null;
        int width = 0;
        long interval = 0;
        int section = -1;
        // sadf -d -A lists every record once per activity: a timestamp's values go to its one report
        Map<String, Integer> reportOf = new java.util.HashMap<>();
        // a column name two activities share (retrans/s of NFS and ETCP) is kept from the first only
        Map<String, Integer> owner = new java.util.HashMap<>();
        java.util.Set<String> repeated = new java.util.TreeSet<>();
        Fast fast = null;
        try (io.tunescope.importers.TextLines lines = ctx.textLines()) {
            while (lines.next()) {
                int n = (int) lines.number();
                if (fast != null && fast.row(lines, n)) {
                    continue;
                }
                String l = lines.string();
                if (l.isBlank()) {
                    continue;
                }
                if (l.startsWith("#")) {
                    List<String> cols = CsvTable.split(l.substring(1).strip(), ';');
                    layout = Seg.layout(cols);
                    width = cols.size();
                    section++;
                    if (fast != null) {
                        interval = fast.interval;
                    }
                    fast = Fast.of(layout, section, c, reportOf, owner, repeated, ctx);
                    if (fast != null) {
                        fast.interval = interval;
                    }
                    continue;
                }
                if (layout == null) {
                    ctx.warn(n, ctx.displayName() + ": row before the '# hostname;interval;timestamp' header; skipped");
                    continue;
                }
                if (CsvTable.unbalancedQuotes(l)) {
                    ctx.warn(n, ctx.displayName() + ": a quote that does not close; the row was read with its quotes as text");
                }
                List<String> v = CsvTable.split(l, ';');
                List<Item> items = v.size() < 4 ? null : Seg.items(layout, v);
                if (items == null) {
                    ctx.warn(n, ctx.displayName() + ": row has " + v.size() + " fields for " + width + " columns; skipped");
                    continue;
                }
                c.meta("host", v.get(0));
                Double iv = CsvTable.number(v.get(1));
                if (fast != null) {
                    interval = fast.interval;
                    fast.forget();
                }
                if (iv != null) {
                    interval = Math.round(iv * 1000);
                }
                if (fast != null) {
                    fast.interval = interval;
                }
                String ts = v.get(2);
                Integer report = reportOf.get(ts);
                if (report != null) {
                    c.selectReport(report);
                } else {
                    Stamp st = Stamp.parseLine(ts);
                    Double epoch = CsvTable.number(ts);
                    if (epoch != null) {
                        reportOf.put(ts, c.beginReportEpoch(n, CsvTable.epochMillis(epoch)));
                    } else {
                        if (st == null) {
                            ctx.warn(n, ctx.displayName() + ": unreadable timestamp '" + ts + "'");
                        }
                        reportOf.put(ts, c.beginReport(n, st));
                    }
                }
                for (Item it : items) {
                    Double d = CsvTable.number(it.value());
                    if (d == null) {
                        continue;
                    }
                    boolean disk = it.entityColumn().equals("DEV");
                    IoColumns.Col col = disk ? IoColumns.of(it.column()) : null;
                    String h = it.column();
                    if (col == null) {
                        col = new IoColumns.Col(h.replace("%", ""), h.startsWith("%") ? Unit.PERCENT
                                : h.endsWith("/s") ? Unit.PER_SECOND : Unit.COUNT, 1);
                    }
                    Integer first = owner.putIfAbsent(it.entity() + "/" + col.name(), section);
                    if (first != null && first != section) {
                        repeated.add(col.name());
                        continue;
                    }
                    if (disk) {
                        c.addDevice(col.name(), it.entity(), col.unit(), d * col.factor(), n);
                    } else {
                        c.add(col.name(), it.entity(), col.unit(), d * col.factor(), n);
                    }
                }
            }
        }
        if (fast != null) {
            interval = fast.interval;
        }
        if (!repeated.isEmpty()) {
            ctx.info(0, ctx.displayName() + ": " + String.join(", ", repeated)
                    + " appear in two activities; kept from the first");
        }
        return c.build(ctx, false, interval);
    }

    /**
     * The rows of a {@code sadf -d} section read from their bytes, for the most frequent layout: segments that do not
     * repeat (no {@code [...]}, no {@code CPU*}) and rows of printable ASCII without quotes, which CSV splits at every
     * ';' with the spaces around values trimmed. Gives what the string path gives: the same host, interval, report
     * per timestamp, values (as {@link CsvTable#number} reads them), first-activity ownership of a column and
     * messages; any other row goes through the string path.
     */
    private static final class Fast {
        private final List<Seg> layout;
        private final int section;
        private final int fields;
        private final SeriesCollector c;
        private final Map<String, Integer> reportOf;
        private final Map<String, Integer> owner;
        private final java.util.Set<String> repeated;
        private final ImportContext ctx;
        /** The timestamp of the row before (its bytes) and its report. */
        private byte[] lastStamp;
        private Integer lastReport;
        private final List<io.tunescope.importers.BytesMap<Entity>> entities = new java.util.ArrayList<>();
        private final io.tunescope.importers.Fields numbers = new io.tunescope.importers.Fields();
        private int[] start = new int[64];
        private int[] end = new int[64];
        private byte[] host = new byte[0];
        private byte[] intervalText;
        private Double iv;
        long interval;

        /** A segment's entity in this section: per metric its column once its first number came (state 1), or skip (2). */
        private static final class Entity {
            final String name;
            final SeriesCollector.Column[] cols;
            final IoColumns.Col[] defs;
            final byte[] state;

            Entity(String name, int metrics) {
                this.name = name;
                this.cols = new SeriesCollector.Column[metrics];
                this.defs = new IoColumns.Col[metrics];
                this.state = new byte[metrics];
            }
        }

        private Fast(List<Seg> layout, int section, SeriesCollector c, Map<String, Integer> reportOf, Map<String, Integer> owner,
                     java.util.Set<String> repeated, ImportContext ctx) {
            this.layout = layout;
            this.section = section;
            int w = 3;
            for (Seg seg : layout) {
                w += seg.width();
                entities.add(new io.tunescope.importers.BytesMap<>());
            }
            this.fields = w;
            this.c = c;
            this.reportOf = reportOf;
            this.owner = owner;
            this.repeated = repeated;
            this.ctx = ctx;
        }

        static Fast of(List<Seg> layout, int section, SeriesCollector c, Map<String, Integer> reportOf, Map<String, Integer> owner,
                       java.util.Set<String> repeated, ImportContext ctx) {
            int w = 3;
            for (Seg seg : layout) {
                w += seg.width();
            }
            if (w < 4) {
                return null;
            }
            for (Seg seg : layout) {
                if (seg.repeats() || seg.metrics().size() == 1 && seg.metrics().get(0).equals("CPU*")) {
                    return null;
                }
            }
            return new Fast(layout, section, c, reportOf, owner, repeated, ctx);
        }

        /** After a row read through the string path: the host and interval are read again on the next row. */
        void forget() {
            host = new byte[0];
            intervalText = null;
        }

        /** Reads the current line when it is a plain row of the section's width; false leaves it to the string path. */
        boolean row(io.tunescope.importers.TextLines lines, int n) {
            byte[] b = lines.buf();
            int from = lines.start();
            int to = lines.end();
            if (from == to || b[from] == '#') {
                return false;
            }
            int count = 0;
            int f = from;
            for (int i = from; i <= to; i++) {
                byte x = i < to ? b[i] : (byte) ';';
                if (x == ';') {
                    if (count == fields) {
                        return false;
                    }
                    int s = f;
                    int e = i;
                    while (s < e && b[s] == ' ') {
                        s++;
                    }
                    while (e > s && b[e - 1] == ' ') {
                        e--;
                    }
                    if (count == start.length) {
                        start = java.util.Arrays.copyOf(start, count * 2);
                        end = java.util.Arrays.copyOf(end, count * 2);
                    }
                    start[count] = s;
                    end[count] = e;
                    count++;
                    f = i + 1;
                } else if (x < 0x20 || x > 0x7E || x == '"') {
                    return false;
                }
            }
            if (count != fields) {
                return false;
            }
            java.nio.charset.Charset cs = lines.charset();
            if (!java.util.Arrays.equals(host, 0, host.length, b, start[0], end[0])) {
                host = java.util.Arrays.copyOfRange(b, start[0], end[0]);
                c.meta("host", new String(host, cs));
            }
            if (intervalText == null || !java.util.Arrays.equals(intervalText, 0, intervalText.length, b, start[1], end[1])) {
                intervalText = java.util.Arrays.copyOfRange(b, start[1], end[1]);
                iv = CsvTable.number(new String(intervalText, cs));
            }
            if (iv != null) {
                interval = Math.round(iv * 1000);
            }
            // a timestamp is on several rows in a row (one per device): its report is looked up once
            Integer report = lastStamp != null && java.util.Arrays.equals(lastStamp, 0, lastStamp.length, b, start[2], end[2])
                    ? lastReport : null;
            if (report != null) {
                c.selectReport(report);
            } else {
                String ts = new String(b, start[2], end[2] - start[2], cs);
                report = reportOf.get(ts);
                if (report != null) {
                    c.selectReport(report);
                } else {
                    Stamp st = Stamp.parseLine(ts);
                    Double epoch = CsvTable.number(ts);
                    if (epoch != null) {
                        report = c.beginReportEpoch(n, CsvTable.epochMillis(epoch));
                    } else {
                        if (st == null) {
                            ctx.warn(n, ctx.displayName() + ": unreadable timestamp '" + ts + "'");
                        }
                        report = c.beginReport(n, st);
                    }
                    reportOf.put(ts, report);
                }
                lastStamp = java.util.Arrays.copyOfRange(b, start[2], end[2]);
                lastReport = report;
            }
            int pos = 3;
            for (int k = 0; k < layout.size(); k++) {
                Seg seg = layout.get(k);
                Entity e;
                io.tunescope.importers.BytesMap<Entity> known = entities.get(k);
                if (seg.entityColumn().isEmpty()) {
                    e = known.get(b, 0, 0);
                    if (e == null) {
                        e = new Entity("", seg.metrics().size());
                        known.put(b, 0, 0, e);
                    }
                } else {
                    e = known.get(b, start[pos], end[pos]);
                    if (e == null) {
                        String name = new String(b, start[pos], end[pos] - start[pos], cs);
                        if (seg.entityColumn().equals("CPU") && name.equals("-1")) {
                            name = "all";
                        }
                        e = new Entity(name, seg.metrics().size());
                        known.put(b, start[pos], end[pos], e);
                    }
                    pos++;
                }
                boolean disk = seg.entityColumn().equals("DEV");
                for (int j = 0; j < e.cols.length; j++, pos++) {
                    double d = numbers.parseDouble(b, start[pos], end[pos], cs);
                    if (!numbers.ok() || e.state[j] == 2) {
                        continue;
                    }
                    if (e.state[j] == 0) {
                        String h = seg.metrics().get(j);
                        IoColumns.Col col = disk ? IoColumns.of(h) : null;
                        if (col == null) {
                            col = new IoColumns.Col(h.replace("%", ""), h.startsWith("%") ? Unit.PERCENT
                                    : h.endsWith("/s") ? Unit.PER_SECOND : Unit.COUNT, 1);
                        }
                        Integer first = owner.putIfAbsent(e.name + "/" + col.name(), section);
                        if (first != null && first != section) {
                            repeated.add(col.name());
                            e.state[j] = 2;
                            continue;
                        }
                        e.defs[j] = col;
                        e.cols[j] = c.column(col.name(), e.name, col.unit());
                        e.state[j] = 1;
                    }
                    if (disk) {
                        c.addDevice(e.cols[j], d * e.defs[j].factor(), n);
                    } else {
                        c.add(e.cols[j], d * e.defs[j].factor(), n);
                    }
                }
            }
            return true;
        }
    }

    /** One value of a row: its column, the entity it is about ("" for host-wide values) and that entity's column. */
    private record Item(String entityColumn, String entity, String column, String value) {
    }

    /**
     * A run of columns of a {@code sadf -d} header after hostname;interval;timestamp: host-wide metrics (no entity
     * column), or an entity column (CPU, DEV, IFACE, TTY, FILESYSTEM, INTR, ...) with its metrics. With
     * {@code sadf -dh} (one line per record) several runs share one header and a run whose last column ends in
     * {@code [...]} repeats once per entity (every CPU, every device).
     */
    private record Seg(String entityColumn, List<String> metrics, boolean repeats) {
        static List<Seg> layout(List<String> cols) {
            List<Seg> out = new java.util.ArrayList<>();
            int i = 3;
            while (i < cols.size()) {
                String entity = isEntityColumn(cols.get(i)) ? cols.get(i) : null;
                int j = entity == null ? i : i + 1;
                List<String> metrics = new java.util.ArrayList<>();
                boolean repeats = false;
                while (j < cols.size() && !isEntityColumn(cols.get(j))) {
                    String col = cols.get(j++);
                    if (col.endsWith("[...]")) {
                        metrics.add(col.substring(0, col.length() - 5));
                        repeats = true;
                        break;
                    }
                    metrics.add(col);
                }
                out.add(new Seg(entity == null ? "" : entity, metrics, repeats));
                i = j;
            }
            return out;
        }

        static boolean isEntityColumn(String col) {
            if (col.isEmpty() || col.equals("CPU*")) {
                return false;
            }
            for (int k = 0; k < col.length(); k++) {
                char ch = col.charAt(k);
                if (!(ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' && k > 0 || ch == '_')) {
                    return false;
                }
            }
            return true;
        }

        int width() {
            return metrics.size() + (entityColumn.isEmpty() ? 0 : 1);
        }

        /** The values of a row by entity and column, or null when the row does not fit the header. */
        static List<Item> items(List<Seg> layout, List<String> v) {
            List<Item> out = new java.util.ArrayList<>();
            int pos = 3;
            for (int s = 0; s < layout.size(); s++) {
                Seg seg = layout.get(s);
                if (seg.metrics.size() == 1 && seg.metrics.get(0).equals("CPU*")) {
                    // sadf -d -I: INTR;CPU* = the interrupt, then its rate on all CPUs and on each CPU
                    if (pos >= v.size()) {
                        return null;
                    }
                    String irq = v.get(pos);
                    for (int k = pos + 1; k < v.size(); k++) {
                        if (irq.equals("sum")) {
                            out.add(new Item("CPU", k == pos + 1 ? "all" : Integer.toString(k - pos - 2), "intr/s", v.get(k)));
                        }
                    }
                    pos = v.size();
                    continue;
                }
                int after = 0;
                for (int t = s + 1; t < layout.size(); t++) {
                    after += layout.get(t).width();
                }
                String prev = null;
                do {
                    if (pos + seg.width() > v.size()) {
                        return null;
                    }
                    String entity = "";
                    if (!seg.entityColumn.isEmpty()) {
                        entity = v.get(pos++);
                        prev = entity;
                        if (seg.entityColumn.equals("CPU") && entity.equals("-1")) {
                            entity = "all";
                        }
                    }
                    for (String m : seg.metrics) {
                        out.add(new Item(seg.entityColumn, entity, m, v.get(pos++)));
                    }
                } while (seg.repeats && v.size() - pos - seg.width() >= after && nextEntity(prev, v.get(pos)));
            }
            return pos == v.size() ? out : null;
        }

        /** Whether a value continues a repeated run: the next CPU number, or another name after a name. */
        private static boolean nextEntity(String prev, String value) {
            Double p = CsvTable.number(prev);
            Double n = CsvTable.number(value);
            if (p != null) {
                return n != null && n == p + 1;
            }
            return n == null;
        }
    }

    private SeriesSet parseJson(ImportContext ctx) throws IOException {
        SeriesCollector c = new SeriesCollector("sadf", ctx.displayName());
        long[] interval = {0};
        SeriesCollector.readSysstatJson(ctx, "records", (st, line) -> {
            JsonNode ts = st.path("timestamp");
            Stamp stamp = Stamp.parseLine(ts.path("date").asText("") + " " + ts.path("time").asText(""));
            if (ts.has("interval")) {
                interval[0] = Math.round(ts.get("interval").asDouble() * 1000);
            }
            c.beginReport(line, stamp);
            for (JsonNode d : st.path("disk")) {
                String dev = d.path("disk-device").asText(d.path("disk_device").asText(""));
                fields(c, d, dev, true, line);
            }
            for (JsonNode cpu : st.path("cpu-load")) {
                fields(c, cpu, cpu.path("cpu").asText(""), false, line);
            }
            for (JsonNode cpu : st.path("cpu-load-all")) {
                fields(c, cpu, cpu.path("cpu").asText(""), false, line);
            }
        }, (f, v) -> {
            switch (f) {
                case "nodename" -> c.meta("host", v);
                case "release" -> c.meta("kernel", v);
                case "number-of-cpus" -> c.meta("cpus", v);
                case "file-date" -> c.meta("date", v);
                case "timezone" -> c.meta("timezone", v);
                default -> { }
            }
        });
        return c.build(ctx, false, interval[0]);
    }

    private static void fields(SeriesCollector c, JsonNode node, String entity, boolean disk, int line) {
        Iterator<Map.Entry<String, JsonNode>> it = node.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isNumber()) {
                continue;
            }
            IoColumns.Col col = disk ? IoColumns.of(e.getKey()) : null;
            if (col == null) {
                col = new IoColumns.Col(e.getKey(), disk ? Unit.COUNT : Unit.PERCENT, 1);
            }
            if (disk) {
                c.addDevice(col.name(), entity, col.unit(), e.getValue().asDouble() * col.factor(), line);
            } else {
                c.add(col.name(), entity, col.unit(), e.getValue().asDouble() * col.factor(), line);
            }
        }
    }

    @Override
    public Map<String, Object> summarize(SeriesSet value) {
        return IoCsvImporter.deviceSummary(value);
    }
}
