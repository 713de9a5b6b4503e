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
 * {@code lscpu} output in English or Simplified Chinese ({@code 架构：aarch64}); Chinese field names are
 * mapped to the English ones so that later analysis reads one vocabulary. Every architecture's layout is read
 * (x86, aarch64 with or without clusters, ppc64, s390 books and drawers), also without the Architecture line
 * ({@code lscpu --sysroot}); the summary gives the topology ({@link LscpuTopology}).
 */
public final class LscpuImporter implements Importer<ConfigSnapshot> {
    private static final Pattern FIELD = Pattern.compile("^\\s*+([^:：]{1,60}?)\\s*+[:：]\\s*+(.*)$");
    private static final Pattern NODE_CPUS = Pattern.compile("NUMA node\\d{1,6} CPU\\(s\\)");
    private static final Pattern CN_NODE_CPUS = Pattern.compile("^NUMA\\s*节点\\s*(\\d+)\\s*CPU$");
    private static final Map<String, String> CHINESE = Map.ofEntries(
            Map.entry("架构", "Architecture"),
            Map.entry("CPU 运行模式", "CPU op-mode(s)"),
            Map.entry("字节序", "Byte Order"),
            Map.entry("在线 CPU 列表", "On-line CPU(s) list"),
            Map.entry("每个核的线程数", "Thread(s) per core"),
            Map.entry("每个座的核数", "Core(s) per socket"),
            Map.entry("每个座的核心数", "Core(s) per socket"),
            Map.entry("座", "Socket(s)"),
            Map.entry("NUMA 节点", "NUMA node(s)"),
            Map.entry("厂商 ID", "Vendor ID"),
            Map.entry("型号名称", "Model name"),
            Map.entry("型号", "Model"),
            Map.entry("步进", "Stepping"),
            Map.entry("虚拟化", "Virtualization"),
            Map.entry("超管理器厂商", "Hypervisor vendor"),
            Map.entry("虚拟化类型", "Virtualization type"),
            Map.entry("标记", "Flags"),
            Map.entry("BogoMIPS", "BogoMIPS"));

    @Override
    public String format() {
        return "lscpu";
    }

    @Override
    public String description() {
        return "lscpu output";
    }

    @Override
    public Dataset<ConfigSnapshot> dataset() {
        return ConfigDatasets.LSCPU;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        boolean arch = head.anyLine(l -> l.startsWith("Architecture:") || l.startsWith("架构"));
        boolean cpus = head.anyLine(l -> l.startsWith("CPU(s):") || l.startsWith("CPU:"));
        boolean online = head.anyLine(l -> l.contains("On-line CPU(s) list:") && l.strip().startsWith("On-line CPU(s) list:")
                || l.contains("在线 CPU 列表") && l.strip().startsWith("在线 CPU 列表"));
        boolean model = head.anyLine(l -> l.contains("Model name:") || l.contains("型号名称") || l.contains("Vendor ID:")
                || l.contains("厂商 ID") || l.contains("Thread(s) per core:") || l.contains("每个核的线程数"));
        if (arch && cpus && model) {
            return Sniff.certain("lscpu fields Architecture, CPU(s) and model/vendor");
        }
        if (arch && cpus) {
            return Sniff.strong("lscpu fields Architecture and CPU(s)");
        }
        if (cpus && online && model) {
            // lscpu --sysroot (a dump of another machine) has no Architecture line, nor have some container listings
            return Sniff.strong("lscpu fields CPU(s), On-line CPU(s) list and model/vendor (no Architecture line)");
        }
        return Sniff.no("no 'Architecture:'/'On-line CPU(s) list:' and 'CPU(s):' lines");
    }

    @Override
    public ImportResult<ConfigSnapshot> parse(ImportContext ctx) throws ImportException, IOException {
        List<ConfigEntry> entries = new ArrayList<>();
        // lscpu in a terminal wraps long values (Flags, Vulnerability ...) at the screen width: the rest of the
        // value follows on lines indented to the value column, cut anywhere, even inside a word
        String key = null;
        StringBuilder value = new StringBuilder();
        int valueCol = -1;
        int keyLine = 0;
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (key != null && valueCol > 0 && l.length() > valueCol && l.substring(0, valueCol).isBlank()
                        && !l.substring(valueCol).isBlank()) {
                    value.append(l, valueCol, l.length());
                    continue;
                }
                addEntry(entries, key, value, keyLine, ctx);
                key = null;
                if (l.isBlank()) {
                    continue;
                }
                Matcher m = FIELD.matcher(l);
                if (!m.matches()) {
                    ctx.warn(n, ctx.displayName() + ": not a 'field: value' line");
                    continue;
                }
                key = english(m.group(1).strip());
                value.setLength(0);
                value.append(m.group(2));
                valueCol = m.group(2).isBlank() ? -1 : m.start(2);
                keyLine = n;
            }
        }
        addEntry(entries, key, value, keyLine, ctx);
        return ctx.result(new ConfigSnapshot(ConfigKind.LSCPU, entries));
    }

    private static void addEntry(List<ConfigEntry> entries, String name, StringBuilder raw, int line, ImportContext ctx) {
        if (name == null) {
            return;
        }
        String value = raw.toString().strip();
        if (value.isEmpty() && !NODE_CPUS.matcher(name).matches()) {
            return; // section titles of newer lscpu ("Caches (sum of all):"); a CPU-less NUMA node stays
        }
        entries.add(new ConfigEntry("", name, value, SourceRef.of(ctx.displayName(), line)));
    }

    static String english(String key) {
        String k = CHINESE.get(key);
        if (k != null) {
            return k;
        }
        Matcher m = CN_NODE_CPUS.matcher(key);
        if (m.matches()) {
            return "NUMA node" + m.group(1) + " CPU(s)";
        }
        return key;
    }

    @Override
    public Map<String, Object> summarize(ConfigSnapshot value) {
        Map<String, Object> out = ConfigSummary.of(value);
        out.put("topology", LscpuTopology.of(value));
        return out;
    }
}
