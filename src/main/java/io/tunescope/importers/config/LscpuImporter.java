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
 * mapped to the English ones so that later analysis reads one vocabulary.
 */
public final class LscpuImporter implements Importer<ConfigSnapshot> {
    private static final Pattern FIELD = Pattern.compile("^\\s*+([^:：]{1,60}?)\\s*+[:：]\\s*+(.*)$");
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
        boolean model = head.anyLine(l -> l.contains("Model name:") || l.contains("型号名称") || l.contains("Vendor ID:")
                || l.contains("厂商 ID") || l.contains("Thread(s) per core:") || l.contains("每个核的线程数"));
        if (arch && cpus && model) {
            return Sniff.certain("lscpu fields Architecture, CPU(s) and model/vendor");
        }
        if (arch && cpus) {
            return Sniff.strong("lscpu fields Architecture and CPU(s)");
        }
        return Sniff.no("no 'Architecture:' and 'CPU(s):' lines");
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
                Matcher m = FIELD.matcher(l);
                if (!m.matches()) {
                    ctx.warn(n, ctx.displayName() + ": not a 'field: value' line");
                    continue;
                }
                String key = m.group(1).strip();
                String value = m.group(2).strip();
                if (value.isEmpty()) {
                    continue; // section titles of newer lscpu ("Caches (sum of all):")
                }
                entries.add(new ConfigEntry("", english(key), value, SourceRef.of(ctx.displayName(), n)));
            }
        }
        return ctx.result(new ConfigSnapshot(ConfigKind.LSCPU, entries));
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
        return ConfigSummary.of(value);
    }
}
