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
 * {@code sadf -d} (semicolon CSV: {@code # hostname;interval;timestamp;DEV;tps;...}) and {@code sadf -j}
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
            if (l.startsWith("{\"sysstat\"")) {
                json = true;
            }
            if (l.contains("\"timestamp\": {\"date\"") || l.contains("\"timestamp\":{\"date\"")) {
                jsonStamp = true;
            }
        }
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
        List<String> cols = null;
        String lastStamp = null;
        long interval = 0;
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (l.isBlank()) {
                    continue;
                }
                if (l.startsWith("#")) {
                    cols = CsvTable.split(l.substring(1).strip(), ';');
                    continue;
                }
                if (cols == null) {
                    ctx.warn(n, ctx.displayName() + ": row before the '# hostname;interval;timestamp' header; skipped");
                    continue;
                }
                if (CsvTable.unbalancedQuotes(l)) {
                    ctx.warn(n, ctx.displayName() + ": a quote that does not close; the row was read with its quotes as text");
                }
                List<String> v = CsvTable.split(l, ';');
                if (v.size() != cols.size() || v.size() < 4) {
                    ctx.warn(n, ctx.displayName() + ": row has " + v.size() + " fields for " + cols.size() + " columns; skipped");
                    continue;
                }
                c.meta("host", v.get(0));
                Double iv = CsvTable.number(v.get(1));
                if (iv != null) {
                    interval = Math.round(iv * 1000);
                }
                String ts = v.get(2);
                if (!ts.equals(lastStamp)) {
                    Stamp st = Stamp.parseLine(ts);
                    Double epoch = CsvTable.number(ts);
                    if (epoch != null) {
                        c.beginReportEpoch(n, CsvTable.epochMillis(epoch));
                    } else {
                        if (st == null) {
                            ctx.warn(n, ctx.displayName() + ": unreadable timestamp '" + ts + "'");
                        }
                        c.beginReport(n, st);
                    }
                    lastStamp = ts;
                }
                String entityCol = cols.get(3);
                boolean startsMetrics = CsvTable.number(v.get(3)) != null && !entityCol.equalsIgnoreCase("CPU");
                String entity = startsMetrics ? "" : v.get(3);
                if (entityCol.equalsIgnoreCase("CPU") && entity.equals("-1")) {
                    entity = "all";
                }
                for (int i = startsMetrics ? 3 : 4; i < v.size(); i++) {
                    Double d = CsvTable.number(v.get(i));
                    if (d == null) {
                        continue;
                    }
                    String h = cols.get(i);
                    IoColumns.Col col = entityCol.equals("DEV") ? IoColumns.of(h) : null;
                    if (col == null) {
                        col = new IoColumns.Col(h.replace("%", ""), h.startsWith("%") ? Unit.PERCENT
                                : h.endsWith("/s") ? Unit.PER_SECOND : Unit.COUNT, 1);
                    }
                    if (entityCol.equals("DEV")) {
                        c.addDevice(col.name(), entity, col.unit(), d * col.factor(), n);
                    } else {
                        c.add(col.name(), entity, col.unit(), d * col.factor(), n);
                    }
                }
            }
        }
        return c.build(ctx, false, interval);
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
