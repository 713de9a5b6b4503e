package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The training run of the packaged app's CDS archive runs every command it names without a failure. */
class CdsTrainingTest {

    @Test
    void everyTrainingCommandRuns(@TempDir Path work) throws Exception {
        List<String> failed = CdsTraining.run(work, Path.of("sample-data", "mariadb-oltp"));
        assertEquals(List.of(), failed);
        assertTrue(Files.size(work.resolve("flame.png")) > 0, "flamegraph wrote its PNG");
    }
}
