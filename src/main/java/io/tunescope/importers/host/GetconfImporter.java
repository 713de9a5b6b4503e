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
 * {@code getconf -a} (glibc: {@code NAME   value} per line, values may be empty), or a part of it such as
 * {@code getconf -a | grep PAGE}: recognised when a {@code PAGESIZE} or {@code PAGE_SIZE} line carries a number.
 * The base page size ({@code PAGESIZE}: 4096, 16384 or 65536 on aarch64) is what rules about page sizes read.
 * A bare {@code getconf PAGESIZE} prints only a number, which says too little to be recognised by content.
 */
public final class GetconfImporter implements Importer<ConfigSnapshot> {
    private static final Pattern LINE = Pattern.compile("^(_?[A-Z][A-Z0-9_]*+)(?:\\s++(.*))?$");
    private static final Pattern PAGE = Pattern.compile("^PAGE_?SIZE\\s+\\d+\\s*$");

    @Override
    public String format() {
        return "getconf";
    }

    @Override
    public String description() {
        return "system configuration values, page size (getconf -a)";
    }

    @Override
    public Dataset<ConfigSnapshot> dataset() {
        return ConfigDatasets.GETCONF;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        List<String> l = head.nonBlank();
        if (l.isEmpty() || !l.stream().allMatch(s -> LINE.matcher(s).matches())) {
            return Sniff.no("not 'NAME value' lines");
        }
        if (l.stream().anyMatch(s -> PAGE.matcher(s).matches())) {
            return Sniff.certain("getconf 'NAME value' lines with PAGESIZE");
        }
        return Sniff.no("'NAME value' lines without PAGESIZE");
    }

    @Override
    public ImportResult<ConfigSnapshot> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        List<ConfigEntry> entries = new ArrayList<>();
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (l.isBlank()) {
                    continue;
                }
                Matcher m = LINE.matcher(l);
                if (!m.matches()) {
                    ctx.warn(n, file + ": line " + n + ": not a getconf 'NAME value' line: " + PathValues.abbreviate(l.strip()));
                    continue;
                }
                entries.add(new ConfigEntry("", m.group(1), m.group(2) == null ? "" : m.group(2).strip(), SourceRef.of(file, n)));
            }
        }
        if (entries.stream().noneMatch(e -> e.name().equals("PAGESIZE") || e.name().equals("PAGE_SIZE"))) {
            throw new ImportException(0, file + ": no PAGESIZE line");
        }
        return ctx.result(new ConfigSnapshot(ConfigKind.GETCONF, entries));
    }

    @Override
    public Map<String, Object> summarize(ConfigSnapshot value) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String k : List.of("PAGESIZE", "PAGE_SIZE", "_NPROCESSORS_ONLN", "_PHYS_PAGES")) {
            value.get(k).ifPresent(v -> out.put(k, v));
        }
        out.put("values", value.entries().size());
        return out;
    }
}
