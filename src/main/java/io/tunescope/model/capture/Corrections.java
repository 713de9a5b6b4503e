package io.tunescope.model.capture;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the user corrected in Tunescope's reading of a capture, saved in the {@code corrections} object of
 * the capture's {@code tunescope.json} (for an archive: {@code <archive>.tunescope.json} beside it) and
 * applied on every open.
 *
 * @param notSteps folders that are not tuning steps (auxiliary: listed, never a baseline)
 * @param steps    folders that are steps although Tunescope read them as auxiliary
 * @param roles    the role of a benchmark run: key {@code path#N} (N = 1-based run in the file) or
 *                 {@code path} for every run of the file; value a role slug ({@code main}, {@code warmup}, ...)
 * @param starts   a file's wall-clock start, ISO-8601, by path
 * @param labels   a step's label by folder
 * @param changes  a step's change by folder
 */
public record Corrections(Set<String> notSteps, Set<String> steps, Map<String, String> roles,
                          Map<String, String> starts, Map<String, String> labels, Map<String, String> changes) {
    public static final Corrections NONE = new Corrections(Set.of(), Set.of(), Map.of(), Map.of(), Map.of(), Map.of());

    public Corrections {
        notSteps = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(notSteps));
        steps = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(steps));
        roles = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(roles));
        starts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(starts));
        labels = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(labels));
        changes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(changes));
    }

    public boolean isEmpty() {
        return notSteps.isEmpty() && steps.isEmpty() && roles.isEmpty() && starts.isEmpty() && labels.isEmpty() && changes.isEmpty();
    }

    /** The key of one run of a benchmark file. */
    public static String runKey(String path, int index) {
        return path + "#" + (index + 1);
    }

    /** The role set for a run, or null: {@code path#N} first, then {@code path}. */
    public String roleOf(String path, int index) {
        String r = roles.get(runKey(path, index));
        return r != null ? r : roles.get(path);
    }

    public Corrections withRole(String path, int index, String role) {
        Map<String, String> m = new LinkedHashMap<>(roles);
        m.remove(path);
        if (role == null) {
            m.remove(runKey(path, index));
        } else {
            m.put(runKey(path, index), role);
        }
        return new Corrections(notSteps, steps, m, starts, labels, changes);
    }

    public Corrections withStep(String dir, boolean isStep) {
        Set<String> ns = new LinkedHashSet<>(notSteps);
        Set<String> s = new LinkedHashSet<>(steps);
        ns.remove(dir);
        s.remove(dir);
        (isStep ? s : ns).add(dir);
        return new Corrections(ns, s, roles, starts, labels, changes);
    }

    public Corrections withStart(String path, String iso) {
        Map<String, String> m = new LinkedHashMap<>(starts);
        if (iso == null || iso.isBlank()) {
            m.remove(path);
        } else {
            m.put(path, iso.strip());
        }
        return new Corrections(notSteps, steps, roles, m, labels, changes);
    }

    public Corrections withLabel(String dir, String label, String change) {
        Map<String, String> l = new LinkedHashMap<>(labels);
        Map<String, String> c = new LinkedHashMap<>(changes);
        put(l, dir, label);
        put(c, dir, change);
        return new Corrections(notSteps, steps, roles, starts, l, c);
    }

    private static void put(Map<String, String> m, String k, String v) {
        if (v == null) {
            return;
        }
        if (v.isBlank()) {
            m.remove(k);
        } else {
            m.put(k, v.strip());
        }
    }

    /** Helper for building from lists. */
    public static Corrections of(List<String> notSteps, List<String> steps, Map<String, String> roles, Map<String, String> starts,
                                 Map<String, String> labels, Map<String, String> changes) {
        return new Corrections(new LinkedHashSet<>(notSteps), new LinkedHashSet<>(steps), roles, starts, labels, changes);
    }
}
