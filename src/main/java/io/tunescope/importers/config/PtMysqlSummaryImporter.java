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
import io.tunescope.model.config.ServerFlavor;
import io.tunescope.model.config.SummaryReport;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Percona Toolkit's {@code pt-mysql-summary} report. The server's version (Report On Port) becomes the server
 * version the rules read; the settings the report states (InnoDB: buffer pool, redo log, flush method and
 * policy, I/O capacity and threads ...; Noteworthy Variables; Binary Logging; Table cache; Query cache; MyISAM key
 * cache) become reported settings, consulted only where the step has no variable listing, print-defaults or
 * option file that sets them; the Configuration File section is read as option-file lines with their line
 * numbers in the report. pt rounds sizes ({@code 128.0M}, {@code 16M}): they keep pt's text and are listed as
 * rounded. Empty values are not read (pt prints the same blank for a variable the server lacks). The other
 * sections (status counters, processlist, schema, security ...) are listed, not read: the files pt-mysql-summary
 * --save-samples writes (mysql-variables, mysql-status, innodb-status, mysql-processlist) are read exactly by
 * their own importers.
 */
public final class PtMysqlSummaryImporter implements Importer<SummaryReport> {
    static final String TOOL = "pt-mysql-summary";
    private static final Set<String> TYPICAL = Set.of("System time", "User", "Time", "Hostname", "Version", "Built On",
            "Started", "Databases", "Datadir", "Processes", "Replication", "Pidfile", "Buffer Pool Size", "Buffer Pool Fill",
            "Log File Size", "Flush Method", "Flush Log At Commit", "I/O Capacity", "Key Cache", "Config File",
            "default_storage_engine", "sql_mode", "join_buffer_size", "sort_buffer_size", "Auto-Inc Incr/Offset");
    private static final Set<String> READ = Set.of("InnoDB", "Noteworthy Variables", "Binary Logging", "Table cache",
            "Query cache", "MyISAM", "Configuration File");
    /** InnoDB section label to server variable. */
    private static final Map<String, String> INNODB = Map.ofEntries(
            Map.entry("Version", "innodb_version"),
            Map.entry("Buffer Pool Size", "innodb_buffer_pool_size"),
            Map.entry("File Per Table", "innodb_file_per_table"),
            Map.entry("Log Buffer Size", "innodb_log_buffer_size"),
            Map.entry("Flush Method", "innodb_flush_method"),
            Map.entry("Flush Log At Commit", "innodb_flush_log_at_trx_commit"),
            Map.entry("XA Support", "innodb_support_xa"),
            Map.entry("Checksums", "innodb_checksums"),
            Map.entry("Doublewrite", "innodb_doublewrite"),
            Map.entry("I/O Capacity", "innodb_io_capacity"),
            Map.entry("Thread Concurrency", "innodb_thread_concurrency"),
            Map.entry("Concurrency Tickets", "innodb_concurrency_tickets"),
            Map.entry("Commit Concurrency", "innodb_commit_concurrency"),
            Map.entry("Txn Isolation Level", "tx_isolation"),
            Map.entry("Adaptive Flushing", "innodb_adaptive_flushing"),
            Map.entry("Adaptive Checkpoint", "innodb_adaptive_checkpoint"));
    private static final Set<String> NOTEWORTHY = Set.of("default_storage_engine", "flush_time", "init_connect", "init_file",
            "sql_mode", "join_buffer_size", "sort_buffer_size", "read_buffer_size", "read_rnd_buffer_size",
            "max_heap_table_size", "tmp_table_size", "max_allowed_packet", "thread_stack", "log", "log_error",
            "log_warnings", "log_slow_queries", "log_queries_not_using_indexes", "log_slave_updates");
    private static final Set<String> BINLOG = Set.of("binlog_format", "expire_logs_days", "sync_binlog", "server_id",
            "binlog_do_db", "binlog_ignore_db");
    private static final Pattern LOG_FILES = Pattern.compile("^(\\d+) \\* (\\S+) = (\\S+)$");
    private static final Pattern TWO_INTS = Pattern.compile("^(\\d+) (\\d+)$");
    private static final Pattern INCR_OFFSET = Pattern.compile("^(\\d+)/(\\d+)$");

    @Override
    public String format() {
        return "pt-mysql-summary";
    }

    @Override
    public String description() {
        return "Percona Toolkit pt-mysql-summary report";
    }

    @Override
    public Dataset<SummaryReport> dataset() {
        return ConfigDatasets.PT_MYSQL_SUMMARY;
    }

    @Override
    public Sniff sniff(Head head) {
        return PtReport.sniff(head, true, TYPICAL);
    }

    @Override
    public ImportResult<SummaryReport> parse(ImportContext ctx) throws ImportException, IOException {
        PtReport r = PtReport.read(ctx, PtReport.MYSQL_BANNER, READ::contains);
        if (r.sections.stream().noneMatch(p -> PtReport.isMysqlSection(p.name()) || p.name().equals(PtReport.MYSQL_BANNER) && p.line() > 0)) {
            throw new ImportException(0, ctx.displayName() + ": no pt-mysql-summary section");
        }
        String file = ctx.displayName();
        Map<String, Object> parts = new LinkedHashMap<>();
        List<SummaryReport.Rounded> rounded = new ArrayList<>();
        List<ConfigEntry> settings = new ArrayList<>();
        Set<String> read = new java.util.HashSet<>();

        // the server: "Version | <version> <version_comment>" of the Report On Port section
        String port = r.sections.stream().map(PtReport.Part::name).filter(n -> n.startsWith("Report On Port ")).findFirst().orElse(null);
        if (port != null) {
            SummaryReport.Field v = r.fields(port).get("Version");
            if (v != null && !v.value().isEmpty()) {
                String[] vc = v.value().split("\\s+", 2);
                SourceRef ref = SourceRef.of(file, v.line());
                List<ConfigEntry> sv = new ArrayList<>();
                sv.add(new ConfigEntry("", "version", vc[0], ref));
                if (vc.length > 1) {
                    sv.add(new ConfigEntry("", "version_comment", vc[1], ref));
                }
                sv.add(new ConfigEntry("", "flavor", ServerFlavor.parse(vc[0], vc.length > 1 ? vc[1] : null).display(), ref));
                parts.put(ConfigDatasets.SERVER_VERSION.name(), new ConfigSnapshot(ConfigKind.SERVER_VERSION, sv));
                read.add(port);
            }
        }

        for (SummaryReport.Field f : r.fields("InnoDB").values()) {
            String var = INNODB.get(f.name());
            if (var != null) {
                setting(settings, rounded, var, f, f.value(), file);
            } else if (f.name().equals("Log File Size")) {
                Matcher m = LOG_FILES.matcher(f.value());
                if (m.matches()) {
                    setting(settings, rounded, "innodb_log_files_in_group", f, m.group(1), file);
                    setting(settings, rounded, "innodb_log_file_size", f, m.group(2), file);
                }
            } else if (f.name().equals("R/W I/O Threads")) {
                Matcher m = TWO_INTS.matcher(f.value());
                if (m.matches()) {
                    setting(settings, rounded, "innodb_read_io_threads", f, m.group(1), file);
                    setting(settings, rounded, "innodb_write_io_threads", f, m.group(2), file);
                }
            }
        }
        for (SummaryReport.Field f : r.fields("Noteworthy Variables").values()) {
            if (NOTEWORTHY.contains(f.name())) {
                setting(settings, rounded, f.name(), f, f.value(), file);
            } else if (f.name().equals("Auto-Inc Incr/Offset")) {
                Matcher m = INCR_OFFSET.matcher(f.value());
                if (m.matches()) {
                    setting(settings, rounded, "auto_increment_increment", f, m.group(1), file);
                    setting(settings, rounded, "auto_increment_offset", f, m.group(2), file);
                }
            }
        }
        for (SummaryReport.Field f : r.fields("Binary Logging").values()) {
            if (BINLOG.contains(f.name())) {
                setting(settings, rounded, f.name(), f, f.value(), file);
            }
        }
        named(settings, rounded, r.fields("Table cache").get("Size"), "table_open_cache", file);
        named(settings, rounded, r.fields("Query cache").get("query_cache_type"), "query_cache_type", file);
        named(settings, rounded, r.fields("Query cache").get("Size"), "query_cache_size", file);
        named(settings, rounded, r.fields("MyISAM").get("Key Cache"), "key_buffer_size", file);
        markRead(r, settings, read);
        if (!settings.isEmpty()) {
            parts.put(ConfigDatasets.REPORTED.name(), new ConfigSnapshot(ConfigKind.REPORTED, settings));
        }

        // the Configuration File section: pt's copy of the option file (comments and !include lines dropped)
        for (PtReport.Part s : r.parts("Configuration File"::equals)) {
            List<String> texts = new ArrayList<>();
            List<Integer> numbers = new ArrayList<>();
            for (PtReport.Line l : s.lines()) {
                if (PtReport.section(l.text()) == null && !l.text().matches("^\\s*Config File \\|.*")) {
                    texts.add(l.text());
                    numbers.add(l.number());
                }
            }
            List<ConfigEntry> options = MyCnfImporter.embedded(texts, numbers, file, ctx);
            if (!options.isEmpty()) {
                parts.put(ConfigDatasets.MYCNF.name(), new ConfigSnapshot(ConfigKind.MYCNF, options));
                read.add(s.name());
                ctx.info(s.line(), file + ": the option file as pt-mysql-summary prints it, without comments and without its"
                        + " !include/!includedir lines: options set in included files are not in it");
            }
        }
        PtReport.noteRounded(ctx, file, rounded, "pt-mysql-summary", "the step's variable listing, print-defaults or option files");
        for (PtReport.Part s : r.parts("InnoDB"::equals)) {
            if (r.fields("InnoDB").isEmpty()) {
                ctx.info(s.line(), file + ": the InnoDB section is empty: pt-mysql-summary prints it only when have_innodb is YES"
                        + " or innodb_version is set, and newer MariaDB servers (10.11 among them) have neither; the mysql-variables file that"
                        + " --save-samples writes has the InnoDB settings");
            }
        }
        List<SummaryReport.Section> sections = new ArrayList<>();
        for (PtReport.Part s : r.sections) {
            sections.add(new SummaryReport.Section(s.name(), s.line(), read.contains(s.name())));
        }
        return ctx.result(new SummaryReport(TOOL, r.banner, sections, r.fields, parts, rounded));
    }

    /** Marks the sections that settings were read from. */
    private static void markRead(PtReport r, List<ConfigEntry> settings, Set<String> read) {
        for (ConfigEntry e : settings) {
            String name = null;
            for (PtReport.Part s : r.sections) {
                if (s.line() <= e.source().line()) {
                    name = s.name();
                }
            }
            if (name != null) {
                read.add(name);
            }
        }
    }

    private static void named(List<ConfigEntry> out, List<SummaryReport.Rounded> rounded, SummaryReport.Field f, String var, String file) {
        if (f != null) {
            setting(out, rounded, var, f, f.value(), file);
        }
    }

    private static void setting(List<ConfigEntry> out, List<SummaryReport.Rounded> rounded, String var, SummaryReport.Field f,
                                String value, String file) {
        String v = value.strip();
        if (v.isEmpty() || v.equals("default")) {
            return; // pt prints a blank for a variable the server does not have; "default" for a missing innodb_version
        }
        out.add(new ConfigEntry("", var, v, SourceRef.of(file, f.line())));
        String precision = PtReport.roundedTo(v);
        if (precision != null) {
            rounded.add(new SummaryReport.Rounded(var, v, precision, f.line()));
        }
    }

    // ---------------------------------------------------------------- summaries (shared with pt-summary)

    static void putPart(Map<String, Object> out, String key, SummaryReport r, String dataset) {
        if (r.parts().get(dataset) instanceof ConfigSnapshot s && !s.entries().isEmpty()) {
            out.put(key, s.values());
        }
    }

    static void putRoundedAndSections(Map<String, Object> out, SummaryReport r) {
        Map<String, Object> rounded = new LinkedHashMap<>();
        for (SummaryReport.Rounded x : r.rounded()) {
            rounded.put(x.fact(), x.value() + " (" + x.precision() + ", line " + x.line() + ")");
        }
        out.put("rounded", rounded);
        out.put("sections_read", r.sections().stream().filter(SummaryReport.Section::read).map(SummaryReport.Section::name).toList());
        out.put("sections_not_read", r.sections().stream().filter(s -> !s.read()).map(SummaryReport.Section::name).toList());
    }

    @Override
    public Map<String, Object> summarize(SummaryReport r) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("tool", r.tool());
        out.put("banner", r.banner());
        putPart(out, "server", r, ConfigDatasets.SERVER_VERSION.name());
        putPart(out, "settings", r, ConfigDatasets.REPORTED.name());
        if (r.parts().get(ConfigDatasets.MYCNF.name()) instanceof ConfigSnapshot s) {
            out.put("option_file_lines", s.entries().size());
        }
        putRoundedAndSections(out, r);
        return out;
    }
}
