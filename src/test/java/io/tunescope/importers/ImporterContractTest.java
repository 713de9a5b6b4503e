package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.model.capture.Confidence;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract every importer keeps, checked on every fixture under
 * {@code src/test/resources/fixtures/<format>/}: the owning importer sniffs STRONG or better, every
 * other importer NO or WEAK; the same verdict with the file renamed to {@code unknown}; the same parse
 * with a tiny read buffer; a file cut in the middle of a line (a copy that stopped, a disk that filled) is read
 * as far as it goes or refused with an {@link ImportException}, never an unchecked exception; and garbage, empty
 * and binary input give NO, never an exception.
 */
class ImporterContractTest {
    private static final ImporterRegistry REGISTRY = io.tunescope.importers.formats.StandardImporters.registry();

    @TempDir
    Path tmp;

    static List<Path> fixtures() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(TestData.fixtures())) {
            s.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().equalsIgnoreCase("README.md"))
                    .filter(p -> !p.getFileName().toString().endsWith(".expected.txt"))
                    .sorted()
                    .forEach(out::add);
        }
        return out;
    }

    private static String formatOf(Path fixture) {
        return TestData.fixtures().relativize(fixture).getName(0).toString();
    }

    @Test
    void everyRegisteredImporterHasAFixture() throws IOException {
        List<String> formats = fixtures().stream().map(ImporterContractTest::formatOf).distinct().toList();
        for (Importer<?> i : REGISTRY.importers()) {
            assertTrue(formats.contains(i.format()), "no fixture folder src/test/resources/fixtures/" + i.format());
        }
    }

    @TestFactory
    Stream<DynamicTest> ownerIsSureOthersAreNot() throws IOException {
        return fixtures().stream().map(f -> DynamicTest.dynamicTest(TestData.fixtures().relativize(f).toString(), () -> {
            String format = formatOf(f);
            Importer<?> owner = REGISTRY.byFormat(format);
            assertNotNull(owner, "fixture folder " + format + " names no registered importer");
            Head head = Head.read(f);
            for (Importer<?> i : REGISTRY.importers()) {
                Sniff s = i.sniff(head);
                if (i == owner) {
                    assertTrue(s.confidence().atLeast(Confidence.STRONG),
                            f + ": owner " + format + " only " + s.confidence() + " (" + s.reason() + ")");
                } else {
                    assertTrue(s.confidence() == Confidence.NO || s.confidence() == Confidence.WEAK,
                            f + ": " + i.format() + " claims it " + s.confidence() + " (" + s.reason() + ")");
                }
            }
            // the file name is only a hint: the same verdicts under another name
            Path renamed = tmp.resolve("unknown");
            Files.copy(f, renamed, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Head h2 = Head.read(renamed);
            assertEquals(REGISTRY.detect(head).importer(), REGISTRY.detect(h2).importer(), f + ": verdict depends on the file name");
        }));
    }

    @TestFactory
    Stream<DynamicTest> tinyReadBufferGivesTheSameResult() throws IOException {
        return fixtures().stream().map(f -> DynamicTest.dynamicTest(TestData.fixtures().relativize(f).toString(), () -> {
            Importer<?> owner = REGISTRY.byFormat(formatOf(f));
            Head head = Head.read(f);
            ImportContext big = new ImportContext(f, f.getFileName().toString(), head.decoding(), null, null, 64 * 1024, 16 << 20);
            ImportContext tiny = new ImportContext(f, f.getFileName().toString(), head.decoding(), null, null, 3, 16 << 20);
            ImportResult<?> a = owner.parse(big);
            ImportResult<?> b = owner.parse(tiny);
            assertEquals(owner.summarizeValue(a.value()), owner.summarizeValue(b.value()), f + ": result depends on the buffer size");
            assertEquals(a.diagnostics(), b.diagnostics());
        }));
    }

    @TestFactory
    Stream<DynamicTest> aTruncatedFileIsReadAsFarAsItGoes() throws IOException {
        return fixtures().stream().map(f -> DynamicTest.dynamicTest(TestData.fixtures().relativize(f).toString(), () -> {
            Importer<?> owner = REGISTRY.byFormat(formatOf(f));
            byte[] all = Files.readAllBytes(f);
            Path cut = tmp.resolve("cut-" + f.getFileName());
            // two thirds of the file, at a byte that is not a line end: the last line stops in the middle
            int n = all.length * 2 / 3;
            while (n > 1 && (all[n - 1] == '\n' || all[n - 1] == '\r')) {
                n--;
            }
            Files.write(cut, java.util.Arrays.copyOf(all, n));
            Head head = Head.read(cut);
            for (Importer<?> i : REGISTRY.importers()) {
                assertNotNull(i.sniff(head), i.format() + " on " + cut);
            }
            try {
                ImportResult<?> r = owner.parse(ImportContext.forFile(cut));
                assertNotNull(r.value(), f + ": cut file read as null");
                assertNotNull(owner.summarizeValue(r.value()));
            } catch (ImportException e) {
                assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), f + ": refused without a message");
            }
        }));
    }

    @Test
    void garbageEmptyAndBinaryAreNo() {
        Random r = new Random(42);
        byte[] binary = new byte[4096];
        r.nextBytes(binary);
        StringBuilder words = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            words.append("lorem ipsum ").append(r.nextInt(1000)).append(i % 7 == 0 ? "\n" : " ");
        }
        byte[] text = words.toString().getBytes(StandardCharsets.UTF_8);
        List<Head> heads = List.of(
                Head.of("empty", new byte[0], 0, true, 0),
                Head.of("blank", "\n\n  \n".getBytes(StandardCharsets.UTF_8), 4, true, 4),
                Head.of("binary", binary, binary.length, true, binary.length),
                Head.of("prose", text, text.length, true, text.length),
                Head.ofText("json", "{\"a\": 1, \"b\": [1, 2, 3]}\n"));
        for (Head h : heads) {
            for (Importer<?> i : REGISTRY.importers()) {
                Sniff s = i.sniff(h);
                assertEquals(Confidence.NO, s.confidence(), i.format() + " on " + h.fileName() + ": " + s.reason());
            }
            assertFalse(REGISTRY.detect(h).recognised());
        }
    }
}
