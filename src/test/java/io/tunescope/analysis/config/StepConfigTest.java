package io.tunescope.analysis.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigKind;
import io.tunescope.model.config.ConfigSnapshot;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Status deltas and configuration diffs on the real sample capture. */
class StepConfigTest {
    private static Capture capture;

    @BeforeAll
    static void load() throws Exception {
        capture = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(TestData.sampleCapture());
    }

    @Test
    void statusBeforeAndAfterTheRunBecomeRates() {
        StepConfig base = StepConfig.of(capture, "00-baseline");
        StatusDelta.Result d = base.statusDelta().orElseThrow();
        assertTrue(d.valid(), d.problem());
        assertTrue(d.elapsedSeconds() >= 30, "the run took at least the 30 s window: " + d.elapsedSeconds());
        StatusDelta.Row questions = d.row("Questions").orElseThrow();
        assertTrue(questions.delta() > 1000, "sysbench ran queries: " + questions.delta());
        assertEquals(questions.delta() / d.elapsedSeconds(), questions.perSecond(), 1e-9);
        assertTrue(questions.afterRef().file().endsWith("show-global-status-after.txt"));
        StatusDelta.Row threads = d.row("Threads_connected").orElseThrow();
        assertTrue(threads.gauge());
        assertTrue(Double.isNaN(threads.perSecond()));
    }

    @Test
    void theStatusDeltaIsComputedOnceAndIsTheComparisonOfFirstAndLast() {
        for (String step : List.of("00-baseline", "01-flush-log-2", "02-thread-sweep")) {
            StepConfig c = StepConfig.of(capture, step);
            StatusDelta.Result d = c.statusDelta().orElseThrow();
            // the memoised result is the comparison of the first and last snapshot, as computed afresh
            assertEquals(StatusDelta.compare(c.status().get(0), c.status().get(c.status().size() - 1)), d, step);
            assertTrue(d == c.statusDelta().orElseThrow(), "computed once: " + step);
            org.junit.jupiter.api.Assertions.assertThrows(UnsupportedOperationException.class, () -> d.rows().clear(),
                    "the shared rows cannot be changed by one reader for the others");
        }
        StepConfig one = new StepConfig(List.of(), null, null, null, List.of(status(List.of("Uptime", "5"))));
        assertTrue(one.statusDelta().isEmpty());
        assertTrue(one.statusDelta().isEmpty());
    }

    @Test
    void configDiffBetweenStepsShowsTheChangeMade() {
        ConfigSnapshot a = StepConfig.of(capture, "00-baseline").serverSettings();
        ConfigSnapshot b = StepConfig.of(capture, "01-flush-log-2").serverSettings();
        List<ConfigDiff.Row> diff = ConfigDiff.compare(a, b);
        ConfigDiff.Row flush = diff.stream().filter(r -> r.key().equals("innodb_flush_log_at_trx_commit")).findFirst().orElseThrow();
        assertEquals(ConfigDiff.Change.CHANGED, flush.change());
        assertEquals("1", flush.before());
        assertEquals("2", flush.after());
        assertTrue(diff.stream().anyMatch(r -> r.key().equals("innodb_buffer_pool_size")));
        assertFalse(diff.stream().anyMatch(r -> r.key().equals("datadir")), "unchanged settings are not listed");
    }

    @Test
    void restartBetweenSnapshotsInvalidatesRates() {
        ConfigSnapshot before = status(List.of("Uptime", "5000", "Questions", "900000"));
        ConfigSnapshot after = status(List.of("Uptime", "60", "Questions", "1200"));
        StatusDelta.Result r = StatusDelta.compare(before, after);
        assertFalse(r.valid());
        assertTrue(r.problem().contains("restarted"));
        assertTrue(Double.isNaN(r.row("Questions").orElseThrow().delta()));
    }

    @Test
    void numbersSpelledDifferentlyAreTheSame() {
        assertTrue(ConfigDiff.same("1G", "1073741824"));
        assertTrue(ConfigDiff.same("ON", "on"));
        assertFalse(ConfigDiff.same("1", "2"));
    }

    private static ConfigSnapshot status(List<String> kv) {
        List<ConfigEntry> e = new java.util.ArrayList<>();
        for (int i = 0; i < kv.size(); i += 2) {
            e.add(new ConfigEntry("", kv.get(i), kv.get(i + 1), SourceRef.of("s.txt", i / 2 + 2)));
        }
        return new ConfigSnapshot(ConfigKind.STATUS, e);
    }
}
