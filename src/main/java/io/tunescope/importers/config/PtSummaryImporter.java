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
import io.tunescope.model.config.SummaryReport;
import io.tunescope.model.numa.NumaDatasets;
import io.tunescope.model.numa.NumaTopology;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Percona Toolkit's {@code pt-summary} report. The sections with host facts become the types the rules already
 * read: Processor as lscpu fields ({@code CPU(s)}, {@code Socket(s)}, cores, threads, model), Memory as
 * /proc/meminfo fields ({@code MemTotal}, {@code MemFree}, {@code SwapTotal}, {@code Dirty}) and sysctl settings
 * (swappiness, dirty ratios and bytes), the NUMA node table as the numactl topology, a disabled THP as its mode.
 * pt rounds sizes ({@code 23.5G}): they keep pt's text and are listed as rounded. pt's Buffers and Caches are
 * not read: with procps 3.3.10 and later they are free's buff/cache and available columns, not /proc/meminfo's
 * Buffers and Cached. The other sections are listed, not read.
 */
public final class PtSummaryImporter implements Importer<SummaryReport> {
    static final String TOOL = "pt-summary";
    private static final Set<String> TYPICAL = Set.of("Hostname", "Uptime", "Platform", "Release", "Kernel", "Architecture",
            "Threading", "Virtualized", "Processors", "Speeds", "Models", "Caches", "Total", "Free", "Used", "Shared",
            "Buffers", "Dirty", "UsedRSS", "Swappiness", "DirtyPolicy", "DirtyStatus", "Numa Nodes", "Numa Policy",
            "Preferred Node", "Controller", "FIN Timeout", "Port Range", "dentry-state", "file-nr", "inode-nr");
    /** Sections facts are read from (the banner section holds the host's name, kernel and release). */
    private static final Set<String> READ = Set.of(PtReport.SYSTEM_BANNER, "Processor", "Memory",
            "Disk Schedulers And Queue Size", "Network Config", "Memory mamagement", "Memory management");
    private static final Pattern PROCESSORS = Pattern.compile(
            "physical = (\\d+), cores = (\\d+), virtual = (\\d+)(?:, hyperthreading = (\\w+))?");
    private static final Pattern GROUP = Pattern.compile("^(\\d+)x(.+)$");
    private static final Pattern NODE = Pattern.compile("^\\s*node(\\d+)\\s+(\\d+) MB\\s+(\\d+) MB(.*)$");
    private static final Pattern SCHEDULER = Pattern.compile("^(?:.*\\[([\\w-]+)\\].*?|(none|noop|\\S+))\\s+(\\d+)$");
    private static final Pattern SWAP = Pattern.compile("swap allocated = (\\S+?),");
    private static final Pattern KB = Pattern.compile("^(\\d+) kB$");
    private static final Pattern TWO = Pattern.compile("^(\\d+), (\\d+)$");

    @Override
    public String format() {
        return "pt-summary";
    }

    @Override
    public String description() {
        return "Percona Toolkit pt-summary report";
    }

    @Override
    public Dataset<SummaryReport> dataset() {
        return ConfigDatasets.PT_SUMMARY;
    }

    @Override
    public Sniff sniff(Head head) {
        return PtReport.sniff(head, false, TYPICAL);
    }

    @Override
    public ImportResult<SummaryReport> parse(ImportContext ctx) throws ImportException, IOException {
        PtReport r = PtReport.read(ctx, PtReport.SYSTEM_BANNER, READ::contains);
        if (r.sections.stream().noneMatch(p -> PtReport.SYSTEM_SECTIONS.contains(p.name()) || p.name().equals(PtReport.SYSTEM_BANNER) && p.line() > 0)) {
            throw new ImportException(0, ctx.displayName() + ": no pt-summary section");
        }
        String file = ctx.displayName();
        List<SummaryReport.Rounded> rounded = new ArrayList<>();
        List<ConfigEntry> cpu = new ArrayList<>();
        List<ConfigEntry> mem = new ArrayList<>();
        List<ConfigEntry> sysctl = new ArrayList<>();
        Map<String, Object> parts = new LinkedHashMap<>();
        Set<String> read = new java.util.HashSet<>();

        // Processor: /proc/cpuinfo counted by pt (virtual = processor lines, physical = distinct physical ids,
        // cores = cpu cores x physical); without 'cpu cores' (arm64, some VMs) pt prints cores = 0 and physical = virtual
        Map<String, SummaryReport.Field> proc = r.fields("Processor");
        SummaryReport.Field p = proc.get("Processors");
        if (p != null) {
            Matcher m = PROCESSORS.matcher(p.value());
            if (m.find()) {
                int physical = Integer.parseInt(m.group(1));
                int cores = Integer.parseInt(m.group(2));
                int virtual = Integer.parseInt(m.group(3));
                SourceRef ref = SourceRef.of(file, p.line());
                cpu.add(new ConfigEntry("", "CPU(s)", Integer.toString(virtual), ref));
                if (cores > 0 && physical > 0 && cores % physical == 0) {
                    cpu.add(new ConfigEntry("", "Socket(s)", Integer.toString(physical), ref));
                    cpu.add(new ConfigEntry("", "Core(s) per socket", Integer.toString(cores / physical), ref));
                    if (virtual % cores == 0) {
                        cpu.add(new ConfigEntry("", "Thread(s) per core", Integer.toString(virtual / cores), ref));
                    }
                } else {
                    ctx.info(p.line(), file + ": pt-summary counted no cores (/proc/cpuinfo without 'cpu cores', as on arm64 and some virtual machines):"
                            + " sockets, cores and threads per core are not read");
                }
                read.add("Processor");
            } else {
                ctx.warn(p.line(), file + ": 'Processors' is not 'physical = N, cores = N, virtual = N'");
            }
        }
        SummaryReport.Field models = proc.get("Models");
        if (models != null) {
            Matcher m = GROUP.matcher(models.value());
            if (m.matches() && !m.group(2).matches(".*, \\d+x.*")) {
                cpu.add(new ConfigEntry("", "Model name", m.group(2).strip(), SourceRef.of(file, models.line())));
            }
        }

        // Memory: free -b shortened by pt (rounded), /proc/meminfo's Dirty as written, sysctl values as written
        Map<String, SummaryReport.Field> m = r.fields("Memory");
        SummaryReport.Field total = m.get("Total");
        SummaryReport.Field free = m.get("Free");
        double totalBytes = total == null ? Double.NaN : ConfigSnapshot.parseNumber(total.value()).orElse(Double.NaN);
        double freeBytes = free == null ? Double.NaN : ConfigSnapshot.parseNumber(free.value()).orElse(Double.NaN);
        if (!Double.isNaN(totalBytes) && !(freeBytes > totalBytes)) {
            addRounded(mem, rounded, "MemTotal", total, file);
            read.add("Memory");
        } else if (total != null) {
            ctx.warn(total.line(), file + ": Total '" + total.value() + "' is not a size"
                    + (freeBytes > totalBytes ? " above Free '" + free.value() + "' (pt misread free -b)" : "") + "; not read");
        }
        if (!Double.isNaN(freeBytes) && !(freeBytes > totalBytes)) {
            addRounded(mem, rounded, "MemFree", free, file);
        }
        SummaryReport.Field used = m.get("Used");
        if (used != null) {
            Matcher s = SWAP.matcher(used.value());
            if (s.find() && ConfigSnapshot.parseNumber(s.group(1)).isPresent()) {
                addRounded(mem, rounded, "SwapTotal", new SummaryReport.Field("Memory", "Used", s.group(1), used.line()), file);
            }
        }
        SummaryReport.Field dirty = m.get("Dirty");
        if (dirty != null) {
            Matcher k = KB.matcher(dirty.value());
            if (k.matches()) {
                mem.add(new ConfigEntry("", "Dirty", Long.toString(Long.parseLong(k.group(1)) * 1024L), SourceRef.of(file, dirty.line())));
            }
        }
        sysctlValue(sysctl, m.get("Swappiness"), "vm.swappiness", file);
        pair(sysctl, m.get("DirtyPolicy"), "vm.dirty_ratio", "vm.dirty_background_ratio", file);
        pair(sysctl, m.get("DirtyStatus"), "vm.dirty_bytes", "vm.dirty_background_bytes", file);
        sysctlValue(sysctl, r.fields("Network Config").get("FIN Timeout"), "net.ipv4.tcp_fin_timeout", file);
        if (r.fields("Network Config").containsKey("FIN Timeout")) {
            read.add("Network Config");
        }
        if (!sysctl.isEmpty()) {
            read.add("Memory");
        }

        // NUMA (pt-summary 3.4 and later): numactl's node count and its node table
        NumaTopology topology = numa(r, m, cpu, file, ctx);
        if (topology != null) {
            parts.put(NumaDatasets.TOPOLOGY.name(), topology);
            read.add("Memory");
        }

        // THP: pt says "disabled" only when [never] is selected; "enabled" is always or madvise, it does not say which
        for (PtReport.Part part : r.parts(n -> n.startsWith("Memory ma") && !n.equals("Memory management library"))) {
            for (PtReport.Line l : part.lines()) {
                if (l.text().strip().equals("Transparent huge pages are currently disabled on the system.")) {
                    parts.put(ConfigDatasets.THP.name(), new ConfigSnapshot(ConfigKind.THP,
                            List.of(new ConfigEntry("", "enabled", "never", SourceRef.of(file, l.number())))));
                    read.add(part.name());
                } else if (l.text().strip().equals("Transparent huge pages are enabled.")) {
                    ctx.info(l.number(), file + ": pt-summary says transparent huge pages are enabled, which is [always] or"
                            + " [madvise]; it does not say which, so the mode is not read");
                }
            }
        }
        if (!r.fields("Disk Schedulers And Queue Size").isEmpty()) {
            read.add("Disk Schedulers And Queue Size");
        }
        if (!r.fields(PtReport.SYSTEM_BANNER).isEmpty()) {
            read.add(PtReport.SYSTEM_BANNER);
        }

        if (!cpu.isEmpty()) {
            parts.put(ConfigDatasets.LSCPU.name(), new ConfigSnapshot(ConfigKind.LSCPU, cpu));
        }
        if (!mem.isEmpty()) {
            parts.put(ConfigDatasets.MEMINFO.name(), new ConfigSnapshot(ConfigKind.MEMINFO, mem));
        }
        if (!sysctl.isEmpty()) {
            parts.put(ConfigDatasets.SYSCTL.name(), new ConfigSnapshot(ConfigKind.SYSCTL, sysctl));
        }
        PtReport.noteRounded(ctx, file, rounded, "pt-summary", "a /proc/meminfo of the same step");
        List<SummaryReport.Section> sections = new ArrayList<>();
        for (PtReport.Part s : r.sections) {
            sections.add(new SummaryReport.Section(s.name(), s.line(), read.contains(s.name())));
        }
        return ctx.result(new SummaryReport(TOOL, r.banner, sections, r.fields, parts, rounded));
    }

    private static NumaTopology numa(PtReport r, Map<String, SummaryReport.Field> m, List<ConfigEntry> cpu, String file,
                                     ImportContext ctx) {
        SummaryReport.Field nodes = m.get("Numa Nodes");
        if (nodes != null && nodes.value().matches("\\d+")) {
            cpu.add(new ConfigEntry("", "NUMA node(s)", nodes.value(), SourceRef.of(file, nodes.line())));
        }
        TreeMap<Integer, List<Integer>> cpus = new TreeMap<>();
        TreeMap<Integer, Long> size = new TreeMap<>();
        TreeMap<Integer, Long> free = new TreeMap<>();
        TreeMap<Integer, Integer> lines = new TreeMap<>();
        for (PtReport.Part part : r.parts("Memory"::equals)) {
            for (PtReport.Line l : part.lines()) {
                Matcher n = NODE.matcher(l.text());
                if (!n.matches()) {
                    continue;
                }
                int node = Integer.parseInt(n.group(1));
                size.put(node, Long.parseLong(n.group(2)));
                free.put(node, Long.parseLong(n.group(3)));
                List<Integer> list = new ArrayList<>();
                for (String c : n.group(4).strip().split("\\s+")) {
                    if (c.matches("\\d+")) {
                        list.add(Integer.parseInt(c));
                    }
                }
                cpus.put(node, list);
                lines.put(node, l.number());
            }
        }
        if (size.isEmpty()) {
            return null;
        }
        for (var e : cpus.entrySet()) {
            if (!e.getValue().isEmpty()) {
                cpu.add(new ConfigEntry("", "NUMA node" + e.getKey() + " CPU(s)",
                        String.join(",", e.getValue().stream().map(String::valueOf).toList()), SourceRef.of(file, lines.get(e.getKey()))));
            }
        }
        if (nodes != null && nodes.value().matches("\\d+") && Integer.parseInt(nodes.value()) != size.size()) {
            ctx.warn(nodes.line(), file + ": Numa Nodes " + nodes.value() + " but " + size.size() + " node lines in the table");
        }
        return new NumaTopology(new ArrayList<>(size.keySet()), cpus, size, free, List.of());
    }

    private static void addRounded(List<ConfigEntry> out, List<SummaryReport.Rounded> rounded, String name,
                                   SummaryReport.Field f, String file) {
        out.add(new ConfigEntry("", name, f.value(), SourceRef.of(file, f.line())));
        String precision = PtReport.roundedTo(f.value());
        if (precision != null) {
            rounded.add(new SummaryReport.Rounded(name, f.value(), precision, f.line()));
        }
    }

    private static void sysctlValue(List<ConfigEntry> out, SummaryReport.Field f, String key, String file) {
        if (f != null && f.value().matches("-?\\d+")) {
            out.add(new ConfigEntry("", key, f.value(), SourceRef.of(file, f.line())));
        }
    }

    private static void pair(List<ConfigEntry> out, SummaryReport.Field f, String first, String second, String file) {
        if (f == null) {
            return;
        }
        Matcher m = TWO.matcher(f.value());
        if (m.matches()) {
            out.add(new ConfigEntry("", first, m.group(1), SourceRef.of(file, f.line())));
            out.add(new ConfigEntry("", second, m.group(2), SourceRef.of(file, f.line())));
        }
    }

    /** Disk schedulers and queue sizes: device, selected scheduler, nr_requests (UNREADABLE devices are left out). */
    static Map<String, Map<String, Object>> disks(SummaryReport r) {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        for (SummaryReport.Field f : r.fields()) {
            if (!f.section().equals("Disk Schedulers And Queue Size")) {
                continue;
            }
            Matcher m = SCHEDULER.matcher(f.value());
            if (m.matches()) {
                Map<String, Object> d = new LinkedHashMap<>();
                d.put("scheduler", m.group(1) != null ? m.group(1) : m.group(2));
                d.put("queue_size", Integer.parseInt(m.group(3)));
                d.put("line", f.line());
                out.put(f.name(), d);
            }
        }
        return out;
    }

    @Override
    public Map<String, Object> summarize(SummaryReport r) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("tool", r.tool());
        out.put("banner", r.banner());
        for (String k : List.of("Hostname", "Release", "Kernel", "Virtualized")) {
            r.field("", k).filter(f -> f.section().equals(PtReport.SYSTEM_BANNER))
                    .ifPresent(f -> out.put(k.toLowerCase(java.util.Locale.ROOT), f.value()));
        }
        PtMysqlSummaryImporter.putPart(out, "cpu", r, ConfigDatasets.LSCPU.name());
        PtMysqlSummaryImporter.putPart(out, "memory", r, ConfigDatasets.MEMINFO.name());
        PtMysqlSummaryImporter.putPart(out, "sysctl", r, ConfigDatasets.SYSCTL.name());
        PtMysqlSummaryImporter.putPart(out, "thp", r, ConfigDatasets.THP.name());
        if (r.parts().get(NumaDatasets.TOPOLOGY.name()) instanceof NumaTopology t) {
            Map<String, Object> numa = new LinkedHashMap<>();
            for (int n : t.nodes()) {
                Map<String, Object> node = new LinkedHashMap<>();
                node.put("size_mb", t.sizeMb().get(n));
                node.put("free_mb", t.freeMb().get(n));
                node.put("cpus", t.cpus().getOrDefault(n, List.of()));
                numa.put(String.valueOf(n), node);
            }
            out.put("numa_nodes", numa);
        }
        Map<String, Map<String, Object>> disks = disks(r);
        if (!disks.isEmpty()) {
            out.put("disks", disks);
        }
        PtMysqlSummaryImporter.putRoundedAndSections(out, r);
        return out;
    }
}
