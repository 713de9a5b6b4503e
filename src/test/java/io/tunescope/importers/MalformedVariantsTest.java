package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import io.tunescope.TestData;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.capture.SourceFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The robustness sweep in the build: crafted malformed variants of every fixture (truncated, NUL bytes,
 * huge and non-finite numbers, a long line, CRLF and lone CR line ends, a byte-order mark, lines dropped,
 * doubled or swapped, stray quotes), made by a seeded generator, each read the way the loader reads a file
 * and by the fixture's own importer. Nothing may escape as an exception, nothing may hang (10 s bound, a
 * hang detector), and every rejection or error must be plain words that name the file: no Java class
 * names, no contained crash of a reader ("reader stopped on", "could not check it").
 *
 * <p>The build runs {@value #DEFAULT_ROUNDS} round(s) per fixture with seed {@value #DEFAULT_SEED};
 * {@code -Dtunescope.sweep.rounds=N} and {@code -Dtunescope.sweep.seed=S} run a longer or another sweep.
 */
class MalformedVariantsTest {
    static final long DEFAULT_SEED = 18;
    static final int DEFAULT_ROUNDS = 1;
    private static final ImporterRegistry REGISTRY = io.tunescope.importers.formats.StandardImporters.registry();
    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.])\\d{1,19}(?![\\w.])");
    private static final List<String> HUGE = List.of("99999999999999999999", "18446744073709551616", "1e309", "-1e309",
            "Infinity", "NaN", "-9223372036854775809", "2147483648", "-1", "0.00000000000000000000001");
    /** What a message must never show a user. */
    private static final Pattern INTERNAL = Pattern.compile(
            "Exception|Error\\b|java\\.|reader stopped on|could not check it|\\bnull\\b");

    @TempDir
    Path tmp;

    record Variant(String name, byte[] bytes) {
    }

    /** The malformed variants of one file, from a generator seeded per file so that each is reproducible. */
    static List<Variant> variants(byte[] orig, Random r) {
        List<Variant> out = new ArrayList<>();
        String text = new String(orig, StandardCharsets.ISO_8859_1);
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int n = Math.max(1, orig.length);
        out.add(new Variant("truncated at " + (n / 3), java.util.Arrays.copyOf(orig, n / 3)));
        int cut = r.nextInt(n);
        out.add(new Variant("truncated at " + cut, java.util.Arrays.copyOf(orig, cut)));
        byte[] nul = orig.clone();
        for (int i = 0; i < 3 && nul.length > 0; i++) {
            nul[r.nextInt(nul.length)] = 0;
        }
        out.add(new Variant("three NUL bytes", nul));
        out.add(new Variant("a NUL line", latin(insertLine(lines, r.nextInt(lines.size() + 1), "\0\0\0\0"))));
        for (String huge : List.of(HUGE.get(r.nextInt(HUGE.size())), HUGE.get(r.nextInt(HUGE.size())))) {
            out.add(new Variant("one number " + huge, latin(replaceNumbers(text, huge, r, false))));
            out.add(new Variant("every number on a line " + huge, latin(replaceNumbers(text, huge, r, true))));
        }
        String token = lines.isEmpty() || lines.get(0).isBlank() ? "0 " : lines.get(r.nextInt(lines.size())).strip() + " ";
        if (token.isBlank()) {
            token = "0 ";
        }
        String longLine = token.repeat(Math.max(1, 16 * 1024 / token.length()));
        out.add(new Variant("a 16 KB line", latin(insertLine(lines, r.nextInt(lines.size() + 1), longLine))));
        out.add(new Variant("CRLF line ends", latin(text.replace("\n", "\r\n"))));
        out.add(new Variant("lone CR line ends", latin(text.replace("\n", "\r"))));
        out.add(new Variant("mixed line ends", latin(mixed(text, r))));
        byte[] bom = new byte[orig.length + 3];
        bom[0] = (byte) 0xEF;
        bom[1] = (byte) 0xBB;
        bom[2] = (byte) 0xBF;
        System.arraycopy(orig, 0, bom, 3, orig.length);
        out.add(new Variant("UTF-8 byte-order mark", bom));
        if (lines.size() > 2) {
            List<String> dropped = new ArrayList<>(lines);
            dropped.remove(r.nextInt(Math.min(dropped.size(), 20)));
            out.add(new Variant("an early line dropped", latin(String.join("\n", dropped))));
            List<String> swapped = new ArrayList<>(lines);
            int a = r.nextInt(Math.min(swapped.size(), 10));
            int b = r.nextInt(swapped.size());
            java.util.Collections.swap(swapped, a, b);
            out.add(new Variant("lines " + (a + 1) + " and " + (b + 1) + " swapped", latin(String.join("\n", swapped))));
            int d = r.nextInt(lines.size());
            out.add(new Variant("line " + (d + 1) + " doubled", latin(insertLine(lines, d, lines.get(d)))));
        }
        StringBuilder quoted = new StringBuilder(text);
        for (int i = 0; i < 2 && quoted.length() > 0; i++) {
            quoted.insert(r.nextInt(quoted.length()), '"');
        }
        out.add(new Variant("stray quotes", latin(quoted.toString())));
        return out;
    }

    private static byte[] latin(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String insertLine(List<String> lines, int at, String line) {
        List<String> l = new ArrayList<>(lines);
        l.add(Math.min(at, l.size()), line);
        return String.join("\n", l);
    }

    private static String replaceNumbers(String text, String huge, Random r, boolean wholeLine) {
        Matcher m = NUMBER.matcher(text);
        List<int[]> spans = new ArrayList<>();
        while (m.find()) {
            spans.add(new int[] {m.start(), m.end()});
        }
        if (spans.isEmpty()) {
            return text;
        }
        int[] pick = spans.get(r.nextInt(spans.size()));
        if (!wholeLine) {
            return text.substring(0, pick[0]) + huge + text.substring(pick[1]);
        }
        int ls = text.lastIndexOf('\n', pick[0]) + 1;
        int le = text.indexOf('\n', pick[0]);
        le = le < 0 ? text.length() : le;
        return text.substring(0, ls) + NUMBER.matcher(text.substring(ls, le)).replaceAll(huge) + text.substring(le);
    }

    private static String mixed(String text, Random r) {
        StringBuilder b = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (c == '\n') {
                int k = r.nextInt(3);
                b.append(k == 0 ? "\n" : k == 1 ? "\r\n" : "\r");
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    static List<Path> fixtures() throws IOException {
        try (Stream<Path> s = Files.walk(TestData.fixtures())) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().equalsIgnoreCase("README.md"))
                    .filter(p -> !p.getFileName().toString().contains(".expected."))
                    .sorted()
                    .toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> malformedVariantsNeverEscapeHangOrSpeakJava() throws IOException {
        long seed = Long.getLong("tunescope.sweep.seed", DEFAULT_SEED);
        int rounds = Integer.getInteger("tunescope.sweep.rounds", DEFAULT_ROUNDS);
        CaptureLoader loader = new CaptureLoader(REGISTRY, 1, 10L << 20);
        return fixtures().stream().map(f -> DynamicTest.dynamicTest(TestData.fixtures().relativize(f).toString(), () -> {
            String format = TestData.fixtures().relativize(f).getName(0).toString();
            Importer<?> owner = REGISTRY.byFormat(format);
            byte[] orig = Files.readAllBytes(f);
            List<String> problems = new ArrayList<>();
            Random r = new Random(seed * 31 + f.getFileName().toString().hashCode());
            for (int round = 0; round < rounds; round++) {
                for (Variant v : variants(orig, r)) {
                    String rel = "v/" + f.getFileName();
                    Path file = tmp.resolve(f.getFileName().toString());
                    Files.write(file, v.bytes());
                    String what = f.getFileName() + " (" + v.name() + ")";
                    try {
                        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                            SourceFile sf = loader.importFile(file, rel, "", () -> false, b -> { });
                            for (Diagnostic d : sf.diagnostics()) {
                                if (INTERNAL.matcher(d.message()).find()) {
                                    problems.add(what + " loader: " + d.message());
                                }
                            }
                            if (owner != null) {
                                ImportContext ctx = ImportContext.forFile(file);
                                try {
                                    ImportResult<?> res = owner.parse(ctx);
                                    owner.summarizeValue(res.value());
                                    for (Diagnostic d : res.diagnostics()) {
                                        if (INTERNAL.matcher(d.message()).find()) {
                                            problems.add(what + " " + format + ": " + d.message());
                                        }
                                    }
                                } catch (ImportException e) {
                                    if (!e.getMessage().startsWith(ctx.displayName()) || INTERNAL.matcher(e.getMessage()).find()) {
                                        problems.add(what + " rejected without naming the file in plain words: " + e.getMessage());
                                    }
                                }
                            }
                        }, what + " hangs");
                    } catch (Throwable e) {
                        String s = e.toString();
                        StackTraceElement at = null;
                        for (StackTraceElement el : e.getStackTrace()) {
                            if (el.getClassName().startsWith("io.tunescope")) {
                                at = el;
                                break;
                            }
                        }
                        problems.add(what + ": " + (s.length() > 160 ? s.substring(0, 160) + "..." : s) + " at " + at);
                    }
                }
            }
            if (!problems.isEmpty()) {
                fail(problems.size() + " problems:\n" + String.join("\n", problems.stream().limit(15).toList()));
            }
        }));
    }
}
