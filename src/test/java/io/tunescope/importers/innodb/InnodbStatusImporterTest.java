package io.tunescope.importers.innodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportResult;
import io.tunescope.model.innodb.InnodbStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The innodb-status importer on the real fixtures of {@code src/test/resources/fixtures/innodb-status/} (see its README). */
class InnodbStatusImporterTest {
    private static final Path DIR = Path.of("src/test/resources/fixtures/innodb-status");
    private static final InnodbStatusImporter IMPORTER = new InnodbStatusImporter();

    @TempDir
    Path tmp;

    private static ImportResult<InnodbStatus> read(Path p) throws Exception {
        return IMPORTER.parse(ImportContext.forFile(p));
    }

    private static Map<String, Object> summary(String name) throws Exception {
        ImportResult<InnodbStatus> r = read(DIR.resolve(name));
        return IMPORTER.summarize(r.value());
    }

    @Test
    void dump() throws Exception {
        try (var s = Files.list(DIR)) {
            for (Path p : s.sorted().toList()) {
                if (p.toString().endsWith(".md")) {
                    continue;
                }
                ImportResult<InnodbStatus> r = read(p);
                System.out.println(p.getFileName() + " " + IMPORTER.summarize(r.value()) + " " + r.diagnostics());
            }
        }
    }
}
