package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import io.tunescope.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every registered sniffer and parser on long repetitive lines: a line of one token repeated to 5 KB and
 * 200 KB, alone, after the first lines of the format's fixture, appended to its lines, and its lines with a
 * whitespace run stretched. Each call must return (the 10 s bound detects a hang, it is not a speed target:
 * a regex that backtracks catastrophically or recurses per repetition never returns or throws
 * StackOverflowError) and never throw (a parser may reject a file with an {@link ImportException}).
 */
class LongLinesTest {
    private static final ImporterRegistry REGISTRY = io.tunescope.importers.formats.StandardImporters.registry();
    private static final Duration HANG = Duration.ofSeconds(10);
    /** Tokens repeated into a long line: words, numbers, separators and the starts of banners and headers. */
    static final List<String> TOKENS = List.of("a ", "a", "0 ", "0", "1,", "1.", "5.", "0.0 ", "Linux ", "Linux 5", "=",
            "a=", "a = ", "-", "- ", " ", "\t", ":", "a:", "%", "|", "[", "#", "\"", ",", "node0 ", "Node 0 ", "Numa_",
            "Ver ", "mysqld ", "#0 ", "*");
    /** The tokens also tried at 200 KB (every token at 5 KB). */
    static final List<String> LONG_TOKENS = List.of("a ", "0 ", "0", "1,", "Linux ", "=", "-", " ", "node0 ", "Node 0 ", "1.", "|");

    /** System property: the longer run (every 200 KB placement), for a sweep outside the build. */
    static final String FULL = "tunescope.longLines.full";

    @TempDir
    Path tmp;

    /** The first lines of the importer's first fixture, read as Latin-1 so that every byte survives. */
    static List<String> fixtureLines(Importer<?> imp, int max) throws IOException {
        Path dir = TestData.fixtures().resolve(imp.format());
        try (Stream<Path> s = Files.list(dir)) {
            Path f = s.filter(p -> {
                String n = p.getFileName().toString();
                return !n.contains(".expected.") && !n.equalsIgnoreCase("README.md");
            }).sorted().findFirst().orElse(null);
            assertNotNull(f, "no fixture for " + imp.format());
            List<String> all = Files.readAllLines(f, StandardCharsets.ISO_8859_1);
            return new ArrayList<>(all.subList(0, Math.min(max, all.size())));
        }
    }

    /**
     * The crafted texts for one importer: label and content. At 5 KB every token in every placement; at
     * 200 KB the tokens most likely to meet a header or row pattern, alone and after the fixture's first
     * lines, and the first lines of the fixture with a whitespace run stretched (kept to a few megabytes
     * per importer so that the whole test stays short; {@value #FULL}=true tries every placement at 200 KB).
     */
    static List<String[]> texts(Importer<?> imp) throws IOException {
        boolean full = Boolean.getBoolean(FULL);
        List<String> prefix = fixtureLines(imp, 12);
        List<String> few = prefix.subList(0, Math.min(full ? 12 : 6, prefix.size()));
        List<String[]> out = new ArrayList<>();
        for (String tok : TOKENS) {
            String line = tok.repeat(5 * 1024 / tok.length());
            String name = "'" + tok.replace("\t", "\\t") + "' x 5 KB";
            out.add(new String[] {name + " alone", line + "\n"});
            for (int k : new int[] {1, 3, prefix.size()}) {
                out.add(new String[] {name + " after " + k + " fixture lines", insert(prefix, k, line)});
            }
            StringBuilder appended = new StringBuilder();
            StringBuilder appendedX = new StringBuilder();
            for (String p : few) {
                appended.append(p).append(line).append('\n');
                appendedX.append(p).append(line).append("x\n");
            }
            out.add(new String[] {name + " appended to each fixture line", appended.toString()});
            out.add(new String[] {name + " appended to each fixture line, then x", appendedX.toString()});
        }
        for (String tok : LONG_TOKENS) {
            String line = tok.repeat(200 * 1024 / tok.length());
            String name = "'" + tok + "' x 200 KB";
            out.add(new String[] {name + " alone", line + "\n"});
            if (full) {
                out.add(new String[] {name + " after 3 fixture lines", insert(prefix, 3, line)});
            }
        }
        for (int size : new int[] {5 * 1024, 200 * 1024}) {
            // a fixture line with one of its whitespace runs stretched, then a character that fails the match
            List<String> lines = size > 5 * 1024 && !full ? prefix.subList(0, Math.min(3, prefix.size())) : prefix;
            String spaces = " ".repeat(size);
            StringBuilder first = new StringBuilder();
            StringBuilder last = new StringBuilder();
            StringBuilder end = new StringBuilder();
            for (String p : lines) {
                first.append(p.replaceFirst("\\s+", spaces)).append('\n');
                int i = p.length();
                while (i > 0 && !Character.isWhitespace(p.charAt(i - 1))) {
                    i--;
                }
                last.append(i > 0 ? p.substring(0, i) + spaces + p.substring(i) : p).append('\n');
                end.append(p).append(spaces).append("x\n");
            }
            out.add(new String[] {"first whitespace stretched to " + (size / 1024) + " KB", first.toString()});
            out.add(new String[] {"last whitespace stretched to " + (size / 1024) + " KB", last.toString()});
            out.add(new String[] {"spaces to " + (size / 1024) + " KB then x", end.toString()});
        }
        return out;
    }

    private static String insert(List<String> prefix, int k, String line) {
        List<String> l = new ArrayList<>(prefix.subList(0, Math.min(k, prefix.size())));
        l.add(line);
        l.addAll(prefix.subList(Math.min(k, prefix.size()), prefix.size()));
        return String.join("\n", l) + "\n";
    }

    @TestFactory
    Stream<DynamicTest> everySnifferAndParserReturnsOnLongRepetitiveLines() {
        return REGISTRY.importers().stream().map(imp -> DynamicTest.dynamicTest(imp.format(), () -> {
            List<String> failures = new ArrayList<>();
            Path file = tmp.resolve(imp.format() + ".txt");
            for (String[] t : texts(imp)) {
                byte[] bytes = t[1].getBytes(StandardCharsets.ISO_8859_1);
                Files.write(file, bytes);
                Head head = Head.of(imp.format() + ".txt", bytes, bytes.length, true, bytes.length, 20_000);
                try {
                    assertTimeoutPreemptively(HANG, () -> imp.sniff(head), imp.format() + " sniff hangs on " + t[0]);
                } catch (Throwable e) {
                    if (e instanceof org.opentest4j.AssertionFailedError a && a.getMessage().contains("hangs")) {
                        failures.add(a.getMessage());
                    } else {
                        failures.add(imp.format() + " sniff throws " + brief(e) + " on " + t[0]);
                    }
                }
                try {
                    assertTimeoutPreemptively(HANG, () -> {
                        try {
                            imp.parse(ImportContext.forFile(file));
                        } catch (ImportException e) {
                            // a rejection with a message is an answer
                        }
                    }, imp.format() + " parse hangs on " + t[0]);
                } catch (Throwable e) {
                    if (e instanceof org.opentest4j.AssertionFailedError a && a.getMessage().contains("hangs")) {
                        failures.add(a.getMessage());
                    } else {
                        failures.add(imp.format() + " parse throws " + brief(e) + " on " + t[0]);
                    }
                }
            }
            if (!failures.isEmpty()) {
                fail(failures.size() + " failures:\n" + String.join("\n", failures.stream().limit(20).toList()));
            }
        }));
    }

    private static String brief(Throwable e) {
        String s = e.toString();
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }
}
