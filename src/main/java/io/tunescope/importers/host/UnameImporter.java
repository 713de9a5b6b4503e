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
 * {@code uname -a}: {@code Linux HOST RELEASE #VERSION... MACHINE [PROCESSOR PLATFORM] OS}. Entries {@code kernel},
 * {@code hostname}, {@code kernel_release}, {@code kernel_version}, {@code machine}; and {@code release_page_size}
 * when the release names its page-size flavour the way distributions do for aarch64 kernels built with larger pages
 * ({@code 5.14.0-362.el9.aarch64+64k}, Ubuntu's {@code 6.8.0-31-generic-64k}, {@code +16k}). A release without such
 * a suffix says nothing about the page size (openEuler and Kylin aarch64 kernels use 64 KB pages without one):
 * {@code getconf PAGESIZE} is the measure.
 */
public final class UnameImporter implements Importer<ConfigSnapshot> {
    private static final Pattern MACHINE = Pattern.compile(
            "x86_64|i[3-6]86|aarch64|arm64|armv\\d+\\w*|ppc64le|ppc64|s390x|riscv64|loongarch64|mips64\\w*|sw_64");
    private static final Pattern RELEASE = Pattern.compile("\\d+\\.\\d+\\S*");
    private static final Pattern PAGE_FLAVOUR = Pattern.compile("[+-](4|16|64)k$");

    @Override
    public String format() {
        return "uname";
    }

    @Override
    public String description() {
        return "kernel and machine (uname -a)";
    }

    @Override
    public Dataset<ConfigSnapshot> dataset() {
        return ConfigDatasets.UNAME;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        List<String> l = head.nonBlank();
        if (l.size() == 1 && split(l.get(0).strip()) != null) {
            return Sniff.certain("'Linux HOST RELEASE #VERSION ... MACHINE' (uname -a)");
        }
        return Sniff.no("not one uname -a line");
    }

    /** {hostname, release, version, machine} or null. */
    static String[] split(String line) {
        String[] t = line.split("\\s+");
        if (t.length < 5 || !t[0].equals("Linux") || !RELEASE.matcher(t[2]).matches() || !t[3].startsWith("#")) {
            return null;
        }
        // the machine is the first architecture word after the version (processor and platform may repeat it)
        int m = -1;
        for (int i = 4; i < t.length && m < 0; i++) {
            if (MACHINE.matcher(t[i]).matches()) {
                m = i;
            }
        }
        if (m < 0) {
            return null;
        }
        String version = String.join(" ", java.util.Arrays.copyOfRange(t, 3, m));
        return new String[] {t[1], t[2], version, t[m]};
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
                String[] s = split(l.strip());
                if (s == null) {
                    ctx.warn(n, file + ": line " + n + ": not a uname -a line: " + PathValues.abbreviate(l.strip()));
                    continue;
                }
                SourceRef ref = SourceRef.of(file, n);
                entries.add(new ConfigEntry("", "kernel", "Linux", ref));
                entries.add(new ConfigEntry("", "hostname", s[0], ref));
                entries.add(new ConfigEntry("", "kernel_release", s[1], ref));
                entries.add(new ConfigEntry("", "kernel_version", s[2], ref));
                entries.add(new ConfigEntry("", "machine", s[3], ref));
                Matcher m = PAGE_FLAVOUR.matcher(s[1]);
                if (m.find()) {
                    entries.add(new ConfigEntry("", "release_page_size", Integer.toString(Integer.parseInt(m.group(1)) * 1024), ref));
                }
            }
        }
        if (entries.isEmpty()) {
            throw new ImportException(0, file + ": no uname -a line");
        }
        return ctx.result(new ConfigSnapshot(ConfigKind.UNAME, entries));
    }

    @Override
    public Map<String, Object> summarize(ConfigSnapshot value) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (ConfigEntry e : value.entries()) {
            if (!e.name().equals("hostname") && !e.name().equals("kernel_version")) {
                out.put(e.name(), e.value());
            }
        }
        return out;
    }
}
