package io.tunescope.importers.net;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.net.Interrupts;
import io.tunescope.model.net.NetDatasets;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code cat /proc/interrupts}: the {@code CPU0 CPU1 ...} header (any number of CPUs, offline ones left out),
 * numbered rows {@code NN: count... chip [hwirq] trigger name[, name]} in the x86 ({@code PCI-MSIX-0000:00:03.0
 * 1-edge virtio2-input.0}, {@code IR-PCI-MSI 524288-edge}, old {@code PCI-MSI-edge eth0}) and ARM64
 * ({@code GICv3 27 Level arch_timer}, {@code ITS-MSI 524289 Edge hns3-...-TxRx-0}) layouts, and the
 * architecture rows ({@code NMI}, {@code LOC}, {@code IPI0}, {@code ERR} with one total). Several {@code cat}s
 * in one file become several snapshots. A row with fewer counts than the header has CPUs (a cut line) is an
 * error on that line and is left out; the rest loads.
 */
public final class InterruptsImporter implements Importer<Interrupts> {
    /** The trigger word (and the x86 hwirq or chip glued to it): {@code Edge}, {@code 5-edge}, {@code PCI-MSI-edge}. */
    private static final Pattern TRIGGER = Pattern.compile("(?i)(?:\\S*-)?(?:edge|level|fasteoi|simple|percpu|percpu_devid)");
    private static final Pattern ARCH_LABEL = Pattern.compile("NMI|LOC|SPU|PMI|IWI|RTR|RES|CAL|TLB|TRM|THR|DFR|MCE|MCP|HYP|ERR|MIS|PIN|NPI|PIW|IPI\\d+|Err");

    @Override
    public String format() {
        return "proc-interrupts";
    }

    @Override
    public String description() {
        return "per-CPU interrupt counts (/proc/interrupts)";
    }

    @Override
    public Dataset<Interrupts> dataset() {
        return NetDatasets.INTERRUPTS;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        int headerCpus = -1;
        int numbered = 0;
        int arch = 0;
        int before = 0;
        for (String l : head.lines()) {
            if (l.isBlank()) {
                continue;
            }
            if (headerCpus < 0) {
                List<Integer> cpus = CpuTable.header(l);
                if (cpus == null) {
                    if (++before > 2) {
                        return Sniff.no("no CPU0 CPU1 ... header in the first three lines");
                    }
                    continue;
                }
                headerCpus = cpus.size();
                continue;
            }
            Matcher m = CpuTable.ROW.matcher(l);
            if (!m.matches()) {
                continue;
            }
            CpuTable.Counts c = CpuTable.counts(m.group(2), headerCpus);
            if (c.counts().isEmpty()) {
                continue;
            }
            String label = m.group(1);
            if (label.chars().allMatch(Character::isDigit) && !m.group(2).substring(c.end()).isBlank()) {
                numbered++;
            } else if (ARCH_LABEL.matcher(label).matches()) {
                arch++;
            }
        }
        if (headerCpus < 0) {
            return Sniff.no("no CPU0 CPU1 ... header");
        }
        if (numbered >= 1 && (numbered >= 2 || arch >= 1)) {
            return Sniff.certain("CPU header and numbered interrupt rows with chip and name");
        }
        if (numbered == 1 || arch >= 2) {
            return Sniff.strong("CPU header and interrupt rows");
        }
        return Sniff.no("a CPU header without interrupt rows");
    }

    @Override
    public ImportResult<Interrupts> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        List<Interrupts.Snapshot> snaps = new ArrayList<>();
        for (CpuTable.Block<Interrupts.Row> b : CpuTable.read(ctx, "interrupt", (n, label, rest, cpus) -> row(ctx, file, n, label, rest, cpus.size()))) {
            snaps.add(new Interrupts.Snapshot(b.cpus(), b.rows(), b.headerLine()));
        }
        return ctx.result(new Interrupts(snaps));
    }

    private static Interrupts.Row row(ImportContext ctx, String file, int n, String label, String rest, int ncpu) {
        CpuTable.Counts c = CpuTable.counts(rest, ncpu);
        String desc = rest.substring(c.end()).strip();
        boolean numbered = label.chars().allMatch(Character::isDigit);
        if (c.counts().size() < ncpu) {
            if (!numbered && c.counts().size() == 1 && desc.isEmpty()) {
                // ERR, MIS (x86) and Err (arm64) print one total, not one count per CPU
                return new Interrupts.Row(label, c.counts(), "", "", "", n);
            }
            ctx.error(n, file + ": line " + n + ": " + (numbered ? "IRQ " : "") + label + " has " + c.counts().size() + " of "
                    + ncpu + " per-CPU counts (a cut line?); the row is left out");
            return null;
        }
        if (!numbered) {
            return new Interrupts.Row(label, c.counts(), "", "", desc, n);
        }
        if (desc.isEmpty()) {
            ctx.warn(n, file + ": line " + n + ": IRQ " + label + " has its counts but no chip or name (a cut line?)");
            return new Interrupts.Row(label, c.counts(), "", "", "", n);
        }
        return describe(label, c.counts(), desc, n);
    }

    /** Splits {@code chip [hwirq] trigger name[, name]} (the widths vary by kernel and architecture). */
    static Interrupts.Row describe(String label, List<Long> counts, String desc, int n) {
        List<int[]> tokens = new ArrayList<>();
        int i = 0;
        int len = desc.length();
        while (i < len) {
            while (i < len && Character.isWhitespace(desc.charAt(i))) {
                i++;
            }
            int s = i;
            while (i < len && !Character.isWhitespace(desc.charAt(i))) {
                i++;
            }
            if (s < i) {
                tokens.add(new int[] {s, i});
            }
        }
        String chip = desc.substring(tokens.get(0)[0], tokens.get(0)[1]);
        int trig = -1;
        for (int t = 0; t < tokens.size() - 1 && t <= 2; t++) {
            if (TRIGGER.matcher(desc.substring(tokens.get(t)[0], tokens.get(t)[1])).matches()) {
                trig = t;
                break;
            }
        }
        String trigger = "";
        int nameFrom = tokens.size() > 1 ? 1 : 0;
        if (trig == 0) {
            trigger = chip; // old x86: "PCI-MSI-edge" is chip and handler in one word
            nameFrom = 1;
        } else if (trig > 0) {
            trigger = desc.substring(tokens.get(1)[0], tokens.get(trig)[1]);
            nameFrom = trig + 1;
        }
        // a handler name printed after the trigger (xen: "Edge -virq hvc_console")
        if (nameFrom < tokens.size() - 1 && desc.charAt(tokens.get(nameFrom)[0]) == '-') {
            nameFrom++;
        }
        String name = nameFrom < tokens.size() ? desc.substring(tokens.get(nameFrom)[0]).strip() : "";
        return new Interrupts.Row(label, counts, chip, trigger, name, n);
    }

    @Override
    public Map<String, Object> summarize(Interrupts value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("snapshots", value.snapshots().size());
        if (!value.snapshots().isEmpty()) {
            Interrupts.Snapshot last = value.snapshots().get(value.snapshots().size() - 1);
            out.put("cpus", last.cpus().size());
            out.put("rows", last.rows().size());
            out.put("numbered", last.rows().stream().filter(Interrupts.Row::numbered).count());
            out.put("total", last.total());
            List<String> names = new ArrayList<>();
            for (Interrupts.Row r : last.rows()) {
                if (r.numbered()) {
                    names.add(r.label() + " " + r.name());
                }
            }
            out.put("irqs", names);
        }
        return out;
    }
}
