package io.tunescope.importers.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.config.ConfigSnapshot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Values read from the host-fact fixtures (real ones from this machine, and the marked synthetic ones). */
class HostFactImportersTest {
    @TempDir
    Path tmp;

    private static ConfigSnapshot read(Importer<ConfigSnapshot> imp, String rel) throws Exception {
        ImportResult<ConfigSnapshot> r = imp.parse(ImportContext.forFile(TestData.fixtures().resolve(rel)));
        for (Diagnostic d : r.diagnostics()) {
            assertFalse(d.level() == Diagnostic.Level.ERROR || d.level() == Diagnostic.Level.WARNING, rel + ": " + d);
        }
        return r.value();
    }

    private ImportResult<ConfigSnapshot> text(Importer<ConfigSnapshot> imp, String content) throws Exception {
        Path f = tmp.resolve("f.txt");
        Files.writeString(f, content, StandardCharsets.UTF_8);
        return imp.parse(ImportContext.forFile(f));
    }

    @Test
    void blockQueueInEveryPrintedForm() throws Exception {
        ConfigSnapshot g = read(new BlockQueueImporter(), "block-queue/grep-queue.txt");
        assertEquals("1", g.get("vda.rotational").orElseThrow());
        assertEquals("mq-deadline", g.get("vda.scheduler").orElseThrow());
        assertEquals("none mq-deadline kyber bfq", g.get("vda.scheduler_choices").orElseThrow());
        assertEquals("256", g.get("vda.nr_requests").orElseThrow());
        assertEquals("none", g.get("loop0.scheduler").orElseThrow());
        assertTrue(g.get("loop0.read_ahead_kb").isPresent());

        ConfigSnapshot h = read(new BlockQueueImporter(), "block-queue/head-vda.txt");
        assertEquals(g.get("vda.scheduler"), h.get("vda.scheduler"));
        assertEquals(5, h.entry("vda.scheduler").orElseThrow().source().line(), "the value line under '==> PATH <=='");

        ConfigSnapshot loop = read(new BlockQueueImporter(), "block-queue/for-echo-cat-scheduler.txt");
        assertEquals("mq-deadline", loop.get("vda.scheduler").orElseThrow());

        ConfigSnapshot s = read(new BlockQueueImporter(), "block-queue/synthetic-kunpeng-nvme-grep.txt");
        assertEquals("0", s.get("nvme0n1.rotational").orElseThrow());
        assertEquals("mq-deadline", s.get("nvme0n1.scheduler").orElseThrow());
        assertEquals("none", s.get("nvme1n1.scheduler").orElseThrow());
    }

    @Test
    void aSchedulerWithoutBracketsIsItsOnlyWordAndJunkIsNamed() throws Exception {
        assertEquals("none", BlockQueueImporter.selected("none"));
        assertEquals("", BlockQueueImporter.selected("mq-deadline none"));
        ImportResult<ConfigSnapshot> r = text(new BlockQueueImporter(),
                "/sys/block/sda/queue/rotational:1\n/sys/block/sda/queue/scheduler:<html>\n");
        assertEquals("1", r.value().get("sda.rotational").orElseThrow());
        assertEquals(1, r.diagnostics().size());
        assertTrue(r.diagnostics().get(0).message().contains("line 2"), r.diagnostics().toString());
    }

    @Test
    void cgroupV1RealThrottledAndUnlimited() throws Exception {
        ConfigSnapshot t = read(new CgroupImporter(), "cgroup/grep-v1-throttled.txt");
        String cpu = "/sys/fs/cgroup/cpu/tunescope-hostfacts.";
        assertEquals("20000", t.get(cpu + "cpu.cfs_quota_us").orElseThrow());
        assertEquals("100000", t.get(cpu + "cpu.cfs_period_us").orElseThrow());
        assertEquals("32", t.get(cpu + "cpu.stat.nr_periods").orElseThrow());
        assertEquals("31", t.get(cpu + "cpu.stat.nr_throttled").orElseThrow());
        assertEquals("623584947", t.get(cpu + "cpu.stat.throttled_time").orElseThrow());
        assertEquals("0", t.get("/sys/fs/cgroup/cpuset/tunescope-hostfacts.cpuset.effective_cpus").orElseThrow());

        ConfigSnapshot u = read(new CgroupImporter(), "cgroup/grep-v1-root-unlimited.txt");
        assertEquals("-1", u.get("/sys/fs/cgroup/cpu.cpu.cfs_quota_us").orElseThrow());

        ConfigSnapshot m = read(new CgroupImporter(), "cgroup/proc-pid-cgroup-v1-hybrid.txt");
        assertEquals("/", m.get("cgroup").orElseThrow(), "the v2 line 0::/");
        assertEquals("/", m.get("cgroup.cpuset").orElseThrow());
    }

    @Test
    void cgroupV2ContainerAndService() throws Exception {
        ConfigSnapshot c = read(new CgroupImporter(), "cgroup/synthetic-v2-container-throttled-grep.txt");
        String dir = "/sys/fs/cgroup/system.slice/docker-3f9a1c0d2b7e4a5f8c6d9e0b1a2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4.scope.";
        assertEquals("400000 100000", c.get(dir + "cpu.max").orElseThrow());
        assertEquals("16-23", c.get(dir + "cpuset.cpus.effective").orElseThrow());
        assertEquals("2871", c.get(dir + "cpu.stat.nr_throttled").orElseThrow());
        assertEquals("31.08", c.get(dir + "cpu.pressure.some.avg10").orElseThrow());
        assertTrue(c.get("/proc/48213.cgroup").orElseThrow().startsWith("/system.slice/docker-"));

        ConfigSnapshot s = read(new CgroupImporter(), "cgroup/synthetic-v2-mariadb-service-head.txt");
        assertEquals("max 100000", s.get("/sys/fs/cgroup/system.slice/mariadb.service.cpu.max").orElseThrow());
        assertEquals("/system.slice/mariadb.service", s.get("/proc/2231.cgroup").orElseThrow());

        ConfigSnapshot bare = read(new CgroupImporter(), "cgroup/synthetic-cpu-stat-cat.txt");
        assertEquals("412980331", bare.get("cpu.stat.throttled_usec").orElseThrow());
    }

    @Test
    void pressureFromGrepTailAndCat() throws Exception {
        ConfigSnapshot g = read(new PressureImporter(), "pressure/grep-proc-pressure.txt");
        assertTrue(g.get("cpu.some.avg10").isPresent());
        assertTrue(g.get("io.full.total").isPresent());
        assertTrue(g.get("memory.some.avg300").isPresent());
        ConfigSnapshot t = read(new PressureImporter(), "pressure/tail-pressure.txt");
        assertEquals(24, t.entries().size(), "3 resources x some/full x 4 values");
        ConfigSnapshot c = read(new PressureImporter(), "pressure/cat-cpu.txt");
        assertEquals("", c.entries().get(0).section(), "a plain cat names no resource");
        assertEquals(8, c.entries().size());
    }

    @Test
    void unameMachineReleaseAndPageFlavour() throws Exception {
        ConfigSnapshot d = read(new UnameImporter(), "uname/uname-a-debian-x86_64.txt");
        assertEquals("x86_64", d.get("machine").orElseThrow());
        assertEquals("6.18.44-fc-v1045", d.get("kernel_release").orElseThrow());
        assertTrue(d.get("release_page_size").isEmpty());
        ConfigSnapshot k = read(new UnameImporter(), "uname/synthetic-kylin-aarch64.txt");
        assertEquals("aarch64", k.get("machine").orElseThrow());
        assertEquals("4.19.90-17.ky10.aarch64", k.get("kernel_release").orElseThrow());
        assertEquals("#1 SMP Sun Jun 28 14:27:40 CST 2020", k.get("kernel_version").orElseThrow());
        assertTrue(k.get("release_page_size").isEmpty(), "Kylin's release names no page size");
        ConfigSnapshot r = read(new UnameImporter(), "uname/synthetic-rhel9-aarch64-64k.txt");
        assertEquals("65536", r.get("release_page_size").orElseThrow());
    }

    @Test
    void osReleaseAndOneLineReleaseFiles() throws Exception {
        assertEquals("debian", read(new OsReleaseImporter(), "os-release/os-release-debian12.txt").get("ID").orElseThrow());
        ConfigSnapshot oe = read(new OsReleaseImporter(), "os-release/synthetic-openeuler-2203-sp1.txt");
        assertEquals("openEuler", oe.get("ID").orElseThrow());
        assertEquals("22.03", oe.get("VERSION_ID").orElseThrow());
        assertEquals("uos", read(new OsReleaseImporter(), "os-release/synthetic-uos-server-20.txt").get("ID").orElseThrow());
        assertEquals("kylin", read(new OsReleaseImporter(), "os-release/synthetic-kylin-v10.txt").get("ID").orElseThrow());
        ConfigSnapshot one = read(new OsReleaseImporter(), "os-release/synthetic-openeuler-release-oneline.txt");
        assertEquals("openEuler", one.get("NAME").orElseThrow());
        assertEquals("22.03", one.get("VERSION_ID").orElseThrow());
        ConfigSnapshot centos = read(new OsReleaseImporter(), "os-release/synthetic-centos7-redhat-release.txt");
        assertEquals("CentOS Linux", centos.get("NAME").orElseThrow());
        assertEquals("7.9.2009", centos.get("VERSION_ID").orElseThrow());
    }

    @Test
    void getconfPageSize() throws Exception {
        assertEquals("4096", read(new GetconfImporter(), "getconf/getconf-a-x86_64.txt").get("PAGESIZE").orElseThrow());
        assertEquals("65536", read(new GetconfImporter(), "getconf/synthetic-aarch64-64k-grep-page.txt").get("PAGESIZE").orElseThrow());
        assertThrows(ImportException.class, () -> text(new GetconfImporter(), "LINK_MAX 65000\n"));
    }

    @Test
    void contentDecidesNotLookalikes() {
        var registry = StandardImporters.registry();
        // a lone page size, a lone cpu.max and lsb-release say too little: nobody claims them
        for (String s : List.of("4096\n", "max 100000\n", "DISTRIB_ID=Ubuntu\nDISTRIB_RELEASE=22.04\n",
                "/proc/irq/38/smp_affinity_list:0-1\n", "Darwin mac 23.1.0 Darwin Kernel Version 23.1.0 arm64\n")) {
            Head h = Head.ofText("unknown", s);
            for (Importer<?> i : List.of(new BlockQueueImporter(), new CgroupImporter(), new PressureImporter(), new UnameImporter(),
                    new OsReleaseImporter(), new GetconfImporter())) {
                assertEquals(Confidence.NO, i.sniff(h).confidence(), i.format() + " on " + s);
            }
        }
        assertEquals("block-queue", registry.detect(Head.ofText("x", "/sys/block/sda/queue/rotational:1\n")).importer().format());
        assertEquals("pressure", registry.detect(Head.ofText("x", "some avg10=1.00 avg60=0.50 avg300=0.10 total=123\n")).importer().format());
    }
}
