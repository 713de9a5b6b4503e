package io.tunescope.importers.series;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.model.capture.Diagnostic;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Collectors;

/** Locating conformance data and fixtures, and parsing a file with one importer. */
public final class SeriesTestFiles {
    private SeriesTestFiles() {
    }

    public static Path conformance(String format) {
        String root = System.getProperty("tunescope.conformance");
        assertTrue(root != null, "system property tunescope.conformance is not set (the pom sets it)");
        Path dir = Paths.get(root, format);
        assertTrue(Files.isDirectory(dir), "conformance folder missing: " + dir.toAbsolutePath()
                + " (set -Dtunescope.conformance to the shared conformance data)");
        return dir;
    }

    public static Path fixture(String slug, String name) {
        Path p = Paths.get("src/test/resources/fixtures", slug, name);
        assertTrue(Files.isRegularFile(p), "fixture missing: " + p.toAbsolutePath());
        return p;
    }

    public static <T> ImportResult<T> parse(Importer<T> importer, Path file) throws Exception {
        return importer.parse(ImportContext.forFile(file));
    }

    public static List<Path> files(Path dir) throws Exception {
        try (var s = Files.list(dir)) {
            return s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().equals("README.md")).sorted()
                    .collect(Collectors.toList());
        }
    }

    public static List<Diagnostic> errors(ImportResult<?> r) {
        return r.diagnostics().stream().filter(d -> d.level() == Diagnostic.Level.ERROR).toList();
    }

    public static List<Diagnostic> warnings(ImportResult<?> r) {
        return r.diagnostics().stream().filter(d -> d.level() != Diagnostic.Level.INFO).toList();
    }
}
