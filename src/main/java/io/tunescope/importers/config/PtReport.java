package io.tunescope.importers.config;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.Sniff;
import io.tunescope.model.config.SummaryReport;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The layout both Percona Toolkit summary reports share: {@code # Section Name ######} headers and
 * right-aligned {@code Name | value} lines (pt's {@code name_val}), with free text and tables between them.
 * Reads the whole report once into sections, fields and, for the sections an importer asks for, their lines.
 */
final class PtReport {
    static final String SYSTEM_BANNER = "Percona Toolkit System Summary Report";
    static final String MYSQL_BANNER = "Percona Toolkit MySQL Summary Report";

    private static final Pattern SECTION = Pattern.compile("^# (\\S.*?) #{3,}\\s*$");
    private static final Pattern FIELD = Pattern.compile("^\\s*([^|\\s'+][^|]*?) \\|(?: (.*))?$");
    private static final Pattern SHORTENED = Pattern.compile("^-?\\d+(?:\\.(\\d+))?([kMGTP])$");

    /** Sections of pt-summary (old and new spellings). */
    static final Set<String> SYSTEM_SECTIONS = Set.of("Processor", "Memory", "Mounted Filesystems",
            "Disk Schedulers And Queue Size", "Disk Partioning", "Disk Partitioning", "Kernel Inode State", "LVM Volumes",
            "LVM Volume Groups", "RAID Controller", "Network Config", "Interface Statistics", "Network Devices",
            "Network Connections", "Top Processes", "Notable Processes", "Simplified and fuzzy rounded vmstat (wait please)",
            "Memory mamagement", "Memory management", "Fusion-io Card");
    /** Sections of pt-mysql-summary ("Report On Port N" is matched apart). */
    static final Set<String> MYSQL_SECTIONS = Set.of("Instances", "MySQL Executable", "Slave Hosts", "Processlist",
            "Status Counters (Wait 10 Seconds)", "Table cache", "Key Percona Server features", "Percona XtraDB Cluster",
            "Plugins", "Query cache", "Semisynchronous Replication", "Schema", "Noteworthy Technologies", "InnoDB", "MyISAM",
            "Security", "Encryption", "Binary Logging", "Noteworthy Variables", "Configuration File",
            "Memory management library", "RocksDB");

    /** A line of the report with its 1-based number. */
    record Line(int number, String text) {
    }

    /** A section with its header line and, when kept, its lines. */
    record Part(String name, int line, List<Line> lines) {
    }

    boolean banner;
    final List<Part> sections = new ArrayList<>();
    final List<SummaryReport.Field> fields = new ArrayList<>();

    private PtReport(boolean banner) {
        this.banner = banner;
    }

    /** The section name of a {@code # Name ####} line, or null. */
    static String section(String line) {
        if (!line.startsWith("# ")) {
            return null; // what SECTION needs first
        }
        Matcher m = SECTION.matcher(line);
        return m.matches() ? m.group(1).strip() : null;
    }

    static boolean isMysqlSection(String name) {
        return MYSQL_SECTIONS.contains(name) || name.startsWith("Report On Port ");
    }

    /**
     * The sniff both importers share: the tool's banner is certain; without it (a report pasted from the middle, or
     * pt's own test outputs that drop the dated first lines) two or more of the tool's section headers are strong,
     * one section with two of the tool's typical fields too.
     */
    static Sniff sniff(Head head, boolean mysql, Set<String> typicalFields) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        String banner = mysql ? MYSQL_BANNER : SYSTEM_BANNER;
        String other = mysql ? SYSTEM_BANNER : MYSQL_BANNER;
        java.util.Set<String> own = new java.util.LinkedHashSet<>();
        int foreign = 0;
        int typical = 0;
        for (String l : head.lines()) {
            String s = section(l);
            if (s != null) {
                if (s.equals(banner)) {
                    return Sniff.certain("'# " + banner + " ###' banner");
                }
                if (s.equals(other)) {
                    return Sniff.no("the banner of the other Percona Toolkit summary report");
                }
                if (mysql ? isMysqlSection(s) : SYSTEM_SECTIONS.contains(s)) {
                    own.add(s);
                } else if (mysql ? SYSTEM_SECTIONS.contains(s) : isMysqlSection(s)) {
                    foreign++;
                }
                continue;
            }
            Matcher m;
            if (l.contains(" |") && (m = FIELD.matcher(l)).matches() && typicalFields.contains(m.group(1).strip())) {
                typical++;
            }
        }
        String tool = mysql ? "pt-mysql-summary" : "pt-summary";
        if (own.size() >= 2 && own.size() > foreign) {
            return Sniff.strong(own.size() + " " + tool + " section headers (" + String.join(", ", own.stream().limit(3).toList())
                    + ") without the banner");
        }
        if (own.size() == 1 && foreign == 0 && typical >= 2) {
            return Sniff.strong("the " + tool + " section '" + own.iterator().next() + "' with " + typical + " of its 'Name | value' lines");
        }
        if (own.isEmpty() && foreign == 0 && typical >= 4) {
            return Sniff.weak(typical + " 'Name | value' lines that " + tool + " prints, but no section header");
        }
        return Sniff.no("no '# " + banner + " ###' banner nor " + tool + " section headers");
    }

    /** Reads the report; the lines of the sections in {@code keep} are kept. */
    static PtReport read(ImportContext ctx, String banner, java.util.function.Predicate<String> keep) throws IOException {
        PtReport r = null;
        String current = "";
        List<Line> kept = null;
        List<Line> preamble = new ArrayList<>();
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                String s = section(l);
                if (r == null) {
                    r = new PtReport(banner.equals(s));
                    if (s == null) {
                        // a report without its banner: the lines before the first header belong to the banner's section
                        r.sections.add(new Part(banner, 0, preamble));
                        kept = preamble;
                    }
                }
                if (s != null) {
                    r.banner |= s.equals(banner);
                    current = s;
                    kept = keep.test(s) || s.equals(banner) ? new ArrayList<>() : null;
                    r.sections.add(new Part(s, n, kept == null ? List.of() : kept));
                    continue;
                }
                if (kept != null) {
                    kept.add(new Line(n, l));
                }
                Matcher m = FIELD.matcher(l);
                if (m.matches()) {
                    r.fields.add(new SummaryReport.Field(current.isEmpty() ? banner : current, m.group(1).strip(),
                            m.group(2) == null ? "" : m.group(2).strip(), n));
                }
            }
        }
        return r == null ? new PtReport(false) : r;
    }

    /** The fields of one section, by name (the first of a name wins). */
    Map<String, SummaryReport.Field> fields(String section) {
        Map<String, SummaryReport.Field> out = new LinkedHashMap<>();
        for (SummaryReport.Field f : fields) {
            if (f.section().equals(section)) {
                out.putIfAbsent(f.name(), f);
            }
        }
        return out;
    }

    /** The sections whose names match, in file order. */
    List<Part> parts(java.util.function.Predicate<String> name) {
        return sections.stream().filter(p -> name.test(p.name())).toList();
    }

    /** One note, at the first rounded value's line, of every value pt printed rounded. */
    static void noteRounded(ImportContext ctx, String file, List<SummaryReport.Rounded> rounded, String tool, String exact) {
        if (rounded.isEmpty()) {
            return;
        }
        List<String> each = rounded.stream().map(x -> x.fact() + " " + x.value() + " (line " + x.line() + ", " + x.precision() + ")").toList();
        ctx.info(rounded.get(0).line(), file + ": " + tool + " prints " + rounded.size() + " size(s) rounded: " + String.join("; ", each)
                + ". They are approximate: " + exact + ", when the capture has it, is used instead");
    }

    /**
     * The precision of a value pt's {@code shorten} printed ({@code 128.0M}: a tenth of a MiB; {@code 16M}: one MiB),
     * or null when the value is not a shortened size. pt divides by 1024: k, M, G, T, P are binary units.
     */
    static String roundedTo(String value) {
        Matcher m = SHORTENED.matcher(value.strip());
        if (!m.matches()) {
            return null;
        }
        int decimals = m.group(1) == null ? 0 : m.group(1).length();
        String unit = m.group(2).toUpperCase(Locale.ROOT);
        String step = decimals == 0 ? "1" : "0." + "0".repeat(decimals - 1) + "1";
        return "rounded to " + step + " " + unit + "iB";
    }
}
