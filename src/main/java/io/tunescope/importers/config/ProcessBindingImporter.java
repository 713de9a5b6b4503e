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
 * Where a process may run and allocate: {@code /proc/PID/status} lines ({@code Cpus_allowed_list},
 * {@code Mems_allowed_list}, whole file or grepped) and {@code taskset -p[c] PID}
 * ({@code pid 8178's current affinity list: 0,1} or {@code ... affinity mask: 3}). Entries use the
 * /proc names: {@code cpus_allowed_list}, {@code mems_allowed_list}, and {@code pid} where printed.
 */
public final class ProcessBindingImporter implements Importer<ConfigSnapshot> {
    private static final Pattern TASKSET = Pattern.compile("^pid (\\d+)'s (current|new) affinity (list|mask): (\\S+)\\s*$");
    private static final Pattern STATUS = Pattern.compile("^(Cpus_allowed_list|Mems_allowed_list|Cpus_allowed|Mems_allowed|Pid|Name):\\s*(.*)$");

    @Override
    public String format() {
        return "process-binding";
    }

    @Override
    public String description() {
        return "process CPU/memory binding (/proc/PID/status, taskset -p)";
    }

    @Override
    public Dataset<ConfigSnapshot> dataset() {
        return ConfigDatasets.PROCESS_BINDING;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        if (head.anyLine(l -> l.contains(" affinity ") && TASKSET.matcher(l.strip()).matches())) {
            return Sniff.certain("taskset 'pid N's current affinity' line");
        }
        boolean cpus = head.anyLine(l -> l.startsWith("Cpus_allowed_list:"));
        boolean mems = head.anyLine(l -> l.startsWith("Mems_allowed_list:"));
        if (cpus && mems) {
            return Sniff.strong("/proc/PID/status Cpus_allowed_list and Mems_allowed_list");
        }
        return Sniff.no("no taskset or Cpus_allowed_list lines");
    }

    @Override
    public ImportResult<ConfigSnapshot> parse(ImportContext ctx) throws ImportException, IOException {
        List<ConfigEntry> entries = new ArrayList<>();
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                String s = l.strip();
                Matcher m = TASKSET.matcher(s);
                if (m.matches()) {
                    entries.add(new ConfigEntry("", "pid", m.group(1), SourceRef.of(ctx.displayName(), n)));
                    String v = m.group(3).equals("list") ? m.group(4) : maskToList(m.group(4));
                    entries.add(new ConfigEntry("", "cpus_allowed_list", v, SourceRef.of(ctx.displayName(), n)));
                    continue;
                }
                m = STATUS.matcher(s);
                if (m.matches()) {
                    String key = m.group(1).toLowerCase(java.util.Locale.ROOT);
                    if (key.equals("cpus_allowed") || key.equals("mems_allowed")) {
                        continue; // the hex masks repeat the lists
                    }
                    entries.add(new ConfigEntry("", key, m.group(2).strip(), SourceRef.of(ctx.displayName(), n)));
                }
            }
        }
        if (entries.isEmpty()) {
            throw new ImportException(0, ctx.displayName() + ": no affinity information found");
        }
        return ctx.result(new ConfigSnapshot(ConfigKind.PROCESS_BINDING, entries));
    }

    /** "3" (hex mask) -> "0,1". */
    static String maskToList(String hex) {
        String h = hex.replace(",", "");
        java.math.BigInteger mask = new java.math.BigInteger(h, 16);
        List<String> cpus = new ArrayList<>();
        for (int i = 0; i < mask.bitLength(); i++) {
            if (mask.testBit(i)) {
                cpus.add(Integer.toString(i));
            }
        }
        return String.join(",", cpus);
    }

    @Override
    public Map<String, Object> summarize(ConfigSnapshot value) {
        return ConfigSummary.of(value);
    }
}
