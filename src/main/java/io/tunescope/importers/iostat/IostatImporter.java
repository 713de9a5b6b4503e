package io.tunescope.importers.iostat;

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
import io.tunescope.model.series.TimeSeries;
import io.tunescope.model.series.Unit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code iostat} output: text from sysstat 10 to 12 (every {@code -x} column layout, {@code -t} timestamps
 * in any locale or ISO form, {@code -p}, {@code -k}/{@code -m}, several devices) and {@code iostat -o JSON}.
 * Throughput columns are converted to kB/s. When the file starts with the banner, its first report is the
 * average since boot: it is kept apart ({@link SeriesSet#sinceBoot()}) and not plotted. When a layout has
 * no combined {@code await}, one is derived from r_await/w_await weighted by r/s and w/s.
 */
public final class IostatImporter implements Importer<SeriesSet> {
    static final Pattern BANNER = Pattern.compile(
            "^(\\S++) (\\S++) \\(([^)]*+)\\)\\s++(\\S++)\\s++(?:_(\\S+)_)?\\s*+(?:\\((\\d++) CPU\\))?\\s*+$");
    private static final Pattern DEVICE_HDR = Pattern.compile("^Device:?\\s+(.*)$");

    @Override
    public String format() {
        return "iostat";
    }

    @Override
    public String description() {
        return "iostat (text -x/-d/-c, -t, -p, -k/-m; -o JSON)";
    }

    @Override
    public Dataset<SeriesSet> dataset() {
        return SeriesDatasets.IOSTAT;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        int device = 0;
        int avgcpu = 0;
        boolean json = false;
        boolean jsonDisk = false;
        boolean jsonCpuLoad = false;
        boolean jsonSadfStamp = false;
        for (String l : head.lines()) {
            if (l.startsWith("Device") && DEVICE_HDR.matcher(l).matches()
                    && (l.contains("r/s") || l.contains("tps") || l.contains("rrqm/s") || l.contains("kB_read"))) {
                device++;
            } else if (l.startsWith("avg-cpu:") && l.contains("%iowait")) {
                avgcpu++;
            } else if (l.startsWith("{\"sysstat\"")) {
                json = true;
            } else if (l.contains("\"disk_device\"")) {
                jsonDisk = true;
            } else if (l.contains("\"cpu-load\"")) {
                jsonCpuLoad = true;
            } else if (l.contains("\"timestamp\": {") || l.contains("\"timestamp\":{")) {
                jsonSadfStamp = true;
            } else if (l.contains("\"avg-cpu\"")) {
                jsonDisk = true;
            }
        }
        if (json && jsonDisk && !jsonCpuLoad && !jsonSadfStamp) {
            return Sniff.certain("sysstat JSON with disk_device/avg-cpu statistics (iostat -o JSON)");
        }
        if (device > 0 && avgcpu > 0) {
            return Sniff.certain("iostat avg-cpu and Device blocks");
        }
        if (device >= 1) {
            return Sniff.strong("iostat Device header");
        }
        if (avgcpu >= 1) {
            return Sniff.strong("iostat avg-cpu block");
        }
        return Sniff.no("no iostat avg-cpu/Device blocks");
    }

    @Override
    public ImportResult<SeriesSet> parse(ImportContext ctx) throws ImportException, IOException {
        SeriesSet set = SeriesCollector.jsonOrText(ctx, "iostat report", this::parseJson, this::parseText);
        return ctx.result(withDerivedAwait(set));
    }

    private SeriesSet parseText(ImportContext ctx) throws IOException {
        SeriesCollector c = new SeriesCollector("iostat", ctx.displayName());
        boolean banner = false;
        boolean seenReport = false;
        String[] devCols = null;
        IoColumns.Col[] devMap = null;
        String[] cpuCols = null;
        Mode mode = Mode.NONE;
        boolean stampedPending = false;
        int unknownWarned = 0;
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (l.isBlank()) {
                    mode = Mode.NONE;
                    continue;
                }
                if (!seenReport && !banner) {
                    Matcher b = BANNER.matcher(l);
                    if (b.matches() && l.startsWith("Linux")) {
                        banner = true;
                        c.meta("kernel", b.group(2));
                        c.meta("host", b.group(3));
                        c.meta("date", b.group(4));
                        c.meta("cpus", b.group(6));
                        c.bannerDate(Stamp.date(b.group(4)));
                        continue;
                    }
                }
                Stamp st = Stamp.parseLine(l);
                if (st != null) {
                    c.beginReport(n, st);
                    stampedPending = true;
                    seenReport = true;
                    mode = Mode.NONE;
                    continue;
                }
                if (l.startsWith("avg-cpu:")) {
                    if (!stampedPending && (seenReport && c.currentHasValues() || !seenReport)) {
                        c.beginReport(n, null);
                    }
                    stampedPending = false;
                    seenReport = true;
                    cpuCols = l.substring("avg-cpu:".length()).strip().split("\\s+");
                    mode = Mode.CPU;
                    continue;
                }
                Matcher dh = DEVICE_HDR.matcher(l);
                if (dh.matches() && l.startsWith("Device")) {
                    if (!stampedPending && (!seenReport || c.currentHasDevices())) {
                        c.beginReport(n, null);
                    }
                    stampedPending = false;
                    seenReport = true;
                    devCols = dh.group(1).strip().split("\\s+");
                    devMap = new IoColumns.Col[devCols.length];
                    for (int i = 0; i < devCols.length; i++) {
                        devMap[i] = IoColumns.of(devCols[i]);
                        if (devMap[i] == null && !devCols[i].isEmpty()) {
                            String nm = devCols[i].toLowerCase(Locale.ROOT);
                            Unit u = nm.endsWith("/s") ? Unit.PER_SECOND : Unit.COUNT;
                            devMap[i] = new IoColumns.Col(nm.replace("%", ""), nm.startsWith("%") ? Unit.PERCENT : u, 1);
                        }
                    }
                    mode = Mode.DEVICE;
                    continue;
                }
                if (mode == Mode.CPU) {
                    String[] v = l.strip().split("\\s+");
                    if (v.length != cpuCols.length) {
                        ctx.warn(n, ctx.displayName() + ": avg-cpu row has " + v.length + " values for " + cpuCols.length + " columns");
                    }
                    for (int i = 0; i < Math.min(v.length, cpuCols.length); i++) {
                        Double d = number(v[i]);
                        if (d != null) {
                            c.add(cpuCols[i].replace("%", ""), "all", Unit.PERCENT, d, n);
                        }
                    }
                    mode = Mode.NONE;
                    continue;
                }
                if (mode == Mode.DEVICE) {
                    String[] v = l.strip().split("\\s+");
                    if (v.length != devCols.length + 1) {
                        ctx.warn(n, ctx.displayName() + ": device row has " + (v.length - 1) + " values for "
                                + devCols.length + " columns; skipped");
                        continue;
                    }
                    String dev = v[0];
                    for (int i = 0; i < devCols.length; i++) {
                        Double d = number(v[i + 1]);
                        if (d == null) {
                            ctx.warn(n, ctx.displayName() + ": '" + v[i + 1] + "' is not a number (" + devCols[i] + ")");
                            continue;
                        }
                        IoColumns.Col col = devMap[i];
                        c.addDevice(col.name(), dev, col.unit(), d * col.factor(), n);
                    }
                    continue;
                }
                if (unknownWarned++ < 5) {
                    ctx.warn(n, ctx.displayName() + ": line not understood as iostat output; skipped");
                }
            }
        }
        return c.build(ctx, banner, 0);
    }

    private enum Mode { NONE, CPU, DEVICE }

    private SeriesSet parseJson(ImportContext ctx) throws IOException {
        SeriesCollector c = new SeriesCollector("iostat", ctx.displayName());
        SeriesCollector.readSysstatJson(ctx, "reports", (st, line) -> statistic(c, st, line), c::sysstatHostField);
        return c.build(ctx, true, 0);
    }

    private static void statistic(SeriesCollector c, JsonNode st, int line) {
        Stamp stamp = st.has("timestamp") ? Stamp.parseLine(st.get("timestamp").asText()) : null;
        c.beginReport(line, stamp);
        JsonNode cpu = st.get("avg-cpu");
        if (cpu != null) {
            Iterator<Map.Entry<String, JsonNode>> it = cpu.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getValue().isNumber()) {
                    c.add(e.getKey(), "all", Unit.PERCENT, e.getValue().asDouble(), line);
                }
            }
        }
        JsonNode disks = st.get("disk");
        if (disks != null && disks.isArray()) {
            for (JsonNode d : disks) {
                String dev = d.path("disk_device").asText("").strip();
                Iterator<Map.Entry<String, JsonNode>> it = d.fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!e.getValue().isNumber()) {
                        continue;
                    }
                    IoColumns.Col col = IoColumns.of(e.getKey());
                    if (col == null) {
                        col = new IoColumns.Col(e.getKey(), e.getKey().endsWith("/s") ? Unit.PER_SECOND : Unit.COUNT, 1);
                    }
                    c.addDevice(col.name(), dev, col.unit(), e.getValue().asDouble() * col.factor(), line);
                }
            }
        }
    }

    private static Double number(String s) {
        try {
            return Double.parseDouble(s.replace(',', '.'));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Adds a combined {@code await} per device when the layout only has r_await and w_await. */
    static SeriesSet withDerivedAwait(SeriesSet set) {
        List<TimeSeries> out = new ArrayList<>(set.series());
        for (String dev : set.entities()) {
            if (dev.equals("all") || set.byKey("iostat/" + dev + "/await") != null) {
                continue;
            }
            TimeSeries ra = set.byKey("iostat/" + dev + "/r_await");
            TimeSeries wa = set.byKey("iostat/" + dev + "/w_await");
            TimeSeries rs = set.byKey("iostat/" + dev + "/r/s");
            TimeSeries ws = set.byKey("iostat/" + dev + "/w/s");
            if (ra == null || wa == null || rs == null || ws == null || ra.size() != wa.size() || ra.size() != rs.size()
                    || ra.size() != ws.size()) {
                continue;
            }
            TimeSeries.Builder b = new TimeSeries.Builder(
                    io.tunescope.model.series.Metric.of("iostat", "await", dev, Unit.MILLISECONDS), set.clock(), ra.file());
            for (int i = 0; i < ra.size(); i++) {
                double ops = rs.value(i) + ws.value(i);
                double v = ops > 0 ? (rs.value(i) * ra.value(i) + ws.value(i) * wa.value(i)) / ops : 0;
                b.add(ra.time(i), v, ra.line(i));
            }
            out.add(b.build());
        }
        if (out.size() == set.series().size()) {
            return set;
        }
        return new SeriesSet(set.tool(), set.clock(), set.reports(), out, set.sinceBoot(), set.sinceBootLine(),
                set.intervalMs(), set.meta());
    }

    @Override
    public Map<String, Object> summarize(SeriesSet value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("reports", value.reports());
        Map<String, Object> devices = new LinkedHashMap<>();
        for (String dev : value.entities()) {
            if (dev.equals("all")) {
                continue;
            }
            Map<String, Object> d = new LinkedHashMap<>();
            TimeSeries any = null;
            for (TimeSeries s : value.series()) {
                if (s.metric().entity().equals(dev)) {
                    any = s;
                    break;
                }
            }
            d.put("samples", any == null ? 0 : any.size());
            TimeSeries util = value.byKey("iostat/" + dev + "/util");
            if (util != null && !Double.isNaN(util.max())) {
                d.put("max_util_pct", util.max());
            }
            TimeSeries await = value.byKey("iostat/" + dev + "/await");
            if (await != null && !Double.isNaN(await.mean())) {
                d.put("mean_await_ms", Math.round(await.mean() * 1000) / 1000.0);
            }
            devices.put(dev, d);
        }
        out.put("devices", devices);
        if (value.hasSinceBoot()) {
            out.put("since_boot_report_line", value.sinceBootLine());
        }
        return out;
    }
}
