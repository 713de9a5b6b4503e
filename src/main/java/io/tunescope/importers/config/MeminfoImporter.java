package io.tunescope.importers.config;

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
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code /proc/meminfo}: {@code MemTotal:  131596288 kB} lines. Entries keep the kernel's field names;
 * values are converted to bytes where the line has a {@code kB} unit (page counts such as
 * {@code HugePages_Total} stay plain numbers).
 */
public final class MeminfoImporter implements Importer<ConfigSnapshot> {
    private static final Pattern LINE = Pattern.compile("^([A-Za-z][A-Za-z0-9_()]*):\\s+(\\d+)(\\s+kB)?\\s*$");

    @Override
    public String format() {
        return "meminfo";
    }

    @Override
    public String description() {
        return "/proc/meminfo";
    }

    @Override
    public Dataset<ConfigSnapshot> dataset() {
        return ConfigDatasets.MEMINFO;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        boolean total = head.anyLine(l -> l.startsWith("MemTotal:") && LINE.matcher(l.strip()).matches());
        boolean free = head.anyLine(l -> (l.startsWith("MemFree:") || l.startsWith("MemAvailable:")) && LINE.matcher(l.strip()).matches());
        if (!total) {
            return Sniff.no("no 'MemTotal: N kB' line");
        }
        int matching = head.count(l -> LINE.matcher(l.strip()).matches());
        int nonBlank = head.nonBlank().size();
        if (free && matching >= nonBlank * 0.9) {
            return Sniff.certain("/proc/meminfo fields MemTotal and MemFree");
        }
        return free ? Sniff.strong("MemTotal and MemFree lines among other text") : Sniff.weak("a MemTotal line");
    }

    @Override
    public ImportResult<ConfigSnapshot> parse(ImportContext ctx) throws ImportException, IOException {
        List<ConfigEntry> entries = new ArrayList<>();
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            int stamps = 0;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (l.isBlank()) {
                    continue;
                }
                if (io.tunescope.importers.PtStalkLoop.isStamp(l)) {
                    // pt-stalk copies /proc/meminfo once a second after a TS line: the first copy is the snapshot
                    if (!entries.isEmpty()) {
                        long later = 1;
                        while ((l = lines.next()) != null) {
                            later += io.tunescope.importers.PtStalkLoop.isStamp(l) ? 1 : 0;
                        }
                        ctx.info(n, ctx.displayName() + ": pt-stalk sample 1 of " + (stamps + later) + " read; the " + later
                                + " later copies (from line " + n + ") are not");
                        break;
                    }
                    stamps++;
                    continue;
                }
                Matcher m = LINE.matcher(l.strip());
                if (!m.matches()) {
                    ctx.warn(n, ctx.displayName() + ": not a 'Field: value kB' line");
                    continue;
                }
                long v = Long.parseLong(m.group(2));
                String value = m.group(3) != null ? Long.toString(v * 1024L) : Long.toString(v);
                entries.add(new ConfigEntry("", m.group(1), value, SourceRef.of(ctx.displayName(), n)));
            }
        }
        if (entries.stream().noneMatch(e -> e.name().equals("MemTotal"))) {
            throw new ImportException(0, ctx.displayName() + ": no MemTotal line");
        }
        return ctx.result(new ConfigSnapshot(ConfigKind.MEMINFO, entries));
    }

    @Override
    public Map<String, Object> summarize(ConfigSnapshot value) {
        return ConfigSummary.of(value);
    }
}
