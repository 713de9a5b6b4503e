package io.tunescope.analysis.config;

import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigSnapshot;
import io.tunescope.model.config.ServerFlavor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which option-file lines the detected server reads, and for one option the line that takes effect. The
 * server reads its files in order (an {@code !include}d file at the place of the directive) and, within
 * them, the lines of every group it reads in file order: the last line that sets an option wins, whatever
 * group it is in. Groups read: {@code [mysqld]} and {@code [server]} always; {@code [mysqld-X.Y]} only when
 * X.Y is the server's version; {@code [mariadb]}, {@code [mariadbd]}, {@code [mariadb-X.Y]},
 * {@code [mariadbd-X.Y]} and {@code [galera]} only on MariaDB. With the server unknown every server group
 * counts.
 */
public final class OptionLines {
    private static final Pattern VERSIONED = Pattern.compile("(mysqld|mariadb|mariadbd)-(\\d++)\\.(\\d++)(?:\\.\\d++)*+");

    /** Names the server reads as the same variable (the option spelling, the variable spelling). */
    private static final List<List<String>> ALIASES = List.of(
            List.of("transaction_isolation", "tx_isolation"),
            List.of("transaction_read_only", "tx_read_only"));

    private final List<ConfigEntry> read;

    private OptionLines(List<ConfigEntry> read) {
        this.read = List.copyOf(read);
    }

    /** The lines of {@code files} that {@code server} reads, in the order it reads them. */
    public static OptionLines of(ConfigSnapshot files, ServerFlavor server) {
        List<ConfigEntry> out = new ArrayList<>();
        for (ConfigEntry e : files.entries()) {
            if (reads(e.section(), server)) {
                out.add(e);
            }
        }
        return new OptionLines(out);
    }

    /** True when the server reads the option-file group {@code section} (lower case, as the importer keeps it). */
    public static boolean reads(String section, ServerFlavor server) {
        if (!ConfigSnapshot.isServerSection(section)) {
            return false;
        }
        boolean unknown = server == null || server.kind() == ServerFlavor.Kind.UNKNOWN;
        boolean maria = !unknown && server.kind() == ServerFlavor.Kind.MARIADB;
        String s = section.toLowerCase(Locale.ROOT);
        Matcher m = VERSIONED.matcher(s);
        if (m.matches()) {
            if (!m.group(1).equals("mysqld") && !(maria || unknown)) {
                return false;
            }
            if (unknown || server.major() == 0) {
                return true;
            }
            return Integer.parseInt(m.group(2)) == server.major() && Integer.parseInt(m.group(3)) == server.minor();
        }
        if (s.equals("mariadb") || s.equals("mariadbd") || s.equals("galera")) {
            return maria || unknown;
        }
        return true;
    }

    /** Every line the server reads, in order. */
    public List<ConfigEntry> read() {
        return read;
    }

    /** The names an option is also read under ({@code transaction_isolation} and {@code tx_isolation}, ...). */
    public static List<String> sameVariable(String name) {
        String n = normalise(name);
        for (List<String> a : ALIASES) {
            if (a.contains(n)) {
                return a;
            }
        }
        return List.of(n);
    }

    /**
     * Every line that sets {@code name} (or an alias; {@code skip_x} also as the importer's {@code x = OFF}),
     * in the order the server reads them; empty when no line does.
     */
    public Optional<Occurrences> lookup(String name) {
        List<String> names = new ArrayList<>(sameVariable(name));
        for (String n : List.copyOf(names)) {
            if (n.startsWith("skip_")) {
                names.add(n.substring(5));
            }
        }
        List<ConfigEntry> hits = new ArrayList<>();
        for (ConfigEntry e : read) {
            if (names.contains(e.name())) {
                hits.add(e);
            }
        }
        return hits.isEmpty() ? Optional.empty() : Optional.of(new Occurrences(normalise(name), hits));
    }

    private static String normalise(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT).replace('-', '_');
        return n.startsWith("loose_") ? n.substring(6) : n;
    }

    /** The lines that set one option: the last one read takes effect, the others are overridden by it. */
    public record Occurrences(String name, List<ConfigEntry> lines) {
        public Occurrences {
            lines = List.copyOf(lines);
            if (lines.isEmpty()) {
                throw new IllegalArgumentException("no line sets " + name);
            }
        }

        /** The line whose value the server uses. */
        public ConfigEntry effective() {
            return lines.get(lines.size() - 1);
        }

        /** The lines the effective one overrides, in order. */
        public List<ConfigEntry> overridden() {
            return lines.subList(0, lines.size() - 1);
        }
    }
}
