package io.tunescope.rules;

import io.tunescope.analysis.evidence.Need;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rules speak English and Simplified Chinese ({@link RuleText}). Per rule package: the Chinese bundle
 * has every English key with the same placeholders, plus the title of each rule and the description of
 * each of its settings; prose is actually Chinese; every text key the code asks for exists and every
 * English key is asked for somewhere.
 */
class RuleBundlesTest {
    private static final Pattern ARG = Pattern.compile("\\{(\\d)}");
    /** {@code t("key"} and {@code text(locale, "key"} in rule sources. */
    private static final Pattern USE = Pattern.compile("\\b(?:t|text)\\((?:[a-zA-Z.]+, )?\"([A-Za-z0-9.]+)\"");
    private static final Pattern CJK = Pattern.compile("[\\u4e00-\\u9fff]");
    private static final Path RES = Path.of("src/main/resources/io/tunescope/rules");
    private static final Path SRC = Path.of("src/main/java/io/tunescope/rules");

    static Properties load(Path p) throws IOException {
        Properties props = new Properties();
        if (Files.exists(p)) {
            try (Reader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
                props.load(r);
            }
        }
        return props;
    }

    static Set<String> args(String s) {
        Set<String> out = new TreeSet<>();
        Matcher m = ARG.matcher(s);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /** Rules of the catalogue by package name (cpu, config, ...). */
    static Map<String, List<Rule>> byPackage() {
        Map<String, List<Rule>> out = new TreeMap<>();
        for (Rule r : io.tunescope.rules.catalog.RuleCatalog.rules()) {
            String pkg = r.getClass().getPackageName();
            out.computeIfAbsent(pkg.substring(pkg.lastIndexOf('.') + 1), k -> new ArrayList<>()).add(r);
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyRulePackageSpeaksChinese() {
        return byPackage().entrySet().stream().map(en -> DynamicTest.dynamicTest(en.getKey(), () -> {
            String pkg = en.getKey();
            Properties e = load(RES.resolve(pkg).resolve("findings.properties"));
            Properties z = load(RES.resolve(pkg).resolve("findings_zh_CN.properties"));
            Set<String> expected = new TreeSet<>(e.stringPropertyNames());
            for (Rule r : en.getValue()) {
                expected.add(r.id() + ".title");
                for (Setting s : r.settings()) {
                    expected.add(r.id() + ".setting." + s.key());
                }
            }
            Set<String> missing = new TreeSet<>(expected);
            missing.removeAll(z.stringPropertyNames());
            Set<String> extra = new TreeSet<>(z.stringPropertyNames());
            extra.removeAll(expected);
            assertTrue(missing.isEmpty(), pkg + ": findings_zh_CN.properties lacks " + missing);
            assertTrue(extra.isEmpty(), pkg + ": findings_zh_CN.properties has keys neither English nor code has: " + extra);
            for (String k : e.stringPropertyNames()) {
                assertEquals(args(e.getProperty(k)), args(z.getProperty(k)), pkg + ": placeholders of " + k);
            }
            for (String k : z.stringPropertyNames()) {
                String last = k.substring(k.indexOf('.') + 1);
                if (last.equals("title") || last.matches("(summary|explanation|action|effect|risk)(\\..*)?")) {
                    assertTrue(CJK.matcher(z.getProperty(k)).find(), pkg + ": " + k + " is not Chinese: " + z.getProperty(k));
                }
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> textKeysExistAndAreUsed() {
        return byPackage().keySet().stream().map(pkg -> DynamicTest.dynamicTest(pkg, () -> {
            Properties e = load(RES.resolve(pkg).resolve("findings.properties"));
            Set<String> used = new TreeSet<>();
            List<String> unknown = new ArrayList<>();
            try (Stream<Path> files = Files.list(SRC.resolve(pkg))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String src = Files.readString(f);
                    Matcher id = Pattern.compile("super\\(\"([A-Z0-9-]+)\"").matcher(src);
                    String ruleId = id.find() ? id.group(1) : null;
                    Matcher m = USE.matcher(src);
                    while (m.find()) {
                        String key = m.group(1);
                        if (ruleId != null && e.containsKey(ruleId + "." + key)) {
                            used.add(ruleId + "." + key);
                        } else if (e.containsKey(key)) {
                            used.add(key);
                        } else {
                            unknown.add(f.getFileName() + ": " + key);
                        }
                    }
                }
            }
            assertTrue(unknown.isEmpty(), pkg + ": text keys missing from findings.properties: " + unknown);
            Set<String> unused = new TreeSet<>(e.stringPropertyNames());
            unused.removeAll(used);
            assertTrue(unused.isEmpty(), pkg + ": findings.properties keys no rule uses (keys must be literals): " + unused);
        }));
    }

    @Test
    void engineWordsAndNeedsAreTranslated() throws IOException {
        Properties e = load(RES.resolve("engine.properties"));
        Properties z = load(RES.resolve("engine_zh_CN.properties"));
        Set<String> expected = new TreeSet<>(e.stringPropertyNames());
        for (Need n : Need.values()) {
            expected.add("need." + n.name());
        }
        for (Topic t : Topic.values()) {
            expected.add("topic." + t.name());
        }
        for (Severity s : Severity.values()) {
            expected.add("severity." + s.slug());
        }
        Set<String> zhKeys = new TreeSet<>(z.stringPropertyNames());
        zhKeys.removeIf(k -> k.startsWith("unit."));
        assertEquals(expected, zhKeys);
        assertEquals("% 内存", RuleText.unit("% of RAM", Locale.SIMPLIFIED_CHINESE));
        assertEquals("% of RAM", RuleText.unit("% of RAM", Locale.ENGLISH));
        assertEquals("ms", RuleText.unit("ms", Locale.SIMPLIFIED_CHINESE));
        assertEquals("CPU 热点", Topic.CPU.title(Locale.SIMPLIFIED_CHINESE));
        assertEquals("CPU hotspots", Topic.CPU.title(Locale.ENGLISH));
        assertEquals("警告", Severity.WARNING.label(Locale.SIMPLIFIED_CHINESE));
        assertEquals("warning", Severity.WARNING.label(Locale.ENGLISH));
        for (String k : e.stringPropertyNames()) {
            assertEquals(args(e.getProperty(k)), args(z.getProperty(k)), k);
        }
    }

    @Test
    void englishNeverFallsBackToTheDefaultLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.SIMPLIFIED_CHINESE);
            assertEquals("needs a sysbench log", RuleText.engine(Locale.ENGLISH, "needs", RuleText.need(Need.BENCH, Locale.ENGLISH)));
            assertEquals("需要sysbench 日志", RuleText.engine(Locale.SIMPLIFIED_CHINESE, "needs", RuleText.need(Need.BENCH, Locale.SIMPLIFIED_CHINESE)));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void formatPutsArgumentsAndLeavesQuotesAlone() {
        assertEquals("it's 5 % of 'x' {y}", RuleText.format("it's {0} of 'x' {y}", "5 %"));
        assertEquals("a $1 \\b", RuleText.format("a {0}", "$1 \\b"));
    }
}
