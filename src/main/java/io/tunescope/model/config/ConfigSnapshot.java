package io.tunescope.model.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Settings read from one configuration or state file, in file order (for option files: includes
 * resolved in place). Later entries with the same key override earlier ones, as the server does.
 *
 * @param unresolvedIncludes {@code !include}/{@code !includedir} targets that are not in the capture
 */
public record ConfigSnapshot(ConfigKind kind, List<ConfigEntry> entries, List<String> unresolvedIncludes) {

    /** Option-file sections that the server itself reads. */
    public static final Set<String> SERVER_SECTIONS = Set.of("mysqld", "server", "mariadb", "mariadbd", "galera");
    private static final java.util.regex.Pattern VERSIONED = java.util.regex.Pattern.compile("(mysqld|mariadb|mariadbd)-\\d++(?:\\.\\d++)*+");

    public ConfigSnapshot {
        entries = List.copyOf(entries);
        unresolvedIncludes = List.copyOf(unresolvedIncludes);
    }

    public ConfigSnapshot(ConfigKind kind, List<ConfigEntry> entries) {
        this(kind, entries, List.of());
    }

    /** True for sections the server reads, including versioned ones like {@code [mysqld-8.0]}. */
    public static boolean isServerSection(String section) {
        if (section.isEmpty() || SERVER_SECTIONS.contains(section)) {
            return true;
        }
        return section.startsWith("m") && VERSIONED.matcher(section).matches();
    }

    /**
     * The key a setting is listed under: its name for entries the server reads (and for formats without
     * sections), {@code section.name} otherwise.
     */
    public static String key(ConfigEntry e) {
        return isServerSection(e.section()) ? e.name() : e.section() + "." + e.name();
    }

    /** Effective values by key (the last occurrence wins). */
    public Map<String, String> values() {
        Map<String, String> out = new LinkedHashMap<>();
        for (ConfigEntry e : entries) {
            String k = key(e);
            out.remove(k);
            out.put(k, e.value());
        }
        return out;
    }

    /** The effective entry for a key, if any. */
    public Optional<ConfigEntry> entry(String key) {
        ConfigEntry found = null;
        for (ConfigEntry e : entries) {
            if (key(e).equals(key)) {
                found = e;
            }
        }
        return Optional.ofNullable(found);
    }

    public Optional<String> get(String key) {
        return entry(key).map(ConfigEntry::value);
    }

    /** Numeric value of a key (plain numbers; K/M/G/T suffixes as the server reads them). */
    public Optional<Double> number(String key) {
        return get(key).flatMap(ConfigSnapshot::parseNumber);
    }

    /** Parses "4096", "1.5", "512M", "8G", "ON"/"OFF" are not numbers. */
    public static Optional<Double> parseNumber(String raw) {
        if (raw == null) {
            return Optional.empty();
        }
        String s = raw.trim();
        if (s.length() >= 2 && (s.startsWith("'") && s.endsWith("'") || s.startsWith("\"") && s.endsWith("\""))) {
            s = s.substring(1, s.length() - 1).trim();
        }
        if (s.isEmpty()) {
            return Optional.empty();
        }
        double mult = 1;
        char last = Character.toUpperCase(s.charAt(s.length() - 1));
        switch (last) {
            case 'K' -> mult = 1024d;
            case 'M' -> mult = 1024d * 1024;
            case 'G' -> mult = 1024d * 1024 * 1024;
            case 'T' -> mult = 1024d * 1024 * 1024 * 1024;
            default -> mult = 1;
        }
        if (mult != 1) {
            s = s.substring(0, s.length() - 1);
        }
        try {
            return Optional.of(Double.parseDouble(s) * mult);
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Entries in a list, for callers that want plain iteration by key. */
    public List<String> keys() {
        return new ArrayList<>(values().keySet());
    }
}
