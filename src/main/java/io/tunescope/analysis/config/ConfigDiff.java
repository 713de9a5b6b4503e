package io.tunescope.analysis.config;

import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Added, removed and changed settings between two snapshots of the same kind (e.g. two steps). */
public final class ConfigDiff {

    public enum Change {
        ADDED, REMOVED, CHANGED,
        /** the key is on one side only because the other side did not capture it (a partial file, another kind of source) */
        NOT_CAPTURED;

        /** {@code changed}, {@code added}, {@code removed}, {@code not captured}. */
        public String slug() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        }
    }

    public record Row(String key, Change change, String before, String after, SourceRef beforeRef, SourceRef afterRef) {
    }

    private ConfigDiff() {
    }

    /** Keys that are run-time state rather than configuration: they differ between any two snapshots. */
    private static final java.util.regex.Pattern VOLATILE = java.util.regex.Pattern.compile(
            "^(fs\\.(dentry-state|file-nr|inode-nr|inode-state|aio-nr|quota\\..*)|kernel\\.(ns_last_pid|random\\..*|pty\\.nr|tainted)"
            + "|net\\.netfilter\\.nf_conntrack_count|gtid_.*|timestamp|last_insert_id|insert_id|rand_seed[12]|pseudo_thread_id"
            + "|warning_count|error_count|identity)$");

    /** True for keys whose values are state that changes by itself, not a setting someone changed. */
    public static boolean isVolatile(String key) {
        return VOLATILE.matcher(key).matches();
    }

    /** Compares effective values; numbers that only differ in spelling ({@code 1G} vs {@code 1073741824}) are equal. */
    public static List<Row> compare(ConfigSnapshot before, ConfigSnapshot after) {
        Map<String, ConfigEntry> a = effective(before);
        Map<String, ConfigEntry> b = effective(after);
        List<Row> out = new ArrayList<>();
        for (String k : new TreeSet<>(union(a, b))) {
            if (isVolatile(k)) {
                continue;
            }
            ConfigEntry x = a.get(k);
            ConfigEntry y = b.get(k);
            if (x == null) {
                out.add(new Row(k, Change.ADDED, "", y.value(), null, y.source()));
            } else if (y == null) {
                out.add(new Row(k, Change.REMOVED, x.value(), "", x.source(), null));
            } else if (!same(x.value(), y.value())) {
                out.add(new Row(k, Change.CHANGED, x.value(), y.value(), x.source(), y.source()));
            }
        }
        return out;
    }

    public static boolean same(String a, String b) {
        if (a.strip().equalsIgnoreCase(b.strip())) {
            return true;
        }
        var na = ConfigSnapshot.parseNumber(a);
        var nb = ConfigSnapshot.parseNumber(b);
        return na.isPresent() && nb.isPresent() && Math.abs(na.get() - nb.get()) < 1e-9 * Math.max(1, Math.abs(na.get()));
    }

    private static java.util.Set<String> union(Map<String, ?> a, Map<String, ?> b) {
        java.util.Set<String> s = new java.util.HashSet<>(a.keySet());
        s.addAll(b.keySet());
        return s;
    }

    private static Map<String, ConfigEntry> effective(ConfigSnapshot s) {
        Map<String, ConfigEntry> m = new LinkedHashMap<>();
        for (ConfigEntry e : s.entries()) {
            m.put(ConfigSnapshot.key(e), e);
        }
        return m;
    }
}
