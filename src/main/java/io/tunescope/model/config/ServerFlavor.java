package io.tunescope.model.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which server a capture comes from, read from a version string such as {@code 10.11.6-MariaDB-0+deb12u1},
 * {@code 8.0.33}, {@code 8.0.36-28} (with a Percona version comment) or {@code 8.0.25-greatdb}.
 */
public record ServerFlavor(Kind kind, int major, int minor, int patch, String raw) {

    public enum Kind { MYSQL, MARIADB, PERCONA, GREATDB, UNKNOWN }

    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)(?:\\.(\\d+))?");

    public static final ServerFlavor UNKNOWN = new ServerFlavor(Kind.UNKNOWN, 0, 0, 0, "");

    /**
     * @param version the {@code version} variable or {@code SELECT VERSION()}
     * @param comment the {@code version_comment} variable, or null
     */
    public static ServerFlavor parse(String version, String comment) {
        if (version == null || version.isBlank()) {
            return UNKNOWN;
        }
        Matcher m = VERSION.matcher(version);
        if (!m.find()) {
            return new ServerFlavor(Kind.UNKNOWN, 0, 0, 0, version.trim());
        }
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        int patch = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
        String all = (version + " " + (comment == null ? "" : comment)).toLowerCase(Locale.ROOT);
        Kind kind;
        if (all.contains("mariadb")) {
            kind = Kind.MARIADB;
        } else if (all.contains("percona")) {
            kind = Kind.PERCONA;
        } else if (all.contains("greatdb")) {
            kind = Kind.GREATDB;
        } else {
            kind = Kind.MYSQL;
        }
        return new ServerFlavor(kind, major, minor, patch, version.trim());
    }

    /** True when the server is at least {@code major.minor}. */
    public boolean atLeast(int maj, int min) {
        return major > maj || (major == maj && minor >= min);
    }

    /** MySQL-compatible version line: Percona and GreatDB follow MySQL's variables. */
    public boolean mysqlLine() {
        return kind == Kind.MYSQL || kind == Kind.PERCONA || kind == Kind.GREATDB;
    }

    public String display() {
        if (kind == Kind.UNKNOWN) {
            return raw.isEmpty() ? "unknown server" : raw;
        }
        String name = switch (kind) {
            case MYSQL -> "MySQL";
            case MARIADB -> "MariaDB";
            case PERCONA -> "Percona Server";
            case GREATDB -> "GreatDB";
            default -> "";
        };
        return major == 0 ? name + " (version unknown)" : name + " " + major + "." + minor + "." + patch;
    }
}
