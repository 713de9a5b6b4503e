package io.tunescope.importers.host;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigKind;
import io.tunescope.model.config.ConfigSnapshot;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pressure stall information of the host, {@code /proc/pressure/cpu}, {@code memory} and {@code io} (Linux 4.20+):
 * {@code some avg10=0.00 avg60=0.00 avg300=0.00 total=0} and {@code full ...} lines, as {@code grep . /proc/pressure/*}
 * prints them ({@code /proc/pressure/cpu:some ...}), as {@code head}/{@code tail -n +1} prints them, or a plain
 * {@code cat} of one file (resource unknown: section ""). avg10/avg60/avg300 are the percentages of wall time in
 * which some (or all non-idle) tasks stalled on the resource over the last 10 s, 60 s and 300 s; total is the stall
 * time in microseconds since boot. Entries: section = resource, name = {@code some.avg10} ... {@code full.total}.
 */
public final class PressureImporter implements Importer<ConfigSnapshot> {
    static final String PATHS = "/proc/pressure/(?:cpu|memory|io|irq)";
    private static final Pattern LINE = Pattern.compile(
            "^(some|full)\\s+avg10=(\\d+\\.\\d+)\\s+avg60=(\\d+\\.\\d+)\\s+avg300=(\\d+\\.\\d+)\\s+total=(\\d+)\\s*$");

    @Override
    public String format() {
        return "pressure";
    }

    @Override
    public String description() {
        return "pressure stall information (/proc/pressure/cpu, memory, io)";
    }

    @Override
    public Dataset<ConfigSnapshot> dataset() {
        return ConfigDatasets.PRESSURE;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        List<String> l = head.nonBlank();
        if (new PathValues(PATHS).shape(l).only()) {
            return Sniff.certain("/proc/pressure/RESOURCE 'some/full avg10= avg60= avg300= total=' lines");
        }
        if (!l.isEmpty() && l.size() <= 2 && l.stream().allMatch(s -> LINE.matcher(s.strip()).matches())) {
            return Sniff.certain("'some/full avg10= avg60= avg300= total=' pressure lines");
        }
        return Sniff.no("no pressure stall lines");
    }

    @Override
    public ImportResult<ConfigSnapshot> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        List<ConfigEntry> entries = new ArrayList<>();
        PathValues pv = new PathValues(PATHS);
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                PathValues.Item it = pv.read(l, n);
                if (it == null) {
                    continue;
                }
                Matcher m = LINE.matcher(it.value().strip());
                if (!m.matches()) {
                    ctx.warn(n, file + ": line " + n + ": not a pressure line: " + PathValues.abbreviate(l.strip()));
                    continue;
                }
                String res = PathValues.base(it.path());
                SourceRef ref = SourceRef.of(file, n);
                String kind = m.group(1);
                entries.add(new ConfigEntry(res, kind + ".avg10", m.group(2), ref));
                entries.add(new ConfigEntry(res, kind + ".avg60", m.group(3), ref));
                entries.add(new ConfigEntry(res, kind + ".avg300", m.group(4), ref));
                entries.add(new ConfigEntry(res, kind + ".total", m.group(5), ref));
            }
        }
        if (entries.isEmpty()) {
            throw new ImportException(0, file + ": no pressure stall line");
        }
        return ctx.result(new ConfigSnapshot(ConfigKind.PRESSURE, entries));
    }

    @Override
    public Map<String, Object> summarize(ConfigSnapshot value) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (ConfigEntry e : value.entries()) {
            if (e.name().endsWith(".avg10") || e.name().endsWith(".avg60")) {
                out.put(ConfigSnapshot.key(e), e.value());
            }
        }
        return out;
    }
}
