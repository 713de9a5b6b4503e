package io.tunescope.importers.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.net.Interrupts;
import io.tunescope.model.net.IrqAffinity;
import io.tunescope.model.net.NicChannels;
import io.tunescope.model.net.SoftIrqs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interrupt, softirq and ethtool importers on the samples in {@code src/test/resources/importers/interrupts/}
 * (real output of the project VM and the marked synthetic arm64 files): the ImporterContractTest checks on each
 * sample with its expected format, then concrete values.
 */
class NetImportersTest {
    private static final Path DIR = Path.of("src/test/resources/importers/interrupts");
    private static final ImporterRegistry REGISTRY = io.tunescope.importers.formats.StandardImporters.registry();

    /** Every sample and the format that must own it; the netlink-only error line is the one WEAK case. */
    private static final Map<String, String> OWNERS = Map.ofEntries(
            Map.entry("x86-vm-2cpu-before.txt", "proc-interrupts"),
            Map.entry("x86-vm-2cpu-after.txt", "proc-interrupts"),
            Map.entry("x86-vm-2cpu-crlf.txt", "proc-interrupts"),
            Map.entry("x86-vm-2cpu-cut-line.txt", "proc-interrupts"),
            Map.entry("kunpeng920-96cpu-hns3.txt", "proc-interrupts"),
            Map.entry("softirqs-vm-before.txt", "proc-softirqs"),
            Map.entry("softirqs-vm-after.txt", "proc-softirqs"),
            Map.entry("ethtool-l-eth0-vm.txt", "ethtool-channels"),
            Map.entry("ethtool-l-kunpeng-hns3-synthetic.txt", "ethtool-channels"),
            Map.entry("ethtool-l-old-unsupported-synthetic.txt", "ethtool-channels"),
            Map.entry("ethtool-l-ifb0-unsupported.txt", "ethtool-channels"),
            Map.entry("smp-affinity-list-vm.txt", "irq-affinity"),
            Map.entry("effective-affinity-list-vm.txt", "irq-affinity"));

    @TempDir
    Path tmp;

    @Test
    void everySampleHasAnOwner() throws Exception {
        try (Stream<Path> s = Files.list(DIR)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".txt")).toList()) {
                assertNotNull(OWNERS.get(p.getFileName().toString()), "sample without an expected format: " + p);
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> contract() {
        return OWNERS.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
            Path f = DIR.resolve(e.getKey());
            Importer<?> owner = REGISTRY.byFormat(e.getValue());
            Head head = Head.read(f);
            boolean weakCase = e.getKey().equals("ethtool-l-ifb0-unsupported.txt");
            for (Importer<?> i : REGISTRY.importers()) {
                Sniff s = i.sniff(head);
                if (i == owner) {
                    assertTrue(s.confidence().atLeast(weakCase ? Confidence.WEAK : Confidence.STRONG), f + ": owner only " + s);
                } else {
                    assertTrue(s.confidence() == Confidence.NO || s.confidence() == Confidence.WEAK && !weakCase,
                            f + ": " + i.format() + " claims it " + s);
                }
            }
            assertEquals(owner, REGISTRY.detect(head).importer(), f + ": detected as another format");
            Path renamed = tmp.resolve("unknown");
            Files.copy(f, renamed, StandardCopyOption.REPLACE_EXISTING);
            assertEquals(owner, REGISTRY.detect(Head.read(renamed)).importer(), f + ": verdict depends on the file name");
            ImportContext big = new ImportContext(f, e.getKey(), head.decoding(), null, null, 64 * 1024, 16 << 20);
            ImportContext tiny = new ImportContext(f, e.getKey(), head.decoding(), null, null, 3, 16 << 20);
            ImportResult<?> a = owner.parse(big);
            ImportResult<?> b = owner.parse(tiny);
            assertEquals(owner.summarizeValue(a.value()), owner.summarizeValue(b.value()), f + ": result depends on the buffer size");
            assertEquals(a.diagnostics(), b.diagnostics());
        }));
    }

    private static <T> ImportResult<T> parse(Importer<T> imp, String name) throws Exception {
        return imp.parse(ImportContext.forFile(DIR.resolve(name)));
    }

    @Test
    void x86VirtioRowsChipTriggerAndName() throws Exception {
        ImportResult<Interrupts> r = parse(new InterruptsImporter(), "x86-vm-2cpu-after.txt");
        assertTrue(r.diagnostics().isEmpty(), r.diagnostics().toString());
        Interrupts.Snapshot s = r.value().snapshots().get(0);
        assertEquals(List.of(0, 1), s.cpus());
        Interrupts.Row in = s.row("38");
        assertEquals("virtio2-input.0", in.name());
        assertEquals("PCI-MSIX-0000:00:03.0", in.chip());
        assertEquals("1-edge", in.trigger());
        assertEquals(List.of(0L, 1387L), in.counts());
        assertEquals(15, in.line());
        assertEquals("ACPI:Ged", s.row("24").name());
        assertEquals("Local timer interrupts", s.row("LOC").name());
        assertEquals(List.of(0L), s.row("ERR").counts(), "ERR prints one total");
        assertEquals(s.total(), parse(new InterruptsImporter(), "x86-vm-2cpu-crlf.txt").value().snapshots().get(0).total(), "CRLF reads the same");
        assertEquals("virtio2-input.0", parse(new InterruptsImporter(), "x86-vm-2cpu-crlf.txt").value().snapshots().get(0).row("38").name());
    }

    @Test
    void arm64KunpengLayout() throws Exception {
        ImportResult<Interrupts> r = parse(new InterruptsImporter(), "kunpeng920-96cpu-hns3.txt");
        assertTrue(r.diagnostics().isEmpty(), r.diagnostics().toString());
        Interrupts.Snapshot s = r.value().snapshots().get(0);
        assertEquals(96, s.cpus().size());
        Interrupts.Row q0 = s.row("199");
        assertEquals("hns3-0000:7d:00.0-TxRx-0", q0.name());
        assertEquals("ITS-MSI", q0.chip());
        assertEquals("65536001 Edge", q0.trigger());
        assertEquals(9100000L, q0.counts().get(31));
        assertEquals("arch_timer", s.row("3").name());
        assertEquals("GICv3", s.row("3").chip());
        assertEquals("Rescheduling interrupts", s.row("IPI0").name());
        assertEquals(96, s.row("IPI0").counts().size());
        assertEquals(List.of(0L), s.row("Err").counts());
    }

    @Test
    void cutLineIsAnErrorWithFileAndLineAndTheRestLoads() throws Exception {
        ImportResult<Interrupts> r = parse(new InterruptsImporter(), "x86-vm-2cpu-cut-line.txt");
        List<Diagnostic> errors = r.diagnostics().stream().filter(d -> d.level() == Diagnostic.Level.ERROR).toList();
        assertEquals(1, errors.size(), r.diagnostics().toString());
        assertEquals(15L, errors.get(0).line());
        assertEquals("x86-vm-2cpu-cut-line.txt: line 15: IRQ 38 has 1 of 2 per-CPU counts (a cut line?); the row is left out",
                errors.get(0).message());
        Interrupts.Snapshot s = r.value().snapshots().get(0);
        assertNull(s.row("38"));
        assertEquals("virtio2-output.0", s.row("39").name());
        assertNotNull(s.row("PIW"), "rows after the cut line are read");
    }

    @Test
    void otherRowLayouts() {
        Interrupts.Row old = InterruptsImporter.describe("191", List.of(1L), "PCI-MSI-edge      eth5-rx-3", 1);
        assertEquals("PCI-MSI-edge", old.chip());
        assertEquals("eth5-rx-3", old.name());
        Interrupts.Row xen = InterruptsImporter.describe("35", List.of(1L), "xen-dyn     Edge    -virq      hvc_console", 1);
        assertEquals("hvc_console", xen.name());
        Interrupts.Row shared = InterruptsImporter.describe("44", List.of(1L), "ITS-MSI 16384 Edge      aerdrv, PCIe PME, pciehp", 1);
        assertEquals("aerdrv, PCIe PME, pciehp", shared.name());
        Interrupts.Row mlx = InterruptsImporter.describe("407", List.of(1L), "PCI-MSI-edge      mlx5_comp0@pci:0000:21:00.0", 1);
        assertEquals("mlx5_comp0@pci:0000:21:00.0", mlx.name());
    }

    @Test
    void repeatedCatsBecomeSnapshots() throws Exception {
        Path f = tmp.resolve("two.txt");
        Files.writeString(f, Files.readString(DIR.resolve("x86-vm-2cpu-before.txt")) + Files.readString(DIR.resolve("x86-vm-2cpu-after.txt")));
        Interrupts i = new InterruptsImporter().parse(ImportContext.forFile(f)).value();
        assertEquals(2, i.snapshots().size());
        assertEquals(1362L, i.snapshots().get(0).row("38").counts().get(1));
        assertEquals(1387L, i.snapshots().get(1).row("38").counts().get(1));
        assertEquals(37, i.snapshots().get(1).line());
    }

    @Test
    void aTimestampBeforeEachCatIsNoted() throws Exception {
        Path f = tmp.resolve("looped.txt");
        Files.writeString(f, "2026-12-02T01:30:00+00:00\n" + Files.readString(DIR.resolve("x86-vm-2cpu-before.txt"))
                + "2026-12-02T01:31:00+00:00\n" + Files.readString(DIR.resolve("x86-vm-2cpu-after.txt")));
        Head head = Head.read(f);
        assertEquals("proc-interrupts", REGISTRY.detect(head).importer().format());
        ImportResult<Interrupts> r = new InterruptsImporter().parse(ImportContext.forFile(f));
        assertEquals(2, r.value().snapshots().size());
        assertEquals("looped.txt: line before the CPU0 CPU1 ... header: 2026-12-02T01:30:00+00:00", r.diagnostics().get(0).message());
        assertEquals(38L, r.diagnostics().get(1).line(), "the second timestamp is not an interrupt row");
    }

    @Test
    void irqAffinities() throws Exception {
        IrqAffinity a = parse(new IrqAffinityImporter(), "smp-affinity-list-vm.txt").value();
        assertEquals("0-1", a.of("38", "smp_affinity_list").cpus());
        IrqAffinity e = parse(new IrqAffinityImporter(), "effective-affinity-list-vm.txt").value();
        assertEquals("effective_affinity_list", e.entries().get(0).kind());
        Path tail = tmp.resolve("tail.txt");
        Files.writeString(tail, "==> /proc/irq/199/smp_affinity_list <==\n31\n\n==> /proc/irq/200/smp_affinity_list <==\n0-23,48-71\n");
        assertEquals("irq-affinity", REGISTRY.detect(Head.read(tail)).importer().format());
        IrqAffinity t = new IrqAffinityImporter().parse(ImportContext.forFile(tail)).value();
        assertEquals("0-23,48-71", t.of("200", "smp_affinity_list").cpus());
        assertEquals(5, t.of("200", "smp_affinity_list").line());
        Path pairs = tmp.resolve("pairs.txt");
        Files.writeString(pairs, "199 31\n200 31\n201 31\n");
        Sniff s = new IrqAffinityImporter().sniff(Head.read(pairs));
        assertEquals(Confidence.WEAK, s.confidence(), "two columns of numbers are only a guess");
        assertEquals("31", new IrqAffinityImporter().parse(ImportContext.forFile(pairs)).value().of("201", "smp_affinity_list").cpus());
    }

    @Test
    void softirqs() throws Exception {
        SoftIrqs.Snapshot s = parse(new SoftIrqsImporter(), "softirqs-vm-after.txt").value().snapshots().get(0);
        assertEquals(List.of(0, 1), s.cpus());
        assertEquals(List.of(1117L, 1365L), s.row("NET_RX").counts());
        assertEquals(5, s.row("NET_RX").line());
    }

    @Test
    void ethtoolChannels() throws Exception {
        NicChannels.Device vm = parse(new EthtoolChannelsImporter(), "ethtool-l-eth0-vm.txt").value().devices().get(0);
        assertEquals("eth0", vm.name());
        assertTrue(vm.supported());
        assertEquals(1, vm.max().combined());
        assertEquals(-1, vm.max().rx(), "n/a");
        assertEquals(1, vm.current().combined());
        assertEquals(6, vm.maxLine());
        assertEquals(11, vm.currentLine());
        NicChannels.Device hns = parse(new EthtoolChannelsImporter(), "ethtool-l-kunpeng-hns3-synthetic.txt").value().devices().get(0);
        assertEquals("enp125s0f0", hns.name());
        assertEquals(32, hns.max().combined());
        assertEquals(16, hns.current().combined());
        assertEquals(1, hns.current().other());
    }

    @Test
    void unsupportedChannelsAreKeptWithTheError() throws Exception {
        ImportResult<NicChannels> old = parse(new EthtoolChannelsImporter(), "ethtool-l-old-unsupported-synthetic.txt");
        NicChannels.Device d = old.value().devices().get(0);
        assertEquals("eth0", d.name());
        assertEquals("Cannot get device channel parameters : Operation not supported", d.error());
        assertTrue(!d.supported());
        assertEquals("ethtool-l-old-unsupported-synthetic.txt: eth0: the driver does not report channel counts: "
                + "Cannot get device channel parameters : Operation not supported", old.diagnostics().get(0).message());
        Path stdoutOnly = tmp.resolve("ethtool-stdout.txt");
        Files.writeString(stdoutOnly, "Channel parameters for eth0:\n");
        assertEquals("ethtool-channels", REGISTRY.detect(Head.read(stdoutOnly)).importer().format());
        ImportResult<NicChannels> so = new EthtoolChannelsImporter().parse(ImportContext.forFile(stdoutOnly));
        assertEquals("no channel counts printed", so.value().devices().get(0).error());
        assertEquals(Diagnostic.Level.INFO, so.diagnostics().get(0).level());
        NicChannels.Device nl = parse(new EthtoolChannelsImporter(), "ethtool-l-ifb0-unsupported.txt").value().devices().get(0);
        assertEquals("", nl.name());
        assertEquals("netlink error: Operation not supported", nl.error());
    }
}
