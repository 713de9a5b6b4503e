package io.tunescope.analysis.evidence;

import io.tunescope.analysis.config.OptionLines;
import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.config.StepConfig;
import io.tunescope.analysis.reading.CaptureReading;
import io.tunescope.analysis.reading.ReadRun;
import io.tunescope.analysis.reading.StepReading;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.capture.Step;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigSnapshot;
import io.tunescope.model.config.ServerFlavor;

import io.tunescope.model.bench.BenchLog;
import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.numa.NumaDatasets;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.numa.NumaTopology;
import io.tunescope.model.perfreport.PerfReport;
import io.tunescope.model.series.SeriesDatasets;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.model.stack.StackProfile;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * What the rules read about one step of a capture: configuration, server flavour and version, host
 * facts (lscpu, memory, sysctl, THP, process binding) and, through further accessors, profiles, NUMA
 * statistics and benchmark/IO series. Every value comes with its {@link SourceRef}. A step that lacks a
 * host-level file (lscpu, meminfo, sysctl, ...) falls back to the file at the top of the capture, where
 * a tuning session keeps facts that hold for every step.
 *
 * <p>New topics plug in by adding a {@link Need} constant, its case in {@link #has(Need)} and an accessor.
 */
public final class Evidence {
    private final Capture capture;
    private final String step;
    private final StepConfig config;
    private final ServerFlavor server;
    private final SourceRef serverRef;

    private CaptureReading reading;
    private io.tunescope.analysis.timeline.Timeline timeline;

    private Evidence(Capture capture, String step, CaptureReading reading) {
        this.capture = capture;
        this.reading = reading;
        this.step = step == null ? "" : step;
        this.config = StepConfig.of(capture, this.step);
        Fact v = detectVersion();
        if (v == null) {
            Loaded<ConfigSnapshot> pd = printDefaultsFile();
            if (pd != null && pd.file().reason().contains("mariadbd would have been started")) {
                // the header names the program: mariadbd is MariaDB (version unknown)
                this.server = new ServerFlavor(ServerFlavor.Kind.MARIADB, 0, 0, 0, "mariadbd");
                this.serverRef = SourceRef.of(pd.file().path(), 1);
            } else {
                this.server = ServerFlavor.UNKNOWN;
                this.serverRef = null;
            }
        } else {
            Fact comment = versionComment().orElse(null);
            this.server = ServerFlavor.parse(v.value(), comment == null ? null : comment.value());
            this.serverRef = v.ref();
        }
    }

    /** The evidence of one step ("" for a capture without steps). */
    public static Evidence of(Capture capture, String step) {
        return new Evidence(capture, step, null);
    }

    /** The evidence of one step, with the capture's one reading (runs and their roles). */
    public static Evidence of(Capture capture, String step, CaptureReading reading) {
        return new Evidence(capture, step, reading);
    }

    /** The evidence of every step of the capture, in step order. */
    public static List<Evidence> perStep(Capture capture) {
        return perStep(capture, CaptureReading.of(capture));
    }

    /** The evidence of every step, all reading the same {@link CaptureReading}. */
    public static List<Evidence> perStep(Capture capture, CaptureReading reading) {
        List<Evidence> out = new ArrayList<>();
        if (capture.steps().isEmpty()) {
            out.add(of(capture, "", reading));
        }
        for (Step s : capture.steps()) {
            out.add(of(capture, s.dir(), reading));
        }
        return out;
    }

    /** The capture's one reading (computed on first use when the evidence was made without it). */
    public CaptureReading reading() {
        if (reading == null) {
            reading = CaptureReading.of(capture);
        }
        return reading;
    }

    /** This step as read: its runs with roles, headline, comparisons; null for a folder that is not a step. */
    public StepReading stepReading() {
        return reading().step(step);
    }

    /**
     * This step's series and runs on the one clock of the reading, as the timeline view draws them (built on
     * first use; notes in English).
     */
    public io.tunescope.analysis.timeline.Timeline timeline() {
        if (timeline == null) {
            timeline = io.tunescope.analysis.timeline.TimelineBuilder.build(capture, step.isEmpty() ? null : step, Locale.ROOT, reading());
        }
        return timeline;
    }

    /** The runs that measure the step's load: its main run, else its repeats (never a warm-up or sweep point). */
    public List<BenchRun> measuredRuns() {
        StepReading s = stepReading();
        return s == null ? List.of() : s.measured().stream().map(ReadRun::run).toList();
    }

    /** The runs of the step's thread sweep (sweep runs only). */
    public List<BenchRun> sweepRuns() {
        StepReading s = stepReading();
        return s == null ? List.of() : s.sweep().stream().map(ReadRun::run).filter(java.util.Objects::nonNull).toList();
    }

    public Capture capture() {
        return capture;
    }

    public String step() {
        return step;
    }

    public StepConfig config() {
        return config;
    }

    /** True when the step holds the data. */
    public boolean has(Need need) {
        return switch (need) {
            case SERVER_SETTINGS -> config.variables().isPresent() || config.printDefaults().isPresent()
                    || !config.optionFiles().entries().isEmpty() || reportedSettings().isPresent();
            case OPTION_FILES -> !config.optionFiles().entries().isEmpty() || config.printDefaults().isPresent();
            case SERVER_VERSION -> server.kind() != ServerFlavor.Kind.UNKNOWN && server.major() > 0;
            case SYSCTL -> sysctlSnapshot().isPresent();
            case LSCPU -> snapshot(ConfigDatasets.LSCPU).isPresent();
            case MEMORY -> memTotalBytes().isPresent();
            case STATUS_DELTA -> config.statusDelta().map(StatusDelta.Result::valid).orElse(false);
            case PROCESS_BINDING -> snapshot(ConfigDatasets.PROCESS_BINDING).isPresent();
            case THP -> snapshot(ConfigDatasets.THP).isPresent();
            case BLOCK_QUEUE -> !host().blockQueues().isEmpty();
            case CGROUP -> host().cgroup().isPresent();
            case PAGE_SIZE -> host().pageSize().isPresent();
            case CPU_PROFILE -> cpuHotspots().isPresent();
            case PERF_STAT -> !perfCounters().isEmpty();
            case BENCH -> !benchRuns().isEmpty();
            case IOSTAT -> !deviceSeries().isEmpty();
            case CPU_UTIL -> cpuBusy().isPresent();
            case VMSTAT -> !inStepOnly(SeriesDatasets.VMSTAT).isEmpty();
            case STATUS_SERIES -> !statusSeries().isEmpty();
            case NUMASTAT -> !inStepOrRoot(NumaDatasets.NUMASTAT).isEmpty();
            case NUMA_TOPOLOGY -> numaTopology().isPresent();
            case NIC_INTERRUPTS -> nicInterrupts().isPresent() || !nicChannels().isEmpty();
            case INNODB_STATUS -> !innodbSnapshots().isEmpty();
            case PROCESSLIST -> !processlistSnapshots().isEmpty();
            case PFS_SUMMARY -> !inStepOnly(io.tunescope.model.pfs.PfsDatasets.SUMMARY).isEmpty();
        };
    }

    // ---------------------------------------------------------------- server

    /** The detected server (flavour and version), {@link ServerFlavor#UNKNOWN} when nothing says. */
    public ServerFlavor server() {
        return server;
    }

    /** Where the version was read. */
    public Optional<SourceRef> serverRef() {
        return Optional.ofNullable(serverRef);
    }

    private Fact detectVersion() {
        Optional<ConfigSnapshot> sv = snapshot(ConfigDatasets.SERVER_VERSION);
        if (sv.isPresent()) {
            Optional<Fact> f = fact(sv.get(), "version");
            if (f.isPresent()) {
                return f.get();
            }
        }
        if (config.variables().isPresent()) {
            Optional<Fact> f = fact(config.variables().get(), "version");
            if (f.isPresent()) {
                return f.get();
            }
        }
        return null;
    }

    private Loaded<ConfigSnapshot> printDefaultsFile() {
        List<Loaded<ConfigSnapshot>> l = capture.inStep(ConfigDatasets.PRINT_DEFAULTS, step);
        return l.isEmpty() ? null : l.get(l.size() - 1);
    }

    private Optional<Fact> versionComment() {
        Optional<ConfigSnapshot> sv = snapshot(ConfigDatasets.SERVER_VERSION);
        if (sv.isPresent()) {
            Optional<Fact> f = fact(sv.get(), "version_comment");
            if (f.isPresent()) {
                return f;
            }
        }
        return config.variables().flatMap(v -> fact(v, "version_comment"));
    }

    // ---------------------------------------------------------------- server settings

    /**
     * The effective value of a server setting: runtime variables when captured, else print-defaults, else the
     * option files and what a summary report of the step (pt-mysql-summary) states of the running server: the
     * option line when the report agrees with it (within pt's rounding: {@code 128.0M} is 128 MiB give or take
     * 0.05 MiB), the report's value when it differs (the server runs with it), whichever of the two exists
     * otherwise. Names are normalised ({@code -} as {@code _}, lower case).
     */
    public Optional<Fact> setting(String name) {
        String n = normalise(name);
        if (config.variables().isPresent()) {
            return fact(config.variables().get(), n);
        }
        if (config.printDefaults().isPresent()) {
            return fact(config.printDefaults().get(), n);
        }
        Optional<Fact> o = optionLineFact(n);
        Optional<Fact> r = reportedSettings().flatMap(s -> fact(s, n)).map(this::approximate);
        if (o.isEmpty() || r.isEmpty()) {
            return o.isPresent() ? o : r;
        }
        return agrees(o.get(), r.get()) ? o : r;
    }

    private static final java.util.regex.Pattern ROUNDED = java.util.regex.Pattern.compile("^-?\\d+(?:\\.(\\d+))?([kKmMgGtTpP])$");
    private static final java.util.Set<String> BOOLEAN_WORDS = java.util.Set.of("ON", "OFF", "0", "1", "TRUE", "FALSE", "YES", "NO");

    /** True when an exact value and a report's (possibly rounded) value of the same setting say the same. */
    static boolean agrees(Fact exact, Fact reported) {
        OptionalDouble e = exact.number();
        OptionalDouble r = reported.number();
        if (e.isPresent() && r.isPresent()) {
            java.util.regex.Matcher m = ROUNDED.matcher(reported.unquoted());
            double half = 0;
            if (m.matches()) {
                int decimals = m.group(1) == null ? 0 : m.group(1).length();
                double unit = ConfigSnapshot.parseNumber("1" + m.group(2)).orElse(1d);
                half = 0.5 * Math.pow(10, -decimals) * unit;
            }
            return Math.abs(e.getAsDouble() - r.getAsDouble()) <= half + 1e-9;
        }
        String a = exact.unquoted().toUpperCase(Locale.ROOT);
        String b = reported.unquoted().toUpperCase(Locale.ROOT);
        if (BOOLEAN_WORDS.contains(a) && BOOLEAN_WORDS.contains(b)) {
            return exact.isOn() == reported.isOn();
        }
        return a.equals(b);
    }

    /**
     * The server settings a summary report of this step states (pt-mysql-summary: a few settings, sizes rounded
     * as pt prints them); never a complete listing, so it does not count as one ({@link #hasVariableListing()}).
     */
    public Optional<ConfigSnapshot> reportedSettings() {
        List<Loaded<ConfigSnapshot>> l = capture.inStep(ConfigDatasets.REPORTED, step);
        return l.isEmpty() ? Optional.empty() : Optional.of(l.get(l.size() - 1).value());
    }

    private OptionLines optionLines;

    /** The option-file lines this server reads, and which line sets an option ({@link OptionLines}). */
    public OptionLines optionLines() {
        if (optionLines == null) {
            optionLines = OptionLines.of(config.optionFiles(), server);
        }
        return optionLines;
    }

    /** The line that takes effect for {@code name} in the option files the server reads. */
    private Optional<Fact> optionLineFact(String n) {
        return optionLines().lookup(n).map(o -> o.effective())
                .filter(en -> OptionLines.sameVariable(n).contains(en.name())) // not skip_x read as x = OFF
                .map(en -> new Fact(n, en.value(), en.source()));
    }

    /** A setting as a number (sizes with K/M/G suffixes in bytes). */
    public OptionalDouble settingNumber(String name) {
        return setting(name).map(Fact::number).orElse(OptionalDouble.empty());
    }

    /** The value written in the option files (my.cnf) for the server, with its file and line. */
    public Optional<Fact> optionFileSetting(String name) {
        String n = normalise(name);
        Optional<Fact> f = optionLineFact(n);
        if (f.isPresent()) {
            return f;
        }
        return config.printDefaults().flatMap(p -> fact(p, n));
    }

    /**
     * Every option the server reads from the option files (groups this server reads, see
     * {@link OptionLines#reads}), or from
     * print-defaults when no option file was captured; in file order, later duplicates included.
     */
    public List<ConfigEntry> serverOptions() {
        List<ConfigEntry> out = new ArrayList<>();
        ConfigSnapshot files = config.optionFiles();
        if (!files.entries().isEmpty()) {
            return optionLines().read();
        }
        config.printDefaults().ifPresent(p -> out.addAll(p.entries()));
        return out;
    }

    /** True when the runtime variable listing (SHOW GLOBAL VARIABLES) of the server was captured. */
    public boolean hasVariableListing() {
        return config.variables().isPresent();
    }

    /** True when the runtime variable listing contains the variable. */
    public boolean variableListed(String name) {
        String n = normalise(name);
        return config.variables().map(v -> v.entry(n).isPresent()).orElse(false);
    }

    /** Counter delta and rate between the first and last status snapshots of the step. */
    public Optional<StatusDelta.Result> statusDelta() {
        return config.statusDelta().filter(StatusDelta.Result::valid);
    }

    // ---------------------------------------------------------------- host

    public Optional<ConfigSnapshot> sysctlSnapshot() {
        return snapshot(ConfigDatasets.SYSCTL); // the step's last file, else the top of the capture's (see inStepOrRoot)
    }

    /** A kernel setting such as {@code vm.swappiness}. */
    public Optional<Fact> sysctl(String key) {
        return sysctlSnapshot().flatMap(s -> fact(s, key));
    }

    /** An lscpu field such as {@code Architecture} or {@code NUMA node(s)}. */
    public Optional<Fact> lscpu(String field) {
        return snapshot(ConfigDatasets.LSCPU).flatMap(s -> fact(s, field));
    }

    /** Logical CPUs from lscpu's {@code CPU(s)}. */
    public OptionalInt logicalCpus() {
        return logicalCpusFact().map(f -> OptionalInt.of(Integer.parseInt(f.value()))).orElse(OptionalInt.empty());
    }

    /**
     * The host's logical CPU count and where it was read: lscpu's CPU(s), else the per-CPU rows of mpstat -P ALL
     * (a collection without lscpu, as pt-stalk's, still has them).
     */
    public Optional<Fact> logicalCpusFact() {
        OptionalInt l = lscpuInt("CPU(s)");
        if (l.isPresent()) {
            return lscpu("CPU(s)").map(f -> new Fact(f.name(), Integer.toString(l.getAsInt()), f.ref()));
        }
        for (SeriesSet s : mpstat()) {
            int n = 0;
            SourceRef ref = null;
            for (String entity : s.entities()) {
                if (entity.chars().allMatch(Character::isDigit) && !entity.isEmpty()) {
                    n++;
                    if (ref == null) {
                        TimeSeries idle = s.of(entity, "idle");
                        ref = idle == null || idle.isEmpty() ? null : idle.ref(0);
                    }
                }
            }
            if (n > 0) {
                return Optional.of(new Fact("CPUs in mpstat -P ALL", Integer.toString(n), ref));
            }
        }
        return Optional.empty();
    }

    /** NUMA nodes from lscpu ({@code NUMA node(s)}), else the nodes of the numactl topology. */
    public OptionalInt numaNodes() {
        OptionalInt l = lscpuInt("NUMA node(s)");
        if (l.isPresent()) {
            return l;
        }
        return numaTopology().map(t -> OptionalInt.of(t.value().nodes().size())).orElse(OptionalInt.empty());
    }

    private OptionalInt lscpuInt(String field) {
        Optional<Fact> f = lscpu(field);
        if (f.isEmpty()) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(f.get().value().strip()));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    /** True when lscpu (or uname -a) says the host is aarch64. */
    public boolean isArm64() {
        return host().machine().map(f -> f.value().toLowerCase(Locale.ROOT).contains("aarch64")).orElse(false);
    }

    private HostFacts host;

    /** Kernel, distribution, page size, block queues, pressure stall information and the server's cgroup limits. */
    public HostFacts host() {
        if (host == null) {
            host = new HostFacts(this);
        }
        return host;
    }

    /** Total memory in bytes: MemTotal of /proc/meminfo, else the node sizes of numactl --hardware. */
    public Optional<Fact> memTotalBytes() {
        Optional<Fact> m = snapshot(ConfigDatasets.MEMINFO).flatMap(s -> fact(s, "MemTotal")).map(this::approximate);
        if (m.isPresent()) {
            return m;
        }
        List<Loaded<NumaTopology>> t = inStepOrRoot(NumaDatasets.TOPOLOGY);
        if (!t.isEmpty() && !t.get(t.size() - 1).value().sizeMb().isEmpty()) {
            long mb = t.get(t.size() - 1).value().sizeMb().values().stream().mapToLong(Long::longValue).sum();
            return Optional.of(new Fact("MemTotal", Long.toString(mb * 1024 * 1024), SourceRef.of(t.get(t.size() - 1).file().path(), 0)));
        }
        return Optional.empty();
    }

    /** A /proc/meminfo field in bytes (kB fields) or pages. */
    public Optional<Fact> meminfo(String field) {
        return snapshot(ConfigDatasets.MEMINFO).flatMap(s -> fact(s, field)).map(this::approximate);
    }

    /**
     * The fact, named {@code NAME ≈} when a summary report printed it rounded ({@code MemTotal ≈ 23.5G}, pt-summary:
     * the report's diagnostics and summary say to what precision); unchanged otherwise.
     */
    Fact approximate(Fact f) {
        if (f.ref() == null) {
            return f;
        }
        for (io.tunescope.model.capture.SourceFile file : capture.files()) {
            if (file.path().equals(f.ref().file()) && file.value() instanceof io.tunescope.model.config.SummaryReport r) {
                for (io.tunescope.model.config.SummaryReport.Rounded x : r.rounded()) {
                    if (x.line() == f.ref().line() && x.fact().equals(f.name())) {
                        return new Fact(f.name() + " \u2248", f.value(), f.ref());
                    }
                }
            }
        }
        return f;
    }

    /** Transparent huge page mode: key {@code enabled} or {@code defrag}. */
    public Optional<Fact> thp(String key) {
        return snapshot(ConfigDatasets.THP).flatMap(s -> fact(s, key));
    }

    /** A process-binding field: {@code cpus_allowed_list}, {@code mems_allowed_list}, {@code pid}. */
    public Optional<Fact> binding(String key) {
        return snapshot(ConfigDatasets.PROCESS_BINDING).flatMap(s -> fact(s, key));
    }

    /**
     * The CPUs the server may run on: Cpus_allowed_list of /proc/PID/status (or taskset -p), which already reflects its
     * cpuset; else the effective cpuset of its cgroup ({@code cpuset.cpus.effective}, v1 {@code cpuset.effective_cpus},
     * else {@code cpuset.cpus}), named by its path.
     */
    public Optional<Fact> allowedCpus() {
        Optional<Fact> b = binding("cpus_allowed_list");
        return b.isPresent() ? b : host().cgroup().map(HostFacts.CgroupLimits::cpus);
    }

    /** The memory nodes the server may allocate on: Mems_allowed_list, else its cgroup's effective cpuset.mems. */
    public Optional<Fact> allowedMems() {
        Optional<Fact> b = binding("mems_allowed_list");
        return b.isPresent() ? b : host().cgroup().map(HostFacts.CgroupLimits::mems);
    }

    // ---------------------------------------------------------------- CPU profile

    /** Dataset keys of the CPU importers (by name: analysis does not depend on importers). */
    private static final Dataset<StackProfile> PERF_SCRIPT = Dataset.of("cpu.perf-script", StackProfile.class);
    private static final Dataset<StackProfile> FOLDED = Dataset.of("cpu.folded", StackProfile.class);
    private static final Dataset<PerfReport> PERF_REPORT = Dataset.of("cpu.perf-report", PerfReport.class);

    private Optional<CpuHotspots> hotspots;

    /**
     * The step's CPU profile as self shares by symbol: perf script first (it has stacks), then folded
     * stacks, then a perf report.
     */
    public Optional<CpuHotspots> cpuHotspots() {
        if (hotspots == null) {
            hotspots = Optional.empty();
            for (Dataset<StackProfile> d : List.of(PERF_SCRIPT, FOLDED)) {
                List<Loaded<StackProfile>> l = inStepOnly(d);
                if (!l.isEmpty() && l.get(0).value().totalWeight() > 0) {
                    hotspots = Optional.of(CpuHotspots.of(l.get(0).file().path(), l.get(0).value()));
                    return hotspots;
                }
            }
            List<Loaded<PerfReport>> r = inStepOnly(PERF_REPORT);
            if (!r.isEmpty() && !r.get(0).value().entries().isEmpty()) {
                hotspots = Optional.of(CpuHotspots.of(r.get(0).file().path(), r.get(0).value()));
            }
        }
        return hotspots;
    }

    // ---------------------------------------------------------------- benchmark and series

    /** Every sysbench run of the step, in file order. */
    public List<BenchRun> benchRuns() {
        List<BenchRun> out = new ArrayList<>();
        for (Loaded<BenchLog> l : inStepOnly(SeriesDatasets.SYSBENCH)) {
            out.addAll(l.value().runs());
        }
        return out;
    }

    /** The iostat files of the step. */
    public List<SeriesSet> iostat() {
        return inStepOnly(SeriesDatasets.IOSTAT).stream().map(Loaded::value).toList();
    }

    /**
     * Per-device series of the step from every tool that writes them: {@code iostat -x} (text or JSON),
     * I/O CSV files ({@code iocsv}) and {@code sar -d} text; the metric names are iostat's ({@code util},
     * {@code r_await}, ...).
     */
    public List<SeriesSet> deviceSeries() {
        List<SeriesSet> out = new ArrayList<>(iostat());
        for (Loaded<SeriesSet> l : inStepOnly(SeriesDatasets.IOCSV)) {
            out.add(l.value());
        }
        for (SeriesSet s : sar()) {
            if (s.byEntity().values().stream().flatMap(List::stream).anyMatch(t -> t.metric().name().equals("util"))) {
                out.add(s);
            }
        }
        return out;
    }

    /** The step's sar text reports (CPU, devices, memory ... under iostat's, mpstat's and vmstat's names where alike). */
    public List<SeriesSet> sar() {
        return inStepOnly(SeriesDatasets.SAR).stream().map(Loaded::value).toList();
    }

    /** The step's status counter series (mysqladmin extended-status -i N, pt-mext), in file order. */
    public List<SeriesSet> statusSeries() {
        return inStepOnly(SeriesDatasets.MYSQLADMIN).stream().map(Loaded::value).toList();
    }

    public List<SeriesSet> vmstat() {
        return inStepOnly(SeriesDatasets.VMSTAT).stream().map(Loaded::value).toList();
    }

    public List<SeriesSet> mpstat() {
        return inStepOnly(SeriesDatasets.MPSTAT).stream().map(Loaded::value).toList();
    }

    /**
     * Host CPU busy (usr + sys, and the other non-idle, non-iowait shares) in percent per interval: mpstat's
     * {@code all} row, else vmstat {@code us + sy}.
     */
    /** 100 - %idle - %iowait per sample, in the series' source. */
    private static TimeSeries busy(TimeSeries idle, TimeSeries iowait) {
        TimeSeries.Builder b = new TimeSeries.Builder(io.tunescope.model.series.Metric.of(idle.metric().source(), "busy", "all",
                io.tunescope.model.series.Unit.PERCENT), idle.clock(), idle.file());
        for (int i = 0; i < idle.size(); i++) {
            double w = iowait != null && i < iowait.size() ? iowait.value(i) : 0;
            b.add(idle.time(i), Math.max(0, 100 - idle.value(i) - w), idle.line(i));
        }
        return b.build();
    }

    public Optional<TimeSeries> cpuBusy() {
        // mpstat's "all" row, else iostat's avg-cpu report, else sar -u: the same %idle and %iowait
        List<SeriesSet> cpuReports = new ArrayList<>(mpstat());
        cpuReports.addAll(iostat());
        cpuReports.addAll(sar());
        for (SeriesSet s : cpuReports) {
            TimeSeries idle = s.of("all", "idle");
            if (idle != null && !idle.isEmpty()) {
                return Optional.of(busy(idle, s.of("all", "iowait")));
            }
        }
        for (SeriesSet s : vmstat()) {
            TimeSeries us = s.byKey("vmstat/us");
            TimeSeries sy = s.byKey("vmstat/sy");
            if (us != null && sy != null && !us.isEmpty()) {
                TimeSeries.Builder b = new TimeSeries.Builder(io.tunescope.model.series.Metric.of("vmstat", "busy", "",
                        io.tunescope.model.series.Unit.PERCENT), us.clock(), us.file());
                for (int i = 0; i < Math.min(us.size(), sy.size()); i++) {
                    b.add(us.time(i), us.value(i) + sy.value(i), us.line(i));
                }
                return Optional.of(b.build());
            }
        }
        return Optional.empty();
    }

    // ---------------------------------------------------------------- NUMA

    public List<Loaded<NumaStats>> numastat() {
        return inStepOrRoot(NumaDatasets.NUMASTAT);
    }

    public Optional<Loaded<NumaTopology>> numaTopology() {
        List<Loaded<NumaTopology>> t = inStepOrRoot(NumaDatasets.TOPOLOGY);
        return t.isEmpty() ? Optional.empty() : Optional.of(t.get(t.size() - 1));
    }

    /** CPUs of each NUMA node: numactl --hardware, else lscpu's {@code NUMA nodeN CPU(s)} lines. */
    public java.util.Map<Integer, java.util.BitSet> nodeCpus() {
        java.util.Map<Integer, java.util.BitSet> out = new java.util.TreeMap<>();
        Optional<Loaded<NumaTopology>> t = numaTopology();
        if (t.isPresent() && !t.get().value().cpus().isEmpty()) {
            for (var e : t.get().value().cpus().entrySet()) {
                java.util.BitSet b = new java.util.BitSet();
                e.getValue().forEach(b::set);
                out.put(e.getKey(), b);
            }
            return out;
        }
        Optional<ConfigSnapshot> l = snapshot(ConfigDatasets.LSCPU);
        if (l.isPresent()) {
            java.util.regex.Pattern p = java.util.regex.Pattern.compile("NUMA node(\\d+) CPU\\(s\\)");
            for (ConfigEntry en : l.get().entries()) {
                java.util.regex.Matcher m = p.matcher(en.name());
                if (m.matches()) {
                    out.put(Integer.parseInt(m.group(1)), CpuList.parse(en.value()));
                }
            }
        }
        return out;
    }

    /** Sockets from lscpu ({@code Socket(s)}). */
    public OptionalInt sockets() {
        Optional<Fact> f = lscpu("Socket(s)");
        if (f.isEmpty()) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(f.get().value().strip()));
        } catch (NumberFormatException e) {
            return OptionalInt.empty();
        }
    }

    // ---------------------------------------------------------------- network interrupts

    private Optional<NicIrqs> nicIrqs;

    /**
     * The NIC queue interrupts per CPU: between the first and last {@code /proc/interrupts} snapshots of the step,
     * else since boot of the one snapshot (of the step, else of the top of the capture). Empty without a snapshot.
     */
    public Optional<NicIrqs> nicInterrupts() {
        if (nicIrqs == null) {
            List<Loaded<io.tunescope.model.net.Interrupts>> l = inStepOnly(io.tunescope.model.net.NetDatasets.INTERRUPTS);
            nicIrqs = NicIrqs.of(l.isEmpty() ? inStepOrRoot(io.tunescope.model.net.NetDatasets.INTERRUPTS) : l);
        }
        return nicIrqs;
    }

    /** One softirq's per-CPU counts ({@code NET_RX}) from {@code /proc/softirqs}: the step's delta, else since boot. */
    public Optional<NicIrqs.SoftirqCounts> softirq(String name) {
        List<Loaded<io.tunescope.model.net.SoftIrqs>> l = inStepOnly(io.tunescope.model.net.NetDatasets.SOFTIRQS);
        return NicIrqs.softirq(l.isEmpty() ? inStepOrRoot(io.tunescope.model.net.NetDatasets.SOFTIRQS) : l, name);
    }

    /** Every device of the {@code ethtool -l} files (of the step, else of the capture's top), with its file. */
    public List<Loaded<io.tunescope.model.net.NicChannels>> nicChannels() {
        return inStepOrRoot(io.tunescope.model.net.NetDatasets.CHANNELS);
    }

    /**
     * An IRQ's affinity ({@code smp_affinity_list} or {@code effective_affinity_list}) from the step's affinity
     * listings, else the capture's top; the last file that lists it wins.
     */
    public Optional<Fact> irqAffinity(String irq, String kind) {
        Fact out = null;
        for (Loaded<io.tunescope.model.net.IrqAffinity> l : inStepOrRoot(io.tunescope.model.net.NetDatasets.IRQ_AFFINITY)) {
            io.tunescope.model.net.IrqAffinity.Entry e = l.value().of(irq, kind);
            if (e != null) {
                out = new Fact("/proc/irq/" + irq + "/" + kind, e.cpus(), l.ref(e.line()));
            }
        }
        return Optional.ofNullable(out);
    }

    /** The mean of one CPU's busy share (100 - %idle - %iowait) over the step's mpstat -P ALL samples, with the first sample's line. */
    public Optional<Fact> cpuBusyOf(int cpu) {
        for (SeriesSet s : mpstat()) {
            TimeSeries idle = s.of(Integer.toString(cpu), "idle");
            if (idle != null && !idle.isEmpty()) {
                TimeSeries b = busy(idle, s.of(Integer.toString(cpu), "iowait"));
                return Optional.of(new Fact("CPU" + cpu + " busy", String.format(Locale.ROOT, "%.1f", b.mean()), b.ref(0)));
            }
        }
        return Optional.empty();
    }

    /** The mean of one CPU's %soft over the step's mpstat -P ALL samples. */
    public Optional<Fact> cpuSoftOf(int cpu) {
        for (SeriesSet s : mpstat()) {
            TimeSeries soft = s.of(Integer.toString(cpu), "soft");
            if (soft != null && !soft.isEmpty()) {
                return Optional.of(new Fact("CPU" + cpu + " %soft", String.format(Locale.ROOT, "%.1f", soft.mean()), soft.ref(0)));
            }
        }
        return Optional.empty();
    }

    // ---------------------------------------------------------------- InnoDB monitor output

    /** One InnoDB monitor snapshot with the file it was read from. */
    public record InnodbSnapshot(String file, io.tunescope.model.innodb.InnodbStatus.Snapshot snapshot) {
        public SourceRef ref(int line) {
            return SourceRef.of(file, line);
        }
    }

    /**
     * Every {@code SHOW ENGINE INNODB STATUS} snapshot of the step (several files and several blocks per file),
     * in time order when every snapshot's time was read, else in file order.
     */
    public List<InnodbSnapshot> innodbSnapshots() {
        List<InnodbSnapshot> out = new ArrayList<>();
        for (Loaded<io.tunescope.model.innodb.InnodbStatus> l : inStepOnly(io.tunescope.model.innodb.InnodbDatasets.STATUS)) {
            for (var s : l.value().snapshots()) {
                out.add(new InnodbSnapshot(l.file().path(), s));
            }
        }
        if (out.stream().allMatch(s -> s.snapshot().epochMs() > 0)) {
            out.sort(java.util.Comparator.comparingLong(s -> s.snapshot().epochMs()));
        }
        return out;
    }

    // ---------------------------------------------------------------- process list

    /** One process list snapshot with the file it was read from. */
    public record ProcesslistSnapshot(String file, io.tunescope.model.processlist.Processlist.Snapshot snapshot) {
        public SourceRef ref(int line) {
            return SourceRef.of(file, line);
        }
    }

    /**
     * Every process list snapshot of the step (several files, several snapshots per file), in time order when
     * every snapshot's time was read, else in file order.
     */
    public List<ProcesslistSnapshot> processlistSnapshots() {
        List<ProcesslistSnapshot> out = new ArrayList<>();
        for (Loaded<io.tunescope.model.processlist.Processlist> l : inStepOnly(io.tunescope.model.processlist.ProcesslistDatasets.PROCESSLIST)) {
            for (var s : l.value().snapshots()) {
                out.add(new ProcesslistSnapshot(l.file().path(), s));
            }
        }
        if (out.stream().allMatch(s -> s.snapshot().epochMs() > 0)) {
            out.sort(java.util.Comparator.comparingLong(s -> s.snapshot().epochMs()));
        }
        return out;
    }

    // ---------------------------------------------------------------- performance_schema summaries

    /**
     * The rows of one kind of performance_schema summary in this step: with two or more snapshots (in one file or
     * several files, in file order) the difference between the first and the last, else the counters since the
     * server started (or the table was last truncated).
     *
     * @param file      the file of the last snapshot, which the rows' lines refer to
     * @param snapshots how many snapshots were read
     * @param delta     true when the rows are a difference of two snapshots
     * @param firstFile the file of the first snapshot; {@code firstLine} and {@code lastLine} are where the first and last start
     */
    public record PfsView(String file, io.tunescope.model.pfs.PfsSummary.Kind kind, List<io.tunescope.model.pfs.PfsSummary.Row> rows,
                          int snapshots, boolean delta, String firstFile, int firstLine, int lastLine) {
        public SourceRef ref(int line) {
            return SourceRef.of(file, line);
        }
    }

    /** The view of the first of {@code kinds} that this step has, or empty. */
    public Optional<PfsView> pfsView(io.tunescope.model.pfs.PfsSummary.Kind... kinds) {
        var loaded = inStepOnly(io.tunescope.model.pfs.PfsDatasets.SUMMARY);
        for (var kind : kinds) {
            List<String> files = new ArrayList<>();
            List<io.tunescope.model.pfs.PfsSummary.Snapshot> snaps = new ArrayList<>();
            for (var l : loaded) {
                if (l.value().kind() == kind) {
                    for (var s : l.value().snapshots()) {
                        files.add(l.file().path());
                        snaps.add(s);
                    }
                }
            }
            if (snaps.isEmpty()) {
                continue;
            }
            var last = snaps.get(snaps.size() - 1);
            String file = files.get(files.size() - 1);
            if (snaps.size() == 1) {
                return Optional.of(new PfsView(file, kind, last.rows(), 1, false, file, last.line(), last.line()));
            }
            var first = snaps.get(0);
            java.util.Map<String, io.tunescope.model.pfs.PfsSummary.Row> before = new java.util.HashMap<>();
            for (var r : first.rows()) {
                before.put(r.key(), r);
            }
            List<io.tunescope.model.pfs.PfsSummary.Row> rows = new ArrayList<>();
            for (var r : last.rows()) {
                var b = before.get(r.key());
                rows.add(b == null ? r : r.minus(b));
            }
            return Optional.of(new PfsView(file, kind, rows, snaps.size(), true, files.get(0), first.line(), last.line()));
        }
        return Optional.empty();
    }

    /** The step's perf stat outputs, the server's process first ({@link PerfCounters#of}). */
    public List<PerfCounters> perfCounters() {
        return PerfCounters.of(inStepOnly(io.tunescope.model.perfstat.PerfStatDatasets.PERF_STAT), isArm64());
    }

    // ---------------------------------------------------------------- helpers

    /** Values of a dataset in this step only (measurements of a run never come from another step). */
    public <T> List<Loaded<T>> inStepOnly(Dataset<T> d) {
        return capture.inStep(d, step);
    }

    /** The last snapshot of a dataset in this step, else at the top of the capture. */
    public Optional<ConfigSnapshot> snapshot(Dataset<ConfigSnapshot> d) {
        List<Loaded<ConfigSnapshot>> l = inStepOrRoot(d);
        return l.isEmpty() ? Optional.empty() : Optional.of(l.get(l.size() - 1).value());
    }

    /**
     * Values of a dataset in this step; when the step has none (or only a summary report's part while the top has
     * the file itself), those at the top of the capture; else those of the folders that are not steps (a {@code host/} folder of lscpu, meminfo and sysctl holds for every step).
     */
    public <T> List<Loaded<T>> inStepOrRoot(Dataset<T> d) {
        List<Loaded<T>> l = capture.inStep(d, step);
        if (!step.isEmpty() && !l.isEmpty() && l.stream().allMatch(x -> Capture.isPart(x, d))) {
            // the step has only a report's summary of it (pt-summary's rounded memory): an exact file at the top wins
            List<Loaded<T>> root = capture.inStep(d, "");
            if (root.stream().anyMatch(x -> !Capture.isPart(x, d))) {
                l = root;
            }
        }
        if (l.isEmpty() && !step.isEmpty()) {
            l = capture.inStep(d, "");
        }
        if (l.isEmpty()) {
            List<Loaded<T>> aux = new ArrayList<>();
            for (io.tunescope.model.capture.AuxFolder a : capture.auxiliary()) {
                aux.addAll(capture.inStep(d, a.dir()));
            }
            l = aux;
        }
        return l;
    }

    private static Optional<Fact> fact(ConfigSnapshot s, String key) {
        return s.entry(key).map(e -> new Fact(key, e.value(), e.source()));
    }

    /** Server option name as the importers store it: lower case, '-' as '_'. */
    public static String normalise(String name) {
        return name.strip().toLowerCase(Locale.ROOT).replace('-', '_');
    }
}
