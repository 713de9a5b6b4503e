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
 * A process's control group and the limits read from it: {@code /proc/PID/cgroup} ({@code 0::/system.slice/mariadb.service}
 * on cgroup v2, {@code 4:cpuset:/docker/ID} on v1) and the files of the cgroup folder, cpuset
 * ({@code cpuset.cpus}, {@code cpuset.cpus.effective}, {@code cpuset.mems}, {@code cpuset.mems.effective}; v1
 * {@code cpuset.effective_cpus}, {@code cpuset.effective_mems}) and CPU bandwidth ({@code cpu.max}, {@code cpu.stat};
 * v1 {@code cpu.cfs_quota_us}, {@code cpu.cfs_period_us}), also {@code cpu.weight}/{@code cpu.shares} and the
 * cgroup's {@code *.pressure} files, as {@code grep . FILES} prints them ({@code PATH:VALUE}), as
 * {@code head}/{@code tail -n +1} prints them, or a plain {@code cat} of {@code /proc/PID/cgroup} or of
 * {@code cpu.stat}. Entries: section = the folder ({@code /sys/fs/cgroup/system.slice/mariadb.service}, or
 * {@code /proc/PID}; "" when the file named none), name = the file, {@code FILE.KEY} for the keyed files
 * ({@code cpu.stat.nr_throttled}, {@code cpu.pressure.some.avg10}) and {@code cgroup} / {@code cgroup.CONTROLLERS} for
 * the membership lines.
 */
public final class CgroupImporter implements Importer<ConfigSnapshot> {
    private static final String FILES = "cpuset\\.(?:cpus|mems|cpus\\.effective|mems\\.effective|effective_cpus|effective_mems|cpus\\.partition)"
            + "|cpu\\.(?:max|stat|weight|shares|cfs_quota_us|cfs_period_us|pressure)|cpuacct\\.usage|memory\\.(?:max|high|pressure|limit_in_bytes)|io\\.pressure";
    static final String PATHS = "/sys/fs/cgroup(?:/[^\\s:]*)?/(?:" + FILES + ")|/proc/(?:\\d+|self)/cgroup";
    private static final Pattern MEMBERSHIP = Pattern.compile("^(\\d+):([^:]*):(/\\S*)\\s*$");
    private static final Pattern KEYED = Pattern.compile("^([a-z_]+)\\s+(-?\\d+)\\s*$");
    private static final Pattern PSI = Pattern.compile("^(some|full)\\s+avg10=([\\d.]+)\\s+avg60=([\\d.]+)\\s+avg300=([\\d.]+)\\s+total=(\\d+)\\s*$");

    @Override
    public String format() {
        return "cgroup";
    }

    @Override
    public String description() {
        return "a process's cgroup with its cpuset and CPU limits (/proc/PID/cgroup, cpuset.cpus, cpu.max, cpu.stat)";
    }

    @Override
    public Dataset<ConfigSnapshot> dataset() {
        return ConfigDatasets.CGROUP;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        List<String> l = head.nonBlank();
        if (new PathValues(PATHS).shape(l).only()) {
            return Sniff.certain("/proc/PID/cgroup or /sys/fs/cgroup/.../cpuset.* and cpu.* values");
        }
        if (!l.isEmpty() && l.stream().allMatch(s -> MEMBERSHIP.matcher(s).matches())) {
            return Sniff.certain("/proc/PID/cgroup lines (HIERARCHY:CONTROLLERS:PATH)");
        }
        if (l.size() >= 3 && l.stream().allMatch(s -> KEYED.matcher(s).matches())
                && l.stream().anyMatch(s -> s.startsWith("nr_periods ")) && l.stream().anyMatch(s -> s.startsWith("nr_throttled "))) {
            return Sniff.strong("a cgroup cpu.stat (nr_periods, nr_throttled)");
        }
        return Sniff.no("no /proc/PID/cgroup or cgroup cpuset/cpu files");
    }

    @Override
    public ImportResult<ConfigSnapshot> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        List<ConfigEntry> entries = new ArrayList<>();
        PathValues pv = new PathValues(PATHS);
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                PathValues.Item it = pv.read(l, n);
                if (it == null) {
                    continue;
                }
                String dir = PathValues.dir(it.path());
                String base = PathValues.base(it.path());
                String v = it.value();
                SourceRef ref = SourceRef.of(file, n);
                Matcher m;
                if ((base.equals("cgroup") || it.path().isEmpty()) && (m = MEMBERSHIP.matcher(v)).matches()) {
                    entries.add(new ConfigEntry(dir, m.group(2).isEmpty() ? "cgroup" : "cgroup." + m.group(2), m.group(3), ref));
                } else if ((base.equals("cpu.stat") || it.path().isEmpty()) && (m = KEYED.matcher(v)).matches()) {
                    entries.add(new ConfigEntry(dir, "cpu.stat." + m.group(1), m.group(2), ref));
                } else if (base.endsWith(".pressure") && (m = PSI.matcher(v)).matches()) {
                    String p = base + "." + m.group(1) + ".";
                    entries.add(new ConfigEntry(dir, p + "avg10", m.group(2), ref));
                    entries.add(new ConfigEntry(dir, p + "avg60", m.group(3), ref));
                    entries.add(new ConfigEntry(dir, p + "avg300", m.group(4), ref));
                    entries.add(new ConfigEntry(dir, p + "total", m.group(5), ref));
                } else if (!it.path().isEmpty() && !base.equals("cgroup") && !base.equals("cpu.stat") && !base.endsWith(".pressure")) {
                    entries.add(new ConfigEntry(dir, base, v.strip(), ref));
                } else {
                    ctx.warn(n, file + ": line " + n + ": not a cgroup value" + (it.path().isEmpty() ? "" : " of " + it.path()) + ": "
                            + PathValues.abbreviate(l.strip()));
                }
            }
        }
        if (entries.isEmpty()) {
            throw new ImportException(0, file + ": no cgroup membership or cgroup file value");
        }
        return ctx.result(new ConfigSnapshot(ConfigKind.CGROUP, entries));
    }

    @Override
    public Map<String, Object> summarize(ConfigSnapshot value) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (ConfigEntry e : value.entries()) {
            if (e.name().startsWith("cgroup") || e.name().startsWith("cpuset.") || e.name().startsWith("cpu.max")
                    || e.name().startsWith("cpu.cfs_") || e.name().equals("cpu.stat.nr_periods") || e.name().equals("cpu.stat.nr_throttled")
                    || e.name().startsWith("cpu.stat.throttled_")) {
                out.put(ConfigSnapshot.key(e), e.value());
            }
        }
        return out;
    }
}
