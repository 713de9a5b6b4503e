package io.tunescope.importers.net;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.net.IrqAffinity;
import io.tunescope.model.net.NetDatasets;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Interrupt affinities: {@code grep -H . /proc/irq/*&#47;smp_affinity_list} ({@code /proc/irq/38/smp_affinity_list:0-1},
 * also {@code effective_affinity_list}), {@code tail} of the same files ({@code ==> /proc/irq/38/smp_affinity_list <==}
 * then the list), or {@code IRQ LIST} pairs as {@code for i in ...; do echo "$i $(cat /proc/irq/$i/smp_affinity_list)"; done}
 * prints them (a weak guess: two columns of numbers say little on their own).
 */
public final class IrqAffinityImporter implements Importer<IrqAffinity> {
    private static final String LIST = "(\\d++(?:-\\d++)?+(?:,\\d++(?:-\\d++)?+)*+)";
    private static final Pattern GREP = Pattern.compile("^/proc/irq/(\\d+)/(smp_affinity_list|effective_affinity_list):" + LIST + "\\s*+$");
    private static final Pattern TAIL = Pattern.compile("^==> /proc/irq/(\\d+)/(smp_affinity_list|effective_affinity_list) <==\\s*$");
    private static final Pattern BARE_LIST = Pattern.compile("^" + LIST + "\\s*+$");
    private static final Pattern PAIR = Pattern.compile("^(\\d+)\\s+" + LIST + "\\s*+$");

    @Override
    public String format() {
        return "irq-affinity";
    }

    @Override
    public String description() {
        return "interrupt affinities (/proc/irq/N/smp_affinity_list)";
    }

    @Override
    public Dataset<IrqAffinity> dataset() {
        return NetDatasets.IRQ_AFFINITY;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        int grep = 0;
        int tail = 0;
        int pairs = 0;
        for (String l : head.nonBlank()) {
            if (GREP.matcher(l).matches()) {
                grep++;
            } else if (TAIL.matcher(l).matches()) {
                tail++;
            } else if (PAIR.matcher(l).matches()) {
                pairs++;
            } else if (!BARE_LIST.matcher(l).matches()) {
                // one such line decides: the rest of the head need not be matched
                return Sniff.no("lines that are no /proc/irq/N/smp_affinity_list entries");
            }
        }
        if (grep > 0 || tail > 0) {
            return Sniff.certain("/proc/irq/N/smp_affinity_list entries");
        }
        if (pairs >= 2) {
            return Sniff.weak("'IRQ CPU-list' pairs");
        }
        return Sniff.no("no /proc/irq/N/smp_affinity_list entries");
    }

    @Override
    public ImportResult<IrqAffinity> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        List<IrqAffinity.Entry> out = new ArrayList<>();
        String[] pending = null;
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                String s = l.strip();
                if (s.isEmpty()) {
                    continue;
                }
                Matcher m;
                if ((m = GREP.matcher(s)).matches()) {
                    out.add(new IrqAffinity.Entry(m.group(1), m.group(2), m.group(3), n));
                } else if ((m = TAIL.matcher(s)).matches()) {
                    pending = new String[] {m.group(1), m.group(2)};
                } else if (pending != null && (m = BARE_LIST.matcher(s)).matches()) {
                    out.add(new IrqAffinity.Entry(pending[0], pending[1], m.group(1), n));
                    pending = null;
                } else if (pending == null && (m = PAIR.matcher(s)).matches()) {
                    out.add(new IrqAffinity.Entry(m.group(1), "smp_affinity_list", m.group(2), n));
                } else {
                    ctx.warn(n, file + ": not an smp_affinity_list entry: " + CpuTable.abbreviate(s));
                }
            }
        }
        if (out.isEmpty()) {
            throw new ImportException(0, file + ": no /proc/irq/N/smp_affinity_list entry");
        }
        return ctx.result(new IrqAffinity(out));
    }

    @Override
    public Map<String, Object> summarize(IrqAffinity value) {
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Object> e = new LinkedHashMap<>();
        for (IrqAffinity.Entry en : value.entries()) {
            e.put(en.irq() + "/" + en.kind(), en.cpus());
        }
        out.put("entries", e);
        return out;
    }
}
