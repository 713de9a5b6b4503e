package io.tunescope.importers.iocsv;

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
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Generic I/O statistics CSV (as written by monitoring scripts and exporters): a header row naming a time
 * column (text time, epoch seconds/millis, or elapsed seconds), optionally a device column, and I/O
 * metric columns under any common name (util, %util, r/s, read_iops, rMB/s, "read (MB/s)", await_ms, ...),
 * separated by ',' or ';' (or tab). Units are converted like iostat's (kB/s, ms, %).
 */
public final class IoCsvImporter implements Importer<SeriesSet> {

    @Override
    public String format() {
        return "iocsv";
    }

    @Override
    public String description() {
        return "I/O statistics CSV (comma or semicolon separated)";
    }

    @Override
    public Dataset<SeriesSet> dataset() {
        return SeriesDatasets.IOCSV;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        String header = null;
        int dataRows = 0;
        for (String l : head.lines()) {
            if (l.isBlank()) {
                continue;
            }
            if (header == null) {
                header = l;
            } else {
                dataRows++;
            }
        }
        if (header == null) {
            return Sniff.no("empty");
        }
        if (header.startsWith("# hostname;interval;timestamp")) {
            return Sniff.weak("sadf -d CSV (the sadf importer reads it)");
        }
        char sep = CsvTable.separator(header);
        if (sep == 0) {
            return Sniff.no("no comma or semicolon separated header");
        }
        List<String> cols;
        try {
            cols = CsvTable.split(header, sep);
        } catch (IOException | RuntimeException e) {
            return Sniff.no("header is not CSV");
        }
        int time = 0;
        int io = 0;
        for (String c : cols) {
            CsvTable.Role r = CsvTable.role(c);
            if (r == CsvTable.Role.TIME || r == CsvTable.Role.EPOCH || r == CsvTable.Role.ELAPSED) {
                time++;
            } else if (r == CsvTable.Role.METRIC && isIo(c)) {
                io++;
            }
        }
        if (time >= 1 && io >= 2 && dataRows >= 1) {
            return Sniff.strong("CSV header with a time column and " + io + " I/O columns");
        }
        if (io >= 3 && dataRows >= 1) {
            return Sniff.weak("CSV with I/O columns but no time column");
        }
        return Sniff.no("no CSV header with time and I/O columns");
    }

    private static boolean isIo(String header) {
        String h = header.strip().replace("\"", "");
        if (IoColumns.of(h) != null) {
            return true;
        }
        IoColumns.Col c = CsvTable.metric(h);
        return !c.name().equals(h.toLowerCase(java.util.Locale.ROOT).replace(' ', '_')) || IoColumns.of(c.name()) != null;
    }

    @Override
    public ImportResult<SeriesSet> parse(ImportContext ctx) throws ImportException, IOException {
        SeriesCollector c = new SeriesCollector("iocsv", ctx.displayName());
        List<String> cols = null;
        char sep = ',';
        CsvTable.Role[] roles = null;
        IoColumns.Col[] metrics = null;
        String lastTime = null;
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (l.isBlank()) {
                    continue;
                }
                if (cols == null) {
                    sep = CsvTable.separator(l);
                    if (sep == 0) {
                        throw new ImportException(n, ctx.displayName() + ": no comma or semicolon separated header");
                    }
                    cols = CsvTable.split(l.startsWith("#") ? l.substring(1) : l, sep);
                    roles = new CsvTable.Role[cols.size()];
                    metrics = new IoColumns.Col[cols.size()];
                    for (int i = 0; i < cols.size(); i++) {
                        roles[i] = CsvTable.role(cols.get(i));
                        if (roles[i] == CsvTable.Role.METRIC) {
                            metrics[i] = CsvTable.metric(cols.get(i));
                        }
                    }
                    continue;
                }
                List<String> v;
                try {
                    v = CsvTable.split(l, sep);
                } catch (IOException | RuntimeException e) {
                    ctx.warn(n, ctx.displayName() + ": not a CSV row; skipped");
                    continue;
                }
                if (v.size() != cols.size()) {
                    ctx.warn(n, ctx.displayName() + ": row has " + v.size() + " fields for " + cols.size() + " columns; skipped");
                    continue;
                }
                String entity = "";
                String timeKey = "";
                Stamp stamp = null;
                Long epoch = null;
                Long offset = null;
                for (int i = 0; i < v.size(); i++) {
                    switch (roles[i]) {
                        case ENTITY -> entity = v.get(i);
                        case TIME -> {
                            timeKey += v.get(i);
                            Double num = CsvTable.number(v.get(i));
                            if (num != null && num > 1e8) {
                                epoch = CsvTable.epochMillis(num);
                            } else {
                                stamp = CsvTable.stamp(v.get(i));
                            }
                        }
                        case EPOCH -> {
                            timeKey += v.get(i);
                            Double num = CsvTable.number(v.get(i));
                            if (num != null) {
                                epoch = CsvTable.epochMillis(num);
                            }
                        }
                        case ELAPSED -> {
                            timeKey += v.get(i);
                            Double num = CsvTable.number(v.get(i));
                            if (num != null) {
                                offset = Math.round(num * 1000);
                            }
                        }
                        default -> { }
                    }
                }
                if (lastTime == null || !timeKey.equals(lastTime) || timeKey.isEmpty()) {
                    if (epoch != null) {
                        c.beginReportEpoch(n, epoch);
                    } else if (stamp != null) {
                        c.beginReport(n, stamp);
                    } else if (offset != null) {
                        c.beginReportAt(n, offset);
                    } else {
                        if (!timeKey.isEmpty()) {
                            ctx.warn(n, ctx.displayName() + ": unreadable time '" + timeKey + "'");
                        }
                        c.beginReport(n, null);
                    }
                    lastTime = timeKey;
                }
                for (int i = 0; i < v.size(); i++) {
                    if (roles[i] != CsvTable.Role.METRIC) {
                        continue;
                    }
                    Double d = CsvTable.number(v.get(i).replace(',', sep == ',' ? ',' : '.'));
                    if (d == null) {
                        if (!v.get(i).isBlank()) {
                            ctx.warn(n, ctx.displayName() + ": '" + v.get(i) + "' is not a number (" + cols.get(i) + ")");
                        }
                        continue;
                    }
                    c.addDevice(metrics[i].name(), entity.isEmpty() ? "disk" : entity, metrics[i].unit(),
                            d * metrics[i].factor(), n);
                }
            }
        }
        if (cols == null || c.reports() == 0) {
            throw new ImportException(0, ctx.displayName() + ": no CSV rows found");
        }
        return ctx.result(c.build(ctx, false, 0));
    }

    @Override
    public Map<String, Object> summarize(SeriesSet value) {
        return deviceSummary(value);
    }

    /** {@code {"reports": N, "devices": {NAME: {"samples", "max_util_pct", "mean_await_ms"}}}}. */
    static Map<String, Object> deviceSummary(SeriesSet value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("reports", value.reports());
        Map<String, Object> devices = new LinkedHashMap<>();
        // one pass over the series, not one search per device
        for (Map.Entry<String, java.util.List<TimeSeries>> e : value.byEntity().entrySet()) {
            String dev = e.getKey();
            Map<String, Object> d = new LinkedHashMap<>();
            int samples = 0;
            TimeSeries util = null;
            TimeSeries await = null;
            for (TimeSeries s : e.getValue()) {
                samples = Math.max(samples, s.size());
                if (s.metric().name().equals("util")) {
                    util = s;
                } else if (s.metric().name().equals("await")) {
                    await = s;
                }
            }
            if (util == null && await == null) {
                continue;
            }
            d.put("samples", samples);
            if (util != null) {
                d.put("max_util_pct", util.max());
            }
            if (await != null) {
                d.put("mean_await_ms", Math.round(await.mean() * 1000) / 1000.0);
            }
            devices.put(dev, d);
        }
        out.put("devices", devices);
        return out;
    }
}
