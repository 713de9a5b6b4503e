package io.tunescope.analysis.evidence;

import io.tunescope.model.config.ServerFlavor;
import io.tunescope.rules.Caps;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EvidenceTest {
    @TempDir
    Path dir;

    @Test
    void flavourFromVariablesWithVersionComment() {
        Evidence e = Caps.in(dir.resolve("a")).variables("version", "8.0.36-28", "version_comment", "Percona Server (GPL), Release 28, Revision 47601f19")
                .evidence();
        assertEquals(ServerFlavor.Kind.PERCONA, e.server().kind());
        assertEquals("Percona Server 8.0.36", e.server().display());
        assertEquals("variables.txt", e.serverRef().orElseThrow().file());
        assertTrue(e.has(Need.SERVER_VERSION));
    }

    @Test
    void flavourFromVersionFileWinsAndFromPrintDefaultsHeader() {
        Evidence e = Caps.in(dir.resolve("b")).version("10.11.6-MariaDB-0+deb12u1").variables("version", "8.0.36").evidence();
        assertEquals("MariaDB 10.11.6", e.server().display());
        Evidence p = Caps.in(dir.resolve("c")).file("print-defaults.txt",
                "mariadbd would have been started with the following arguments:\n--socket=/run/mysqld/mysqld.sock --datadir=/var/lib/mysql --innodb_buffer_pool_size=2G\n")
                .evidence();
        assertEquals(ServerFlavor.Kind.MARIADB, p.server().kind());
        assertEquals("MariaDB (version unknown)", p.server().display());
        assertFalse(p.has(Need.SERVER_VERSION), "the version itself is unknown");
        assertEquals("2G", p.setting("innodb_buffer_pool_size").orElseThrow().value());
    }

    @Test
    void settingPrecedenceAndReferences() {
        Evidence e = Caps.in(dir.resolve("d")).mycnf("innodb_buffer_pool_size=8G\nmax-connections=300\n")
                .variables("innodb_buffer_pool_size", "4294967296").evidence();
        Fact runtime = e.setting("innodb_buffer_pool_size").orElseThrow();
        assertEquals("4294967296", runtime.value());
        assertEquals("variables.txt", runtime.ref().file());
        Fact file = e.optionFileSetting("innodb-buffer-pool-size").orElseThrow();
        assertEquals("my.cnf:2", file.ref().toString());
        assertEquals(8.0 * 1024 * 1024 * 1024, file.number().getAsDouble());
        assertTrue(e.setting("max_connections").isEmpty(), "runtime variables are the whole truth when captured");
        assertEquals(300, e.optionFileSetting("max_connections").orElseThrow().number().getAsDouble());
    }

    @Test
    void hostFactsFallBackToTheCaptureTop() {
        var c = Caps.in(dir.resolve("e")).lscpu(96, 4).meminfo(64L << 20, 1024, 0, 0)
                .file("01-step/my.cnf", "[mysqld]\nmax_connections=10\n").file("02-step/my.cnf", "[mysqld]\nmax_connections=20\n").load();
        Evidence s1 = Evidence.of(c, "01-step");
        assertEquals(96, s1.logicalCpus().getAsInt());
        assertEquals(4, s1.numaNodes().getAsInt());
        assertEquals(64.0 * 1024 * 1024 * 1024, s1.memTotalBytes().orElseThrow().number().getAsDouble());
        assertEquals("10", s1.setting("max_connections").orElseThrow().value());
        assertEquals("20", Evidence.of(c, "02-step").setting("max_connections").orElseThrow().value());
        assertEquals(4, s1.nodeCpus().size());
        assertEquals(24, s1.nodeCpus().get(1).cardinality());
    }

    @Test
    void cpuListsAndSymbols() {
        assertEquals(32, CpuList.parse("0-15,32-47").cardinality());
        assertTrue(CpuList.parse("x-y").isEmpty());
        assertEquals("PolicyMutex::enter", CpuHotspots.normalise("PolicyMutex<TTASEventMutex<GenericPolicy> >::enter(unsigned int, char const*)"));
        assertEquals("ut_crc32_sw", CpuHotspots.normalise("ut_crc32_sw.isra.0"));
        assertEquals("futex_wait", CpuHotspots.normalise("futex_wait_[k]"));
    }
}
