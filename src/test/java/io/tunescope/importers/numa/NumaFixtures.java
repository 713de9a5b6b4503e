package io.tunescope.importers.numa;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.model.capture.Diagnostic;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Helpers for the NUMA importer tests. */
final class NumaFixtures {
    static final Path FIXTURES = Path.of("src/test/resources/fixtures");

    private NumaFixtures() {
    }

    static Path fixture(String slug, String name) {
        Path p = FIXTURES.resolve(slug).resolve(name);
        assertTrue(Files.isRegularFile(p), "missing fixture " + p);
        return p;
    }

    static Path conformance(String format) {
        String base = System.getProperty("tunescope.conformance");
        assertTrue(base != null && !base.isBlank(), "system property tunescope.conformance is not set (run through Maven)");
        Path dir = Path.of(base, format);
        assertTrue(Files.isDirectory(dir), "conformance folder missing: " + dir.toAbsolutePath());
        return dir;
    }

    static <T> ImportResult<T> parse(Importer<T> importer, Path file) throws Exception {
        return importer.parse(ImportContext.forFile(file));
    }

    static <T> ImportResult<T> parse(Importer<T> importer, Path file, int bufferSize) throws Exception {
        return importer.parse(ImportContext.forFile(file, bufferSize));
    }

    static Head head(Path file) throws Exception {
        return Head.read(file);
    }

    static List<Diagnostic> problems(ImportResult<?> r) {
        return r.diagnostics().stream().filter(d -> d.level() != Diagnostic.Level.INFO).toList();
    }
}
