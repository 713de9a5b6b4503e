package io.tunescope.testutil;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.model.capture.Diagnostic;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Test fixtures under src/test/resources/fixtures/SLUG and a one-call import. */
public final class Fixtures {
    private Fixtures() {
    }

    public static Path dir(String slug) {
        try {
            var url = Fixtures.class.getResource("/fixtures/" + slug);
            assertTrue(url != null, "fixtures folder missing: " + slug);
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Path file(String slug, String name) {
        Path p = dir(slug).resolve(name);
        assertTrue(Files.isRegularFile(p), "fixture missing: " + p);
        return p;
    }

    public static List<Path> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().equals("README.md")).sorted().toList();
        }
    }

    /** Parses the file with the importer and checks that no diagnostic is an error. */
    public static <T> ImportResult<T> load(Importer<T> importer, Path file) throws Exception {
        ImportResult<T> r = importer.parse(ImportContext.forFile(file));
        for (Diagnostic d : r.diagnostics()) {
            assertFalse(d.level() == Diagnostic.Level.ERROR, file + ": " + d);
        }
        return r;
    }
}
