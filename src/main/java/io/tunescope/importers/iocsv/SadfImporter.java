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
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (l.isBlank()) {
                    continue;
                }
                if (l.startsWith("#")) {
                    List<String> cols = CsvTable.split(l.substring(1).strip(), ';');
                    layout = Seg.layout(cols);
                    width = cols.size();
                    section++;
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
                if (iv != null) {
                    interval = Math.round(iv * 1000);
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
        if (!repeated.isEmpty()) {
            ctx.info(0, ctx.displayName() + ": " + String.join(", ", repeated)
                    + " appear in two activities; kept from the first");
        }
        return c.build(ctx, false, interval);
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
