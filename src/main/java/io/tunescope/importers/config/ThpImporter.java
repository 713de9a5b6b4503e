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
 * The transparent huge page mode files {@code /sys/kernel/mm/transparent_hugepage/enabled}
 * ({@code always [madvise] never}) and {@code .../defrag} ({@code always defer defer+madvise [madvise] never}),
 * as {@code cat} prints them or as {@code grep -H . enabled defrag} prints them ({@code path:value}). The
 * file is told apart by its word list, not its name. Entries: {@code enabled} and/or {@code defrag} with
 * the bracketed (selected) word.
 */
public final class ThpImporter implements Importer<ConfigSnapshot> {
    private static final Pattern LINE = Pattern.compile("^(?:(\\S*?):)?((?:\\[?[a-z+]+\\]?\\s+){2,4}\\[?[a-z+]+\\]?)\\s*$");
    private static final List<String> ENABLED = List.of("always", "madvise", "never");
    private static final List<String> DEFRAG = List.of("always", "defer", "defer+madvise", "madvise", "never");

    @Override
    public String format() {
        return "thp";
    }

    @Override
    public String description() {
        return "transparent huge page settings (/sys/kernel/mm/transparent_hugepage)";
    }

    @Override
    public Dataset<ConfigSnapshot> dataset() {
        return ConfigDatasets.THP;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        List<String> l = head.nonBlank();
        if (l.isEmpty() || l.size() > 4) {
            return Sniff.no("not one or two short THP mode lines");
        }
        for (String s : l) {
            if (classify(s.strip()) == null) {
                return Sniff.no("not a THP mode line: " + abbreviate(s));
            }
        }
        return Sniff.certain("transparent_hugepage mode line(s) with one [selected] word");
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }

    /** {"enabled"|"defrag", selected word} or null. */
    static String[] classify(String line) {
        Matcher m = LINE.matcher(line);
        if (!m.matches()) {
            return null;
        }
        String[] words = m.group(2).strip().split("\\s+");
        List<String> plain = new ArrayList<>();
        String selected = null;
        for (String w : words) {
            if (w.startsWith("[") && w.endsWith("]")) {
                if (selected != null) {
                    return null;
                }
                selected = w.substring(1, w.length() - 1);
                plain.add(selected);
            } else if (w.contains("[") || w.contains("]")) {
                return null;
            } else {
                plain.add(w);
            }
        }
        if (selected == null) {
            return null;
        }
        if (plain.equals(ENABLED)) {
            return new String[] {"enabled", selected};
        }
        if (plain.equals(DEFRAG)) {
            return new String[] {"defrag", selected};
        }
        return null;
    }

    @Override
    public ImportResult<ConfigSnapshot> parse(ImportContext ctx) throws ImportException, IOException {
        List<ConfigEntry> entries = new ArrayList<>();
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (l.isBlank()) {
                    continue;
                }
                String[] c = classify(l.strip());
                if (c == null) {
                    ctx.warn(n, ctx.displayName() + ": not a transparent_hugepage mode line");
                    continue;
                }
                entries.add(new ConfigEntry("", c[0], c[1], SourceRef.of(ctx.displayName(), n)));
            }
        }
        if (entries.isEmpty()) {
            throw new ImportException(0, ctx.displayName() + ": no transparent_hugepage mode line");
        }
        return ctx.result(new ConfigSnapshot(ConfigKind.THP, entries));
    }

    @Override
    public Map<String, Object> summarize(ConfigSnapshot value) {
        return ConfigSummary.of(value);
    }
}
