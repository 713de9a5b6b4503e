package io.tunescope.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every English bundle has a Simplified Chinese twin with the same keys and the same MessageFormat
 * placeholders, so that no screen or report falls back to English or loses a value in Chinese.
 */
class BundlesTest {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(\\d+)[^}]*}");

    static List<Path> englishBundles() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(Path.of("src/main/resources"))) {
            s.filter(p -> p.toString().endsWith(".properties"))
                    .filter(p -> !p.getFileName().toString().contains("_"))
                    // the rules' bundles carry translations of code-side English too: RuleBundlesTest checks them
                    .filter(p -> !p.startsWith(Path.of("src/main/resources/io/tunescope/rules")))
                    .filter(p -> Files.exists(zh(p)) || p.getFileName().toString().equals("messages.properties")
                            || p.getFileName().toString().equals("report.properties"))
                    .sorted()
                    .forEach(out::add);
        }
        return out;
    }

    static Path zh(Path en) {
        String n = en.getFileName().toString();
        return en.resolveSibling(n.replace(".properties", "_zh_CN.properties"));
    }

    static Properties load(Path p) throws IOException {
        Properties props = new Properties();
        try (Reader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            props.load(r);
        }
        return props;
    }

    static Set<String> placeholders(String s) {
        Set<String> out = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(s);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> chineseBundlesMatchEnglish() throws IOException {
        List<Path> bundles = englishBundles();
        assertFalse(bundles.isEmpty());
        return bundles.stream().map(en -> DynamicTest.dynamicTest(en.toString(), () -> {
            Path zhPath = zh(en);
            assertTrue(Files.exists(zhPath), "missing Chinese bundle " + zhPath);
            Properties e = load(en);
            Properties z = load(zhPath);
            Set<String> missing = new TreeSet<>(e.stringPropertyNames());
            missing.removeAll(z.stringPropertyNames());
            Set<String> extra = new TreeSet<>(z.stringPropertyNames());
            extra.removeAll(e.stringPropertyNames());
            assertTrue(missing.isEmpty(), zhPath + " lacks " + missing);
            assertTrue(extra.isEmpty(), zhPath + " has keys English lacks: " + extra);
            for (String k : e.stringPropertyNames()) {
                assertEquals(placeholders(e.getProperty(k)), placeholders(z.getProperty(k)), zhPath + ": placeholders of " + k);
                assertFalse(z.getProperty(k).isBlank() && !e.getProperty(k).isBlank(), zhPath + ": empty translation of " + k);
            }
        }));
    }
}
