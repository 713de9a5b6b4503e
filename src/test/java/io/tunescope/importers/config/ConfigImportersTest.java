package io.tunescope.importers.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportResult;
import io.tunescope.model.config.ConfigSnapshot;
import io.tunescope.model.config.ServerFlavor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Concrete values read from real (and the marked synthetic) configuration fixtures. */
class ConfigImportersTest {
    @TempDir
    Path tmp;

    private static Path fx(String rel) {
        return TestData.fixtures().resolve(rel);
    }

    private static ImportResult<ConfigSnapshot> parse(io.tunescope.importers.Importer<ConfigSnapshot> imp, Path f) throws Exception {
        return imp.parse(ImportContext.forFile(f));
    }

    @Test
    void myCnfSectionsValuesAndSourceLines() throws Exception {
        ConfigSnapshot s = parse(new MyCnfImporter(), fx("mycnf/50-server.cnf")).value();
        // Debian's stock 50-server.cnf
        assertEquals("127.0.0.1", s.get("bind_address").orElseThrow());
        assertEquals("utf8mb4", s.get("character_set_server").orElseThrow());
        var e = s.entry("bind_address").orElseThrow();
        assertEquals("mysqld", e.section());
        String line = Files.readAllLines(fx("mycnf/50-server.cnf")).get(e.source().line() - 1);
        assertTrue(line.contains("bind-address"), "source line points at the setting: " + line);
    }

    @Test
    void gbkCrlfOptionFileWithQuotesFlagsAndLoosePrefix() throws Exception {
        ConfigSnapshot s = parse(new MyCnfImporter(), fx("mycnf/gbk-crlf-kunpeng.cnf")).value();
        assertEquals("/data/mysql", s.get("datadir").orElseThrow(), "inline comment stripped");
        assertEquals("2", s.get("innodb_flush_log_at_trx_commit").orElseThrow(), "dashes read as underscores");
        assertEquals("1", s.get("innodb_numa_interleave").orElseThrow(), "loose- prefix dropped");
        assertEquals("OFF", s.get("name_resolve").orElseThrow(), "skip-X means X=OFF");
        assertEquals("utf8mb4", s.get("client.default_character_set").orElseThrow(), "quotes removed, client section prefixed");
        assertEquals(96.0 * 1024 * 1024 * 1024, s.number("innodb_buffer_pool_size").orElseThrow());
    }

    @Test
    void includesAreFollowedOnlyInsideTheCapture() throws Exception {
        Path conf = Files.createDirectories(tmp.resolve("mariadb.conf.d"));
        Files.writeString(conf.resolve("50-server.cnf"), "[mysqld]\nmax_connections = 300\n");
        Files.writeString(conf.resolve("99-tuning.cnf"), "[mysqld]\nmax_connections = 500\n");
        Files.writeString(tmp.resolve("my.cnf"), "[client-server]\n!includedir /etc/mysql/mariadb.conf.d/\n!include /etc/mysql/secret.cnf\n");
        ImportContext ctx = ImportContext.forFile(tmp.resolve("my.cnf"));
        ConfigSnapshot s = new MyCnfImporter().parse(ctx).value();
        assertEquals("500", s.get("max_connections").orElseThrow(), "later file in name order wins");
        assertEquals("mariadb.conf.d/99-tuning.cnf", s.entry("max_connections").orElseThrow().source().file());
        assertEquals(java.util.List.of("/etc/mysql/secret.cnf"), s.unresolvedIncludes());
    }

    @Test
    void showGlobalVariablesBatchOutput() throws Exception {
        ConfigSnapshot s = parse(MysqlVariablesImporter.variables(), fx("mysql-variables/show-global-variables.txt")).value();
        assertEquals("10.11.19-MariaDB-0+deb12u1", s.get("version").orElseThrow());
        ServerFlavor f = ServerFlavor.parse(s.get("version").orElseThrow(), s.get("version_comment").orElse(null));
        assertEquals(ServerFlavor.Kind.MARIADB, f.kind());
        assertEquals(10, f.major());
        assertEquals(11, f.minor());
        assertTrue(s.values().size() > 500, "MariaDB 10.11 has hundreds of variables: " + s.values().size());
    }

    @Test
    void utf16WindowsRedirect() throws Exception {
        ImportResult<ConfigSnapshot> r = parse(MysqlVariablesImporter.variables(), fx("mysql-variables/utf16le-bom-windows-client.txt"));
        assertEquals("103079215104", r.value().get("innodb_buffer_pool_size").orElseThrow());
        assertEquals("MySQL Community Server - GPL", r.value().get("version_comment").orElseThrow());
        assertEquals(0, r.diagnostics().size(), r.diagnostics().toString());
    }

    @Test
    void tableAndVerticalClientOutput() throws Exception {
        Path table = tmp.resolve("vars-table.txt");
        Files.writeString(table, """
                +-------------------------+-----------+
                | Variable_name           | Value     |
                +-------------------------+-----------+
                | innodb_buffer_pool_size | 134217728 |
                | innodb_io_capacity      | 200       |
                | version                 | 8.0.36    |
                +-------------------------+-----------+
                3 rows in set (0.01 sec)
                """, StandardCharsets.UTF_8);
        ConfigSnapshot t = parse(MysqlVariablesImporter.variables(), table).value();
        assertEquals("134217728", t.get("innodb_buffer_pool_size").orElseThrow());
        assertEquals(3, t.values().size());
        Path vertical = tmp.resolve("status-g.txt");
        Files.writeString(vertical, """
                *************************** 1. row ***************************
                Variable_name: Uptime
                        Value: 3600
                *************************** 2. row ***************************
                Variable_name: Questions
                        Value: 123456
                *************************** 3. row ***************************
                Variable_name: Innodb_buffer_pool_reads
                        Value: 42
                """, StandardCharsets.UTF_8);
        ConfigSnapshot v = parse(MysqlVariablesImporter.status(), vertical).value();
        assertEquals("123456", v.get("Questions").orElseThrow());
        assertEquals("42", v.get("Innodb_buffer_pool_reads").orElseThrow());
    }

    @Test
    void statusSnapshotIsStatusNotVariables() throws Exception {
        var head = io.tunescope.importers.Head.read(fx("mysql-status/show-global-status-before.txt"));
        assertEquals(io.tunescope.model.capture.Confidence.NO, MysqlVariablesImporter.variables().sniff(head).confidence());
        ConfigSnapshot s = parse(MysqlVariablesImporter.status(), fx("mysql-status/show-global-status-before.txt")).value();
        assertTrue(s.number("Uptime").orElseThrow() > 0);
        assertTrue(s.get("Com_select").isPresent());
    }

    @Test
    void printDefaults() throws Exception {
        ConfigSnapshot s = parse(new PrintDefaultsImporter(), fx("mysqld-print-defaults/mysqld-print-defaults.txt")).value();
        assertEquals("/run/mysqld/mysqld.sock", s.get("socket").orElseThrow());
        assertEquals("127.0.0.1", s.get("bind_address").orElseThrow());
        assertEquals("provider_snappy", s.get("plugin_load_add").orElseThrow(), "repeated option: the last wins");
    }

    @Test
    void sysctl() throws Exception {
        ConfigSnapshot s = parse(new SysctlImporter(), fx("sysctl/sysctl.txt")).value();
        assertTrue(s.get("vm.swappiness").isPresent());
        assertTrue(s.get("kernel.numa_balancing").isPresent() || s.get("kernel.pid_max").isPresent());
        assertTrue(s.values().size() > 500, "sysctl -a lists hundreds of keys: " + s.values().size());
    }

    @Test
    void lscpuEnglishAndChinese() throws Exception {
        ConfigSnapshot en = parse(new LscpuImporter(), fx("lscpu/lscpu.txt")).value();
        assertEquals("x86_64", en.get("Architecture").orElseThrow());
        assertEquals("2", en.get("CPU(s)").orElseThrow());
        ConfigSnapshot zh = parse(new LscpuImporter(), fx("lscpu/kunpeng920-zh_CN.txt")).value();
        assertEquals("aarch64", zh.get("Architecture").orElseThrow());
        assertEquals("Kunpeng-920", zh.get("Model name").orElseThrow());
        assertEquals("4", zh.get("NUMA node(s)").orElseThrow());
        assertEquals("96-127", zh.get("NUMA node3 CPU(s)").orElseThrow());
        assertEquals("2", zh.get("Socket(s)").orElseThrow());
    }

    @Test
    void serverVersionAndBinding() throws Exception {
        ConfigSnapshot v = parse(new ServerVersionImporter(), fx("server-version/mariadbd-version.txt")).value();
        assertEquals("MariaDB 10.11.19", v.get("flavor").orElseThrow());
        ConfigSnapshot sel = parse(new ServerVersionImporter(), fx("server-version/select-version.txt")).value();
        assertEquals("10.11.19-MariaDB-0+deb12u1", sel.get("version").orElseThrow());
        ConfigSnapshot b = parse(new ProcessBindingImporter(), fx("process-binding/proc-status-grep.txt")).value();
        assertEquals("0-1", b.get("cpus_allowed_list").orElseThrow());
        assertEquals("0", b.get("mems_allowed_list").orElseThrow());
        ConfigSnapshot t = parse(new ProcessBindingImporter(), fx("process-binding/taskset-pc.txt")).value();
        assertEquals("0,1", t.get("cpus_allowed_list").orElseThrow());
        assertEquals("0,1,4,5", ProcessBindingImporter.maskToList("33"));
    }

    @Test
    void serverFlavors() {
        assertEquals(ServerFlavor.Kind.MYSQL, ServerFlavor.parse("8.0.33", "MySQL Community Server - GPL").kind());
        assertEquals(ServerFlavor.Kind.PERCONA, ServerFlavor.parse("8.0.36-28", "Percona Server (GPL), Release 28").kind());
        assertEquals(ServerFlavor.Kind.GREATDB, ServerFlavor.parse("8.0.25-17-greatdb", null).kind());
        assertTrue(ServerFlavor.parse("8.4.3", null).atLeast(8, 4));
        assertEquals(ServerFlavor.Kind.UNKNOWN, ServerFlavor.parse("", null).kind());
    }
}
