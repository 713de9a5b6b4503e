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
 * {@code mpstat} output: text (24 h or 12 h clock, {@code -P ALL} or one CPU) and {@code -o JSON}.
 * Metrics are named without '%' ({@code usr}, {@code sys}, {@code iowait}, {@code soft}, ...), one
 * entity per CPU ({@code all}, {@code 0}, {@code 1}, ...). {@code Average:} lines are skipped.
 */
public final class MpstatImporter implements Importer<SeriesSet> {
    private static final Pattern HEADER = Pattern.compile(
            "^(\\d{1,2}:\\d{2}:\\d{2}(?:\\s*[AaPp][Mm])?)\\s++CPU\\s++(%\\S++(?:\\s++\\S++)*+)\\s*+$");
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
            if (HEADER.matcher(l).matches() && l.contains("%usr")) {
                headers++;
            } else if (ROW.matcher(l).matches()) {
                rows++;
            } else if (l.startsWith("{\"sysstat\"")) {
                json = true;
            } else if (l.contains("\"cpu-load\"")) {
                cpuLoad = true;
            } else if (l.contains("\"timestamp\": {") || l.contains("\"timestamp\":{")) {
                sadfStamp = true;
            }
        }
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

    private SeriesSet parseText(ImportContext ctx) throws IOException {
        SeriesCollector c = new SeriesCollector("mpstat", ctx.displayName());
        String[] cols = null;
        boolean stamped = false;
        int skippedAverage = 0;
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (l.isBlank() || Banner.read(l, c)) {
                    continue;
                }
                if (l.startsWith("Average:")) {
                    skippedAverage++;
                    continue;
                }
                Matcher h = HEADER.matcher(l);
                if (h.matches()) {
                    cols = h.group(2).strip().split("\\s+");
                    c.beginReport(n, null);
                    stamped = false;
                    continue;
                }
                Matcher r = ROW.matcher(l);
                if (r.matches() && cols != null) {
                    if (!stamped) {
                        c.stampCurrent(Stamp.time(r.group(1)));
                        stamped = true;
                    }
                    String[] v = r.group(3).strip().split("\\s+");
                    if (v.length != cols.length) {
                        ctx.warn(n, ctx.displayName() + ": row has " + v.length + " values for " + cols.length + " columns; skipped");
                        continue;
                    }
                    for (int i = 0; i < v.length; i++) {
                        try {
                            double d = Double.parseDouble(v[i].replace(',', '.'));
                            String name = cols[i].replace("%", "");
                            c.add(name, r.group(2), cols[i].startsWith("%") ? Unit.PERCENT : Unit.PER_SECOND, d, n);
                        } catch (NumberFormatException e) {
                            ctx.warn(n, ctx.displayName() + ": '" + v[i] + "' is not a number");
                        }
                    }
                    continue;
                }
                ctx.warn(n, ctx.displayName() + ": line not understood as mpstat output; skipped");
            }
        }
        if (skippedAverage > 0) {
            ctx.info(0, ctx.displayName() + ": " + skippedAverage + " 'Average:' lines skipped (the series hold every interval)");
        }
        return c.build(ctx, false, 0);
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
        out.put("cpus", value.entities().size());
        return out;
    }
}
