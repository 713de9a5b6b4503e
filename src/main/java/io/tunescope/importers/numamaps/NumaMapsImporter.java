package io.tunescope.importers.numamaps;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.numa.NumaDatasets;
import io.tunescope.model.numa.NumaMapping;
import io.tunescope.model.numa.NumaMaps;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code /proc/<pid>/numa_maps}: one line per mapping with its memory policy and pages per node
 * ({@code N0=12 N1=3}), summed per node and per policy.
 */
public final class NumaMapsImporter implements Importer<NumaMaps> {
    /** address, policy (with optional mode flags and node list), then the key=value / keyword fields. */
    static final Pattern LINE = Pattern.compile(
            "^([0-9a-fA-F]{4,16})\\s+(default|local|prefer(?:red)?(?: \\(many\\))?|bind|interleave|weighted interleave)"
                    + "(?:=[a-z|]+)?(?::(\\S*))?(?:\\s+(.*))?$");
    private static final Pattern NODE = Pattern.compile("^N(\\d+)=(\\d+)$");

    /** What LINE needs first: 4 to 16 hex digits, then a space (the expression decides). */
    private static boolean addressFirst(String l) {
        int i = 0;
        while (i < l.length() && i <= 16 && Character.digit(l.charAt(i), 16) >= 0 && l.charAt(i) < 128) {
            i++;
        }
        return i >= 4 && i <= 16 && i < l.length() && Head.regexSpace(l.charAt(i));
    }

    @Override
    public String format() {
        return "numa-maps";
    }

    @Override
    public String description() {
        return "/proc/<pid>/numa_maps (memory policy and pages per node for each mapping)";
    }

    @Override
    public Dataset<NumaMaps> dataset() {
        return NumaDatasets.NUMA_MAPS;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        int ok = 0;
        int withNodes = 0;
        int other = 0;
        for (String l : head.lines()) {
            if (l.isBlank()) {
                continue;
            }
            Matcher m;
            if (addressFirst(l) && (m = LINE.matcher(l)).matches()) {
                ok++;
                if (m.group(4) != null && (m.group(4).contains(" N") || m.group(4).startsWith("N"))) {
                    withNodes++;
                }
            } else {
                other++;
            }
        }
        if (ok >= 3 && withNodes >= 1 && other <= ok / 20) {
            return Sniff.certain(ok + " numa_maps lines (address, policy, N<node>=pages)");
        }
        if (ok >= 1 && withNodes >= 1 && other == 0) {
            return Sniff.strong("numa_maps lines");
        }
        if (ok >= 1 && other <= ok) {
            return Sniff.weak("some numa_maps-like lines");
        }
        return Sniff.no("no 'ADDRESS POLICY ... N0=pages' lines");
    }

    /** 4 PiB in kB: the most physical memory x86-64 and ARM64 can address (52 bits); more on one mapping is not real. */
    static final long MAX_KB = 1L << 42;

    @Override
    public ImportResult<NumaMaps> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        List<NumaMapping> out = new ArrayList<>();
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                try {
                    int n = (int) lines.number();
                    if (l.isBlank()) {
                        continue;
                    }
                    Matcher m = LINE.matcher(l);
                    if (!m.matches()) {
                        ctx.warn(n, file + ": not a numa_maps line");
                        continue;
                    }
                    String policyName = m.group(2);
                    String policy = m.group(3) == null ? l.substring(m.start(2), m.end(2)) : l.substring(m.start(2), m.end(3));
                    String kind = policyKind(policyName);
                    Map<Integer, Long> pages = new TreeMap<>();
                    long pageKb = 4;
                    String mappingKind = "";
                    String mappedFile = "";
                    boolean anon = false;
                    String rest = m.group(4) == null ? "" : m.group(4);
                    for (String t : rest.split("\\s+")) {
                        if (t.isEmpty()) {
                            continue;
                        }
                        Matcher nm = NODE.matcher(t);
                        if (nm.matches()) {
                            pages.merge(Integer.parseInt(nm.group(1)), Long.parseLong(nm.group(2)), Math::addExact);
                        } else if (t.startsWith("kernelpagesize_kB=")) {
                            try {
                                pageKb = Long.parseLong(t.substring("kernelpagesize_kB=".length()));
                            } catch (NumberFormatException e) {
                                ctx.warn(n, file + ": unreadable " + t);
                            }
                        } else if (t.equals("heap") || t.equals("stack") || t.equals("huge")) {
                            mappingKind = t;
                        } else if (t.startsWith("file=")) {
                            mappedFile = t.substring(5);
                        } else if (t.startsWith("anon=")) {
                            anon = true;
                        }
                    }
                    if (mappingKind.isEmpty()) {
                        if (mappedFile.startsWith("/SYSV") || mappedFile.startsWith("/dev/shm/")) {
                            mappingKind = "shm";
                        } else if (!mappedFile.isEmpty()) {
                            mappingKind = "file";
                        } else {
                            mappingKind = anon ? "anon" : "other";
                        }
                    }
                    long pk = pageKb;
                    if (pk <= 0 || pk > MAX_KB || pages.values().stream().anyMatch(p -> p < 0 || p > MAX_KB / pk)) {
                        ctx.warn(n, file + ": pages or page size beyond the 4 PiB a machine can address; the mapping was skipped");
                        continue;
                    }
                    out.add(new NumaMapping(m.group(1), policy, kind, mappingKind, mappedFile, pages, pageKb, n));
                } catch (NumberFormatException | ArithmeticException e) {
                    ctx.skipLine(lines.number(), e);
                }
            }
        }
        if (out.isEmpty()) {
            throw new ImportException(0, file + ": no numa_maps lines");
        }
        return ctx.result(new NumaMaps(out));
    }

    static String policyKind(String name) {
        return switch (name) {
            case "prefer", "preferred" -> "preferred";
            case "prefer (many)" -> "preferred-many";
            case "weighted interleave" -> "weighted-interleave";
            default -> name;
        };
    }

    @Override
    public Map<String, Object> summarize(NumaMaps v) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("mappings", v.mappings().size());
        out.put("nodes", v.nodes());
        Map<String, Object> kbNode = new LinkedHashMap<>();
        v.kbPerNode().forEach((k, x) -> kbNode.put(String.valueOf(k), x));
        out.put("kb_per_node", kbNode);
        Map<String, Object> pagesNode = new LinkedHashMap<>();
        v.pagesPerNode().forEach((k, x) -> pagesNode.put(String.valueOf(k), x));
        out.put("pages_per_node", pagesNode);
        out.put("kb_per_policy", v.kbPerPolicy());
        out.put("pages_per_policy", v.pagesPerPolicy());
        return out;
    }
}
