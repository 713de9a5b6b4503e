package io.tunescope.analysis.evidence;

import io.tunescope.analysis.SnapshotOrder;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigSnapshot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The host facts of one step, each with the file and line it was read from: the kernel and machine ({@code uname -a}),
 * the distribution ({@code /etc/os-release}), the base page size ({@code getconf PAGESIZE}, else a page-size flavour in
 * the kernel release), block-device queue settings ({@code /sys/block/DEV/queue}), pressure stall information
 * ({@code /proc/pressure}) and the server's cgroup limits. Like the other host files, a step without them falls back
 * to the ones at the top of the capture.
 */
public final class HostFacts {
    private final Evidence e;

    HostFacts(Evidence e) {
        this.e = e;
    }

    private Optional<Fact> fact(io.tunescope.model.capture.Dataset<ConfigSnapshot> d, String key, String name) {
        return e.snapshot(d).flatMap(s -> s.entry(key)).map(x -> new Fact(name, x.value(), x.source()));
    }

    /** {@code uname -m}'s machine (x86_64, aarch64 ...), else lscpu's Architecture. */
    public Optional<Fact> machine() {
        Optional<Fact> m = fact(ConfigDatasets.UNAME, "machine", "uname -m");
        return m.isPresent() ? m : e.lscpu("Architecture");
    }

    /** The kernel release ({@code uname -r}). */
    public Optional<Fact> kernelRelease() {
        return fact(ConfigDatasets.UNAME, "kernel_release", "uname -r");
    }

    /** An os-release key: {@code ID}, {@code VERSION_ID}, {@code PRETTY_NAME} ... */
    public Optional<Fact> os(String key) {
        return fact(ConfigDatasets.OS_RELEASE, key, key);
    }

    /**
     * The base page size in bytes: {@code getconf PAGESIZE} (the measure), else the page-size flavour a kernel
     * release names ({@code +64k}); empty when neither says.
     */
    public Optional<Fact> pageSize() {
        Optional<Fact> g = fact(ConfigDatasets.GETCONF, "PAGESIZE", "getconf PAGESIZE");
        if (g.isEmpty()) {
            g = fact(ConfigDatasets.GETCONF, "PAGE_SIZE", "getconf PAGE_SIZE");
        }
        return g.isPresent() ? g : fact(ConfigDatasets.UNAME, "release_page_size", "uname -r page size");
    }

    /** One block device's queue settings (any may be absent). */
    public record BlockQueue(String device, Optional<Fact> rotational, Optional<Fact> scheduler, Optional<Fact> nrRequests,
                             Optional<Fact> readAheadKb) {
        /** True when the kernel reports the device as non-rotational (SSD, NVMe). */
        public boolean solidState() {
            return rotational.map(f -> f.value().equals("0")).orElse(false);
        }
    }

    /** Queue settings by device, in file order. */
    public Map<String, BlockQueue> blockQueues() {
        Map<String, BlockQueue> out = new LinkedHashMap<>();
        Optional<ConfigSnapshot> s = e.snapshot(ConfigDatasets.BLOCK_QUEUE);
        if (s.isEmpty()) {
            return out;
        }
        List<String> devices = s.get().entries().stream().map(ConfigEntry::section).distinct().toList();
        for (String d : devices) {
            out.put(d, new BlockQueue(d, q(s.get(), d, "rotational"), q(s.get(), d, "scheduler"), q(s.get(), d, "nr_requests"),
                    q(s.get(), d, "read_ahead_kb")));
        }
        return out;
    }

    private static Optional<Fact> q(ConfigSnapshot s, String dev, String attr) {
        return s.entry(dev + "." + attr).map(x -> new Fact("/sys/block/" + dev + "/queue/" + attr, x.value(), x.source()));
    }

    /**
     * A pressure stall value, {@code resource} cpu, memory or io ("" for a plain cat of one file), key
     * {@code some.avg10} ... {@code full.total}.
     */
    public Optional<Fact> pressure(String resource, String key) {
        String k = resource.isEmpty() ? key : resource + "." + key;
        return fact(ConfigDatasets.PRESSURE, k, "/proc/pressure/" + (resource.isEmpty() ? "?" : resource) + " " + key);
    }

    /**
     * The CPU limits of the server's cgroup, normalised over v1 and v2: its cpuset (effective list first), its CPU
     * bandwidth quota in CPUs (quota / period, NaN when unlimited) and its throttling counters. With two or more
     * cgroup files in the step (before and after the run, by their names) the counters are their difference over the
     * window; with one, they count since the cgroup was created, and {@link CgroupLimits#sinceCreation()} says so.
     */
    public Optional<CgroupLimits> cgroup() {
        List<Loaded<ConfigSnapshot>> l = new ArrayList<>(e.inStepOrRoot(ConfigDatasets.CGROUP));
        if (l.isEmpty()) {
            return Optional.empty();
        }
        l.sort(Comparator.comparing(x -> x.file().path(), SnapshotOrder.BY_WORDS));
        Optional<CgroupLimits> last = CgroupLimits.of(l.get(l.size() - 1).value());
        if (l.size() >= 2 && last.isPresent()) {
            Optional<CgroupLimits> first = CgroupLimits.of(l.get(0).value());
            if (first.isPresent() && first.get().dir().equals(last.get().dir()) && first.get().periods() >= 0
                    && last.get().periods() >= first.get().periods()) {
                return Optional.of(last.get().minus(first.get()));
            }
        }
        return last;
    }

    /**
     * The limits of one cgroup folder. {@code periods}/{@code throttled} are -1 when no cpu.stat was read.
     *
     * @param quota the raw limit ({@code cpu.max} or {@code cpu.cfs_quota_us}), null when not read
     * @param quotaCpus quota / period in CPUs; NaN when unlimited or not read
     */
    public record CgroupLimits(String dir, Fact cpus, Fact mems, Fact quota, double quotaCpus, long periods, long throttled,
                               double throttledSeconds, SourceRef statRef, boolean sinceCreation) {

        /** The limit as the files state it: {@code cpu.max 400000 100000}, {@code cpu.cfs_quota_us 20000 / cpu.cfs_period_us 100000}. */
        public String quotaText() {
            if (quota == null) {
                return "";
            }
            if (quota.name().endsWith("cpu.max")) {
                return "cpu.max " + quota.value();
            }
            double q = num(quota.value()).orElse(Double.NaN);
            return "cpu.cfs_quota_us " + quota.value() + (Double.isNaN(quotaCpus) || Double.isNaN(q) ? ""
                    : " / cpu.cfs_period_us " + Math.round(q / quotaCpus));
        }

        /** Throttled periods over all periods, NaN without periods. */
        public double throttledShare() {
            return periods > 0 && throttled >= 0 ? (double) throttled / periods : Double.NaN;
        }

        public boolean limited() {
            return !Double.isNaN(quotaCpus);
        }

        CgroupLimits minus(CgroupLimits before) {
            return new CgroupLimits(dir, cpus, mems, quota, quotaCpus, periods - before.periods, throttled - before.throttled,
                    throttledSeconds - before.throttledSeconds, statRef, false);
        }

        /** The limits of the server's folder in one cgroup file, if it holds any. */
        static Optional<CgroupLimits> of(ConfigSnapshot s) {
            List<String> member = new ArrayList<>();
            for (ConfigEntry x : s.entries()) {
                if (x.name().startsWith("cgroup") && !x.value().equals("/")) {
                    member.add(x.value());
                }
            }
            Fact cpus = pick(s, member, "cpuset.cpus.effective", "cpuset.effective_cpus", "cpuset.cpus");
            Fact mems = pick(s, member, "cpuset.mems.effective", "cpuset.effective_mems", "cpuset.mems");
            Fact max = pick(s, member, "cpu.max");
            Fact quotaUs = pick(s, member, "cpu.cfs_quota_us");
            Fact periodUs = pick(s, member, "cpu.cfs_period_us");
            Fact nrPeriods = pick(s, member, "cpu.stat.nr_periods");
            Fact nrThrottled = pick(s, member, "cpu.stat.nr_throttled");
            Fact usec = pick(s, member, "cpu.stat.throttled_usec");
            Fact nsec = pick(s, member, "cpu.stat.throttled_time");
            Fact quota = max != null ? max : quotaUs;
            double cpuQuota = Double.NaN;
            if (max != null) {
                String[] p = max.value().split("\\s+");
                OptionalDouble q = num(p[0]);
                OptionalDouble per = p.length > 1 ? num(p[1]) : OptionalDouble.of(100000);
                if (q.isPresent() && per.isPresent() && per.getAsDouble() > 0) {
                    cpuQuota = q.getAsDouble() / per.getAsDouble();
                }
            } else if (quotaUs != null) {
                OptionalDouble q = num(quotaUs.value());
                OptionalDouble per = periodUs == null ? OptionalDouble.of(100000) : num(periodUs.value());
                if (q.isPresent() && q.getAsDouble() > 0 && per.isPresent() && per.getAsDouble() > 0) {
                    cpuQuota = q.getAsDouble() / per.getAsDouble();
                }
            }
            long periods = nrPeriods == null ? -1 : (long) num(nrPeriods.value()).orElse(-1);
            long throttled = nrThrottled == null ? -1 : (long) num(nrThrottled.value()).orElse(-1);
            double seconds = usec != null ? num(usec.value()).orElse(0) / 1e6 : nsec != null ? num(nsec.value()).orElse(0) / 1e9 : 0;
            if (cpus == null && mems == null && quota == null && nrPeriods == null) {
                return Optional.empty();
            }
            Fact any = quota != null ? quota : nrPeriods != null ? nrPeriods : cpus != null ? cpus : mems;
            String dir = any.name().contains("/") ? any.name().substring(0, any.name().lastIndexOf('/')) : "";
            return Optional.of(new CgroupLimits(dir, cpus, mems, quota, cpuQuota, periods, throttled, seconds,
                    nrThrottled == null ? null : nrThrottled.ref(), true));
        }

        private static OptionalDouble num(String s) {
            try {
                return OptionalDouble.of(Double.parseDouble(s.strip()));
            } catch (NumberFormatException ex) {
                return OptionalDouble.empty();
            }
        }

        /**
         * The first of the names found, in the folder of the server's cgroup (a folder ending with a path of
         * /proc/PID/cgroup) when the file says which, else in the deepest folder that has it. The fact is named by
         * its full path.
         */
        private static Fact pick(ConfigSnapshot s, List<String> member, String... names) {
            for (String n : names) {
                ConfigEntry best = null;
                for (ConfigEntry x : s.entries()) {
                    if (!x.name().equals(n)) {
                        continue;
                    }
                    boolean mine = member.stream().anyMatch(p -> x.section().endsWith(p));
                    String bestDir = best == null ? "" : best.section();
                    boolean bestMine = best != null && member.stream().anyMatch(bestDir::endsWith);
                    if (best == null || mine && !bestMine || mine == bestMine && depth(x.section()) > depth(best.section())) {
                        best = x;
                    }
                }
                if (best != null) {
                    String path = best.section().isEmpty() ? n : best.section() + "/" + n;
                    return new Fact(path, best.value(), best.source());
                }
            }
            return null;
        }

        private static int depth(String dir) {
            return (int) dir.chars().filter(c -> c == '/').count();
        }
    }

    /** A list of CPUs as a count ("16-23" is 8), -1 when it cannot be read. */
    public static int count(Fact list) {
        try {
            return CpuList.parse(list.value()).cardinality();
        } catch (RuntimeException ex) {
            return -1;
        }
    }
}
