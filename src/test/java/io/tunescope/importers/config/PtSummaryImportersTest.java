package io.tunescope.importers.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportResult;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigSnapshot;
import io.tunescope.model.config.SummaryReport;
import io.tunescope.model.numa.NumaDatasets;
import io.tunescope.model.numa.NumaTopology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Values read from real pt-summary and pt-mysql-summary reports (this machine's and Percona's public test samples). */
class PtSummaryImportersTest {
    @TempDir
    Path tmp;
    private static Path fx(String rel) {
        return TestData.fixtures().resolve(rel);
    }

    private static ImportResult<SummaryReport> parse(io.tunescope.importers.Importer<SummaryReport> imp, String rel) throws Exception {
        return imp.parse(ImportContext.forFile(fx(rel)));
    }

    private static ConfigSnapshot part(SummaryReport r, String dataset) {
        return (ConfigSnapshot) r.parts().get(dataset);
    }

    private static String lineOf(String rel, ConfigEntry e) throws Exception {
        return Files.readAllLines(fx(rel)).get(e.source().line() - 1);
    }

    @Test
    void thisMachinesReportGivesCpuMemorySysctlWithTheirLines() throws Exception {
        String rel = "pt-summary/vm-debian12-pt-3.2.1.txt";
        ImportResult<SummaryReport> res = parse(new PtSummaryImporter(), rel);
        SummaryReport r = res.value();
        assertTrue(r.banner());
        ConfigSnapshot cpu = part(r, ConfigDatasets.LSCPU.name());
        assertEquals("2", cpu.get("CPU(s)").orElseThrow());
        assertEquals("1", cpu.get("Socket(s)").orElseThrow());
        assertEquals("2", cpu.get("Core(s) per socket").orElseThrow());
        assertEquals("1", cpu.get("Thread(s) per core").orElseThrow());
        assertEquals("AMD EPYC", cpu.get("Model name").orElseThrow());
        assertEquals(13, cpu.entry("CPU(s)").orElseThrow().source().line());
        ConfigSnapshot mem = part(r, ConfigDatasets.MEMINFO.name());
        ConfigEntry total = mem.entry("MemTotal").orElseThrow();
        assertEquals("23.5G", total.value(), "pt's rounded text is kept, not turned into a precise-looking byte count");
        assertTrue(lineOf(rel, total).contains("Total | 23.5G"));
        assertEquals("17317888", mem.get("Dirty").orElseThrow(), "Dirty 16912 kB, exact");
        assertEquals("0.0", mem.get("SwapTotal").orElseThrow());
        assertFalse(mem.get("Buffers").isPresent() || mem.get("Cached").isPresent(), "pt's Buffers/Caches are free's buff/cache and available");
        ConfigSnapshot sysctl = part(r, ConfigDatasets.SYSCTL.name());
        assertEquals(Map.of("vm.swappiness", "60", "vm.dirty_ratio", "20", "vm.dirty_background_ratio", "10", "vm.dirty_bytes", "0",
                "vm.dirty_background_bytes", "0", "net.ipv4.tcp_fin_timeout", "60"), sysctl.values());
        assertEquals(26, sysctl.entry("vm.swappiness").orElseThrow().source().line());
        // THP "enabled" is [always] or [madvise]: not read, and said so at its line
        assertNull(r.parts().get(ConfigDatasets.THP.name()));
        assertTrue(res.diagnostics().stream().anyMatch(d -> d.line() == 92 && d.message().contains("does not say which")), res.diagnostics().toString());
        assertTrue(res.diagnostics().stream().anyMatch(d -> d.line() == 18 && d.message().contains("MemTotal 23.5G (line 18, rounded to 0.1 GiB)")),
                res.diagnostics().toString());
        Map<String, Object> sum = new PtSummaryImporter().summarize(r);
        assertEquals(Map.of("scheduler", "mq-deadline", "queue_size", 256, "line", 41), ((Map<?, ?>) sum.get("disks")).get("vda"));
        assertEquals(List.of("MemTotal", "MemFree"), List.copyOf(((Map<?, ?>) sum.get("rounded")).keySet()));
        List<?> notRead = (List<?>) sum.get("sections_not_read");
        assertTrue(notRead.containsAll(List.of("Mounted Filesystems", "Top Processes", "Simplified and fuzzy rounded vmstat (wait please)",
                "Memory mamagement")), notRead.toString());
        assertTrue(((List<?>) sum.get("sections_read")).containsAll(List.of("Processor", "Memory", "Disk Schedulers And Queue Size")));
    }

    @Test
    void twoSocketNumaHostWithoutItsBanner() throws Exception {
        SummaryReport r = parse(new PtSummaryImporter(), "pt-summary/percona-output_007-2socket-numa.txt").value();
        assertFalse(r.banner(), "Percona's test output starts at Hostname");
        ConfigSnapshot cpu = part(r, ConfigDatasets.LSCPU.name());
        assertEquals("24", cpu.get("CPU(s)").orElseThrow());
        assertEquals("2", cpu.get("Socket(s)").orElseThrow());
        assertEquals("6", cpu.get("Core(s) per socket").orElseThrow());
        assertEquals("2", cpu.get("Thread(s) per core").orElseThrow());
        assertEquals("2", cpu.get("NUMA node(s)").orElseThrow());
        assertEquals("1,3,5,7,9,11,13,15,17,19,21,23", cpu.get("NUMA node1 CPU(s)").orElseThrow());
        assertEquals(43, cpu.entry("NUMA node1 CPU(s)").orElseThrow().source().line());
        NumaTopology t = (NumaTopology) r.parts().get(NumaDatasets.TOPOLOGY.name());
        assertEquals(List.of(0, 1), t.nodes());
        assertEquals(96614L, t.sizeMb().get(0));
        assertEquals(20083L, t.freeMb().get(1));
        assertEquals(List.of(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22), t.cpus().get(0));
        assertEquals(1, t.nodeOfCpu(23));
        assertEquals("1", part(r, ConfigDatasets.SYSCTL.name()).get("vm.swappiness").orElseThrow());
    }

    @Test
    void noCoresCountedMeansNoSocketsAndAnEmptySwappinessIsNotRead() throws Exception {
        ImportResult<SummaryReport> res = parse(new PtSummaryImporter(), "pt-summary/percona-output_002-centos5-qemu.txt");
        ConfigSnapshot cpu = part(res.value(), ConfigDatasets.LSCPU.name());
        assertEquals("1", cpu.get("CPU(s)").orElseThrow());
        assertFalse(cpu.get("Socket(s)").isPresent(), "physical = virtual when /proc/cpuinfo has no physical id: not a socket count");
        assertTrue(res.diagnostics().stream().anyMatch(d -> d.line() == 12 && d.message().contains("counted no cores")));
        assertNull(part(res.value(), ConfigDatasets.SYSCTL.name()), "Swappiness and DirtyPolicy are blank in this report");
    }

    @Test
    void mysqlReportServerSettingsAndOptionLines() throws Exception {
        String rel = "pt-mysql-summary/percona-temp_enc008-ps-8.0.txt";
        SummaryReport r = parse(new PtMysqlSummaryImporter(), rel).value();
        ConfigSnapshot sv = part(r, ConfigDatasets.SERVER_VERSION.name());
        assertEquals("8.0.32-24", sv.get("version").orElseThrow());
        assertEquals("Percona Server (GPL), Release 24, Revision e5c6e9d2", sv.get("version_comment").orElseThrow());
        assertEquals(21, sv.entry("version").orElseThrow().source().line(), "the Report On Port section's Version, not InnoDB's");
        ConfigSnapshot set = part(r, ConfigDatasets.REPORTED.name());
        assertEquals("16.0M", set.get("innodb_buffer_pool_size").orElseThrow());
        assertEquals(245, set.entry("innodb_buffer_pool_size").orElseThrow().source().line());
        assertEquals("5.0M", set.get("innodb_log_file_size").orElseThrow());
        assertEquals("2", set.get("innodb_log_files_in_group").orElseThrow());
        assertEquals("fsync", set.get("innodb_flush_method").orElseThrow());
        assertEquals("1", set.get("innodb_flush_log_at_trx_commit").orElseThrow());
        assertEquals("200", set.get("innodb_io_capacity").orElseThrow());
        assertEquals("4", set.get("innodb_write_io_threads").orElseThrow());
        assertEquals("STATEMENT", set.get("binlog_format").orElseThrow());
        assertFalse(set.get("innodb_support_xa").isPresent(), "blank values are not read");
        assertTrue(r.rounded().stream().anyMatch(x -> x.fact().equals("innodb_buffer_pool_size") && x.precision().equals("rounded to 0.1 MiB")));
        ConfigSnapshot cnf = part(r, ConfigDatasets.MYCNF.name());
        ConfigEntry pool = cnf.entry("innodb_buffer_pool_size").orElseThrow();
        assertEquals("16M", pool.value());
        assertEquals("mysqld", pool.section());
        assertEquals(352, pool.source().line());
        assertTrue(lineOf(rel, pool).startsWith("innodb_buffer_pool_size             = 16M"));
        assertEquals("ON", cnf.get("log_slave_updates").orElseThrow(), "a bare option line");
        assertEquals("msandbox", cnf.get("client.user").orElseThrow());
    }

    @Test
    void mariadbReportWithItsEmptyInnodbSection() throws Exception {
        ImportResult<SummaryReport> res = parse(new PtMysqlSummaryImporter(), "pt-mysql-summary/vm-mariadb-10.11-pt-3.2.1.txt");
        SummaryReport r = res.value();
        assertTrue(r.banner());
        assertEquals("10.11.19-MariaDB-0+deb12u1", part(r, ConfigDatasets.SERVER_VERSION.name()).get("version").orElseThrow());
        assertEquals("MariaDB 10.11.19", part(r, ConfigDatasets.SERVER_VERSION.name()).get("flavor").orElseThrow());
        assertFalse(part(r, ConfigDatasets.REPORTED.name()).get("innodb_buffer_pool_size").isPresent());
        assertEquals("128.0M", part(r, ConfigDatasets.REPORTED.name()).get("key_buffer_size").orElseThrow());
        assertTrue(res.diagnostics().stream().anyMatch(d -> d.line() == 152 && d.message().contains("InnoDB section is empty")));
        assertEquals("/run/mysqld/mysqld.sock", part(r, ConfigDatasets.MYCNF.name()).get("client-server.socket").orElseThrow());
        assertEquals(189, part(r, ConfigDatasets.MYCNF.name()).entry("client-server.socket").orElseThrow().source().line());
    }

    /** Synthetic, in pt-summary's exact layout: THP off ([never] selected), a Total pt misread, an arm64 cpuinfo. */
    @Test
    void thpOffIsReadAndAMisreadTotalIsReported() throws Exception {
        Path f = tmp.resolve("pt-summary-synthetic.txt");
        Files.writeString(f, """
                # Percona Toolkit System Summary Report ######################
                    Hostname | kunpeng1
                # Processor ##################################################
                  Processors | physical = 96, cores = 0, virtual = 96, hyperthreading = no
                # Memory #####################################################
                       Total | 1.0M
                        Free | 500.2G
                  Swappiness | 1
                # Memory management ##########################################
                Transparent huge pages are currently disabled on the system.
                # The End ####################################################
                """);
        ImportResult<SummaryReport> res = new PtSummaryImporter().parse(ImportContext.forFile(f));
        SummaryReport r = res.value();
        assertEquals("never", part(r, ConfigDatasets.THP.name()).get("enabled").orElseThrow());
        assertEquals(10, part(r, ConfigDatasets.THP.name()).entry("enabled").orElseThrow().source().line());
        assertEquals("96", part(r, ConfigDatasets.LSCPU.name()).get("CPU(s)").orElseThrow());
        assertFalse(part(r, ConfigDatasets.LSCPU.name()).get("Socket(s)").isPresent(), "physical = virtual without 'physical id'");
        assertNull(part(r, ConfigDatasets.MEMINFO.name()), "a Total below Free is not a memory size");
        assertTrue(res.diagnostics().stream().anyMatch(d -> d.line() == 6 && d.message().contains("above Free")), res.diagnostics().toString());
        assertTrue(r.sections().stream().anyMatch(x -> x.name().equals("Memory management") && x.read()));
    }

    @Test
    void sniffedByContentAlsoFromTheMiddleOfAReport() {
        String memory = """
                # Memory #####################################################
                       Total | 23.5G
                        Free | 22.3G
                  Swappiness | 60
                 DirtyPolicy | 20, 10
                """;
        assertEquals(Confidence.STRONG, new PtSummaryImporter().sniff(Head.ofText("pasted", memory)).confidence());
        assertEquals(Confidence.NO, new PtMysqlSummaryImporter().sniff(Head.ofText("pasted", memory)).confidence());
        String innodb = """
                # InnoDB #####################################################
                         Buffer Pool Size | 128.0M
                            Log File Size | 2 * 5.0M = 10.0M
                             Flush Method | O_DIRECT
                # MyISAM #####################################################
                                Key Cache | 16.0M
                """;
        assertEquals(Confidence.STRONG, new PtMysqlSummaryImporter().sniff(Head.ofText("pasted", innodb)).confidence());
        assertEquals(Confidence.NO, new PtSummaryImporter().sniff(Head.ofText("pasted", innodb)).confidence());
        String banner = "# Percona Toolkit MySQL Summary Report #######################\n              System time | 2026-12-02\n";
        assertEquals(Confidence.CERTAIN, new PtMysqlSummaryImporter().sniff(Head.ofText("x", banner)).confidence());
        assertEquals(Confidence.NO, new PtSummaryImporter().sniff(Head.ofText("x", banner)).confidence());
        assertEquals(Confidence.NO, new PtSummaryImporter().sniff(Head.ofText("x", "# a comment ####\nkey | value\n")).confidence());
    }
}
