package io.tunescope.importers.config;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.importers.TextDecoding;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigKind;
import io.tunescope.model.config.ConfigSnapshot;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * MySQL/MariaDB option files ({@code my.cnf}, {@code conf.d/*.cnf}): {@code [section]} headers,
 * {@code name = value} and bare {@code name} options, {@code #}/{@code ;} comments, quotes, and
 * {@code !include}/{@code !includedir}. Includes are followed only inside the capture: a relative path,
 * or for an absolute path a file or folder of the same name beside the option file, and only when its real
 * path (links resolved) is under the option file's folder. Targets not in the capture, and links out of it,
 * are listed, never read from the machine running Tunescope.
 */
public final class MyCnfImporter implements Importer<ConfigSnapshot> {
    private static final Pattern SECTION = Pattern.compile("^\\s*\\[([A-Za-z0-9_.\\-]+)]\\s*([#;].*)?$");
    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z][A-Za-z0-9_\\-]*\\s*(=.*)?");
    private static final Set<String> KNOWN_SECTIONS = Set.of("mysqld", "mysql", "client", "server", "mariadb",
            "mariadbd", "mysqld_safe", "mariadbd-safe", "mariadb-safe", "galera", "client-server", "mysqldump",
            "mysqladmin", "embedded", "client-mariadb", "mariadb-client", "mysqld_multi", "xtrabackup", "sst");
    private static final int MAX_INCLUDE_DEPTH = 8;

    /** What ASSIGNMENT needs after a name and spaces: the end of the line or '=' (the expression decides). */
    private static boolean assignmentShape(String l) {
        int i = 1;
        while (i < l.length()) {
            char c = l.charAt(i);
            if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-')) {
                break;
            }
            i++;
        }
        while (i < l.length() && Head.regexSpace(l.charAt(i))) {
            i++;
        }
        return i == l.length() || l.charAt(i) == '=';
    }

    @Override
    public String format() {
        return "mycnf";
    }

    @Override
    public String description() {
        return "MySQL/MariaDB option file (my.cnf)";
    }

    @Override
    public Dataset<ConfigSnapshot> dataset() {
        return ConfigDatasets.MYCNF;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        int known = 0;
        int sections = 0;
        int includes = 0;
        int assignments = 0;
        int other = 0;
        for (String raw : head.lines()) {
            // the first character of the stripped line decides what it can be: a section starts with '[', an include
            // with '!', an assignment with a letter (the expressions decide); only those are stripped
            int b = 0;
            while (b < raw.length() && Character.isWhitespace(raw.charAt(b))) {
                b++;
            }
            if (b == raw.length()) {
                continue;
            }
            char c0 = raw.charAt(b);
            if (c0 == '#' || c0 == ';') {
                continue;
            }
            boolean letter = c0 >= 'A' && c0 <= 'Z' || c0 >= 'a' && c0 <= 'z';
            if (c0 != '[' && c0 != '!' && !letter) {
                other++;
                continue;
            }
            String l = raw.strip();
            java.util.regex.Matcher m;
            if (c0 == '[' && (m = SECTION.matcher(l)).matches()) {
                sections++;
                String s = m.group(1).toLowerCase(Locale.ROOT);
                if (KNOWN_SECTIONS.contains(s) || ConfigSnapshot.isServerSection(s)) {
                    known++;
                }
            } else if (l.startsWith("!include ") || l.startsWith("!includedir ")) {
                includes++;
            } else if (letter && assignmentShape(l) && ASSIGNMENT.matcher(l).matches()) {
                assignments++;
            } else {
                other++;
            }
        }
        if (known > 0 && other <= Math.max(2, (sections + assignments) / 4)) {
            return Sniff.strong(known + " MySQL option-file section header(s) such as [mysqld]");
        }
        if (includes > 0 && other == 0) {
            return Sniff.strong("option file with !include/!includedir directives");
        }
        if (sections > 0 && assignments > 0 && other == 0) {
            return Sniff.weak("INI-style sections with name=value lines, but no MySQL section name");
        }
        return Sniff.no("no [mysqld]/[client]-style section header");
    }

    @Override
    public ImportResult<ConfigSnapshot> parse(ImportContext ctx) throws ImportException, IOException {
        List<ConfigEntry> entries = new ArrayList<>();
        List<String> unresolved = new ArrayList<>();
        Set<Path> seen = new HashSet<>();
        seen.add(ctx.path().toAbsolutePath().normalize());
        try (ImportContext.Lines lines = ctx.lines()) {
            parseLines(lines, ctx.displayName(), ctx.path(), ctx, entries, unresolved, seen, 0);
        }
        return ctx.result(new ConfigSnapshot(ConfigKind.MYCNF, entries, unresolved));
    }

    /**
     * Option-file lines that another report carries (pt-mysql-summary's Configuration File section), read with their
     * line numbers in that report. Includes are not followed: such a copy has none (pt drops them).
     */
    static List<ConfigEntry> embedded(List<String> texts, List<Integer> numbers, String display, ImportContext ctx) throws IOException {
        List<ConfigEntry> entries = new ArrayList<>();
        List<String> unresolved = new ArrayList<>();
        java.util.Iterator<String> t = texts.iterator();
        java.util.Iterator<Integer> n = numbers.iterator();
        long[] current = {0};
        new MyCnfImporter().parse(new LineSource() {
            @Override
            public String next() {
                if (!t.hasNext()) {
                    return null;
                }
                current[0] = n.next();
                return t.next();
            }

            @Override
            public long number() {
                return current[0];
            }
        }, display, null, ctx, entries, unresolved, new HashSet<>(), MAX_INCLUDE_DEPTH);
        return entries;
    }

    private interface LineSource {
        String next() throws IOException;

        long number();
    }

    private void parseLines(ImportContext.Lines lines, String display, Path file, ImportContext ctx,
                            List<ConfigEntry> entries, List<String> unresolved, Set<Path> seen, int depth) throws IOException {
        parse(new LineSource() {
            @Override
            public String next() throws IOException {
                return lines.next();
            }

            @Override
            public long number() {
                return lines.number();
            }
        }, display, file, ctx, entries, unresolved, seen, depth);
    }

    private void parse(LineSource src, String display, Path file, ImportContext ctx, List<ConfigEntry> entries,
                       List<String> unresolved, Set<Path> seen, int depth) throws IOException {
        String section = "";
        String line;
        while ((line = src.next()) != null) {
            int n = (int) src.number();
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#") || l.startsWith(";")) {
                continue;
            }
            if (l.startsWith("!include ") || l.startsWith("!includedir ")) {
                boolean dir = l.startsWith("!includedir ");
                String target = l.substring(dir ? 12 : 9).strip();
                if (file == null) {
                    unresolved.add(target); // a copy inside another report: nothing to follow
                } else {
                    include(target, dir, display, file, ctx, entries, unresolved, seen, depth, n);
                }
                continue;
            }
            if (l.startsWith("[")) {
                var m = SECTION.matcher(l);
                if (m.matches()) {
                    section = m.group(1).toLowerCase(Locale.ROOT).replace('_', '-');
                    // keep the canonical spelling of the common sections
                    if (section.equals("mysqld-safe")) {
                        section = "mysqld_safe";
                    }
                } else {
                    ctx.warn(n, display + ": malformed section header: " + abbreviate(l));
                }
                continue;
            }
            int eq = l.indexOf('=');
            String name = (eq < 0 ? l : l.substring(0, eq)).strip();
            String value = eq < 0 ? "" : stripValue(l.substring(eq + 1));
            if (!name.matches("[A-Za-z0-9_\\-.]+")) {
                ctx.warn(n, display + ": not an option line: " + abbreviate(l));
                continue;
            }
            name = normaliseName(name);
            if (eq < 0) {
                if (name.startsWith("skip_")) {
                    name = name.substring(5);
                    value = "OFF";
                } else if (name.startsWith("disable_")) {
                    name = name.substring(8);
                    value = "OFF";
                } else if (name.startsWith("enable_")) {
                    name = name.substring(7);
                    value = "ON";
                } else {
                    value = "ON";
                }
            }
            entries.add(new ConfigEntry(section, name, value, SourceRef.of(display, n)));
        }
    }

    /** Option names: lower case, '-' read as '_', the {@code loose-} prefix dropped. */
    public static String normaliseName(String raw) {
        String n = raw.strip().toLowerCase(Locale.ROOT).replace('-', '_');
        if (n.startsWith("loose_")) {
            n = n.substring(6);
        }
        return n;
    }

    private static String stripValue(String raw) {
        String v = raw.strip();
        if (v.startsWith("\"") || v.startsWith("'")) {
            char q = v.charAt(0);
            int end = v.indexOf(q, 1);
            return end > 0 ? v.substring(1, end) : v.substring(1);
        }
        // an inline comment starts at '#' preceded by white space
        for (int i = 1; i < v.length(); i++) {
            if (v.charAt(i) == '#' && Character.isWhitespace(v.charAt(i - 1))) {
                return v.substring(0, i).strip();
            }
        }
        return v;
    }

    private void include(String target, boolean dir, String display, Path file, ImportContext ctx,
                         List<ConfigEntry> entries, List<String> unresolved, Set<Path> seen, int depth, int line) throws IOException {
        Path base = file.toAbsolutePath().getParent();
        Path t;
        try {
            t = Path.of(target);
        } catch (java.nio.file.InvalidPathException e) {
            unresolved.add(target);
            ctx.warn(line, display + ": " + (dir ? "!includedir " : "!include ") + ImportContext.excerpt(target.replace("\0", "\\0"))
                    + " is not a valid path (" + e.getReason() + "); skipped");
            return;
        }
        List<Path> candidates = new ArrayList<>();
        if (!t.isAbsolute()) {
            candidates.add(base.resolve(t).normalize());
        }
        if (t.getFileName() != null) {
            candidates.add(base.resolve(t.getFileName().toString()));
        }
        Path found = null;
        boolean outside = false;
        for (Path c : candidates) {
            if (c.startsWith(base) && (dir ? Files.isDirectory(c) : Files.isRegularFile(c))) {
                if (!insideByRealPath(c, base)) {
                    outside = true; // a link out of the capture: never followed
                    continue;
                }
                found = c;
                break;
            }
        }
        if (found == null && outside) {
            unresolved.add(target);
            ctx.warn(line, display + ": " + (dir ? "!includedir " : "!include ") + target
                    + " leads out of the capture through a link; it was not read");
            return;
        }
        if (found == null) {
            unresolved.add(target);
            ctx.info(line, display + ": " + (dir ? "!includedir " : "!include ") + target
                    + " is not in the capture; its settings are not included");
            return;
        }
        if (depth >= MAX_INCLUDE_DEPTH) {
            ctx.warn(line, display + ": includes nested deeper than " + MAX_INCLUDE_DEPTH + "; " + target + " skipped");
            return;
        }
        List<Path> files = new ArrayList<>();
        if (dir) {
            // the server reads *.cnf (and on Windows *.ini) in name order
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(found)) {
                for (Path p : ds) {
                    String fn = p.getFileName().toString();
                    if (Files.isRegularFile(p) && (fn.endsWith(".cnf") || fn.endsWith(".ini"))) {
                        if (insideByRealPath(p, base)) {
                            files.add(p);
                        } else {
                            ctx.warn(line, display + ": " + target + "/" + fn + " is a link out of the capture; it was not read");
                        }
                    }
                }
            }
            files.sort(null);
        } else {
            files.add(found);
        }
        String displayDir = display.contains("/") ? display.substring(0, display.lastIndexOf('/') + 1) : "";
        for (Path p : files) {
            Path norm = p.toAbsolutePath().normalize();
            if (!seen.add(norm)) {
                ctx.warn(line, display + ": include cycle through " + target + "; skipped");
                continue;
            }
            String rel = displayDir + base.relativize(norm).toString().replace('\\', '/');
            byte[] bytes = Files.readAllBytes(norm);
            TextDecoding.Detected d = TextDecoding.detect(bytes, bytes.length);
            if (d.binary()) {
                ctx.warn(line, rel + ": included file is binary; skipped");
                continue;
            }
            String text = new String(bytes, d.bomLength(), bytes.length - d.bomLength(), d.charset());
            String[] ls = text.split("\\r\\n|\\n|\\r", -1);
            int[] idx = {0};
            parse(new LineSource() {
                @Override
                public String next() {
                    return idx[0] < ls.length ? ls[idx[0]++] : null;
                }

                @Override
                public long number() {
                    return idx[0];
                }
            }, rel, norm, ctx, entries, unresolved, seen, depth + 1);
        }
    }

    /** True when the file's real path (links resolved) is inside the real path of {@code base}. */
    private static boolean insideByRealPath(Path p, Path base) {
        try {
            return io.tunescope.importers.CaptureLoader.insideByRealPath(p, base.toRealPath());
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }

    @Override
    public Map<String, Object> summarize(ConfigSnapshot value) {
        return ConfigSummary.of(value);
    }
}
