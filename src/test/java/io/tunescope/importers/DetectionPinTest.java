package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.importers.formats.StandardImporters;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Pins what the loader detects for every file we have: sample-data, the test resources and the shared conformance
 * data. For each file, as {@link CaptureLoader#importFile} does it (the head, the longer second look when an importer
 * is unsure and the head was cut): the winning importer and its confidence, the head's line count, and a digest of
 * every importer's verdict with its reason, the failures and the best reason (the text the user sees when a file is
 * not recognised). A second digest covers heads made of the file's first 1, 2, 3, 5, 10 and 40 lines, whole and cut,
 * so that sniffers that stop early or skip lines are held to the same verdicts on short inputs too.
 *
 * <p>The expected table ({@code detection/expected.tsv}) was written by the code before the sniffers were made
 * faster; {@code -Dtunescope.writeDetection=PATH} writes the table of the code under test to PATH.
 */
class DetectionPinTest {
    private static final ImporterRegistry REGISTRY = StandardImporters.registry();
    private static final String TABLE = "/detection/expected.tsv";
    private static final int[] SHORT = {1, 2, 3, 5, 10, 40};

    @Test
    void everyFileIsDetectedAsBefore() throws IOException {
        Map<String, String> actual = new LinkedHashMap<>();
        table(actual, "sample-data/", TestData.sampleData());
        table(actual, "test-resources/", Path.of("src/test/resources"));
        table(actual, "conformance/", TestData.conformance());
        String out = System.getProperty("tunescope.writeDetection");
        if (out != null && !out.isBlank()) {
            StringBuilder b = new StringBuilder();
            actual.forEach((k, v) -> b.append(k).append('\t').append(v).append('\n'));
            Files.writeString(Path.of(out), b.toString(), StandardCharsets.UTF_8);
        }
        Map<String, String> expected = new LinkedHashMap<>();
        try (var in = DetectionPinTest.class.getResourceAsStream(TABLE)) {
            assertTrue(in != null, "missing test resource " + TABLE);
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!l.isEmpty()) {
                    int tab = l.indexOf('\t');
                    expected.put(l.substring(0, tab), l.substring(tab + 1));
                }
            }
        }
        assertTrue(expected.size() > 900, "expected table holds only " + expected.size() + " files");
        // Files added since the table was written (a new test resource, new conformance data) are not regressions and
        // are not pinned; files that went away are not compared. Every file in both is held to its old verdicts.
        List<String> diffs = new ArrayList<>();
        int compared = 0;
        for (Map.Entry<String, String> e : expected.entrySet()) {
            String a = actual.get(e.getKey());
            if (a == null) {
                continue;
            }
            compared++;
            if (!e.getValue().equals(a)) {
                diffs.add(e.getKey() + "\n   expected " + e.getValue() + "\n   actual   " + a);
            }
        }
        assertTrue(compared > 900, "only " + compared + " files of the expected table were found");
        assertEquals("", String.join("\n", diffs), diffs.size() + " files detected otherwise than before");
    }

    private static void table(Map<String, String> out, String prefix, Path root) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path f : files) {
            String rel = root.relativize(f).toString().replace('\\', '/');
            if (rel.startsWith("detection/")) {
                continue; // this table itself
            }
            out.put(prefix + rel, row(f));
        }
    }

    /** What the loader decides for a file, as {@link CaptureLoader#importFile} does it. */
    static String row(Path file) throws IOException {
        long size = Files.size(file);
        if (size == 0) {
            return "empty";
        }
        Head head = Head.read(file);
        if (head.binary()) {
            return "binary";
        }
        ImporterRegistry.Detection det = REGISTRY.detect(head);
        boolean cut = !head.complete() || head.lines().size() >= Head.MAX_LINES;
        boolean second = false;
        if (det.someUnsure() && cut && det.best().confidence() != io.tunescope.model.capture.Confidence.CERTAIN) {
            head = Head.read(file, 1 << 20, 20_000);
            det = REGISTRY.detect(head);
            second = true;
        }
        String format = det.recognised() ? det.importer().format() : "-";
        StringBuilder shorts = new StringBuilder();
        for (int n : SHORT) {
            if (n < head.lines().size()) {
                String text = String.join("\n", head.lines().subList(0, n)) + "\n";
                byte[] b = text.getBytes(StandardCharsets.UTF_8);
                shorts.append(verdicts(REGISTRY.detect(Head.of(head.fileName(), b, b.length, true, b.length))));
                shorts.append(verdicts(REGISTRY.detect(Head.of(head.fileName(), b, b.length, false, b.length * 10L))));
            }
        }
        return format + '\t' + det.best().confidence().name().toLowerCase(Locale.ROOT) + '\t' + head.lines().size()
                + (second ? "+" : "") + '\t' + digest(verdicts(det)) + '\t' + digest(shorts.toString());
    }

    private static String verdicts(ImporterRegistry.Detection d) {
        return String.join("\n", d.verdicts()) + "\n|" + String.join("\n", d.failures()) + "\n|" + d.best().reason()
                + "|" + d.someUnsure() + "|" + (d.recognised() ? d.importer().format() : "-") + "\n";
    }

    private static String digest(String s) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
