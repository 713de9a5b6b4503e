package io.tunescope.importers.net;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.net.NetDatasets;
import io.tunescope.model.net.SoftIrqs;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;

/**
 * {@code cat /proc/softirqs}: the {@code CPU0 CPU1 ...} header and one row per softirq ({@code HI},
 * {@code TIMER}, {@code NET_TX}, {@code NET_RX}, {@code BLOCK}, ...), one count per CPU. Repeated {@code cat}s
 * become several snapshots; a cut row is an error on its line and is left out.
 */
public final class SoftIrqsImporter implements Importer<SoftIrqs> {
    static final Set<String> NAMES = Set.of("HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "BLOCK_IOPOLL", "IRQ_POLL",
            "TASKLET", "SCHED", "HRTIMER", "RCU");

    @Override
    public String format() {
        return "proc-softirqs";
    }

    @Override
    public String description() {
        return "per-CPU softirq counts (/proc/softirqs)";
    }

    @Override
    public Dataset<SoftIrqs> dataset() {
        return NetDatasets.SOFTIRQS;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        boolean header = false;
        int known = 0;
        int before = 0;
        for (String l : head.lines()) {
            if (l.isBlank()) {
                continue;
            }
            if (!header) {
                if (CpuTable.header(l) == null) {
                    if (++before > 2) {
                        return Sniff.no("no CPU0 CPU1 ... header in the first three lines");
                    }
                    continue;
                }
                header = true;
                continue;
            }
            Matcher m = CpuTable.ROW.matcher(l);
            if (m.matches()) {
                if (!NAMES.contains(m.group(1))) {
                    if (CpuTable.header(l) == null) {
                        return Sniff.no("row " + m.group(1) + " is not a softirq");
                    }
                } else if (!CpuTable.counts(m.group(2), 1).counts().isEmpty()) {
                    known++;
                }
            }
        }
        if (header && known >= 3) {
            return Sniff.certain("CPU header and softirq rows (NET_RX, TIMER, ...)");
        }
        if (header && known >= 1) {
            return Sniff.strong("CPU header and a softirq row");
        }
        return Sniff.no("no CPU header with softirq rows");
    }

    @Override
    public ImportResult<SoftIrqs> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        List<SoftIrqs.Snapshot> snaps = new ArrayList<>();
        for (CpuTable.Block<SoftIrqs.Row> b : CpuTable.read(ctx, "softirq", (n, label, rest, cpus) -> {
            if (!NAMES.contains(label)) {
                ctx.warn(n, file + ": not a softirq row: " + CpuTable.abbreviate(label + ":" + rest));
                return null;
            }
            CpuTable.Counts c = CpuTable.counts(rest, cpus.size());
            if (c.counts().size() < cpus.size() || !rest.substring(c.end()).isBlank()) {
                ctx.error(n, file + ": line " + n + ": " + label + " has " + c.counts().size() + " of " + cpus.size()
                        + " per-CPU counts (a cut line?); the row is left out");
                return null;
            }
            return new SoftIrqs.Row(label, c.counts(), n);
        })) {
            snaps.add(new SoftIrqs.Snapshot(b.cpus(), b.rows(), b.headerLine()));
        }
        return ctx.result(new SoftIrqs(snaps));
    }

    @Override
    public Map<String, Object> summarize(SoftIrqs value) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("snapshots", value.snapshots().size());
        SoftIrqs.Snapshot last = value.snapshots().get(value.snapshots().size() - 1);
        out.put("cpus", last.cpus().size());
        Map<String, Object> rows = new LinkedHashMap<>();
        for (SoftIrqs.Row r : last.rows()) {
            rows.put(r.name(), r.counts());
        }
        out.put("rows", rows);
        return out;
    }
}
