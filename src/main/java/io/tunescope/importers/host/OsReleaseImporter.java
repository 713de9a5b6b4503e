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
 * The distribution: {@code /etc/os-release} ({@code KEY=value} or {@code KEY="value"} lines with {@code ID=} and
 * {@code NAME=} or {@code PRETTY_NAME=}: openEuler, Kylin, UOS, CentOS, Debian ...) or a one-line release file
 * ({@code /etc/openEuler-release}: {@code openEuler release 22.03 (LTS-SP1)}, {@code /etc/redhat-release},
 * {@code /etc/kylin-release}), read as {@code NAME}, {@code VERSION_ID} and {@code PRETTY_NAME}. Entries: the keys as
 * written, values unquoted.
 */
public final class OsReleaseImporter implements Importer<ConfigSnapshot> {
    private static final Pattern KV = Pattern.compile("^([A-Z][A-Z0-9_]*)=(.*)$");
    private static final Pattern ONE_LINE = Pattern.compile("^([A-Za-z][\\w ./-]*?) release ([0-9A-Za-z][\\w.-]*+)(?: \\([^)]*+\\))?\\s*$");

    @Override
    public String format() {
        return "os-release";
    }

    @Override
    public String description() {
        return "the distribution (/etc/os-release, /etc/*-release)";
    }

    @Override
    public Dataset<ConfigSnapshot> dataset() {
        return ConfigDatasets.OS_RELEASE;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        List<String> l = head.nonBlank().stream().filter(s -> !s.startsWith("#")).toList();
        if (l.size() == 1 && ONE_LINE.matcher(l.get(0).strip()).matches()) {
            return Sniff.strong("'NAME release VERSION (CODENAME)' (a /etc/*-release file)");
        }
        if (l.isEmpty() || !l.stream().allMatch(s -> KV.matcher(s.strip()).matches())) {
            return Sniff.no("not KEY=value lines");
        }
        boolean id = l.stream().anyMatch(s -> s.startsWith("ID="));
        boolean name = l.stream().anyMatch(s -> s.startsWith("NAME=") || s.startsWith("PRETTY_NAME="));
        if (id && name) {
            return Sniff.certain("os-release KEY=value lines with ID and NAME");
        }
        return Sniff.no("KEY=value lines without os-release's ID and NAME");
    }

    @Override
    public ImportResult<ConfigSnapshot> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        List<ConfigEntry> entries = new ArrayList<>();
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                String s = l.strip();
                if (s.isEmpty() || s.startsWith("#")) {
                    continue;
                }
                SourceRef ref = SourceRef.of(file, n);
                Matcher m = KV.matcher(s);
                if (m.matches()) {
                    entries.add(new ConfigEntry("", m.group(1), unquote(m.group(2)), ref));
                } else if ((m = ONE_LINE.matcher(s)).matches() && entries.isEmpty()) {
                    entries.add(new ConfigEntry("", "NAME", m.group(1).strip(), ref));
                    entries.add(new ConfigEntry("", "VERSION_ID", m.group(2), ref));
                    entries.add(new ConfigEntry("", "PRETTY_NAME", s, ref));
                } else {
                    ctx.warn(n, file + ": line " + n + ": not an os-release line: " + PathValues.abbreviate(s));
                }
            }
        }
        if (entries.isEmpty()) {
            throw new ImportException(0, file + ": no os-release line");
        }
        return ctx.result(new ConfigSnapshot(ConfigKind.OS_RELEASE, entries));
    }

    static String unquote(String v) {
        String s = v.strip();
        if (s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"))) {
            s = s.substring(1, s.length() - 1).replace("\\\"", "\"").replace("\\$", "$").replace("\\`", "`").replace("\\\\", "\\");
        }
        return s;
    }

    @Override
    public Map<String, Object> summarize(ConfigSnapshot value) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String k : List.of("ID", "VERSION_ID", "PRETTY_NAME", "NAME")) {
            value.get(k).ifPresent(v -> out.put(k, v));
        }
        return out;
    }
}
