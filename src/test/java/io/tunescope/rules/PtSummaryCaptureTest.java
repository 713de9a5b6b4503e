package io.tunescope.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.config.ServerFlavor;
import io.tunescope.rules.config.MemoryOvercommitRule;
import io.tunescope.rules.numa.ConflictingPoliciesRule;
import io.tunescope.rules.os.SwappinessRule;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture made of nothing but a pt-summary and a pt-mysql-summary report: the host facts and server settings the
 * rules need come from the reports (with their lines), and an exact file of the same step takes precedence.
 */
class PtSummaryCaptureTest {
    @TempDir
    Path dir;

    private static String fx(String rel) throws Exception {
        return Files.readString(TestData.fixtures().resolve(rel));
    }

    private Caps thisMachinesReports(String name) throws Exception {
        return Caps.in(dir.resolve(name)).file("pt-summary.txt", fx("pt-summary/vm-debian12-pt-3.2.1.txt"))
                .file("pt-mysql-summary.txt", fx("pt-mysql-summary/vm-mariadb-10.11-pt-3.2.1.txt"));
    }

    @Test
    void twoSocketHostFactsFromTheReportsOnly() throws Exception {
        Evidence e = Caps.in(dir).file("pt-summary.txt", fx("pt-summary/percona-output_007-2socket-numa.txt"))
                .file("pt-mysql-summary.txt", fx("pt-mysql-summary/percona-temp_enc008-ps-8.0.txt")).evidence();
        for (Need n : new Need[] {Need.LSCPU, Need.MEMORY, Need.SYSCTL, Need.NUMA_TOPOLOGY, Need.SERVER_SETTINGS, Need.SERVER_VERSION,
                Need.OPTION_FILES}) {
            assertTrue(e.has(n), n.name());
        }
        assertFalse(e.has(Need.THP), "pt-summary's 'enabled' does not say always or madvise");
        Fact cpus = e.logicalCpusFact().orElseThrow();
        assertEquals("24", cpus.value());
        assertEquals("pt-summary.txt:14", cpus.ref().toString());
        assertEquals(2, e.sockets().getAsInt());
        assertEquals(2, e.numaNodes().getAsInt());
        assertEquals("{1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23}", e.nodeCpus().get(1).toString());
        assertEquals(96762L, e.numaTopology().orElseThrow().value().sizeMb().get(1));
        Fact mem = e.memTotalBytes().orElseThrow();
        assertEquals("188.8G", mem.value());
        assertEquals("MemTotal \u2248", mem.name(), "a rounded value says so where it is shown");
        assertEquals("pt-summary.txt:27", mem.ref().toString());
        assertEquals(188.8 * (1L << 30), mem.number().getAsDouble(), 1);
        assertEquals(ServerFlavor.Kind.PERCONA, e.server().kind());
        assertEquals("pt-mysql-summary.txt:21", e.serverRef().orElseThrow().toString());
        assertFalse(e.hasVariableListing(), "a report's few settings are not a variable listing");
        // the option line (16M, exact) agrees with the report's 16.0M: the exact line is the one shown
        Fact pool = e.setting("innodb_buffer_pool_size").orElseThrow();
        assertEquals("16M", pool.value());
        assertEquals("pt-mysql-summary.txt:352", pool.ref().toString());
        // a setting only the report states
        assertEquals("fsync", e.setting("innodb_flush_method").orElseThrow().value());
        assertEquals("pt-mysql-summary.txt:252", e.setting("innodb_flush_method").orElseThrow().ref().toString());
        assertEquals("5M", e.setting("innodb_log_file_size").orElseThrow().value(), "the option line, agreeing with the report's 5.0M");
        assertEquals("200", e.setting("innodb_io_capacity").orElseThrow().value(), "no option line sets it but the report does");
    }

    @Test
    void theRunningValueWinsWhenTheOptionFileDisagrees() throws Exception {
        // Percona's 5.5 sample: the option file says 16M, the running server 128.0M (beyond pt's 0.05M rounding)
        Evidence e = Caps.in(dir).file("r.txt", fx("pt-mysql-summary/percona-temp002-ps-5.5.txt")).evidence();
        Fact pool = e.setting("innodb_buffer_pool_size").orElseThrow();
        assertEquals("128.0M", pool.value());
        assertEquals("innodb_buffer_pool_size \u2248", pool.name());
        assertEquals("r.txt:188", pool.ref().toString());
        assertEquals("16M", e.optionFileSetting("innodb_buffer_pool_size").orElseThrow().value());
    }

    @Test
    void memoryRuleBecomesApplicableOnTheReportsAlone() throws Exception {
        Caps mysqlOnly = Caps.in(dir.resolve("m")).file("pt-mysql-summary.txt", fx("pt-mysql-summary/vm-mariadb-10.11-pt-3.2.1.txt"));
        Result na = mysqlOnly.run(new MemoryOvercommitRule());
        assertEquals(Result.Status.NOT_APPLICABLE, na.status(), "no memory size without pt-summary");
        Result r = thisMachinesReports("both").run(new MemoryOvercommitRule());
        assertEquals(Result.Status.PASSED, r.status(), r.reason());
        // RAM 23.5G (pt-summary); key buffer 128.0M, sort 2M, join 256k, read 128k, read_rnd 256k, thread_stack 292k and
        // tmp tables 16M (pt-mysql-summary); buffer pool, log buffer, binlog cache and max_connections at their defaults:
        // 128 + 16 + 128 MiB + 151 x 3012 KiB + 16 MiB = 732.2 MiB = 3 % of 23.5 GiB
        assertEquals("worst case 732.2 MiB = 3 % of RAM", r.reason());
    }

    @Test
    void exactFilesOfTheSameStepWinOverTheReports() throws Exception {
        Evidence e = thisMachinesReports("exact").file("meminfo.txt", fx("meminfo/proc-meminfo.txt"))
                .file("mysql-variables", fx("mysql-variables/pt-mysql-summary-save-samples.txt"))
                .evidence();
        Fact mem = e.memTotalBytes().orElseThrow();
        assertEquals("meminfo.txt:1", mem.ref().toString(), "/proc/meminfo's exact MemTotal, not pt-summary's 23.5G");
        assertEquals("MemTotal", mem.name());
        assertEquals(String.valueOf(24683656L * 1024), mem.value());
        assertEquals("2", e.logicalCpusFact().orElseThrow().value(), "the report still gives what no exact file has");
        Fact key = e.setting("key_buffer_size").orElseThrow();
        assertEquals("134217728", key.value(), "SHOW VARIABLES' exact value, not the report's 128.0M");
        assertTrue(key.ref().toString().startsWith("mysql-variables:"), key.ref().toString());
        assertEquals("O_DIRECT", e.setting("innodb_flush_method").orElseThrow().value(), "what the report's empty InnoDB section lacked");
    }

    @Test
    void aStepsReportYieldsToAnExactFileAtTheTopOfTheCapture() throws Exception {
        var capture = Caps.in(dir.resolve("steps")).file("meminfo.txt", fx("meminfo/proc-meminfo.txt"))
                .file("01-baseline/pt-summary.txt", fx("pt-summary/vm-debian12-pt-3.2.1.txt"))
                .file("02-tuned/pt-summary.txt", fx("pt-summary/percona-output_007-2socket-numa.txt")).load();
        Evidence first = Evidence.of(capture, "01-baseline");
        assertEquals("meminfo.txt:1", first.memTotalBytes().orElseThrow().ref().toString(), "the top's exact /proc/meminfo");
        assertEquals("01-baseline/pt-summary.txt:13", first.logicalCpusFact().orElseThrow().ref().toString(), "only the report has CPUs");
        assertEquals("24", Evidence.of(capture, "02-tuned").logicalCpusFact().orElseThrow().value(), "each step its own report");
    }

    @Test
    void anUnknownNodeCountIsNotASingleNode() throws Exception {
        // pt-summary 3.2.1 prints no NUMA table: the node count is unknown, not 1
        Result r = thisMachinesReports("n").run(new ConflictingPoliciesRule());
        assertEquals(Result.Status.NOT_APPLICABLE, r.status(), r.reason());
        assertTrue(r.reason().contains("NUMA node"), r.reason());
        Evidence two = Caps.in(dir.resolve("n2")).file("pt-summary.txt", fx("pt-summary/percona-output_007-2socket-numa.txt"))
                .file("pt-mysql-summary.txt", fx("pt-mysql-summary/percona-temp_enc008-ps-8.0.txt")).evidence();
        assertEquals(2, two.numaNodes().getAsInt());
        Result r2 = new ConflictingPoliciesRule().evaluate(two, Settings.defaults());
        assertFalse(r2.reason() != null && r2.reason().contains("single"), String.valueOf(r2.reason()));
    }

    @Test
    void swappinessFromTheReport() throws Exception {
        // this VM: vm.swappiness 60 but no swap at all (swap allocated = 0.0): nothing for the setting to do
        Result r = thisMachinesReports("s").run(new SwappinessRule());
        assertEquals(Result.Status.PASSED, r.status(), r.reason());
        assertTrue(r.reason().contains("60"), r.reason());
        Result two = Caps.in(dir.resolve("t")).file("pt-summary.txt", fx("pt-summary/percona-output_007-2socket-numa.txt"))
                .run(new SwappinessRule());
        assertEquals(Result.Status.PASSED, two.status());
    }
}
