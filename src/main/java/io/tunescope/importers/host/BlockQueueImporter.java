package io.tunescope.importers.host;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigKind;
import io.tunescope.model.config.ConfigSnapshot;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Block device queue settings, {@code /sys/block/DEV/queue/ATTR} ({@code rotational}, {@code scheduler},
 * {@code nr_requests}, {@code read_ahead_kb}, or every attribute with {@code queue/*}), as
 * {@code grep . /sys/block/*&#47;queue/{rotational,scheduler,nr_requests}} prints them ({@code PATH:VALUE}), as
 * {@code head}/{@code tail -n +1} prints them ({@code ==> PATH <==}) or as a loop that echoes each path and cats it.
 * Recognised by the paths, not by the file name. Entries: section = device, name = attribute; the scheduler's value
 * is the selected (bracketed) one, with the offered list as {@code scheduler_choices}.
 */
public final class BlockQueueImporter implements Importer<ConfigSnapshot> {
    static final String PATHS = "/sys/(?:class/)?block/[^/\\s:]+/queue/[a-z0-9_]+";
    private static final Pattern PATH = Pattern.compile("^/sys/(?:class/)?block/([^/\\s:]+)/queue/([a-z0-9_]+)$");
    private static final Pattern SCHEDULER = Pattern.compile("^(?:\\[?+[a-z0-9_-]++\\]?+\\s*+)++$");

    @Override
    public String format() {
        return "block-queue";
    }

    @Override
    public String description() {
        return "block device queue settings (/sys/block/DEV/queue: rotational, scheduler, nr_requests)";
    }

    @Override
    public Dataset<ConfigSnapshot> dataset() {
        return ConfigDatasets.BLOCK_QUEUE;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        PathValues.Shape s = new PathValues(PATHS).shape(head.nonBlank());
        if (s.only()) {
            return Sniff.certain("/sys/block/DEV/queue/ATTR values");
        }
        return Sniff.no("no /sys/block/DEV/queue/ATTR values");
    }

    @Override
    public ImportResult<ConfigSnapshot> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        List<ConfigEntry> entries = new ArrayList<>();
        PathValues pv = new PathValues(PATHS);
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                PathValues.Item it = pv.read(l, n);
                if (it == null) {
                    continue;
                }
                Matcher m = PATH.matcher(it.path());
                if (!m.matches()) {
                    ctx.warn(n, file + ": line " + n + ": not a /sys/block/DEV/queue value: " + PathValues.abbreviate(l.strip()));
                    continue;
                }
                String dev = m.group(1);
                String attr = m.group(2);
                SourceRef ref = SourceRef.of(file, n);
                if (attr.equals("scheduler")) {
                    String v = it.value().strip();
                    if (!SCHEDULER.matcher(v).matches()) {
                        ctx.warn(n, file + ": line " + n + ": " + dev + ": not a scheduler list: " + PathValues.abbreviate(v));
                        continue;
                    }
                    String selected = selected(v);
                    entries.add(new ConfigEntry(dev, "scheduler", selected, ref));
                    entries.add(new ConfigEntry(dev, "scheduler_choices", v.replace("[", "").replace("]", ""), ref));
                } else {
                    entries.add(new ConfigEntry(dev, attr, it.value().strip(), ref));
                }
            }
        }
        if (entries.isEmpty()) {
            throw new ImportException(0, file + ": no /sys/block/DEV/queue value");
        }
        return ctx.result(new ConfigSnapshot(ConfigKind.BLOCK_QUEUE, entries));
    }

    /** The bracketed word of a scheduler list; the only word when the kernel offers one ("none"). */
    static String selected(String list) {
        String[] words = list.strip().split("\\s+");
        for (String w : words) {
            if (w.startsWith("[") && w.endsWith("]")) {
                return w.substring(1, w.length() - 1);
            }
        }
        return words.length == 1 ? words[0] : "";
    }

    @Override
    public Map<String, Object> summarize(ConfigSnapshot value) {
        Map<String, Map<String, String>> byDevice = new TreeMap<>();
        for (ConfigEntry e : value.entries()) {
            if (e.name().equals("scheduler_choices")) {
                continue;
            }
            byDevice.computeIfAbsent(e.section(), k -> new TreeMap<>()).put(e.name(), e.value());
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("devices", byDevice.size());
        out.put("queues", byDevice);
        return out;
    }
}
