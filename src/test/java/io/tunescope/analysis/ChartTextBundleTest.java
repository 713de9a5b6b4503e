package io.tunescope.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.junit.jupiter.api.Test;

/**
 * The words drawn in charts ({@link ChartText}): every key the code asks for ({@code t("key", "English", ...)} in a
 * source that uses ChartText) is in {@code charts_zh_CN.properties} with the placeholders of its English, every key
 * of the bundle is asked for, the translations are Chinese, and English never comes from the bundle.
 */
class ChartTextBundleTest {
    private static final Path SRC = Path.of("src/main/java/io/tunescope");
    private static final Path BUNDLE = Path.of("src/main/resources/io/tunescope/analysis/charts_zh_CN.properties");
    /**
     * {@code t("key", "English" + "more English"} or {@code t("key", CONSTANT}: the key and the English literal(s),
     * or the name of the constant holding the English.
     */
    private static final Pattern USE = Pattern.compile(
            "\\bt\\(\"([A-Za-z0-9.]+)\",\\s*((?:\"(?:[^\"\\\\]|\\\\.)*\"\\s*\\+?\\s*)+|[A-Z][A-Z0-9_]*\\b)");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern ARG = Pattern.compile("\\{(\\d)}");
    private static final Pattern CJK = Pattern.compile("[\\u4e00-\\u9fff]");
    /** Translations that are only punctuation around their placeholders. */
    private static final Set<String> NO_WORDS = Set.of("sweep.axis.latency", "numa.measured.withUnit");

    static Properties zh() throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(BUNDLE, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return p;
    }

    /** Key -> the English of every call that asks for it. */
    static Map<String, List<String>> uses() throws IOException {
        Map<String, List<String>> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SRC)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String src = Files.readString(f);
                if (!src.contains("ChartText") || f.getFileName().toString().equals("ChartText.java")) {
                    continue;
                }
                Matcher m = USE.matcher(src);
                while (m.find()) {
                    StringBuilder english = new StringBuilder(m.group(2).startsWith("\"") ? "" : m.group(2));
                    Matcher lit = LITERAL.matcher(m.group(2));
                    while (lit.find()) {
                        english.append(lit.group(1));
                    }
                    out.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(english.toString());
                }
            }
        }
        return out;
    }

    static Set<String> args(String s) {
        Set<String> out = new TreeSet<>();
        Matcher m = ARG.matcher(s);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void everyKeyIsUsedAndEveryUsedKeyExists() throws IOException {
        Map<String, List<String>> uses = uses();
        Properties zh = zh();
        assertTrue(uses.size() > 40, "found the t(...) calls: " + uses.keySet());
        Set<String> missing = new TreeSet<>(uses.keySet());
        missing.removeAll(zh.stringPropertyNames());
        Set<String> unused = new TreeSet<>(zh.stringPropertyNames());
        unused.removeAll(uses.keySet());
        assertTrue(missing.isEmpty(), "keys the code asks for that charts_zh_CN.properties lacks: " + missing);
        assertTrue(unused.isEmpty(), "keys of charts_zh_CN.properties no code asks for (keys must be literals): " + unused);
    }

    @Test
    void translationsHaveTheEnglishPlaceholdersAndAreChinese() throws IOException {
        Properties zh = zh();
        for (Map.Entry<String, List<String>> e : uses().entrySet()) {
            String z = zh.getProperty(e.getKey());
            for (String english : e.getValue()) {
                if (!english.isEmpty() && Character.isUpperCase(english.charAt(0)) && english.equals(english.toUpperCase(Locale.ROOT))
                        && !english.contains(" ")) {
                    continue; // a constant's name: its text is checked where the constant is tested
                }
                assertEquals(args(english), args(z), "placeholders of " + e.getKey() + ": " + english + " / " + z);
            }
            assertEquals(1, new TreeSet<>(e.getValue()).size(), "one English per key: " + e.getKey() + " " + e.getValue());
            if (!NO_WORDS.contains(e.getKey())) {
                assertTrue(CJK.matcher(z).find(), e.getKey() + " is not Chinese: " + z);
            }
        }
    }

    @Test
    void englishIsTheCodesAndNeverFallsBackToTheDefaultLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.SIMPLIFIED_CHINESE);
            for (Locale l : new Locale[] {Locale.ENGLISH, Locale.ROOT, Locale.US, null}) {
                ChartText w = ChartText.of(l);
                assertTrue(w.english(), String.valueOf(l));
                assertEquals("knee: 8 threads", w.t("sweep.marker.knee", "knee: {0} threads", 8));
            }
            ChartText zh = ChartText.of(Locale.SIMPLIFIED_CHINESE);
            assertEquals("拐点：8 线程", zh.t("sweep.marker.knee", "knee: {0} threads", 8));
            assertEquals("fallback {0}", zh.t("no.such.key", "fallback {0}"), "a key the bundle lacks gets the English");
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void formatPutsArgumentsAndLeavesQuotesAlone() {
        assertEquals("it's 5 % of 'x' {y}", ChartText.format("it's {0} of 'x' {y}", "5 %"));
        assertEquals("a $1 \\b", ChartText.format("a {0}", "$1 \\b"));
    }
}
