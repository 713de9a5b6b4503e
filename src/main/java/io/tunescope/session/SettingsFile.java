package io.tunescope.session;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunescope.files.AtomicFiles;
import io.tunescope.rules.Rule;
import io.tunescope.rules.RuleText;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Settings;
import io.tunescope.rules.catalog.RuleCatalog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A settings file: the rules' thresholds changed from their defaults, as JSON,
 * <pre>{"thresholds": {"IO-HIGH-AWAIT.awaitNvmeMs": 2.0, "CPU-HOST-SATURATED.busyPercent": 85}}</pre>
 * Each entry is checked against the rule catalogue: an unknown rule or key, a value that is not a number, or one
 * out of the setting's range is a {@link Problem} naming the file and the key, and only that entry is left out.
 * The user's own settings (the app's) are {@code ~/.tunescope/settings.json} ({@link #userFile()}); the command
 * line reads any file given with {@code --settings}. Written atomically (a temporary file, then a rename).
 */
public final class SettingsFile {
    /** The one field of the file. */
    public static final String THRESHOLDS = "thresholds";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SettingsFile() {
    }

    /** Why an entry of a settings file (or the whole file) was not taken. */
    public enum Kind {
        /** The file is not JSON, or not an object with a {@value #THRESHOLDS} object: nothing in it was taken. */
        SYNTAX, UNKNOWN_FIELD, UNKNOWN_RULE, UNKNOWN_KEY, NOT_NUMBER, OUT_OF_RANGE
    }

    /**
     * One entry not taken.
     *
     * @param file   the settings file
     * @param key    the entry ({@code RULE-ID.key}, or the field), "" for the whole file
     * @param detail the value as written, the range, or the parser's words
     */
    public record Problem(String file, String key, Kind kind, String detail) {
        /** The problem in words of the locale, naming the file and the key. */
        public String message(Locale locale) {
            return RuleText.engine(locale, "settings.problem." + switch (kind) {
                case SYNTAX -> "syntax";
                case UNKNOWN_FIELD -> "unknownField";
                case UNKNOWN_RULE -> "unknownRule";
                case UNKNOWN_KEY -> "unknownKey";
                case NOT_NUMBER -> "notNumber";
                case OUT_OF_RANGE -> "outOfRange";
            }, file, key, detail);
        }
    }

    /** What a settings file gave: the settings (overrides that passed the checks) and the entries left out. */
    public record Loaded(Settings settings, List<Problem> problems) {
        public Loaded {
            problems = List.copyOf(problems);
        }
    }

    /** The user's own settings file, {@code ~/.tunescope/settings.json} (under {@code tunescope.home} when set). */
    public static Path userFile() {
        return io.tunescope.files.UserDirs.home().resolve("settings.json");
    }

    /** The user's own settings: the defaults when the file does not exist; a file that cannot be read is a problem. */
    public static Loaded user() {
        Path p = userFile();
        if (!Files.exists(p)) {
            return new Loaded(Settings.defaults().from(p.toString(), true), List.of());
        }
        try {
            return read(p, true);
        } catch (IOException e) {
            return new Loaded(Settings.defaults().from(p.toString(), true),
                    List.of(new Problem(p.toString(), "", Kind.SYNTAX, String.valueOf(e.getMessage()))));
        }
    }

    /**
     * Reads a settings file.
     *
     * @param user whether it is the user's own settings (the report says "user settings" rather than the file)
     * @throws IOException when the file cannot be read at all (missing, a folder, no permission)
     */
    public static Loaded read(Path file, boolean user) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        return parse(text, file.toString(), user);
    }

    /** Parses the text of a settings file named {@code file} (for messages and the report). */
    public static Loaded parse(String text, String file, boolean user) {
        Settings s = Settings.defaults().from(file, user);
        List<Problem> problems = new ArrayList<>();
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : "line " + e.getLocation().getLineNr() + ": ";
            problems.add(new Problem(file, "", Kind.SYNTAX, where + e.getOriginalMessage()));
            return new Loaded(s, problems);
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            return new Loaded(s, problems); // an empty file: no changes
        }
        if (!root.isObject()) {
            problems.add(new Problem(file, "", Kind.SYNTAX, "not a JSON object"));
            return new Loaded(s, problems);
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!f.equals(THRESHOLDS)) {
                problems.add(new Problem(file, f, Kind.UNKNOWN_FIELD, THRESHOLDS));
            }
        }
        JsonNode th = root.get(THRESHOLDS);
        if (th == null || th.isNull()) {
            return new Loaded(s, problems);
        }
        if (!th.isObject()) {
            problems.add(new Problem(file, THRESHOLDS, Kind.SYNTAX, "not a JSON object"));
            return new Loaded(s, problems);
        }
        Map<String, Rule> rules = new LinkedHashMap<>();
        for (Rule r : RuleCatalog.rules()) {
            rules.put(r.id(), r);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = th.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            int dot = key.lastIndexOf('.');
            Rule rule = dot <= 0 ? null : rules.get(key.substring(0, dot));
            if (rule == null) {
                problems.add(new Problem(file, key, Kind.UNKNOWN_RULE, dot <= 0 ? key : key.substring(0, dot)));
                continue;
            }
            String name = key.substring(dot + 1);
            Setting setting = rule.settings().stream().filter(x -> x.key().equals(name)).findFirst().orElse(null);
            if (setting == null) {
                problems.add(new Problem(file, key, Kind.UNKNOWN_KEY, String.join(", ",
                        rule.settings().stream().map(Setting::key).toList())));
                continue;
            }
            JsonNode v = e.getValue();
            if (!v.isNumber()) {
                problems.add(new Problem(file, key, Kind.NOT_NUMBER, v.toString()));
                continue;
            }
            double d = v.doubleValue();
            if (!setting.allows(d)) {
                problems.add(new Problem(file, key, Kind.OUT_OF_RANGE, v.toString() + " (" + range(setting) + ")"));
                continue;
            }
            s = s.with(rule.id(), setting.key(), d);
        }
        return new Loaded(s, problems);
    }

    /** The values the setting allows, in symbols any language reads: "0 .. 100 %", "\u2265 0 ms". */
    public static String range(Setting s) {
        return Double.isInfinite(s.max()) ? "\u2265 " + Setting.format(s.min(), s.unit())
                : Setting.format(s.min(), "") + " .. " + Setting.format(s.max(), s.unit());
    }

    /** The JSON of the settings' overrides, sorted by key. */
    public static String json(Settings settings) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode th = root.putObject(THRESHOLDS);
        for (Map.Entry<String, Double> e : new TreeMap<>(settings.overrides()).entrySet()) {
            double v = e.getValue();
            if (v == Math.rint(v) && Math.abs(v) < 1e15) {
                th.put(e.getKey(), (long) v);
            } else {
                th.put(e.getKey(), v);
            }
        }
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of numbers always writes", e);
        }
    }

    /** Writes the settings' overrides to the file atomically (the folder is made when missing). */
    public static void write(Path file, Settings settings) throws IOException {
        byte[] bytes = json(settings).getBytes(StandardCharsets.UTF_8);
        AtomicFiles.write(file, out -> out.write(bytes));
    }
}
