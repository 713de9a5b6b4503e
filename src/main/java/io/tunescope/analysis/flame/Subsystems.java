package io.tunescope.analysis.flame;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Maps frame names to MySQL/InnoDB subsystems by ordered regex rules (first match wins), read from
 * {@code io/tunescope/flame/subsystems.properties} and optionally a user file whose rules come first.
 * File format: one {@code REGEX = subsystem} per line (subsystem after the last '='), '#' comments.
 */
public final class Subsystems {
    public static final String RESOURCE = "/io/tunescope/flame/subsystems.properties";
    /** The subsystems of the built-in mapping, in legend order. */
    public static final List<String> KNOWN = List.of("buffer_pool", "locks", "redo_log", "transactions", "row_access",
            "sql_layer", "network", "kernel_sched", "kernel_io", "kernel");
    /** Returned for frames that no rule matches. */
    public static final String OTHER = "other";

    private static volatile Subsystems builtIn;

    private final List<Rule> rules;
    private final List<String> problems;
    private final Map<String, String> cache = new ConcurrentHashMap<>();

    /** One rule; {@code line} is its line in {@code source}. */
    public record Rule(Pattern pattern, String subsystem, String source, int line) {
    }

    private Subsystems(List<Rule> rules, List<String> problems) {
        this.rules = List.copyOf(rules);
        this.problems = List.copyOf(problems);
    }

    /** The built-in mapping. */
    public static Subsystems builtIn() {
        Subsystems s = builtIn;
        if (s == null) {
            try (InputStream in = Subsystems.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("missing resource " + RESOURCE);
                }
                List<Rule> rules = new ArrayList<>();
                List<String> problems = new ArrayList<>();
                parse(new InputStreamReader(in, StandardCharsets.UTF_8), "subsystems.properties", rules, problems);
                s = new Subsystems(rules, problems);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            builtIn = s;
        }
        return s;
    }

    /**
     * The user's rules (tried first, text of a {@code REGEX = subsystem} file named {@code source}) followed by
     * the built-in ones. Bad lines are skipped and listed in {@link #problems()}. Reading the file is the
     * caller's ({@link io.tunescope.session.UserFiles}): analysis reads no files.
     */
    public static Subsystems withUserRules(String text, String source) {
        List<Rule> rules = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        try {
            parse(new java.io.StringReader(text), source, rules, problems);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Subsystems b = builtIn();
        rules.addAll(b.rules);
        problems.addAll(b.problems);
        return new Subsystems(rules, problems);
    }

    /** Parses rules from text (for tests and user files). */
    public static Subsystems parse(String text, String source) {
        List<Rule> rules = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        try {
            parse(new java.io.StringReader(text), source, rules, problems);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Subsystems(rules, problems);
    }

    private static void parse(Reader reader, String source, List<Rule> rules, List<String> problems) throws IOException {
        BufferedReader br = new BufferedReader(reader);
        String line;
        int no = 0;
        while ((line = br.readLine()) != null) {
            no++;
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#") || l.startsWith("!")) {
                continue;
            }
            int eq = l.lastIndexOf('=');
            if (eq <= 0 || eq == l.length() - 1) {
                problems.add(source + ":" + no + ": expected REGEX = subsystem");
                continue;
            }
            String regex = l.substring(0, eq).strip();
            String sub = l.substring(eq + 1).strip();
            if (regex.isEmpty() || sub.isEmpty() || !sub.matches("[A-Za-z0-9_.-]+")) {
                problems.add(source + ":" + no + ": expected REGEX = subsystem");
                continue;
            }
            try {
                rules.add(new Rule(Pattern.compile(regex), sub, source, no));
            } catch (PatternSyntaxException e) {
                problems.add(source + ":" + no + ": bad regex: " + e.getDescription());
            }
        }
    }

    public List<Rule> rules() {
        return rules;
    }

    /** Lines that could not be used, as {@code file:line: reason}. */
    public List<String> problems() {
        return problems;
    }

    /** The subsystem of a frame name, or {@link #OTHER}. */
    public String of(String frame) {
        String c = cache.get(frame);
        if (c != null) {
            return c;
        }
        String r = OTHER;
        for (Rule rule : rules) {
            if (rule.pattern().matcher(frame).find()) {
                r = rule.subsystem();
                break;
            }
        }
        if (cache.size() < 200_000) {
            cache.put(frame, r);
        }
        return r;
    }

    /** Every subsystem id the rules can produce, known ones first, then {@link #OTHER}. */
    public List<String> subsystems() {
        Set<String> s = new LinkedHashSet<>(KNOWN);
        for (Rule r : rules) {
            s.add(r.subsystem());
        }
        s.add(OTHER);
        return List.copyOf(s);
    }
}
