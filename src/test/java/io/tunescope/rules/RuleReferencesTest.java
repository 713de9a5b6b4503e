package io.tunescope.rules;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every rule id a finding's words point the reader to (see CFG-MEMORY-OVERCOMMIT, ...) is a rule of the catalogue. */
class RuleReferencesTest {
    private static final Pattern ID = Pattern.compile("\\b(CPU|NUMA|IO|CONC|CFG|OS|BUILD|SRV)-[A-Z0-9]+(?:-[A-Z0-9]+)+\\b");

    @Test
    void referencedRulesExist() throws IOException {
        Set<String> ids = io.tunescope.rules.catalog.RuleCatalog.rules().stream().map(Rule::id).collect(Collectors.toSet());
        Set<String> missing = new TreeSet<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/resources/io/tunescope/rules"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".properties")).toList()) {
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    int eq = line.indexOf('=');
                    if (eq < 0 || line.startsWith("#")) {
                        continue;
                    }
                    Matcher m = ID.matcher(line.substring(eq + 1));
                    while (m.find()) {
                        if (!ids.contains(m.group())) {
                            missing.add(m.group() + " (" + f.getFileName() + ": " + line.substring(0, eq) + ")");
                        }
                    }
                }
            }
        }
        assertTrue(missing.isEmpty(), "rule ids named in findings that are no rule: " + missing);
    }

    /** Recommendations that persist a sysctl append to one file; none overwrites what another finding wrote. */
    @Test
    void sysctlFilesAreAppendedNeverOverwritten() throws IOException {
        Pattern clobber = Pattern.compile("[^>]>\\s*/etc/sysctl\\.d/");
        Set<String> bad = new TreeSet<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java/io/tunescope/rules"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String src = Files.readString(f, StandardCharsets.UTF_8);
                if (clobber.matcher(src).find()) {
                    bad.add(f.getFileName().toString());
                }
            }
        }
        assertTrue(bad.isEmpty(), "rules that overwrite a sysctl.d file: " + bad);
    }

    /** Users never read our internal words: no "seed" (or 种子案例) in any rule's text, no source shown as an internal file. */
    @Test
    void noInternalWordsInFindings() throws IOException {
        Set<String> bad = new TreeSet<>();
        Pattern internal = Pattern.compile("(?i)\\bseeds?\\b|种子案例|case[- ]stud(y|ies)\\b");
        try (Stream<Path> files = Files.walk(Path.of("src/main/resources/io/tunescope"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".properties")).toList()) {
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    int eq = line.indexOf('=');
                    if (eq > 0 && !line.startsWith("#") && internal.matcher(line.substring(eq + 1)).find()) {
                        bad.add(f.getFileName() + ": " + line.substring(0, eq));
                    }
                }
            }
        }
        for (Rule r : io.tunescope.rules.catalog.RuleCatalog.rules()) {
            for (String src : r.sources()) {
                String shown = Citations.resolve(src);
                if (internal.matcher(shown).find() || !(shown.startsWith("https://") || shown.startsWith("http://") || shown.contains("("))) {
                    bad.add(r.id() + " source " + src + " -> " + shown);
                }
            }
        }
        assertTrue(bad.isEmpty(), "internal words or unresolved sources in user text: " + bad);
    }
}
