package io.tunescope.rules;

import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.rules.catalog.RuleCatalog;
import io.tunescope.testutil.HandCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hand-made healthy control (a rate-limited load on an idle 2-vCPU VM, buffer pool and redo far above the data
 * and its writes, binary log on with expiry, full durability): no rule says anything about the database or the host.
 * What remains is true of the measurement on this VM: a software sampling clock and a stripped mariadbd.
 */
class HealthyControlTest {
    @TempDir
    Path tmp;

    @Test
    void theHealthyControlIsSilentButForTheMeasurement() throws Exception {
        Capture c = new CaptureLoader(StandardImporters.registry()).load(HandCaptures.get("healthy-control.tar.gz", tmp));
        RuleEngine.Report report = RuleCatalog.engine().run(c, Settings.defaults());
        List<String> fired = report.findings().stream().map(f -> f.ruleId() + " " + f.severity().slug()).toList();
        assertEquals(List.of("BUILD-PROFILE-SYMBOLS info", "BUILD-SAMPLING-EVENT info"), fired);
        assertTrue(report.withStatus(Result.Status.FAILED).isEmpty(), report.withStatus(Result.Status.FAILED).toString());
        // it was looked at, not skipped: saturation, the buffer pool, redo, flushing, steadiness and durability all passed
        List<String> passed = report.withStatus(Result.Status.PASSED).stream().map(Result::ruleId).toList();
        for (String id : List.of("CPU-HOST-SATURATED", "IO-READ-MISS-BP", "CFG-REDO-CAPACITY", "IO-CAPACITY-FLUSHING", "CONC-RUN-NOT-STEADY",
                "CFG-DURABILITY-RELAXED", "CFG-RECOVERY-LIMITS", "CONC-BENCH-INCONSISTENT", "BUILD-PROFILE-SAMPLES", "CONC-WORST-WINDOW")) {
            assertTrue(passed.contains(id), id + " passed in " + passed);
        }
        // its one slow second (58 TPS, queue 57) was sent in the next one (165 TPS): the open-loop client caught up
        assertEquals("the worst second, 58 TPS against 102.5 TPS before it (steady-4t/oltp_read_write-4t-rate100.log:44), was made up within 1 s "
                + "by the rate-limited client (sysbench --rate 100): the transactions were delayed, not lost",
                report.withStatus(Result.Status.PASSED).stream().filter(r -> r.ruleId().equals("CONC-WORST-WINDOW")).findFirst().orElseThrow().reason());
    }
}
