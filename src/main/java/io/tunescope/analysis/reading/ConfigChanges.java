package io.tunescope.analysis.reading;

import io.tunescope.analysis.config.ConfigDiff;
import io.tunescope.analysis.config.ConfigDiff.Change;
import io.tunescope.analysis.config.ConfigDiff.Row;
import io.tunescope.analysis.config.StepConfig;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigKind;
import io.tunescope.model.config.ConfigSnapshot;
import io.tunescope.model.numa.NumaDatasets;
import io.tunescope.model.numa.NumaMaps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The configuration changes between consecutive steps, like with like. A full snapshot ({@code sysctl -a},
 * {@code SHOW GLOBAL VARIABLES}) is compared with a full one; a partial file ({@code sysctl -w} output,
 * a selection of keys, {@code SHOW VARIABLES LIKE ...}) is a set of changes against what the earlier steps
 * had, and never makes keys "removed"; a key on one side only because the other side did not capture it
 * is "not captured". Process placement (the server's NUMA policy from {@code numa_maps}, its allowed CPUs
 * and memory nodes) is part of a step's configuration.
 */
public final class ConfigChanges {
    /** A sysctl file with fewer keys is a selection or a {@code sysctl -w} output, not {@code sysctl -a}. */
    static final int FULL_SYSCTL = 200;
    /** A variables listing with fewer entries is a selection ({@code LIKE}), not {@code SHOW GLOBAL VARIABLES}. */
    static final int FULL_VARIABLES = 100;

    private ConfigChanges() {
    }

    /** Per step folder (in step order), its changes against the step before; the first step has none. */
    public static Map<String, List<Row>> of(Capture c, List<String> steps) {
        Map<String, List<Row>> out = new LinkedHashMap<>();
        Map<String, ConfigEntry> sysctl = null; // what the steps so far had, carried forward
        Map<String, ConfigEntry> placement = null;
        ConfigSnapshot settings = null;
        boolean settingsFull = false;
        for (int i = 0; i < steps.size(); i++) {
            String dir = steps.get(i);
            List<Row> rows = new ArrayList<>();
            StepConfig sc = StepConfig.of(c, dir);
            ConfigSnapshot cur = serverSettings(sc);
            boolean curFull = isFullSettings(sc);
            if (i > 0 && settings != null && cur != null) {
                rows.addAll(settingsRows(settings, settingsFull, cur, curFull));
            }
            if (cur != null) {
                settings = cur;
                settingsFull = curFull;
            }
            Map<String, ConfigEntry> sys = sysctl == null ? null : new LinkedHashMap<>(sysctl);
            List<Loaded<ConfigSnapshot>> files = c.inStep(ConfigDatasets.SYSCTL, dir);
            Loaded<ConfigSnapshot> full = null;
            for (Loaded<ConfigSnapshot> l : files) {
                if (l.value().entries().size() >= FULL_SYSCTL) {
                    full = l;
                }
            }
            Map<String, ConfigEntry> now = full != null ? values(full.value()) : sys == null ? new LinkedHashMap<>() : new LinkedHashMap<>(sys);
            for (Loaded<ConfigSnapshot> l : files) {
                if (l != full) {
                    now.putAll(values(l.value()));
                }
            }
            if (i > 0 && sys != null) {
                if (full != null) {
                    rows.addAll(compare(sys, values(full.value()), true, true));
                }
                for (Loaded<ConfigSnapshot> l : files) {
                    if (l != full) {
                        rows.addAll(compare(sys, values(l.value()), true, false));
                    }
                }
            } else if (i > 0 && sys == null) {
                for (Loaded<ConfigSnapshot> l : files) {
                    if (l != full) {
                        for (ConfigEntry e : l.value().entries()) {
                            rows.add(new Row(e.name(), Change.NOT_CAPTURED, "", e.value(), null, e.source()));
                        }
                    }
                }
            }
            if (!files.isEmpty()) {
                sysctl = now;
            }
            Map<String, ConfigEntry> pl = placement(c, dir);
            if (i > 0 && placement != null && !pl.isEmpty()) {
                rows.addAll(compare(placement, pl, false, true));
            } else if (i > 0 && placement == null && !pl.isEmpty()) {
                for (ConfigEntry e : pl.values()) {
                    rows.add(new Row(e.name(), Change.NOT_CAPTURED, "", e.value(), null, e.source()));
                }
            }
            if (!pl.isEmpty()) {
                placement = pl;
            }
            out.put(dir, dedupe(rows));
        }
        return out;
    }

    /** The changes from step {@code a} to step {@code b} (any two steps, like with like). */
    public static List<Row> between(Capture c, String a, String b) {
        if (a.equals(b)) {
            return List.of();
        }
        return of(c, List.of(a, b)).getOrDefault(b, List.of());
    }

    private static ConfigSnapshot serverSettings(StepConfig sc) {
        if (sc.variables().isEmpty() && sc.printDefaults().isEmpty() && sc.optionFiles().entries().isEmpty()) {
            return null;
        }
        return sc.serverSettings();
    }

    private static boolean isFullSettings(StepConfig sc) {
        if (sc.variables().isPresent()) {
            return sc.variables().get().entries().size() >= FULL_VARIABLES;
        }
        return true; // print-defaults and option files: what the server reads, complete for that kind
    }

    private static List<Row> settingsRows(ConfigSnapshot before, boolean beforeFull, ConfigSnapshot after, boolean afterFull) {
        if (before.kind() == after.kind() && beforeFull && afterFull) {
            return ConfigDiff.compare(before, after);
        }
        // unlike sources: compare what both captured; a key only the partial side has says "not captured"
        return compare(values(before), values(after), !afterFull || before.kind() != after.kind(), false);
    }

    /**
     * @param afterIsChangeSet true when {@code after} is a set of changes: its keys missing in {@code before}
     *                         are "not captured" (the earlier value is unknown), and keys it lacks are nothing
     * @param complete         true when both sides are complete: one-sided keys are added/removed
     */
    private static List<Row> compare(Map<String, ConfigEntry> before, Map<String, ConfigEntry> after, boolean afterIsChangeSet,
                                     boolean complete) {
        List<Row> out = new ArrayList<>();
        for (var e : after.entrySet()) {
            ConfigEntry b = before.get(e.getKey());
            ConfigEntry a = e.getValue();
            if (ConfigDiff.isVolatile(e.getKey())) {
                continue;
            }
            if (b == null) {
                if (complete && !afterIsChangeSet) {
                    out.add(new Row(e.getKey(), Change.ADDED, "", a.value(), null, a.source()));
                } else if (afterIsChangeSet) {
                    out.add(new Row(e.getKey(), Change.NOT_CAPTURED, "", a.value(), null, a.source()));
                }
            } else if (!ConfigDiff.same(b.value(), a.value())) {
                out.add(new Row(e.getKey(), Change.CHANGED, b.value(), a.value(), b.source(), a.source()));
            }
        }
        if (complete && !afterIsChangeSet) {
            for (var e : before.entrySet()) {
                if (!after.containsKey(e.getKey()) && !ConfigDiff.isVolatile(e.getKey())) {
                    out.add(new Row(e.getKey(), Change.REMOVED, e.getValue().value(), "", e.getValue().source(), null));
                }
            }
        }
        return out;
    }

    private static Map<String, ConfigEntry> values(ConfigSnapshot s) {
        Map<String, ConfigEntry> m = new LinkedHashMap<>();
        for (ConfigEntry e : s.entries()) {
            String k = ConfigSnapshot.key(e);
            m.remove(k);
            m.put(k, e);
        }
        return m;
    }

    /** The server process's placement: NUMA policy mix from numa_maps, allowed CPUs and memory nodes. */
    static Map<String, ConfigEntry> placement(Capture c, String dir) {
        Map<String, ConfigEntry> out = new LinkedHashMap<>();
        for (Loaded<NumaMaps> m : c.inStep(NumaDatasets.NUMA_MAPS, dir)) {
            Map<String, Long> pol = m.value().pagesPerPolicy();
            long total = pol.values().stream().mapToLong(Long::longValue).sum();
            String top = "";
            long best = -1;
            for (var e : pol.entrySet()) {
                if (e.getValue() > best) {
                    best = e.getValue();
                    top = e.getKey();
                }
            }
            if (total > 0) {
                String v = top + String.format(java.util.Locale.ROOT, " (%.0f%% of pages)", 100.0 * best / total);
                out.put("process.numa_policy", new ConfigEntry("", "process.numa_policy", v, SourceRef.of(m.file().path(), 1)));
            }
        }
        for (Loaded<ConfigSnapshot> b : c.inStep(ConfigDatasets.PROCESS_BINDING, dir)) {
            for (ConfigEntry e : b.value().entries()) {
                String n = e.name().toLowerCase(java.util.Locale.ROOT);
                if (n.equals("cpus_allowed_list") || n.equals("mems_allowed_list")) {
                    out.put("process." + n, new ConfigEntry("", "process." + n, e.value(), e.source()));
                }
            }
        }
        return out;
    }

    private static List<Row> dedupe(List<Row> rows) {
        Map<String, Row> m = new LinkedHashMap<>();
        for (Row r : rows) {
            m.putIfAbsent(r.key(), r);
        }
        List<Row> out = new ArrayList<>(m.values());
        out.sort(java.util.Comparator.comparingInt((Row r) -> r.change().ordinal() == Change.CHANGED.ordinal() ? 0 : 1)
                .thenComparing(Row::key));
        return out;
    }

    static ConfigKind kindOf(ConfigSnapshot s) {
        return s.kind();
    }
}
